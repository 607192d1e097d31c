#!/bin/sh
# run-timeline-tmux.sh: the Timeline view (7) in a private tmux server,
# at 80x24 and 200x60, on the CIBs of tests/data/timeline at their own
# execution-date: each moment's time, its cause wrapped to the width,
# the cluster-recheck-interval note of a date_spec, what moves, the a
# key, scrolling, an edit that takes the event away, and the tab.
# CS_UI_BIN runs another cibscope binary.  Exit 77 (skip) without tmux.
set -u

cs_tmux_name=timeline
# shellcheck source=tmux-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/tmux-lib.sh"
data=$top_srcdir/tests/data/timeline
failures=0
checks=0

# start SESSION COLUMNS LINES LANG FILE: the console at FILE's own
# execution-date, its recovery files (edits left unsaved) in $tmp.
start() {
    tmx new-session -d -s "$1" -x "$2" -y "$3" \
        env -u NO_COLOR LANG="$4" LC_ALL= TZ=UTC XDG_STATE_HOME="$tmp/state" "$bin" "$5"
}

. "$top_srcdir/tests/ui/tmux-steps.sh"

# ---- 200x60: a date_spec, noticed at the next recheck -------------------
start wide 200 60 C.UTF-8 "$data/date-spec.xml"
wait_for wide "Matrix"
wait_for wide "7 Timeline"
keys wide 7
wait_for wide "what changes by itself in the next 7 days"
wait_for wide "from 2024-06-03T08:30:00Z to 2024-06-10T08:30:00Z"
wait_for wide "2024-06-03T09:00:00Z"
wait_for wide "web-office-hours: date_spec turns true (rule web-office-hours-rule: date_spec hours=9-16)"
wait_for wide "noticed by the cluster within cluster-recheck-interval (5min here; 15min by default)"
wait_for wide "web: node2 -> node1"
wait_for wide "2024-06-03T17:00:00Z"
# End shows the last moment of the week and the closing line
keys wide End
wait_for wide "Nothing else changes by itself before 2024-06-10T08:30:00Z"
wait_for wide "2024-06-09T17:00:00Z"
keys wide Home
wait_for wide "2024-06-03T09:00:00Z"
keys wide a
wait_for wide "every moment (a: changes only)"
keys wide a
wait_for wide "(a: every moment)"
quit wide

# ---- 80x24: a lifetime ban; its cause wraps; an edit takes it away ----
start narrow 80 24 C.UTF-8 "$data/lifetime-ban.xml"
wait_for narrow "Matrix"
keys narrow 7
wait_for narrow "2024-06-01T13:00:00Z"
wait_for narrow "cli-ban-web-on-node1: lifetime ends (rule"
wait_for narrow "2024-06-01 13:00:00Z)"
wait_for narrow "web: node2 -> node1"
absent narrow "cluster-recheck-interval"
# every row fits the 80 columns
awk 'length($0) > 80 { bad = 1 } END { exit bad }' "$tmp/screen" || fail "narrow: a row is wider than 80 columns"
checks=$((checks + 1))
# clear web's cli-ban/cli-prefer constraints: the lifetime is gone with
# the ban, and nothing changes by itself any more
keys narrow 1
wait_for narrow "web"
keys narrow c
sleep 0.3
keys narrow 7
wait_for narrow "Nothing changes by itself before 2024-06-08T12:00:00Z"
absent narrow "lifetime ends"
quit narrow

# ---- 80x24: a failure-timeout expiry ----------------------------------
start failed 80 24 C.UTF-8 "$data/failure-timeout.xml"
wait_for failed "Matrix"
keys failed 7
wait_for failed "2024-06-01T12:05:01Z"
wait_for failed "web on node1: start fail count INFINITY expires (failure-timeout 600 s)"
wait_for failed "web: node2 -> node1"
quit failed

echo "run-timeline-tmux.sh: $checks checks, $failures failed"
[ $failures -eq 0 ]

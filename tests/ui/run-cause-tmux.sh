#!/bin/sh
# run-cause-tmux.sh: the console's Explain draws the cause chain of the
# selected resource's Transition Summary lines (explain/cause.h), at
# 200x60 and 80x24, on incident pairs of tests/data/incidents: an order
# stopping a dependent (the order's id and the ban upstream) and a ticket
# revoked (the rsc_ticket, never the engine's internal name); a group
# member's long chain wraps at 80 columns with the view's heading kept on
# the top row, also scrolled to the end; node health told as a node state.
# Exit 77 (skip) when tmux or a usable terminal type is missing.
set -u

cs_tmux_name=cause
# shellcheck source=tmux-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/tmux-lib.sh"
failures=0
checks=0

# start SESSION COLUMNS LINES LANG FILE: the console, the demo's clock
# pinned as the CLI goldens pin it.
incidents=$top_srcdir/tests/data/incidents

start() {
    tmx new-session -d -s "$1" -x "$2" -y "$3" \
        env -u NO_COLOR LANG=C.UTF-8 LC_ALL= TZ=UTC "$bin" "$4"
}
. "$top_srcdir/tests/ui/tmux-steps.sh"

# Filter the Matrix down to one resource and explain its cell.
explain() {
    wait_for "$1" "Matrix"
    keys "$1" /
    sleep 0.2
    keys "$1" "$2" Enter
    sleep 0.3
    keys "$1" e
    wait_for "$1" "Explain $2"
}

# The filtered Matrix's second row (a group's first member), explained.
explain_member() {
    wait_for "$1" "Matrix"
    keys "$1" /
    sleep 0.2
    keys "$1" "$2" Enter
    sleep 0.3
    keys "$1" Down
    sleep 0.2
    keys "$1" e
    wait_for "$1" "Explain $2"
}

# heading_on_top SESSION TEXT: the view's heading is the second screen row.
heading_on_top() {
    capture "$1"
    checks=$((checks + 1))
    sed -n 2p "$tmp/screen" | grep -q -F -- "$2" || fail "$1: heading '$2' is not on the top row"
}

for size in "80 24" "200 60"; do
    set -- $size
    start member "$1" "$2" "$incidents/group-member-after.xml"
    explain_member member g-b
    heading_on_top member "Explain g-b on node1"
    # The whole failure line, wrapped at 80 columns instead of cut.
    wait_for member "22:59:00Z, never expires (no failure-timeout)"
    wait_for member "fewer resources"
    keys member G
    sleep 0.3
    heading_on_top member "Explain g-b on node1"
    quit member
done

# The smallest change names capacity and its holder, wrapped, not cut.
start capacity 80 24 "$incidents/utilization-after.xml"
explain capacity u1
keys capacity G
wait_for capacity "free 1 of capacity cpu on node1: ban u2 from node1 (held by u2 3)"
wait_for capacity "stopped → node1"
quit capacity

start health 80 24 "$incidents/health-after.xml"
explain health web
wait_for health "Node: node health red (node-health-strategy=migrate-on-red)"
wait_for health "[node attribute #health-disk=red]"
heading_on_top health "Explain web on node1"
quit health

start wide 200 60 "$incidents/order-after.xml"
explain wide app2
wait_for wide "cause of Stop app2 (node2):"
wait_for wide "order o-app1-app2 (app1 start then app2 start, Mandatory"
wait_for wide "Stop app1 (node3)"
wait_for wide "location ban-app1: -INFINITY"
quit wide

start small 80 24 "$incidents/ticket-after.xml"
explain small tkr
wait_for small "cause of Stop tkr (node3):"
wait_for small "rsc_ticket tk-tkr: ticket ticketA is revoked"
absent small "ticket__"
wait_for small "grant ticket ticketA (rsc_ticket tk-tkr: not granted)"
quit small

echo "$checks checks, $failures failures"
[ $failures -eq 0 ]

#!/bin/sh
# run-console.sh: the live console over time, in tmux, on a copy of
# data/demo-small.xml read through cibadmin with CIB_file (as Pacemaker's
# tools honour it).  Issue 17:
#   - stale: a read that fails marks the status bar "stale since HH:MM:SS:
#     REASON" until a read succeeds, and C refuses meanwhile;
#   - plain `cibscope` with no cluster shows the demo and says why;
#   - the "The CIB changed" notice leaves the status bar in view;
#   - the clock runs (a rule that turns true while the console is open),
#     undo after a poll, the conflicts listed and decided before commit;
#   - History of 1500 inputs listed at once and solved in the background;
# Exit 77 (skip) when tmux, cibadmin or a terminal type is missing.
set -u

cs_tmux_name=live-console
# shellcheck source=../ui/tmux-lib.sh
. "$(cd "$(dirname "$0")/../ui" && pwd)/tmux-lib.sh"
command -v cibadmin >/dev/null 2>&1 || skip "cibadmin (pacemaker-cli-utils) is not installed"
small=$top_srcdir/data/demo-small.xml
failures=0
checks=0

# start SESSION COLUMNS LINES CIB_FILE ARG...: the console with CIB_file
# set (the tmux server, not this shell, gives the pane its environment).
start() {
    session=$1 columns=$2 lines=$3 file=$4
    shift 4
    tmx new-session -d -s "$session" -x "$columns" -y "$lines" \
        env -u NO_COLOR LANG=C.UTF-8 LC_ALL= TZ=UTC CIB_file="$file" "$bin" "$@"
}
# on_line SESSION LINE TEXT [SECONDS]: screen line LINE (1-based; 0: the
# last) shows TEXT within SECONDS (5).
on_line() {
    tries=0 limit=$(( ${4:-5} * 10 ))
    while [ $tries -lt $limit ]; do
        capture "$1"
        if [ "$2" = 0 ]; then line=$(tail -1 "$tmp/screen"); else line=$(sed -n "${2}p" "$tmp/screen"); fi
        case $line in *"$3"*) pass; return 0 ;; esac
        sleep 0.1
        tries=$((tries + 1))
    done
    fail "$1: line $2 never said '$3'"
    return 1
}
status_has() { on_line "$1" 0 "$2" "${3:-5}"; }
screen_has() {
    tries=0
    while [ $tries -lt 50 ]; do
        capture "$1"
        grep -q -F -- "$2" "$tmp/screen" && { pass; return 0; }
        sleep 0.1
        tries=$((tries + 1))
    done
    fail "$1: the screen never showed '$2'"
}
behind() {  # behind CIB VERB XML: somebody else's constraint change
    CIB_file=$1 cibadmin "$2" --scope constraints --xml-text "$3" >/dev/null 2>&1 \
        && pass || fail "cibadmin $2 $3 failed"
}
quit() {
    keys "$1" q
    sleep 0.3
    capture "$1" 2>/dev/null
    if tail -1 "$tmp/screen" | grep -q "Quit with"; then keys "$1" y 2>/dev/null; fi
    tmx kill-session -t "$1" >/dev/null 2>&1
}

# ---- stale: the cluster stops answering, then answers again ------------
test_stale() {
    cib=$tmp/gone/cib.xml
    mkdir -p "$tmp/gone"
    cp "$small" "$cib"
    start stale 200 50 "$cib" --live --interval 1
    status_has stale "live  DC bravo" || return
    keys stale : && keys stale -l "constraint score location-app-worker-bravo 7" && keys stale Enter
    keys stale C-l
    status_has stale "1 uncommitted"
    mv "$cib" "$cib.away"
    status_has stale "stale since " 5
    status_has stale "does CIB_file name a readable CIB? cibadmin --query failed (exit "
    tail -1 "$tmp/screen" | grep -q -E "stale since [0-9]{2}:[0-9]{2}:[0-9]{2}: " && pass \
        || fail "stale: no HH:MM:SS"
    since=$(tail -1 "$tmp/screen" | sed -n 's/.*stale since \([0-9:]*\):.*/\1/p')
    # Still stale after a key and after more failed polls, since the same time.
    keys stale j
    sleep 2.2
    status_has stale "stale since $since:"
    keys stale C
    status_has stale "Not committing while the CIB is stale"
    grep -q 'location-app-worker-bravo.*score="7"' "$cib.away" && fail "stale: committed" || pass
    keys stale C-l
    status_has stale "stale since $since:"
    mv "$cib.away" "$cib"
    status_has stale "live  DC bravo" 5
    tail -1 "$tmp/screen" | grep -q "stale" && fail "stale: still stale after a good read" || pass
    status_has stale "1 uncommitted"
    quit stale
}

# ---- plain cibscope, no cluster: the demo, and why ---------------------
test_no_cluster() {
    start nocluster 80 24 "$tmp/none/cib.xml"
    status_has nocluster "No cluster, showing the demo: cannot read CIB_file=" || return
    keys nocluster j
    status_has nocluster "demo: no cluster, does CIB_file name a readable CIB?"
    quit nocluster
    start nocluster2 200 60 "$tmp/none/cib.xml"
    keys nocluster2 j
    status_has nocluster2 "demo: no cluster, does CIB_file name a readable CIB?"
    quit nocluster2
}

# ---- the notice of a change leaves the status bar in view ---------------
test_notice() {
    cib=$tmp/notice/cib.xml
    mkdir -p "$tmp/notice"
    cp "$small" "$cib"
    start notice 80 24 "$cib" --live --interval 1
    status_has notice "live  DC bravo" || return
    # 80 columns, stale: what it says first is that it is stale.
    mv "$cib" "$cib.away"
    status_has notice " stale since "
    mv "$cib.away" "$cib"
    status_has notice "live  DC bravo"
    behind "$cib" --modify '<rsc_location id="location-app-worker-bravo" score="500"/>'
    on_line notice 2 "The CIB changed: epoch 0.17.35 -> 0.18.0"
    status_has notice "live  DC bravo"
    status_has notice "epoch 0.18.0"
    quit notice
}

# ---- undo after a poll; the conflict list before commit -----------------
test_undo_and_conflicts() {
    cib=$tmp/undo/cib.xml
    mkdir -p "$tmp/undo"
    cp "$small" "$cib"
    start undo 200 50 "$cib" --live --interval 1
    status_has undo "live  DC bravo" || return
    keys undo : && keys undo -l "constraint score location-app-worker-bravo 7" && keys undo Enter
    keys undo : && keys undo -l "location add loc-x db charlie 10" && keys undo Enter
    keys undo C-l
    status_has undo "2 uncommitted"
    # Somebody else changes the score the first edit changes, and takes
    # the id of the second for a colocation.
    behind "$cib" --modify '<rsc_location id="location-app-worker-bravo" score="75"/>'
    behind "$cib" --create '<rsc_colocation id="loc-x" rsc="db" with-rsc="web" score="5"/>'
    on_line undo 2 "2 conflicts with your edits, listed below"
    screen_has undo "1. rsc_location location-app-worker-bravo (app-worker on bravo, score 75): changed in the cluster meanwhile"
    screen_has undo "(score: 50 -> 75); yours: score: 75 -> 7"
    screen_has undo "2. rsc_location loc-x (db on charlie, score 10) added: id taken: the cluster's CIB now has rsc_colocation loc-x"
    # Pending edits carried onto the cluster's new CIB (at a later wall
    # clock) do not make the live clock a simulated one.
    capture undo
    tail -1 "$tmp/screen" | grep -q "simulated\|(sim)" && fail "undo: the live wall clock is marked simulated" || pass
    keys undo Escape
    # The history survived the poll: u undoes the location, r redoes it.
    keys undo u
    status_has undo "undo: location loc-x"
    keys undo C-l
    status_has undo "1 uncommitted"
    keys undo C-r
    status_has undo "redo: location loc-x"
    # C asks about each conflict first; d drops the location (its id is
    # the cluster's now), k keeps the score.
    keys undo C
    status_has undo "Conflict 1 of 2, rsc_location location-app-worker-bravo: k keep yours  d drop yours"
    screen_has undo "1. rsc_location location-app-worker-bravo"
    keys undo k
    status_has undo "Conflict 2 of 2, rsc_location loc-x: its id is taken: d drop yours"
    screen_has undo "[kept: yours]"
    # A taken id cannot be kept: refused, and C asks again.
    keys undo k
    status_has undo "rsc_location loc-x cannot be kept: the cluster gave its id to another object"
    keys undo C
    status_has undo "Conflict 2 of 2, rsc_location loc-x"
    keys undo d
    screen_has undo "1 operation to commit:"
    grep -q -F "location-app-worker-bravo" "$tmp/screen" && pass || fail "undo: the kept edit is not committed"
    grep -q -F '<rsc_location id="loc-x"' "$tmp/screen" && fail "undo: the dropped edit is still committed" || pass
    keys undo y
    status_has undo "Committed 1 operation"
    grep -q 'id="location-app-worker-bravo".*score="7"' "$cib" && pass || fail "undo: the kept score is not in the CIB"
    grep -q '<rsc_location id="loc-x"' "$cib" && fail "undo: the dropped location reached the CIB" || pass
    quit undo
}

# ---- the clock runs: a rule that turns true while the console is open ---
test_clock() {
    cib=$tmp/clock/cib.xml
    mkdir -p "$tmp/clock"
    start_at=$(date -u -d '+4 seconds' '+%Y-%m-%d %H:%M:%SZ')
    sed "s|</constraints>|<rsc_location id=\"soon\" rsc=\"report\"><rule id=\"soon-r\" score=\"-INFINITY\" boolean-op=\"and\"><expression id=\"soon-e\" attribute=\"#uname\" operation=\"eq\" value=\"bravo\"/><date_expression id=\"soon-d\" operation=\"gt\" start=\"$start_at\"/></rule></rsc_location></constraints>|" \
        "$small" >"$cib"
    # A long poll interval: only the clock can bring the change.
    start clock 120 30 "$cib" --live --interval 600
    status_has clock "live  DC bravo" || return
    capture clock
    row=$(grep -E "^ *report " "$tmp/screen")
    case $row in *▶*) pass ;; *) fail "clock: the rule holds before its start: $row" ;; esac
    # The bar's clock moves with no key pressed.
    first=$(tail -1 "$tmp/screen" | grep -o -E '[0-9]{2}:[0-9]{2}:[0-9]{2}Z')
    sleep 1.2
    capture clock
    second=$(tail -1 "$tmp/screen" | grep -o -E '[0-9]{2}:[0-9]{2}:[0-9]{2}Z')
    [ -n "$first" ] && [ "$first" != "$second" ] && pass || fail "clock: the bar's clock stood still ($first, $second)"
    # One second after start the rule holds: re-solved with no key.
    on_line clock 2 "Re-solved at " 8
    on_line clock 2 "soon: date gt start begins to hold; report: stops"
    capture clock; row=$(grep -E "^ *report " "$tmp/screen"); case $row in *▶*) fail "clock: report still placed: $row" ;; *) pass ;; esac
    quit clock
    # A file keeps the clock it was opened with (here --time, before the
    # rule's start): nothing is re-solved, the clock stands.
    before=$(date -u -d '-60 seconds' '+%Y-%m-%d %H:%M:%SZ')
    start offline 120 30 "$tmp/none.xml" "$cib" --time "$before"
    status_has offline "clock $before (simulated)" || return
    sleep 1.5
    capture offline
    tail -1 "$tmp/screen" | grep -q -F "clock $before (simulated)" && pass || fail "offline: the clock moved"
    grep -q "Re-solved" "$tmp/screen" && fail "offline: re-solved by itself" || pass
    quit offline
}

# ---- History of a long series: listed at once, solved in the background --
test_history_background() {
    dir=$tmp/series
    mkdir -p "$dir"
    bzip2 -c "$top_srcdir/data/demo.xml" >"$dir/base.bz2" || { echo "SKIP: bzip2 missing"; return; }
    n=1
    while [ $n -le 1500 ]; do cp "$dir/base.bz2" "$dir/pe-input-$n.bz2"; n=$((n + 1)); done
    rm -f "$dir/base.bz2"
    started=$(date +%s%N)
    start series 120 30 "$tmp/none.xml" --history "$dir"
    on_line series 2 "Solving step " || return
    echo "  history of 1500 inputs: first screen after $(( ($(date +%s%N) - started) / 1000000 )) ms"
    # The view is usable meanwhile: n goes to the next step, the banner
    # row still says how far the solving got.
    keys series n
    screen_has series "== pe-input-2.bz2 ==  step 2 of 1500  Enter opens it"
    sed -n 2p "$tmp/screen" | grep -q "Solving step " && pass || fail "series: solved before the key could show it works meanwhile"
    tries=0
    while sed -n 2p "$tmp/screen" | grep -q "Solving step " && [ $tries -lt 1200 ]; do
        sleep 0.1; capture series; tries=$((tries + 1))
    done
    sed -n 2p "$tmp/screen" | grep -q "Solving step " && fail "series: still solving after 2 minutes" || pass
    echo "  history of 1500 inputs: whole report after $(( ($(date +%s%N) - started) / 1000000 )) ms"
    grep -q "(to be solved)" "$tmp/screen" && fail "series: a step left unsolved" || pass
    quit series
}

for t in ${CS_LIVE_ONLY:-test_clock test_stale test_no_cluster test_notice test_undo_and_conflicts test_history_background}; do $t; done
echo "run-console.sh: $checks checks, $failures failed"
[ $failures -eq 0 ]

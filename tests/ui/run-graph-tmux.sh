#!/bin/sh
# run-graph-tmux.sh: the Graph view in a private tmux server, at 80x24
# and 200x60 on data/demo.xml: boxes and labelled edges drawn, panning
# (the graph is taller than 80x24), selecting an edge and opening its
# constraint, focus mode and its depth, node boxes, ASCII under LANG=C,
# and a cycle and unmet requirements flagged (tests/data/graph).
# CS_UI_BIN runs another cibscope binary.  Exit 77 (skip) without tmux.
set -u

cs_tmux_name=graph
# shellcheck source=tmux-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/tmux-lib.sh"
demo=$top_srcdir/data/demo.xml
cycles=$top_srcdir/tests/data/graph/cycle-conflict.xml
failures=0
checks=0

# start SESSION COLUMNS LINES LANG FILE: the console, the demo's clock
# pinned as the CLI goldens pin it.
start() {
    tmx new-session -d -s "$1" -x "$2" -y "$3" \
        env -u NO_COLOR LANG="$4" LC_ALL= TZ=UTC "$bin" "$5" --time '2024-06-01 12:00:00'
}

. "$top_srcdir/tests/ui/tmux-steps.sh"

# ---- 200x60: the whole demo at a glance --------------------------------
start wide 200 60 C.UTF-8 "$demo"
wait_for wide "Matrix"
keys wide 5
wait_for wide "Graph of every resource  7 boxes, 4 edges"
wait_for wide "with +INF Promoted"
wait_for wide "Mandatory start→start"
wait_for wide "│ app-worker"
wait_for wide "│ web"
wait_for wide "alpha → bravo"
wait_for wide "on delta* echo"
wait_for wide "┃"
wait_for wide "▼"
wait_for wide "heavy lines are mandatory"
# two parts side by side: ping-clone and db-clone on one row
grep -q "ping-clone.*db-clone" "$tmp/screen" || fail "wide: the two parts are not side by side"
checks=$((checks + 1))
# Enter with no edge selected: every location of the focus (none yet)
keys wide Enter
wait_for wide "Select an edge first"
# n selects the first edge in reading order, Enter opens its constraint
keys wide n
sleep 0.2
keys wide Enter
wait_for wide "Order order-ping-clone-web-mandatory (Mandatory)"
wait_for wide "ping-clone start, then web start."
wait_for wide '<rsc_order id="order-ping-clone-web-mandatory"'
keys wide Escape
sleep 0.2
absent wide "ping-clone start, then web start."
keys wide n
sleep 0.1
keys wide Enter
wait_for wide "Colocation colocation-db-vip-db-clone-INFINITY"
keys wide Escape
sleep 0.2
# e: Explain on the dependent, db-vip, where the colocation shows
keys wide e
wait_for wide "colocation-db-vip-db-clone-INFINITY"
grep -q "2 Transition  3 Explain" "$tmp/screen" || fail "wide: e did not open Explain"
keys wide 5
wait_for wide "Graph of every resource"
# a: focus mode on the Matrix's resource, now db-vip
keys wide a
wait_for wide "Graph around db-vip, depth 2  3 boxes, 3 edges"
absent wide "ping-clone"
keys wide - -
wait_for wide "Graph around db-vip, depth 0  1 box, 0 edges"
absent wide "app-worker"
keys wide +
wait_for wide "Graph around db-vip, depth 1  3 boxes, 3 edges"
# ] moves the focus to the next resource of the Matrix
keys wide ']'
wait_for wide "Graph around app-worker, depth 1  2 boxes, 2 edges"
# Enter on the focus alone lists every location constraint on it
keys wide Enter
wait_for wide "location-app-worker-db-tier: +50 where rule location-app-worker-db-tier-rule holds"
keys wide Escape
sleep 0.2
keys wide +
wait_for wide "Graph around app-worker, depth 2  3 boxes, 3 edges"
# o: location constraints of node+score form as node boxes
keys wide a o
wait_for wide "node boxes"
wait_for wide "avoids -INF"
keys wide o
sleep 0.2
absent wide "avoids -INF"
quit wide

# ---- 80x24: the same graph, panned -------------------------------------
start narrow 80 24 C.UTF-8 "$demo"
wait_for narrow "Matrix"
keys narrow 5
wait_for narrow "Graph of every resource"
wait_for narrow "Mandatory start→start"
absent narrow "app-worker"
keys narrow j j j j j j j j j j j j j j j j j j j j
wait_for narrow "│ app-worker"
wait_for narrow "with -500"
absent narrow "ping-clone"
keys narrow g
wait_for narrow "ping-clone"
# the flags line and ! say there is nothing to flag on the demo
keys narrow '!'
wait_for narrow "No cycle and no unmet mandatory constraint"
quit narrow

# ---- LANG=C: ASCII lines, and the flags --------------------------------
start ascii 80 24 C "$cycles"
wait_for ascii "Matrix"
keys ascii 5
wait_for ascii "! order cycle: a, b, c"
wait_for ascii "! 3 more: press ! for the list"
wait_for ascii "+------------------+"
wait_for ascii "Mandatory start->start"
absent ascii "┌"
keys ascii '!'
wait_for ascii "! e and d must be both together and apart"
wait_for ascii "f cannot run: it must run with g, and cannot run where g runs"
wait_for ascii "h cannot run: it must start after lone, which is stopped"
quit ascii

start flags 200 60 C.UTF-8 "$cycles"
wait_for flags "Matrix"
keys flags 5
wait_for flags "│ a !"
wait_for flags "▲"
wait_for flags "! order cycle: a, b, c"
quit flags

echo "run-graph-tmux.sh: $checks checks, $failures failed"
[ $failures -eq 0 ]

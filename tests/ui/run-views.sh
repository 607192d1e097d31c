#!/bin/sh
# run-views.sh: the views of issue 16 in tmux, at 80x24 and 200x60, with
# colour and under NO_COLOR with LANG=C:
# - Explain hides nothing: a node in standby says it runs no resources, a
#   fail count under migration-threshold is shown against it, rules not
#   in force are listed greyed with why (an expired cli-prefer lifetime),
#   a rule disabled with r stays listed and r enables it again;
# - plain words with the Pacemaker term in brackets: the promotion
#   breakdown says why colocations count twice, no "clone instance clone
#   instance", colocation factors named;
# - Transition: lines wrap (nothing cut), rows are selected, Enter
#   explains the action, / filters it; / narrows the Graph too;
# - Matrix: a now -> next column that shows a move with its nodes
#   scrolled away (at 60 columns; at 80 every node of demo.xml fits only
#   without it, and nodes come first), and a line naming the nodes that
#   run nothing.
# The helpers come from run-tmux.sh.  Exit 77 (skip) without tmux.
set -u

# shellcheck disable=SC2034 # read by run-tmux.sh, sourced below
CS_TMUX_HELPERS_ONLY=1
here_views=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=run-tmux.sh
. "$here_views/run-tmux.sh"

# has_joined TEXT: the last capture holds TEXT once its rows are joined
# and blanks squeezed (wrapped text reads whole).
has_joined() {
    tr '\n' ' ' <"$tmp/screen" | tr -s ' ' | grep -q -F -- "$1"
}

# joined SESSION TEXT: the screen shows TEXT (rows joined) within 5 s.
joined() {
    tries=0
    while [ $tries -lt 50 ]; do
        capture "$1"
        if has_joined "$2" && settled "$1"; then
            pass
            return 0
        fi
        sleep 0.1
        tries=$((tries + 1))
    done
    fail "$1: '$2' never appeared (rows joined)"
    return 1
}

# lacks SESSION TEXT: the screen (as last captured) does not show TEXT.
lacks() {
    if has_joined "$2"; then
        fail "$1: '$2' is shown"
    else
        pass
    fi
}

# open SESSION COLUMNS LINES [VAR=VALUE...]: the console on a copy of
# demo.xml of its own (no other session's recovery file is offered).
open() {
    session=$1 columns=$2 lines=$3
    shift 3
    cp "$demo" "$tmp/$session.xml"
    start "$session" "$columns" "$lines" "$tmp/$session.xml" "$@"
    wait_for "$session" "Resource"
}

# runs SESSION COMMAND: a command at the ':' prompt, its edit told.
runs() {
    keys "$1" :
    wait_for "$1" ":" >/dev/null
    keys "$1" "$2" Enter
    wait_for "$1" " $2: "
}

close() {
    tmx kill-session -t "$1" 2>/dev/null
}

# ---- Explain: node state, fail counts, rules not in force, disabled ----

test_explain_terms() {
    columns=$1 lines=$2
    shift 2
    session=ex$columns$#
    open $session "$columns" "$lines" "$@" || return
    runs $session "standby bravo on"
    # report moves off bravo: the last action; Enter explains it on alpha.
    keys $session 2 G Enter
    wait_for $session "Explain report on alpha" || { close $session; return; }
    keys $session Right
    wait_for $session "Explain report on bravo"
    joined $session "bravo cannot run resources: in standby [node attribute standby=on]"
    joined $session "Rules not in force here"
    joined $session "cli-prefer-rule-report of cli-prefer-report: expired: its date condition ended at 2024-03-12 11:14:07 +00:00"
    joined $session "location-report-echo-freeze-rule of location-report-echo-freeze: does not apply on bravo"
    # r disables the selected rule: it stays listed, greyed, and r
    # enables it again.
    keys $session r
    joined $session "location-report-echo-freeze-rule of location-report-echo-freeze: disabled, adds nothing (r enables it)"
    keys $session Down Down Down
    sleep 0.3
    keys $session r
    joined $session "location-report-echo-freeze-rule of location-report-echo-freeze: does not apply on bravo"
    lacks $session "disabled, adds nothing"
    # A fail count under the threshold: app-worker failed twice on echo.
    keys $session 1 G k '>' 3
    wait_for $session "Explain app-worker on echo"
    joined $session "Fails: 2 failures of 3 allowed: 1 more bans echo [fail-count, migration-threshold]"
    close $session
}

# ---- plain words --------------------------------------------------------

test_words() {
    columns=$1 lines=$2
    shift 2
    session=wd$columns$#
    open $session "$columns" "$lines" "$@" || return
    # db:0 is the 13th row (fence-xvm, ping-clone and its 5, web and its
    # 3, db-clone, db:0).
    keys $session 1 j j j j j j j j j j j j 3
    wait_for $session "Explain db:0 [Promoted] on alpha" || { close $session; return; }
    joined $session "negative clone score here: no instance may run [clone score < 0]"
    lacks $session "clone score below zero"
    keys $session Right Right Right
    wait_for $session "Explain db:0 [Promoted] on delta"
    keys $session Down Down Down Down Down Down Down
    joined $session "counted again (below): promotion adds the colocations with the promoted role"
    joined $session "app-worker's scores here times -0.0005, by colocation-app-worker-db-vip--500 [colocation influence]"
    lacks $session "(app-worker x"
    lacks $session "clone instance clone instance"
    close $session
}

# ---- Transition: wrapped, selectable, explained, filtered --------------

test_transition() {
    columns=$1 lines=$2
    shift 2
    session=tr$columns$#
    open $session "$columns" "$lines" "$@" || return
    runs $session "standby bravo on"
    keys $session 2
    wait_for $session "Transition Summary" || { close $session; return; }
    joined $session "( bravo ) due to node availability"
    keys $session j j
    sleep 0.3
    keys $session Enter
    wait_for $session "Explain web-fs on delta"
    keys $session 2 /
    keys $session "web-s" Enter
    wait_for $session "web-server"
    lacks $session "web-vip"
    lacks $session "ping:1"
    keys $session Enter
    wait_for $session "Explain web-server on delta"
    # The filter narrows the Graph to a matching resource's neighbourhood.
    keys $session 5
    wait_for $session "Graph around web-server"
    keys $session /
    keys $session C-u "zzz-none" Enter
    keys $session 2
    wait_for $session "No action matches the filter."
    close $session
}

# ---- Matrix: now -> next, node states ----------------------------------

# has_move ARROW: the last capture shows web-vip's move whole.
has_move() {
    has_joined "web-vip Move alpha → bravo" || has_joined "web-vip Move alpha -> bravo"
}

test_matrix() {
    columns=$1 lines=$2
    shift 2
    session=mx$columns$#
    open $session "$columns" "$lines" "$@" || return
    joined $session "Nodes that run nothing: charlie in standby"
    if [ "$columns" -ge 200 ]; then
        # Room to spare: the now -> next column is there.
        if has_joined "Now → next" || has_joined "Now -> next"; then pass; else fail "$session: no now -> next column"; fi
        has_move && pass || fail "$session: the move of web-vip is not shown whole"
    else
        # Every node fits only without the column: the nodes come first.
        joined $session "Action alpha bravo charlie delta echo"
    fi
    close $session
}

# A cluster wider than the screen: with the last node's column shown,
# alpha and bravo are off screen and the move still reads whole.
test_matrix_narrow() {
    columns=$1 lines=$2
    shift 2
    session=mn$columns$#
    open $session "$columns" "$lines" "$@" || return
    keys $session '>'
    wait_for $session "echo"
    lacks $session "bravo charlie"
    has_move && pass || fail "$session: the move of web-vip is not shown whole"
    # The Transition view's own lines are not cut at this width either.
    keys $session 2
    joined $session "Up/Down select an action, Enter explains it, / filters by resource"
    joined $session "Move web-vip ( alpha -> bravo )"
    close $session
}

if [ -r "$demo" ]; then
    for size in "80 24" "200 60"; do
        # shellcheck disable=SC2086
        set -- $size
        for style in colour plain; do
            if [ $style = plain ]; then
                extra="NO_COLOR=1 LANG=C"
            else
                extra=
            fi
            # shellcheck disable=SC2086
            test_explain_terms "$1" "$2" $extra
            # shellcheck disable=SC2086
            test_words "$1" "$2" $extra
            # shellcheck disable=SC2086
            test_transition "$1" "$2" $extra
            # shellcheck disable=SC2086
            test_matrix "$1" "$2" $extra
        done
    done
    test_matrix_narrow 60 20
    test_matrix_narrow 60 20 NO_COLOR=1 LANG=C
else
    echo "SKIP: the view tests need data/demo.xml"
fi

echo "run-views.sh: $checks checks, $failures failed"
[ $failures -eq 0 ]

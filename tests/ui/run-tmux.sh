#!/bin/sh
# run-tmux.sh: drives the console in a private tmux server and asserts on
# what the screen shows (capture-pane): views, names, scores, the help
# overlay, the filter, resizing, ASCII and NO_COLOR fallbacks, hostile
# names, and that q and SIGTERM leave the terminal as it was.  Then the
# editing console on data/demo-small.xml (copies in a temporary
# directory): every edit key, the changed cells, undo and redo, the ':'
# prompt with completion, saving (plain and .bz2, and a save that fails),
# q asking about unsaved edits, the help listing every key, resizing.
# Clones (data/demo.xml): instances unfolded under their clone with their
# roles, folding, the promotion score toggle (P) and Explain's promotion
# breakdown, at 80x24 and 160x50.
# Live (cibadmin on a copy through CIB_file): the status bar, following
# changes made behind the console's back, C listing the exact cibadmin
# operations and committing them, an edit the cluster made impossible
# named, and the epoch guard refusing a commit.  History: a directory of
# pe-input-N.bz2 made from tests/data/cases, stepping and opening a step.
# CS_UI_BIN runs another cibscope binary.
#
# Exit 77 (skip) when tmux or a usable terminal type is missing.
set -u

cs_tmux_name=ui
# shellcheck source=tmux-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/tmux-lib.sh"
here=$top_srcdir/tests/ui
failures=0
checks=0

demo=${CS_UI_TEST_CIB:-$top_srcdir/data/demo.xml}
[ -r "$demo" ] || demo=${SHARED_DIR:-$top_srcdir/../shared}/corpus/pacemaker-2.1.5/xml/group5.xml
[ -r "$demo" ] || skip "neither data/demo.xml nor the corpus's group5.xml is readable"
hostile=$here/hostile.xml
names=$top_srcdir/tests/fuzz/cases/hostile-names.xml
small=$top_srcdir/data/demo-small.xml

# The pane runs this: the console, then its status and the terminal modes
# it left behind, then waits so the screen stays readable.
cat >"$tmp/run.sh" <<'EOF'
#!/bin/sh
status_file=$1
shift
# The console gets ^C itself (it installs its own handler over this).
trap '' INT
"$@"
echo $? >"$status_file.part"
stty -a >"$status_file.stty" 2>&1
mv "$status_file.part" "$status_file"
exec sleep 600
EOF

# start SESSION COLUMNS LINES FILE [VAR=VALUE ...]
start() {
    session=$1 columns=$2 lines=$3 file=$4
    shift 4
    rm -f "$tmp/$session.status"
    tmx new-session -d -s "$session" -x "$columns" -y "$lines" \
        env -u NO_COLOR LANG=C.UTF-8 LC_ALL= XDG_STATE_HOME="$tmp/state" "$@" \
        sh "$tmp/run.sh" "$tmp/$session.status" "$bin" "$file"
}

# start_with SESSION COLUMNS LINES ARG...: the console with these
# arguments (CIB_file=$cib_file in its environment when that is set, and
# PATH=$live_path when that is: the tmux server, not this shell, gives
# the pane its environment).
start_with() {
    session=$1 columns=$2 lines=$3
    shift 3
    rm -f "$tmp/$session.status"
    tmx new-session -d -s "$session" -x "$columns" -y "$lines" \
        env -u NO_COLOR LANG=C.UTF-8 LC_ALL= XDG_STATE_HOME="$tmp/state" \
        ${cib_file:+CIB_file=$cib_file} ${live_path:+PATH=$live_path} \
        sh "$tmp/run.sh" "$tmp/$session.status" "$bin" "$@"
}

# wait_exit SESSION STATUS: the console exited with STATUS and left the
# terminal in canonical mode with echo on.
wait_exit() {
    tries=0
    while [ $tries -lt 50 ] && [ ! -f "$tmp/$1.status" ]; do
        sleep 0.1
        tries=$((tries + 1))
    done
    capture "$1"
    if [ ! -f "$tmp/$1.status" ]; then
        fail "$1: the console did not exit"
        return 1
    fi
    status=$(cat "$tmp/$1.status")
    if [ "$status" = "$2" ]; then pass; else fail "$1: exit status $status, expected $2"; fi
    if grep -q -e '-icanon' -e '-echo ' "$tmp/$1.status.stty"; then
        fail "$1: terminal left in raw mode: $(cat "$tmp/$1.status.stty")"
    else
        pass
    fi
    tmx kill-session -t "$1" >/dev/null 2>&1
}

# screen_line N: line N (1-based) of the last capture.
screen_line() {
    sed -n "${1}p" "$tmp/screen"
}

# wait_line SESSION N TEXT: line N of the screen shows TEXT within 5
# seconds.  Resizes are redrawn asynchronously (SIGWINCH), and a build
# under sanitizers can take well over a fixed sleep to do it.
wait_line() {
    tries=0
    while [ $tries -lt 50 ]; do
        capture "$1"
        case $(screen_line "$2") in *"$3"*) return 0 ;; esac
        sleep 0.1
        tries=$((tries + 1))
    done
    return 1
}

# The Fail counts view says "banned" where the engine recorded the
# migration-threshold ban, and counts what is left elsewhere.
test_failcount_view() {
    start fails 120 30 "$top_srcdir/tests/data/cases/failcount-threshold.xml"
    wait_for fails "1 Matrix" || return
    keys fails 4 && wait_for fails "Fail counts"
    wait_for fails "3 of 3: banned from node1"
    wait_for fails "2 of 3: one more failure bans node1"
    keys fails q
    wait_exit fails 0
}

# ---- 80x24, UTF-8, color: every view, help, filter, resize, q ----------

test_views() {
    start views 80 24 "$demo"
    wait_for views "1 Matrix" || return
    wait_for views "Resource"
    # The settle count comes from a background solve: wait for the status
    # bar's last form.  At 80 columns, on a file, the epoch has then given
    # way to the outcome (ui/statusbar.c); the 200x60 test sees it.
    wait_for views "settles in"
    last=$(screen_line 24)
    case $last in *demo.xml*settles\ in*) pass ;; *) fail "views: the status bar is not on line 24" ;; esac
    keys views 2 && wait_for views "Transition Summary"
    keys views 3 && wait_for views "Explain"
    keys views 4 && wait_for views "Fail counts"
    keys views 5 && wait_for views "Graph of every resource"
    keys views 6 && wait_for views "No series of scheduler inputs is open"
    keys views 7 && wait_for views "what changes by itself in the next 7 days"
    keys views Tab && wait_for views "Action"
    keys views '?' && wait_for views "cibscope help"
    grep -q -F "filter resources" "$tmp/screen" && pass || fail "views: help lacks the filter key"
    keys views Escape && wait_gone views "cibscope help"
    tmx resize-window -t views -x 100 -y 30
    wait_for views "Resource"
    wait_line views 30 demo.xml && pass || fail "views: after resizing to 100x30 the status bar is not on line 30"
    tmx resize-window -t views -x 30 -y 8
    wait_for views "too small"
    tmx resize-window -t views -x 80 -y 24
    wait_gone views "too small"
    # At 80 columns the epoch may give way to the outcome (ui/statusbar.c),
    # and how long the outcome is depends on whether the settle count is
    # known yet: the file's name is what is always there.
    wait_line views 24 demo.xml && pass || fail "views: after resizing back the status bar is not on line 24"
    keys views q
    wait_exit views 0
}

# ---- the filter narrows the rows to matching resources -----------------

test_filter() {
    rsc=$1
    other=$2
    start filter 80 24 "$demo"
    wait_for filter "$other" || return
    keys filter / && wait_for filter "Filter resources"
    keys filter -l "$rsc"
    keys filter Enter
    wait_gone filter "$other"
    # The filter applies as it is typed: wait for Enter to close the prompt.
    wait_gone filter "Filter resources"
    grep -q -F -- "$rsc" "$tmp/screen" && pass || fail "filter: $rsc hidden by its own filter"
    tail -1 "$tmp/screen" | grep -q -F -- "/$rsc" && pass || fail "filter: the status bar does not show it"
    keys filter / Escape
    wait_for filter "$other"
    keys filter q
    wait_exit filter 0
}

# ---- LANG=C and NO_COLOR: ASCII only, no colors, scores as the CLI ---------

# The row of rsc shows, under the header of node, the score the CLI prints.
check_score() {
    session=$1 rsc=$2 node=$3 score=$4
    case $score in
        INFINITY|+INFINITY) score=+INF ;;
        -INFINITY) score=-INF ;;
    esac
    # One column per character whatever the locale of this shell: marks
    # and fold signs are several bytes each in UTF-8, and awk in the C
    # locale counts bytes.
    header=$(grep -n '^Resource' "$tmp/screen" | head -1 | cut -d: -f2- \
             | LC_ALL=C.UTF-8 sed 's/[^ -~]/#/g')
    row=$(grep -F -- "  $rsc " "$tmp/screen" | head -1 | LC_ALL=C.UTF-8 sed 's/[^ -~]/#/g')
    if [ -z "$header" ] || [ -z "$row" ]; then
        fail "$session: no header or no row for $rsc"
        return
    fi
    # Scores and node names are right-aligned on the same column.
    shown=$(awk -v header="$header" -v row="$row" -v node=" $node" 'BEGIN {
        at = index(header, node)
        if (at == 0) { print "?"; exit }
        end = at + length(node)
        text = substr(row, 1, end - 1)
        n = split(text, words, " ")
        print words[n]
    }')
    if [ "$shown" = "$score" ]; then
        pass
    else
        fail "$session: $rsc on $node shows '$shown', cibscope scores says '$score'"
    fi
}

test_ascii() {
    start ascii 80 24 "$demo" LANG=C NO_COLOR=1
    wait_for ascii "1 Matrix" || return
    if LC_ALL=C grep -q '[^ -~]' "$tmp/screen"; then
        fail "ascii: non-ASCII bytes under LANG=C"
    else
        pass
    fi
    tmx capture-pane -e -p -t ascii >"$tmp/escapes"
    if grep -q -E '\[(3|4)[0-7]m|\[[0-9;]*;(3|4)[0-7](;|m)|38;5;' "$tmp/escapes"; then
        fail "ascii: colors drawn although NO_COLOR is set"
    else
        pass
    fi
    # Cross-check one score against the CLI (when the engine answers).
    "$bin" scores "$demo" >"$tmp/scores" 2>"$tmp/scores.err"
    cli_status=$?
    if [ $cli_status -eq 3 ]; then
        grep -q "not guessed" "$tmp/screen" && pass || fail "ascii: no banner for an unmodelled CIB"
    elif [ $cli_status -eq 0 ]; then
        line=$(grep '^pcmk__primitive_assign: ' "$tmp/scores" | grep -v ':[0-9]* allocation' | head -1)
        rsc=$(echo "$line" | sed 's/^pcmk__primitive_assign: \(.*\) allocation score on .*/\1/')
        node=$(echo "$line" | sed 's/.* allocation score on \(.*\): [^:]*$/\1/')
        score=$(echo "$line" | sed 's/.*: //')
        keys ascii / && keys ascii -l "$rsc" && keys ascii Enter
        sleep 0.3
        capture ascii
        check_score ascii "$rsc" "$node" "$score"
        keys ascii / Escape
    else
        fail "ascii: cibscope scores exited $cli_status: $(cat "$tmp/scores.err")"
    fi
    keys ascii '?' && wait_for ascii "cibscope help"
    if LC_ALL=C grep -q '[^ -~]' "$tmp/screen"; then fail "ascii: non-ASCII help box"; else pass; fi
    keys ascii q q
    wait_exit ascii 0
}

# ---- 200x60: every node fits, colors drawn; resize down to 80x24 -------

test_large() {
    start large 200 60 "$demo"
    wait_for large "6 History" || return
    wait_for large "settles in"
    last=$(screen_line 60)
    case $last in *epoch*) pass ;; *) fail "large: the status bar is not on line 60" ;; esac
    tmx capture-pane -e -p -t large >"$tmp/escapes"
    if grep -q -E '\[([0-9;]*;)?(3|4)[0-7](;[0-9;]*)?m|38;5;' "$tmp/escapes"; then pass; else fail "large: no colors"; fi
    grep -q -F "●" "$tmp/screen" || grep -q -F "▶" "$tmp/screen" || grep -q "no scores\|not guessed" "$tmp/screen" \
        && pass || fail "large: no location marks"
    tmx resize-window -t large -x 80 -y 24
    wait_line large 24 demo.xml && pass || fail "large: after shrinking the status bar is not on line 24"
    keys large q
    wait_exit large 0
}

# ---- hostile names are shown escaped -----------------------------------

test_hostile() {
    start hostile 80 24 "$hostile"
    wait_for hostile "1 Matrix" || return
    wait_for hostile 'csi\u{009B}31mred'
    wait_for hostile "q\"uote'\$(reboot)"
    wait_for hostile 'back\\slash'
    wait_for hostile 'new\nline'
    wait_for hostile 'node\u{009B}'
    first=$(screen_line 1)
    case $first in *"1 Matrix"*) pass ;; *) fail "hostile: the title bar moved" ;; esac
    keys hostile 2 && wait_for hostile "Transition Summary"
    keys hostile q
    wait_exit hostile 0
}

# The CLI on a terminal: hostile ids print escaped as the console shows
# them, through the one escaper (a pipe gets them raw,
# as crm_simulate prints them).
test_cli_hostile() {
    start_with cli 120 30 scores "$hostile"
    wait_for cli 'node\u{009B}2m' || return
    wait_for cli 'back\\slash'
    keys cli q 2>/dev/null
}

# Every kind of hostile id at 80x24 (tests/fuzz/cases/hostile-names.xml):
# spaces, quotes and shell syntax as they are, unicode shown, the C1 CSI
# and the bidi override escaped, a newline and a tab escaped and still
# matched to their Transition Summary line (crm_simulate prints them as
# \n and four spaces), 3000 characters cut to the column; then w saves
# the file byte for byte as it was.
test_hostile_names() {
    cp "$names" "$tmp/names.xml"
    start names 80 24 "$tmp/names.xml"
    wait_for names "1 Matrix" || return
    wait_for names 'my web server'
    wait_for names '$(reboot)`id`;rm -rf ~'
    wait_for names "q\"uote's"
    wait_for names 'datenbank-üé-数据库-🗄'
    wait_for names 'evil\u{202E}gnp.exe'
    wait_for names 'csi\u{009B}31mred'
    wait_for names 'new\nline\ttab                 Start'
    wait_for names 'rxxxxxxxxxxxxxxxxxxxxxxxxxxxx… Start'
    wait_for names '<b>&amp;'
    case $(screen_line 1) in *"1 Matrix"*) pass ;; *) fail "names: the title bar moved" ;; esac
    keys names w && wait_for names "names.xml (the previous"
    if cmp -s "$names" "$tmp/names.xml"; then pass; else fail "names: w changed the file"; fi
    keys names q
    wait_exit names 0
}

# The CLI's --exec on a terminal escapes what the console escapes.
test_exec_hostile() {
    start_with exech 120 30 "$names" --exec "where 'evil$(printf '\342\200\256')gnp.exe'; where 'csi$(printf '\302\233')31mred'"
    wait_for exech 'evil\u{202E}gnp.exe: stopped, will start on node\u{009B}2m' || return
    wait_for exech 'csi\u{009B}31mred: stopped'
}

# ---- SIGTERM restores the terminal; a bad file never starts curses -------

# send_signal SESSION SIGNAL STATUS: the console dies of SIGNAL or quits
# on it, with STATUS, and the terminal is sane again.
send_signal() {
    start "$1" 80 24 "$demo"
    wait_for "$1" "1 Matrix" || return
    shell_pid=$(tmx display-message -p -t "$1" '#{pane_pid}')
    console_pid=$(ps -o pid= --ppid "$shell_pid" 2>/dev/null | head -1 | tr -d ' ')
    if [ -z "$console_pid" ]; then
        fail "$1: cannot find the console's pid"
        return
    fi
    kill -"$2" "$console_pid"
    wait_exit "$1" "$3"
}

test_signal() {
    send_signal term TERM 143
    send_signal hangup HUP 129
    # A crash (here a simulated one) still gives the terminal back.
    send_signal crash SEGV 139
}

test_interrupt() {
    start interrupt 80 24 "$demo"
    wait_for interrupt "1 Matrix" || return
    keys interrupt 5
    wait_for interrupt "Graph of every resource"
    keys interrupt C-c
    wait_exit interrupt 130
}

# ---- a resource the transition stops where it is assigned ---------------

# blocked-on-fail.xml: "after" keeps its assignment (node1) but its start
# waits for rsc1's, which cannot run: crm_simulate stops it, and so must
# the marks (leaves, not stays) and the status bar's count.
test_stop_marks() {
    start_with stops 80 24 "$top_srcdir/tests/data/transition/blocked-on-fail.xml"
    wait_for stops "1 Matrix" || return
    wait_for stops "1 action"
    # (the now -> next column stands between the action and the marks)
    row_has stops after "Stop     node1 → stopped"
    row_has stops after "○    100"
    keys stops q
    wait_exit stops 0
}

# A start an order leaves unrunnable ("Start after ( node2 ) due to
# unrunnable rsc1 start (blocked)") is no "will run": the Action column
# says Blocked and node2's cell the blocked mark, at both sizes.
test_blocked_marks() {
    for size in "80 24" "200 60"; do
        set -- $size
        start_with "blocked$1" "$1" "$2" "$top_srcdir/tests/data/transition/blocked-unmanaged-stopped.xml"
        wait_for "blocked$1" "1 Matrix" || continue
        wait_for "blocked$1" "1 action"
        row_has "blocked$1" after "Blocked"
        row_has "blocked$1" after "$(printf '\342\234\225')"
        row=$(grep -E -- "^ *after " "$tmp/screen" | head -1)
        case $row in
            *"$(printf '\342\226\266')"*) fail "blocked$1: the blocked start is marked as will run" ;;
            *) pass ;;
        esac
        # Explain on it says the same as `where`.
        keys "blocked$1" j 3
        wait_for "blocked$1" "Next: stopped, stays stopped; start on node2 blocked"
        keys "blocked$1" q
        wait_exit "blocked$1" 0
    done
}

# ---- the Transition view shows crm_simulate's lines --------------------

# Every "* ..." line of the oracle's summary for a few hand-made cases
# (reasons, blocked, fencing) appears on the Transition view as is,
# columns included, with the bullet drawn in front.
test_transition_view() {
    for case in ordering fencing group-restart-required-stop-blocked noquorum; do
        start_with "tv-$case" 120 30 "$top_srcdir/tests/data/transition/$case.xml"
        wait_for "tv-$case" "1 Matrix" || continue
        keys "tv-$case" 2
        sed -n '/^Transition Summary/,/^$/s/^  \* //p' \
            "$top_srcdir/tests/data/transition/$case.summary" >"$tmp/expected"
        [ -s "$tmp/expected" ] || fail "transition view: $case has no oracle lines"
        while IFS= read -r line; do
            wait_for "tv-$case" "$line"
        done <"$tmp/expected"
        keys "tv-$case" q
        wait_exit "tv-$case" 0
    done
}

test_bad_file() {
    start badfile 80 24 "$tmp/no-such-file.xml"
    wait_exit badfile 2
    grep -q "no-such-file.xml" "$tmp/screen" && pass || fail "badfile: the message does not name the file"
}


# ---- the editing console ------------------------------------------------

# status_has SESSION TEXT: the bottom line shows TEXT within 5 seconds.
status_has() {
    tries=0
    while [ $tries -lt 50 ]; do
        capture "$1"
        if tail -1 "$tmp/screen" | grep -q -F -- "$2" && settled "$1"; then
            pass
            return 0
        fi
        sleep 0.1
        tries=$((tries + 1))
    done
    fail "$1: the status line never said '$2'"
    return 1
}

# row_has SESSION RSC TEXT: the matrix row of RSC shows TEXT.
row_has() {
    row=$(grep -E -- "^ *[^ ]* ?$2 " "$tmp/screen" | head -1)
    case $row in
        *"$3"*) pass ;;
        *) fail "$1: the row of $2 does not show '$3': '$row'" ;;
    esac
}

# goto_cell SESSION ROW NODE: the matrix cursor on row ROW (0-based, as
# listed) and node column NODE.
goto_cell() {
    keys "$1" 1 g "<"
    n=0
    while [ $n -lt "$2" ]; do keys "$1" j; n=$((n + 1)); done
    n=0
    while [ $n -lt "$3" ]; do keys "$1" l; n=$((n + 1)); done
    sleep 0.2
}

# Rows of demo-small.xml: fence-xvm web web-vip web-fs web-server db
# app-worker report; nodes alpha bravo charlie.
ROW_DB=5 ROW_APP=6 ROW_REPORT=7 ROW_WEB=1
NODE_ALPHA=0 NODE_BRAVO=1

test_edit_keys() {
    columns=$1 lines=$2
    session=edit$columns
    cp "$small" "$tmp/keys.xml"
    start $session "$columns" "$lines" "$tmp/keys.xml"
    wait_for $session "1 Matrix" || return
    capture $session
    row_has $session app-worker "350"
    # b: ban app-worker from bravo; it moves, the cells it changed are
    # highlighted (black on yellow), the status bar counts the edit.
    goto_cell $session $ROW_APP $NODE_BRAVO
    keys $session b
    status_has $session "ban app-worker from bravo: app-worker: bravo -> alpha" || return
    row_has $session app-worker "Move"
    row_has $session app-worker "-INF"
    tmx capture-pane -e -p -t $session >"$tmp/escapes"
    grep -q -E '\[30m.?\[43m|\[43m' "$tmp/escapes" && pass || fail "$session: no highlighted cell after the edit"
    grep -q "edit changed" "$tmp/screen" && pass || fail "$session: the legend does not explain the highlight"
    keys $session j k
    status_has $session "1 unsaved"
    # u restores it, ^R does it again, u again.
    keys $session u
    # app-worker runs on bravo: undoing the ban drops the plan to move it.
    # (What follows "stays on bravo" is cut at 80 columns.)
    status_has $session "undo: ban app-worker from bravo: app-worker: stays on bravo"
    row_has $session app-worker "350"
    keys $session C-r
    status_has $session "redo: ban app-worker from bravo"
    row_has $session app-worker "-INF"
    keys $session u
    status_has $session "undo: ban app-worker"
    # p: prefer alpha; c: clear it again.
    goto_cell $session $ROW_APP $NODE_ALPHA
    keys $session p
    status_has $session "prefer app-worker on alpha: app-worker: bravo -> alpha"
    keys $session c
    status_has $session "clear app-worker: app-worker: stays on bravo (was planned for"
    # f: the fail count on bravo.
    goto_cell $session $ROW_APP $NODE_BRAVO
    keys $session f
    status_has $session "clear fail counts of app-worker on bravo"
    # s: stickiness, typed at the prompt the key opens.
    keys $session s
    wait_for $session ":stickiness app-worker" || return
    keys $session 0 Enter
    status_has $session "stickiness app-worker 0"
    # S and M on the column's node (alpha), toggled.
    goto_cell $session $ROW_WEB $NODE_ALPHA
    keys $session S
    status_has $session "standby alpha on: fence-xvm: alpha -> bravo; web: alpha -> bravo"
    keys $session S
    status_has $session "standby alpha off"
    keys $session M
    status_has $session "maintenance alpha on"
    keys $session M
    status_has $session "maintenance alpha off"
    # t: the clock.
    keys $session t
    wait_for $session ":time " || return
    keys $session C-u "time 2030-01-01" Enter
    status_has $session "time 2030-01-01 00:00:00Z"
    wait_for $session "2030-01-01"
    # Resize in the middle of it all (j first: the notice gives way to
    # the status fields).
    keys $session j
    tmx resize-window -t $session -x 100 -y 30
    wait_line $session 30 unsaved && pass || fail "$session: after resizing the status bar is not on line 30"
    tmx resize-window -t $session -x "$columns" -y "$lines"
    sleep 0.3
    # q asks, n stays, q y quits without saving.
    keys $session q
    status_has $session "unsaved edits?"
    tail -1 "$tmp/screen" | grep -q -E "Quit with [0-9]+ unsaved edits\? +y: quit without saving +w: save and quit" \
        && pass || fail "$session: the question does not offer y and w"
    keys $session n
    status_has $session "Not quitting"
    keys $session q y
    wait_exit $session 0
    cmp -s "$small" "$tmp/keys.xml" && pass || fail "$session: quitting without saving changed the file"
}

test_explain_edits() {
    columns=$1 lines=$2
    session=explain$columns
    cp "$small" "$tmp/explain.xml"
    start $session "$columns" "$lines" "$tmp/explain.xml"
    wait_for $session "1 Matrix" || return
    # The ban of report on alpha: Explain names it, and the smallest
    # change that moves report is to remove it (verified by trying).
    goto_cell $session $ROW_REPORT $NODE_ALPHA
    keys $session 3
    wait_for $session "cli-ban-report-on-alpha" || return
    wait_for $session "remove cli-ban-report-on-alpha"
    grep -q "report: bravo .* alpha" "$tmp/screen" && pass || fail "$session: the smallest change does not say where report goes"
    # x removes the selected constraint.
    keys $session x
    status_has $session "remove constraint cli-ban-report-on-alpha: report: stays on"
    keys $session u
    status_has $session "undo: remove constraint cli-ban-report-on-alpha"
    # r disables the rule of web's location, r enables it again.
    keys $session 1
    goto_cell $session $ROW_WEB $NODE_ALPHA
    keys $session 3
    wait_for $session "location-web-tier" || return
    keys $session r
    status_has $session "disable rule location-web-tier-rule"
    wait_for $session "Disabled rules"
    keys $session r
    status_has $session "enable rule location-web-tier-rule"
    # e: the score of app-worker's location on bravo, re-solved as typed.
    keys $session 1
    goto_cell $session $ROW_APP $NODE_BRAVO
    keys $session 3
    wait_for $session "location-app-worker-bravo" || return
    keys $session e
    wait_for $session "Score of location-app-worker-bravo: 50" || return
    keys $session 1 0 0 0
    wait_for $session "Score of location-app-worker-bravo: 1000"
    wait_for $session "score 1300"
    keys $session Escape
    status_has $session "location-app-worker-bravo unchanged"
    wait_for $session "score 350"
    keys $session e 5 0 0 Enter
    status_has $session "constraint location-app-worker-bravo score 500"
    wait_for $session "score 800"
    # e on a rule lists its fields; the expression's value edited live:
    # web's rule wants tier=web; asking for tier=db takes its 100 away
    # from alpha (where stickiness keeps it), then a score of -INFINITY
    # moves it.
    keys $session 1
    goto_cell $session $ROW_WEB $NODE_ALPHA
    keys $session 3
    wait_for $session "location-web-tier" || return
    keys $session e
    wait_for $session "Rule location-web-tier-rule" || return
    grep -q "boolean-op" "$tmp/screen" && grep -q "location-web-tier-rule-expr" "$tmp/screen" && pass \
        || fail "$session: the rule's fields are not listed"
    keys $session j j j j j Enter
    keys $session d b
    wait_for $session "score 0"
    keys $session Enter
    status_has $session "location-web-tier-rule-expr value=db: nothing moves"
    keys $session u
    status_has $session "undo: location-web-tier-rule-expr value=db"
    keys $session k k k k k Enter -INFINITY
    wait_for $session "score -INFINITY"
    keys $session Enter
    status_has $session "location-web-tier-rule score=-INFINITY: web: alpha -> bravo"
    keys $session Escape u
    status_has $session "undo: location-web-tier-rule score=-INFINITY"
    keys $session 1
    goto_cell $session $ROW_APP $NODE_BRAVO
    keys $session 3
    # a: a new location constraint, through the prompt it opens.
    keys $session a
    wait_for $session ":location add location-app-worker-bravo-1 app-worker bravo" || return
    keys $session C-u "location add loc-db-charlie db charlie 100" Enter
    status_has $session "location loc-db-charlie: db on charlie 100"
    keys $session q y
    wait_exit $session 0
}

test_prompt() {
    columns=$1 lines=$2
    session=prompt$columns
    cp "$small" "$tmp/prompt.xml"
    start $session "$columns" "$lines" "$tmp/prompt.xml"
    wait_for $session "1 Matrix" || return
    keys $session :
    wait_for $session "Tab completes" || return
    keys $session "ban app"
    keys $session Tab
    wait_for $session ":ban app-worker " || return
    keys $session Tab
    wait_for $session "charlie"
    grep -q "alpha" "$tmp/screen" && grep -q "bravo" "$tmp/screen" && pass || fail "$session: Tab does not list the nodes"
    keys $session "br" Tab Enter
    status_has $session "ban app-worker from bravo: app-worker: bravo -> alpha"
    # History: Up gives the last line back.
    keys $session : Up
    wait_for $session ":ban app-worker bravo"
    keys $session Escape
    # A command with output opens it in a box; any key closes it.
    keys $session : "scores db" Enter
    wait_for $session "any key closes" || { keys $session q y; return; }
    keys $session Escape
    wait_gone $session "any key closes"
    # A bad command says why and changes nothing.
    keys $session : "ban nosuch alpha" Enter
    status_has $session "nosuch"
    keys $session q y
    wait_exit $session 0
}

test_help_keys() {
    session=helpkeys
    start $session 80 24 "$small"
    wait_for $session "1 Matrix" || return
    keys $session '?'
    wait_for $session "cibscope help" || return
    sleep 0.3
    capture $session
    cp "$tmp/screen" "$tmp/help-all"
    pages=0
    while [ $pages -lt 6 ]; do
        keys $session NPage
        sleep 0.2
        capture $session
        cat "$tmp/screen" >>"$tmp/help-all"
        pages=$((pages + 1))
    done
    for entry in "undo / redo" "stickiness of the resource" "ban the resource" "prefer / move" \
                 "clear the resource's cli-ban" "clear the cell's fail count" \
                 "standby / maintenance" "set the clock" "enable / disable the selected rule" \
                 "edit the selected constraint's score or rule" "add a location / a colocation" \
                 "remove the selected constraint" "save: atomic" "command line" \
                 "asks first when edits are unsaved" "cells the last edit changed"; do
        grep -q -F -- "$entry" "$tmp/help-all" && pass || fail "$session: the help lacks '$entry'"
    done
    keys $session Escape q
    wait_exit $session 0
}

# A save reloads to the solution the same edits give in batch mode; the
# old file is kept as .bak; a .bz2 stays .bz2; a failed save loses nothing.
test_save() {
    mkdir -p "$tmp/save"
    cp "$small" "$tmp/save/cib.xml"
    start save 80 24 "$tmp/save/cib.xml"
    wait_for save "1 Matrix" || return
    goto_cell save $ROW_APP $NODE_BRAVO
    keys save b
    status_has save "app-worker: bravo -> alpha"
    keys save w
    status_has save "Saved $tmp/save/cib.xml"
    keys save q
    wait_exit save 0
    cmp -s "$small" "$tmp/save/cib.xml.bak" && pass || fail "save: the previous file was not kept as .bak"
    "$bin" scores "$tmp/save/cib.xml" 2>&1 | grep '^pcmk__' >"$tmp/saved.scores"
    "$bin" "$small" --exec 'ban app-worker bravo; scores' 2>&1 | grep '^pcmk__' >"$tmp/expected.scores"
    if [ -s "$tmp/expected.scores" ] && cmp -s "$tmp/saved.scores" "$tmp/expected.scores"; then
        pass
    else
        fail "save: the saved file scores differently from 'ban app-worker bravo' in batch mode"
        diff "$tmp/expected.scores" "$tmp/saved.scores" | head -10
    fi

    if command -v bzip2 >/dev/null 2>&1; then
        bzip2 -c "$small" >"$tmp/save/pe-input-1.bz2"
        start savebz2 80 24 "$tmp/save/pe-input-1.bz2"
        wait_for savebz2 "1 Matrix" || return
        goto_cell savebz2 $ROW_APP $NODE_BRAVO
        keys savebz2 b w
        status_has savebz2 "Saved"
        keys savebz2 q
        wait_exit savebz2 0
        [ "$(head -c 3 "$tmp/save/pe-input-1.bz2")" = "BZh" ] && pass || fail "save: a .bz2 input was not written back as bzip2"
        bzip2 -dc "$tmp/save/pe-input-1.bz2" | grep -q 'cli-ban-app-worker-on-bravo' && pass \
            || fail "save: the .bz2 written back lacks the ban"
    fi

    # The directory disappears under the console: the save fails, says
    # why, and the edit is still there to save once it is back.
    mkdir -p "$tmp/gone"
    cp "$small" "$tmp/gone/cib.xml"
    start savefail 80 24 "$tmp/gone/cib.xml"
    wait_for savefail "1 Matrix" || return
    goto_cell savefail $ROW_APP $NODE_BRAVO
    keys savefail b
    status_has savefail "app-worker: bravo -> alpha"
    mv "$tmp/gone" "$tmp/gone.away"
    keys savefail w
    status_has savefail "Not saved:"
    keys savefail j
    status_has savefail "1 unsaved"
    mv "$tmp/gone.away" "$tmp/gone"
    keys savefail w
    status_has savefail "Saved"
    keys savefail q
    wait_exit savefail 0
    grep -q 'cli-ban-app-worker-on-bravo' "$tmp/gone/cib.xml" && pass || fail "savefail: the edit was lost"
}

# ---- live: the CIB through cibadmin on a file (CIB_file) -----------------

# banner_has SESSION TEXT: the banner row (the second line) shows TEXT
# within 5 seconds.
banner_has() {
    if wait_line "$1" 2 "$2"; then pass; else fail "$1: the banner row never said '$2'"; fi
}

# behind XML: somebody else's change to the constraints, through cibadmin.
behind() {
    CIB_file=$cib_file cibadmin "$1" --scope constraints --xml-text "$2" >/dev/null 2>&1 \
        && pass || fail "live: cibadmin $1 $2 failed"
}

# The CIB's version as cibadmin --query reads it: "epoch=N num_updates=M".
queried_epoch() {
    CIB_file=$cib_file cibadmin --query | head -1 | grep -o -e ' epoch="[0-9]*"' -e 'num_updates="[0-9]*"' \
        | tr -d ' "' | tr '\n' ' '
}

test_live() {
    cib_file=$tmp/live/cib.xml
    mkdir -p "$tmp/live"
    cp "$small" "$cib_file"
    start_with live 100 30 --live --interval 1
    wait_for live "1 Matrix" || return
    status_has live "live  DC bravo"
    status_has live "epoch 0.17.35"
    capture live
    row_has live app-worker "350"
    # The cluster changes: within the interval the console follows it,
    # with the new epoch and the new scores (50 -> 500 on bravo).
    behind --modify '<rsc_location id="location-app-worker-bravo" score="500"/>'
    # Said in the banner row: the status bar stays in view.
    banner_has live "The CIB changed: epoch 0.17.35 -> 0.18.0"
    status_has live "live  DC bravo"
    row_has live app-worker "800"
    keys live C-l
    status_has live "epoch 0.18.0"
    # An edit, then C: the exact operation is listed and asked about.
    goto_cell live $ROW_DB $NODE_BRAVO
    keys live b
    status_has live "ban db from bravo: db: stops"
    keys live C-l
    status_has live "1 uncommitted"
    keys live C
    wait_for live "1 operation to commit:"
    grep -q -F "cibadmin --create --scope constraints --xml-text '<rsc_location" "$tmp/screen" && pass \
        || fail "live: C does not show the cibadmin command"
    grep -q -F 'id="cli-ban-db-on-bravo"' "$tmp/screen" && pass || fail "live: C does not show the ban's id"
    grep -q -F "crm_resource --ban --resource db --node bravo" "$tmp/screen" && pass \
        || fail "live: C does not show the crm_resource command"
    grep -q -F "pcs resource ban db bravo" "$tmp/screen" && pass || fail "live: C does not show the pcs command"
    grep -q -F "Applied only if the CIB is still at epoch 0.18.0" "$tmp/screen" && pass \
        || fail "live: C does not name the epoch it guards"
    status_has live "run the 1 operation listed above? y: apply"
    grep -q 'cli-ban-db-on-bravo' "$cib_file" && fail "live: written before the answer" || pass
    keys live y
    status_has live "Committed 1 operation; the CIB is at epoch 0.19.0."
    grep -q -F "ok      " "$tmp/screen" && pass || fail "live: no result line for the operation"
    CIB_file=$cib_file cibadmin --query --xpath "//rsc_location[@id='cli-ban-db-on-bravo']" >/dev/null 2>&1 \
        && pass || fail "live: the ban is not in the CIB after the commit"
    [ "$(queried_epoch)" = "epoch=19 num_updates=0 " ] && pass || fail "live: CIB at $(queried_epoch) after commit"
    keys live Escape
    status_has live "epoch 0.19.0"
    tail -1 "$tmp/screen" | grep -q uncommitted && fail "live: edits still pending after the commit" || pass
    # Nothing pending: C says so, and q quits without asking.
    keys live C
    status_has live "Nothing to commit"
    # An edit that the cluster then makes impossible: it is named.
    keys live : && keys live -l "constraint score colocation-web-db--1000 -500" && keys live Enter
    status_has live "constraint colocation-web-db--1000 score -500"
    keys live C-l
    status_has live "1 uncommitted"
    behind --delete '<rsc_colocation id="colocation-web-db--1000"/>'
    banner_has live "1 edit dropped, listed below"
    grep -q -F "rsc_colocation colocation-web-db--1000" "$tmp/screen" && pass || fail "live: the dropped edit is not named"
    keys live Escape
    keys live q
    wait_exit live 0
    unset cib_file
}

# Live at 80x24: "cibscope" with no file goes live when cibadmin answers
# (here through CIB_file); the status bar keeps live, the DC and the
# epoch even with an edit pending (the wall clock gives way), and an edit
# the cluster makes impossible is named in full.
test_live_narrow() {
    cib_file=$tmp/narrow/cib.xml
    mkdir -p "$tmp/narrow"
    cp "$small" "$cib_file"
    start_with narrow 80 24
    wait_for narrow "1 Matrix" || return
    status_has narrow "live  DC bravo"
    status_has narrow "epoch 0.17.35"
    keys narrow : && keys narrow -l "constraint score location-app-worker-bravo 7" && keys narrow Enter
    status_has narrow "constraint location-app-worker-bravo score 7"
    keys narrow C-l
    status_has narrow "1 uncommitted"
    tail -1 "$tmp/screen" | grep -q -F "live  DC bravo" && pass || fail "narrow: live and the DC gone with an edit pending"
    tail -1 "$tmp/screen" | grep -q -F "epoch 0.17.35" && pass || fail "narrow: the epoch gone with an edit pending"
    # Within the 2 s default interval the console follows the cluster.
    behind --delete '<rsc_location id="location-app-worker-bravo"/>'
    banner_has narrow "1 edit dropped, listed below"
    grep -q -F "rsc_location location-app-worker-bravo (app-worker on bravo, score 7)" "$tmp/screen" \
        && grep -q -F "was removed from the cluster's CIB meanwhile" "$tmp/screen" && pass \
        || fail "narrow: the dropped edit is not named in full"
    keys narrow Escape
    status_has narrow "epoch 0.18.0"
    tail -1 "$tmp/screen" | grep -q uncommitted && fail "narrow: the dropped edit still counted" || pass
    keys narrow q
    wait_exit narrow 0
    unset cib_file
}

# The epoch guard: an edit, a change behind the console before it polls
# again (60 s), C: refused, what changed is shown, nothing is written.
test_live_guard() {
    cib_file=$tmp/guard/cib.xml
    mkdir -p "$tmp/guard"
    cp "$small" "$cib_file"
    start_with guard 100 30 --live --interval 60
    wait_for guard "1 Matrix" || return
    status_has guard "epoch 0.17.35"
    goto_cell guard $ROW_APP $NODE_BRAVO
    keys guard b
    status_has guard "app-worker: bravo ->"
    keys guard C-l
    status_has guard "1 uncommitted"
    behind --modify '<rsc_location id="location-app-worker-bravo" score="75"/>'
    cp "$cib_file" "$tmp/guard/before.xml"
    keys guard C
    wait_for guard "1 operation to commit:"
    keys guard y
    status_has guard "Commit refused: the CIB changed since the edits were made"
    wait_for guard "Refused: the CIB is at epoch 0.18.0, the edits were made on 0.17.35."
    grep -q -F "location-app-worker-bravo" "$tmp/screen" && pass || fail "guard: what changed is not shown"
    cmp -s "$cib_file" "$tmp/guard/before.xml" && pass || fail "guard: the console wrote to the CIB"
    grep -q 'cli-ban-app-worker-on-bravo' "$cib_file" && fail "guard: the ban reached the CIB" || pass
    keys guard Escape
    status_has guard "1 uncommitted"
    keys guard q
    status_has guard "Quit with 1 uncommitted edit?"
    keys guard y
    wait_exit guard 0
    unset cib_file
}

# The poll never holds the keyboard: a cibadmin that, once told to, takes
# 2 s (PATH finds it first) is queried on a worker thread while keys go
# on being handled at once, and what it then reads is still followed.
test_live_slow_poll() {
    cib_file=$tmp/slow/cib.xml
    mkdir -p "$tmp/slow/bin"
    cp "$small" "$cib_file"
    real=$(command -v cibadmin)
    cat >"$tmp/slow/bin/cibadmin" <<EOF
#!/bin/sh
if [ -e "$tmp/slow/sleepy" ]; then
    : >"$tmp/slow/asleep"
    sleep 2
fi
exec "$real" "\$@"
EOF
    chmod +x "$tmp/slow/bin/cibadmin"
    rm -f "$tmp/slow/sleepy" "$tmp/slow/asleep"
    live_path=$tmp/slow/bin:$PATH
    start_with slow 100 30 --live --interval 1
    unset live_path
    wait_for slow "1 Matrix" || return
    status_has slow "epoch 0.17.35"
    goto_cell slow $ROW_DB $NODE_ALPHA
    : >"$tmp/slow/sleepy"
    behind --modify '<rsc_location id="location-app-worker-bravo" score="500"/>'
    slow_asleep
    # The query now sleeps for 2 s: a ban is drawn well within that.
    keys slow b
    tries=0 seen=
    while [ $tries -lt 10 ]; do
        capture slow
        if tail -1 "$tmp/screen" | grep -q -F "ban db from alpha"; then seen=yes; break; fi
        sleep 0.1
        tries=$((tries + 1))
    done
    [ -n "$seen" ] && pass || fail "slow: a key waited for the poll"
    grep -q -F "The CIB changed" "$tmp/screen" && fail "slow: the poll finished before the key" || pass
    rm -f "$tmp/slow/sleepy"
    # The slow query read the changed CIB: followed, the ban carried over.
    banner_has slow "The CIB changed: epoch 0.17.35 -> 0.18.0"
    keys slow C-l
    status_has slow "1 uncommitted"
    # q while a query sleeps: the console stops it and quits at once.
    rm -f "$tmp/slow/asleep"
    : >"$tmp/slow/sleepy"
    slow_asleep
    keys slow q
    status_has slow "Quit with 1 uncommitted edit?"
    keys slow y
    wait_exit slow 0
    rm -f "$tmp/slow/sleepy"
    unset cib_file
}

# slow_asleep: the slow cibadmin has started a query (within 2.5 s).
slow_asleep() {
    tries=0
    while [ ! -e "$tmp/slow/asleep" ] && [ $tries -lt 50 ]; do sleep 0.05; tries=$((tries + 1)); done
    [ -e "$tmp/slow/asleep" ] && pass || fail "slow: the console never polled"
}

# ---- History: a directory of pe-input-N.bz2 ------------------------------

test_history() {
    cases=$top_srcdir/tests/data/cases
    mkdir -p "$tmp/pengine"
    bzip2 -c "$cases/location-score.xml" >"$tmp/pengine/pe-input-9.bz2"
    bzip2 -c "$cases/location-ban.xml" >"$tmp/pengine/pe-input-10.bz2"
    bzip2 -c "$cases/standby-node.xml" >"$tmp/pengine/pe-input-11.bz2"
    start_with history 100 30 --history "$tmp/pengine"
    wait_for history "== pe-input-9.bz2 ==  step 1 of 3  Enter opens it" || return
    # The steps are listed at once and solved in the background.
    wait_gone history "(to be solved)"
    status_has history "pe-input-11.bz2"
    # Numeric order: 9 before 10 before 11.
    first=$(grep -n -F "== pe-input-9.bz2 ==" "$tmp/screen" | cut -d: -f1)
    second=$(grep -n -F "== pe-input-10.bz2 ==" "$tmp/screen" | cut -d: -f1)
    [ -n "$first" ] && [ -n "$second" ] && [ "$first" -lt "$second" ] && pass || fail "history: steps out of order"
    # Neither input runs rsc2: a change of plan, worded as edits word it.
    grep -q -F "rsc2: planned for node1 instead of node3" "$tmp/screen" && pass \
        || fail "history: step 2 does not say what moved"
    grep -q -F "~ location loc-rsc2-node3: 200 -> -INFINITY" "$tmp/screen" && pass \
        || fail "history: step 2 does not say why"
    keys history n n
    wait_for history "== pe-input-11.bz2 ==  step 3 of 3  (open)"
    grep -q -F "node2: standby on" "$tmp/screen" && pass || fail "history: step 3 lacks the standby"
    keys history p
    wait_for history "== pe-input-10.bz2 ==  step 2 of 3  Enter opens it"
    keys history Enter
    status_has history "Opened pe-input-10.bz2 (step 2 of 3)"
    wait_for history "Resource"
    row_has history rsc2 "Start"
    keys history 6
    wait_for history "== pe-input-10.bz2 ==  step 2 of 3  (open)"
    keys history q
    wait_exit history 0
    # At 80x24 a long change wraps instead of being cut, and n still goes
    # from step to step.
    start_with history80 80 24 --history "$tmp/pengine"
    wait_for history80 "== pe-input-9.bz2 ==  step 1 of 3  Enter opens it" || return
    wait_gone history80 "(to be solved)"
    keys history80 n
    wait_for history80 "== pe-input-10.bz2 ==  step 2 of 3  Enter opens it"
    grep -q -F "rsc_location loc-rsc2-node3 (rsc2 on node3, score -INFINITY) changed:" "$tmp/screen" \
        && grep -q -E "^ {5,}(score: )?200 -> -INFINITY *$" "$tmp/screen" && pass \
        || fail "history80: the long change is not wrapped"
    keys history80 q
    wait_exit history80 0
    # Opening one pe-input-N.bz2 shows its directory's series.
    start history2 100 30 "$tmp/pengine/pe-input-10.bz2"
    wait_for history2 "1 Matrix" || return
    keys history2 6
    wait_for history2 "== pe-input-9.bz2 ==  step 1 of 3"
    keys history2 q
    wait_exit history2 0
}

# ---- clones: instances under their clone, roles, promotion scores -------

# score_of KIND RSC NODE: the score line cibscope scores prints
# (KIND "pcmk__primitive_assign: X allocation" or "X promotion").
score_of() {
    "$bin" scores "$demo" 2>/dev/null | sed -n "s/^$1 score on $2: //p" | head -1
}

test_clones() {
    columns=$1 lines=$2
    promoted=$(score_of "db:0 promotion" delta)
    unpromoted=$(score_of "db:1 promotion" echo)
    allocation=$(score_of "pcmk__primitive_assign: db:0 allocation" delta)
    if [ -z "$promoted" ] || [ -z "$unpromoted" ] || [ -z "$allocation" ]; then
        echo "SKIP: clones: $demo has no db-clone the engine answers"
        return
    fi
    start clones "$columns" "$lines" "$demo"
    wait_for clones "1 Matrix" || return
    # Unfolded at first: the instances, as crm_simulate names them.
    wait_for clones "db-clone (2/2, 1 prom)"
    wait_for clones "db:0 [Promoted]"
    wait_for clones "db:1 [Unpromoted]"
    wait_for clones "ping:0"
    check_score clones "db:0" delta "$allocation"
    # Folded, then unfolded again with Enter on the clone's row.
    keys clones -
    wait_gone clones "db:0 [Promoted]"
    keys clones / d b - c l o n e Enter
    wait_for clones "db-clone (2/2"
    keys clones Enter
    wait_for clones "db:0 [Promoted]"
    grep -q -F "ping:0" "$tmp/screen" && fail "clones: the filter lets ping:0 through" || pass
    # P: promotion scores in the promotable rows.
    keys clones P
    wait_for clones "P promotion scores"
    check_score clones "db:0" delta "$promoted"
    check_score clones "db:1" echo "$unpromoted"
    # Explain on db:0: its promotion score and where it comes from.
    keys clones j 3
    wait_for clones "Promotion score on delta: $promoted"
    wait_for clones "master-db"
    wait_for clones "location-db-promoted-delta"
    # Back in the Matrix (P still on), then P off: waiting for the legend
    # to go only means something once the Matrix shows again.
    keys clones 1
    wait_for clones "P promotion scores"
    keys clones P
    wait_gone clones "P promotion scores"
    check_score clones "db:0" delta "$allocation"
    keys clones '?'
    wait_for clones "cibscope help"
    grep -q -F "promotion scores / allocation" "$tmp/screen" || keys clones NPage
    wait_for clones "promotion scores / allocation"
    keys clones Escape
    keys clones q
    wait_exit clones 0
}

# run-keys.sh sources this file for its helpers only.
[ -n "${CS_TMUX_HELPERS_ONLY:-}" ] && return 0

test_views
if grep -q 'id="db-clone"' "$demo"; then
    test_clones 80 24
    test_clones 160 50
else
    echo "SKIP: the clone tests need data/demo.xml's db-clone"
fi
test_filter "$(sed -n 's/.*<primitive id="\([^"]*\)".*/\1/p' "$demo" | tail -1)" \
            "$(sed -n 's/.*<primitive id="\([^"]*\)".*/\1/p' "$demo" | head -1)"
test_ascii
test_large
test_hostile
test_cli_hostile
test_hostile_names
test_exec_hostile
test_signal
test_interrupt
test_stop_marks
test_blocked_marks
test_transition_view
test_bad_file
test_failcount_view
if [ -r "$small" ]; then
    test_edit_keys 80 24
    test_edit_keys 200 60
    test_explain_edits 80 24
    test_explain_edits 200 60
    test_prompt 80 24
    test_prompt 200 60
    test_help_keys
    test_save
    if ! command -v cibadmin >/dev/null 2>&1; then
        echo "SKIP: the live tests need cibadmin (pacemaker-cli-utils)"
    elif ! CIB_file=$small "$bin" --live --exec 'where web' >/dev/null 2>&1; then
        echo "SKIP: $bin does not open the console with --live yet (cs_console_run_live not wired)"
    else
        test_live
        test_live_narrow
        test_live_guard
        test_live_slow_poll
    fi
    if ! command -v bzip2 >/dev/null 2>&1; then
        echo "SKIP: the History test needs bzip2"
    elif ! "$bin" --help | grep -q -e '--history'; then
        echo "SKIP: $bin has no --history yet (cs_console_run_history not wired)"
    else
        test_history
    fi
else
    echo "SKIP: the editing tests need data/demo-small.xml"
fi

echo "run-tmux.sh: $checks checks, $failures failed"
[ $failures -eq 0 ]

#!/bin/sh
# run-keys.sh: the console's keys, signals and messages in tmux, at 80x24
# and 200x60 (issue 16: "Data loss and traps", navigation and text):
# - escape sequences decoded whole under several TERM values (End as
#   ESC[4~ must not act as the keys 4 and ~), unknown ones dropped;
# - ^C cancels the prompt line and asks when edits are unsaved;
# - SIGTERM and SIGHUP write unsaved edits to a recovery file, which the
#   next open offers (restore, delete);
# - t selects the time so that typing replaces it; the clock then shows
#   as simulated;
# - saving moves the epoch and cibadmin --replace accepts the saved file;
# - completion by argument; a cut message says so and m shows it whole;
# - the Fail counts rows are selected and f clears the selected one;
# - edits on a CIB the engine refuses are refused with its reason.
# The helpers come from run-tmux.sh.  Exit 77 (skip) without tmux.
set -u

# shellcheck disable=SC2034 # read by run-tmux.sh, sourced below
CS_TMUX_HELPERS_ONLY=1
here_keys=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=run-tmux.sh
. "$here_keys/run-tmux.sh"

# console_pid SESSION: the pid of the console in the session's pane.
console_pid() {
    shell_pid=$(tmx display-message -p -t "$1" '#{pane_pid}')
    ps -o pid= --ppid "$shell_pid" 2>/dev/null | head -1 | tr -d ' '
}

# raw SESSION HEX...: bytes sent as the terminal would send them.
raw() {
    session=$1
    shift
    tmx send-keys -t "$session" -H "$@"
}

# explains SESSION RSC: view 3 explains RSC (the Matrix cursor's row),
# then back to view 1.
explains() {
    keys "$1" 3
    wait_for "$1" "Explain $2 on" || return 1
    keys "$1" 1
    wait_for "$1" "Resource"
}

# ---- escape sequences, decoded whole under several TERM values ----------

# End and Home as each terminal family sends them; the last resource of
# demo.xml is report, the first fence-xvm.
test_sequences() {
    columns=$1 lines=$2 term_value=$3
    has_terminfo "$term_value" || { echo "SKIP: no terminfo for $term_value"; return; }
    session=seq$columns$(echo "$term_value" | tr -cd 'a-z0-9')
    start $session "$columns" "$lines" "$demo" TERM="$term_value"
    wait_for $session "1 Matrix" || return
    for end in "1b 5b 34 7e" "1b 5b 38 7e" "1b 5b 46" "1b 4f 46"; do
        # shellcheck disable=SC2086
        raw $session $end
        sleep 0.2
        capture $session
        grep -q -F "against migration-threshold" "$tmp/screen" \
            && fail "$session: End ($end) switched to Fail counts"
        explains $session report || fail "$session: End ($end) did not reach the last resource"
        raw $session 1b 5b 31 7e
        explains $session fence-xvm || fail "$session: Home (ESC[1~) did not reach the first resource"
    done
    # Unknown sequences (a modified key, an SS3 key, a long CSI) leave
    # nothing behind: no view switch, no help, no prompt.
    raw $session 1b 5b 39 39 3b 35 58 1b 4f 5a 1b 5b 32 34 3b 36 7e 1b 5b 33 3b 32 7e
    sleep 0.3
    capture $session
    if grep -q -F -e "Fail counts  against" -e "cibscope help" "$tmp/screen" || tail -1 "$tmp/screen" | grep -q '^:'; then
        fail "$session: an unknown escape sequence acted as keys"
    else
        pass
    fi
    grep -q -F "Resource" "$tmp/screen" && pass || fail "$session: not on the Matrix any more"
    # Inside help, End scrolls and does not close it.
    keys $session '?'
    wait_for $session "cibscope help" || return
    raw $session 1b 5b 34 7e
    sleep 0.3
    capture $session
    grep -q -F "cibscope help" "$tmp/screen" && pass || fail "$session: End closed the help"
    keys $session Escape
    wait_gone $session "cibscope help"
    # F1 as rxvt and the Linux console send it opens help; F10 quits.
    raw $session 1b 5b 31 31 7e
    wait_for $session "cibscope help"
    keys $session Escape
    wait_gone $session "cibscope help"
    raw $session 1b 5b 32 31 7e
    wait_exit $session 0
}

# ---- ^C: cancels the line, asks before losing edits --------------------

test_interrupt_asks() {
    columns=$1 lines=$2
    session=int$columns
    cp "$small" "$tmp/int.xml"
    start $session "$columns" "$lines" "$tmp/int.xml"
    wait_for $session "1 Matrix" || return
    keys $session b
    status_has $session "ban " || return
    keys $session C-c
    status_has $session "Quit with 1 unsaved edit?"
    keys $session C-c
    status_has $session "Not quitting: 1 unsaved edit kept."
    # At the prompt ^C cancels the line; nothing runs.
    keys $session :
    keys $session "standby alpha on"
    wait_for $session ":standby alpha on"
    # Alt+b (Esc b at once) is a word back, not "leave, then ban".
    raw $session 1b 62
    keys $session X
    wait_for $session ":standby alpha Xon"
    keys $session C-c
    wait_gone $session ":standby alpha on"
    capture $session
    tail -1 "$tmp/screen" | grep -q "1 unsaved" && pass || fail "$session: ^C at the prompt ran or lost something"
    cmp -s "$small" "$tmp/int.xml" && pass || fail "$session: ^C wrote the CIB"
    keys $session C-c
    status_has $session "Quit with 1 unsaved edit?"
    keys $session y
    wait_exit $session 0
    cmp -s "$small" "$tmp/int.xml" && pass || fail "$session: quitting wrote the CIB"
    # Nothing unsaved: ^C quits at once, as before.
    start $session "$columns" "$lines" "$tmp/int.xml"
    wait_for $session "1 Matrix" || return
    keys $session C-c
    wait_exit $session 130
}

# ---- SIGTERM / SIGHUP: a recovery file, offered by the next open --------

test_recovery() {
    columns=$1 lines=$2 signal=$3 status=$4 answer=$5
    session=rec$columns$signal
    state=$tmp/state$columns$signal
    cp "$small" "$tmp/rec.xml"
    start $session "$columns" "$lines" "$tmp/rec.xml" XDG_STATE_HOME="$state"
    wait_for $session "1 Matrix" || return
    keys $session t "2030-06-01" Enter
    status_has $session "time 2030-06-01" || return
    keys $session b
    status_has $session "ban " || return
    pid=$(console_pid $session)
    [ -n "$pid" ] || { fail "$session: no console pid"; return; }
    kill -"$signal" "$pid"
    wait_exit $session "$status"
    tr -d '\n' <"$tmp/screen" | grep -q -F "written to $state/cibscope/recovery/" \
        && pass || fail "$session: the exit message does not name the recovery file"
    cmp -s "$small" "$tmp/rec.xml" && pass || fail "$session: the signal wrote the CIB itself"
    recovery=$(ls "$state"/cibscope/recovery/*rec.xml 2>/dev/null | head -1)
    [ -n "$recovery" ] && grep -q 'cli-ban-' "$recovery" && pass \
        || fail "$session: the recovery file lacks the ban"
    start $session "$columns" "$lines" "$tmp/rec.xml" XDG_STATE_HOME="$state"
    status_has $session "interrupted session" || return
    keys $session "$answer"
    if [ "$answer" = r ]; then
        status_has $session "Restored the unsaved edits and the clock"
        keys $session 1
        status_has $session "unsaved"
        status_has $session "2030-06-01 00:00:00Z (sim"
        keys $session w
        status_has $session "Saved"
        grep -q 'cli-ban-' "$tmp/rec.xml" && pass || fail "$session: the restored ban was not saved"
        grep -q 'epoch="18" num_updates="0"' "$tmp/rec.xml" && pass \
            || fail "$session: the saved epoch is not 17+1: $(head -c 200 "$tmp/rec.xml")"
        keys $session q
        wait_exit $session 0
    else
        status_has $session "Deleted"
        keys $session q
        wait_exit $session 0
    fi
    [ ! -e "$recovery" ] && pass || fail "$session: the recovery file is still there"
}

# ---- t: the time selected, typing replaces it; shown as simulated -------

test_time() {
    columns=$1 lines=$2
    session=time$columns
    start $session "$columns" "$lines" "$small"
    wait_for $session "1 Matrix" || return
    capture $session
    tail -1 "$tmp/screen" | grep -q "simulated\|(sim)" && fail "$session: the wall clock is marked simulated"
    keys $session t
    wait_for $session ":time '" || return
    keys $session "2030-06-01"
    wait_for $session ":time '2030-06-01'"
    keys $session Enter
    status_has $session "time 2030-06-01 00:00:00Z"
    keys $session 1
    wait_for $session "2030-06-01 00:00:00Z (sim"
    keys $session q
    wait_exit $session 0
}

# ---- saving: epoch + 1, and cibadmin --replace takes the saved file -----

test_save_version() {
    columns=$1 lines=$2
    session=ver$columns
    cp "$small" "$tmp/ver.xml"
    cp "$small" "$tmp/ver-orig.xml"
    start $session "$columns" "$lines" "$tmp/ver.xml"
    wait_for $session "1 Matrix" || return
    keys $session b
    status_has $session "ban " || return
    keys $session w
    status_has $session "Saved"
    keys $session 1
    status_has $session "epoch 0.18.0"
    keys $session q
    wait_exit $session 0
    if command -v cibadmin >/dev/null 2>&1; then
        if CIB_file="$tmp/ver-orig.xml" cibadmin --replace --xml-file "$tmp/ver.xml" >"$tmp/cibadmin.out" 2>&1; then
            pass
        else
            fail "$session: cibadmin --replace refused the saved file: $(cat "$tmp/cibadmin.out")"
        fi
        # The test can fail: a file one epoch older is refused.
        sed 's/epoch="18"/epoch="16"/' "$tmp/ver.xml" >"$tmp/ver-old.xml"
        if CIB_file="$tmp/ver-orig.xml" cibadmin --replace --xml-file "$tmp/ver-old.xml" >/dev/null 2>&1; then
            fail "$session: cibadmin took an older file: the check proves nothing"
        else
            pass
        fi
    else
        echo "SKIP: cibadmin is not installed"
    fi
    # A status-only change: num_updates + 1.
    cp "$small" "$tmp/status.xml"
    "$bin" "$tmp/status.xml" --exec 'failcount set web alpha monitor_10000 1; save' >/dev/null
    grep -q 'epoch="17" num_updates="36"' "$tmp/status.xml" && pass \
        || fail "$session: a status change did not give num_updates + 1: $(head -c 200 "$tmp/status.xml")"
}

# ---- completion by argument --------------------------------------------

# completes SESSION TYPED WANT NOT: Tab after TYPED lists WANT, not NOT
# (in the band of candidates above the prompt).
completes() {
    keys "$1" :
    keys "$1" "$2" Tab
    sleep 0.3
    wait_for "$1" "$3"
    capture "$1"
    if [ -n "$4" ] && tail -4 "$tmp/screen" | head -3 | grep -q -F -- "$4"; then
        fail "$1: '$2' + Tab offers '$4'"
    else
        pass
    fi
    keys "$1" Escape
    sleep 0.2
}

test_completion() {
    columns=$1 lines=$2
    session=comp$columns
    start $session "$columns" "$lines" "$demo"
    wait_for $session "1 Matrix" || return
    completes $session "rule enable location-web-" "location-web-tier-rule" "location-web-connected "
    completes $session "standby alpha " " off" "order-"
    completes $session "failcount set fence-xvm alpha " "monitor:60s" "fence-xvm "
    completes $session "stickiness " "default" "alpha"
    keys $session q
    wait_exit $session 0
}

# ---- a cut message says so; m shows it whole ---------------------------

test_messages() {
    columns=$1 lines=$2
    session=msg$columns
    cp "$demo" "$tmp/msg.xml"
    start $session "$columns" "$lines" "$tmp/msg.xml"
    wait_for $session "1 Matrix" || return
    keys $session :
    keys $session "standby delta on" Enter
    if [ "$columns" -lt 120 ]; then
        status_has $session "(cut: m shows all)"
    fi
    keys $session m
    wait_for $session "Messages (newest last)" || return
    # The end of the message, cut from the status line, is in the box.
    tr -d '\n│|' <"$tmp/screen" | tr -s " " | grep -q "; app-worker" && pass \
        || fail "$session: the message log does not show the whole message"
    keys $session Escape
    keys $session u
    keys $session q
    wait_exit $session 0
}

# ---- Fail counts: rows selected, f clears the selected one --------------

test_failcounts() {
    columns=$1 lines=$2
    session=fail$columns
    cp "$demo" "$tmp/fail.xml"
    "$bin" "$tmp/fail.xml" --exec 'failcount set db-vip delta monitor:10s 2; save' >/dev/null
    start $session "$columns" "$lines" "$tmp/fail.xml"
    wait_for $session "1 Matrix" || return
    keys $session 4
    wait_for $session "against migration-threshold" || return
    wait_for $session "db-vip"
    # The Matrix cursor is on fence-xvm/alpha: f must clear the fail
    # count selected here, not that cell's.
    keys $session j
    sleep 0.2
    capture $session
    second=$(grep -E '^  [a-z]' "$tmp/screen" | sed -n 2p | awk '{print $1}')
    keys $session f
    status_has $session "clear"
    capture $session
    tail -1 "$tmp/screen" | grep -q -F "$second" && pass \
        || fail "$session: f did not clear the selected fail count ($second)"
    keys $session 4
    sleep 0.2
    capture $session
    count=$(grep -c -E '^  [a-z]' "$tmp/screen")
    [ "$count" -eq 1 ] && pass || fail "$session: $count fail counts left, expected 1"
    # Nothing is cut: the consequence is whole.
    grep -q "(a fatal failure)" "$tmp/screen" && pass || fail "$session: the consequence is cut"
    keys $session u q y
    wait_exit $session 0
}

# ---- a CIB the engine refuses: edits refused with the reason -----------

test_refused() {
    columns=$1 lines=$2
    session=ref$columns
    cp "$top_srcdir/tests/data/unsupported/bundle.xml" "$tmp/bundle.xml"
    start $session "$columns" "$lines" "$tmp/bundle.xml"
    wait_for $session "not guessed" || return
    keys $session S
    status_has $session "standby refused: bundle web-bundle: a resource inside"
    keys $session :
    keys $session "ban httpd node1" Enter
    status_has $session "ban refused"
    capture $session
    tail -1 "$tmp/screen" | grep -q unsaved && fail "$session: a refused edit counts as unsaved"
    # A banner too long for the screen says so; m shows it whole.
    tmx resize-window -t $session -x 40 -y 15
    wait_line $session 2 "(cut: m shows all)" && pass || fail "$session: the cut banner does not say so"
    keys $session m
    wait_for $session "modelled yet"
    keys $session Escape
    tmx resize-window -t $session -x "$columns" -y "$lines"
    keys $session q
    wait_exit $session 0
    cmp -s "$top_srcdir/tests/data/unsupported/bundle.xml" "$tmp/bundle.xml" && pass \
        || fail "$session: the CIB changed"
}

if [ -r "$small" ] && [ -r "$demo" ]; then
    for size in "80 24" "200 60"; do
        # shellcheck disable=SC2086
        set -- $size
        for term_value in xterm-256color screen tmux-256color rxvt-unicode linux; do
            test_sequences "$1" "$2" "$term_value"
        done
        test_interrupt_asks "$1" "$2"
        test_recovery "$1" "$2" TERM 143 r
        test_recovery "$1" "$2" HUP 129 d
        test_time "$1" "$2"
        test_save_version "$1" "$2"
        test_completion "$1" "$2"
        test_messages "$1" "$2"
        test_failcounts "$1" "$2"
        test_refused "$1" "$2"
    done
else
    echo "SKIP: the key tests need data/demo.xml and data/demo-small.xml"
fi

echo "run-keys.sh: $checks checks, $failures failed"
[ $failures -eq 0 ]

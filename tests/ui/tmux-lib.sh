# tmux-lib.sh: the start every console test in tmux shares.  A script
# sets cs_tmux_name (its temporary directory is cibscope-NAME.XXXXXX) and
# sources this file from its own directory; then it has:
# - top_srcdir, top_builddir and bin (CS_UI_BIN runs another cibscope);
# - exit 77 (skip) without tmux or a terminal type ncurses can drive, and
#   exit 1 when the binary is not built;
# - tmp, removed on exit with the private tmux server on $socket;
# - XDG_STATE_HOME in $tmp/state, so that a recovery file (SIGHUP with
#   unsaved edits, as kill-session sends) never reaches the user's
#   ~/.local/state: the tmux server hands it to every pane;
# - tmx (tmux on that server, no status line, no escape delay), skip,
#   has_terminfo and check;
# - the screen steps: capture, keys, wait_for (the text shown and the
#   screen done drawing), wait_gone, settled, pass and fail (counted in
#   $checks and $failures, which the script sets).

top_srcdir=${CS_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${CS_TOP_BUILDDIR:-$top_srcdir}
bin=${CS_UI_BIN:-$top_builddir/src/cibscope}

skip() {
    echo "SKIP: $*"
    exit 77
}

command -v tmux >/dev/null 2>&1 || skip "tmux is not installed"
[ -x "$bin" ] || { echo "FAIL: $bin is not built"; exit 1; }

# has_terminfo TERM: a terminal type tmux can present and ncurses can
# drive (read from the terminfo directories when tput is missing).
has_terminfo() {
    if command -v tput >/dev/null 2>&1; then
        tput -T "$1" cols >/dev/null 2>&1
        return
    fi
    first=$(printf %.1s "$1")
    for dir in "${TERMINFO:-/nonexistent}" "$HOME/.terminfo" /etc/terminfo /lib/terminfo /usr/share/terminfo; do
        [ -e "$dir/$first/$1" ] && return 0
    done
    return 1
}
term=
for candidate in tmux-256color screen-256color screen xterm-256color xterm; do
    if has_terminfo "$candidate"; then
        term=$candidate
        break
    fi
done
[ -n "$term" ] || skip "no terminfo entry for tmux-256color, screen or xterm"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cibscope-${cs_tmux_name:-ui}.XXXXXX") || exit 99
socket=$tmp/tmux.socket
cleanup() {
    tmux -S "$socket" kill-server >/dev/null 2>&1
    rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

XDG_STATE_HOME=$tmp/state
export XDG_STATE_HOME

# No status line: the pane gets every row of the window.
cat >"$tmp/tmux.conf" <<CS_TMUX_CONF
set -g default-terminal "$term"
set -g status off
set -g escape-time 0
set -g exit-empty off
CS_TMUX_CONF

tmx() {
    tmux -S "$socket" -f "$tmp/tmux.conf" "$@"
}

# check ok|no WHAT: one PASS or FAIL line for WHAT, a failure counted in
# $failures.
check() {
    if [ "$1" = ok ]; then
        echo "PASS: $2"
    else
        echo "FAIL: $2"
        failures=$((failures + 1))
    fi
}

# console SESSION COLUMNS LINES CIB: the console on CIB in a new detached
# session of that size, in UTF-8 with colours and its state kept under
# $tmp (no recovery file of another run is offered).
console() {
    tmx new-session -d -s "$1" -x "$2" -y "$3" \
        env -u NO_COLOR LANG=C.UTF-8 LC_ALL= XDG_STATE_HOME="$tmp/state" \
        "$bin" "$4"
}

# ---- screen steps ---------------------------------------------------------

# shows SESSION PATTERN WHAT: the screen matches the extended regular
# expression PATTERN within 10 s.
shows() {
    tries=0
    while [ $tries -lt 50 ]; do
        tmx capture-pane -p -t "$1" >"$tmp/screen"
        if grep -E -q -- "$2" "$tmp/screen"; then
            check ok "$3"
            return
        fi
        tries=$((tries + 1))
        sleep 0.2
    done
    check fail "$3 (screen below)"
    cat "$tmp/screen"
}

# hides SESSION PATTERN WHAT: within 5 s the screen settles (settled,
# below) on a frame that does not match the extended regular expression
# PATTERN.  One capture is not enough: a sanitizer build can still be
# drawing the frame a key asked for, so the rows it is about to erase are
# still there.
hides() {
    tries=0
    while [ $tries -lt 25 ]; do
        tmx capture-pane -p -t "$1" >"$tmp/screen"
        if ! grep -E -q -- "$2" "$tmp/screen" && settled "$1" &&
            ! grep -E -q -- "$2" "$tmp/screen"; then
            check ok "$3"
            return
        fi
        tries=$((tries + 1))
        sleep 0.2
    done
    check fail "$3 (screen below)"
    cat "$tmp/screen"
}

capture() {
    tmx capture-pane -p -t "$1" >"$tmp/screen"
}

pass() {
    checks=$((checks + 1))
}

fail() {
    checks=$((checks + 1))
    failures=$((failures + 1))
    echo "FAIL: $*"
    echo "---- screen ----"
    cat "$tmp/screen" 2>/dev/null
    echo "----------------"
}

# settled SESSION: the last capture is still what the screen shows 50 ms
# later.  A capture can catch the console half-way through a redraw (a
# sanitizer build draws slowly), and the checks that follow read it.
settled() {
    cp "$tmp/screen" "$tmp/screen.before"
    sleep 0.05
    capture "$1"
    cmp -s "$tmp/screen" "$tmp/screen.before"
}

# wait_for SESSION TEXT: the screen shows TEXT within 5 seconds, and has
# finished drawing.
wait_for() {
    tries=0
    while [ $tries -lt 50 ]; do
        capture "$1"
        if grep -q -F -- "$2" "$tmp/screen" && settled "$1"; then
            pass
            return 0
        fi
        sleep 0.1
        tries=$((tries + 1))
    done
    fail "$1: '$2' never appeared"
    return 1
}

# wait_gone SESSION TEXT: the screen stops showing TEXT within 5 seconds.
wait_gone() {
    tries=0
    while [ $tries -lt 50 ]; do
        capture "$1"
        if ! grep -q -F -- "$2" "$tmp/screen"; then
            pass
            return 0
        fi
        sleep 0.1
        tries=$((tries + 1))
    done
    fail "$1: '$2' did not go away"
    return 1
}

keys() {
    session=$1
    shift
    tmx send-keys -t "$session" "$@"
}

#!/bin/sh
# settle-tmux.sh: the console's status bar says where the cluster settles
# (explain/settle.h), once the worker that works it out is done: on
# data/demo-small.xml at 120x24 and 200x60, left out whole (never cut) at
# 80x24, and on the corpus's colocated-utilization-clone (when SHARED_DIR
# has it) the resources that move back and forth.
# Exit 77 (skip) when tmux or a usable terminal type is missing.
set -u

cs_tmux_name=settle-ui
# shellcheck source=tmux-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/tmux-lib.sh"
failures=0

# bottom SESSION COLUMNS LINES FILE WANT [LINGER]: the status bar (the
# last line) once it holds WANT (up to 10 s), else as it is then; with
# LINGER, that many seconds later (time for the worker to finish).
bottom() {
    session=$1
    tmx new-session -d -s "$session" -x "$2" -y "$3" \
        env -u NO_COLOR LANG=C.UTF-8 LC_ALL= "$bin" "$4"
    tries=0
    while [ $tries -lt 50 ]; do
        line=$(tmx capture-pane -p -t "$session" | tail -n 1)
        case $line in *"$5"*) break ;; esac
        tries=$((tries + 1))
        sleep 0.2
    done
    if [ $# -ge 6 ]; then
        sleep "$6"
        line=$(tmx capture-pane -p -t "$session" | tail -n 1)
    fi
    tmx send-keys -t "$session" q
    echo "$line"
}

small=$top_srcdir/data/demo-small.xml
for size in "120 24" "200 60"; do
    set -- $size
    line=$(bottom "wide$1" "$1" "$2" "$small" "transition")
    case $line in
        *"1 move, 1 action; settles in 1 transition"*) check ok "demo-small at $1x$2 settles in 1 transition" ;;
        *) check fail "demo-small at $1x$2: status bar reads '$line'" ;;
    esac
done

# At 80 columns the figure shows whole when the bar makes room for it (the
# file name is cut first), never cut itself; at 60 it is left out whole.
line=$(bottom narrow80 80 24 "$small" "1 action" 2)
case $line in
    *"1 move, 1 action; settles in 1 transition"*) check ok "80x24: the figure shows whole" ;;
    *settle*) check fail "80x24: the settle figure is cut: '$line'" ;;
    *"1 move, 1 action"*) check ok "80x24: the figure is left out whole" ;;
    *) check fail "80x24: status bar reads '$line'" ;;
esac
line=$(bottom narrow60 60 24 "$small" "1 action" 2)
case $line in
    *settle*) check fail "60x24: the settle figure does not fit whole but shows: '$line'" ;;
    *"1 move, 1 action"*) check ok "60x24: the figure is left out whole" ;;
    *) check fail "60x24: status bar reads '$line'" ;;
esac

cycle=${SHARED_DIR:-$top_srcdir/../shared}/corpus/pacemaker-2.1.5/xml/colocated-utilization-clone.xml
if [ -r "$cycle" ]; then
    line=$(bottom cycle 200 60 "$cycle" "back and forth")
    case $line in
        *"does not settle: rsc2 and 3 more move back and forth"*) check ok "a cycle is named" ;;
        *) check fail "cycle: status bar reads '$line'" ;;
    esac
else
    echo "SKIP: the corpus is not at hand for the cycle"
fi

[ $failures -eq 0 ]

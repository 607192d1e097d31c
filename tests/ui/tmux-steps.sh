# tmux-steps.sh: the steps the view scripts (run-graph-tmux.sh,
# run-timeline-tmux.sh, run-cause-tmux.sh) share beyond tmux-lib.sh's,
# sourced after it.

# absent SESSION TEXT: the screen (already settled) does not show TEXT.
absent() {
    capture "$1"
    if grep -q -F -- "$2" "$tmp/screen"; then
        fail "$1: '$2' is shown"
    else
        checks=$((checks + 1))
    fi
}

quit() {
    keys "$1" q
    sleep 0.2
    tmx kill-session -t "$1" >/dev/null 2>&1
}

# tmux-steps.sh: the steps the view scripts (run-graph-tmux.sh,
# run-timeline-tmux.sh, run-cause-tmux.sh) share, sourced after each has
# set tmp, checks, failures and its tmx function.
capture() {
    tmx capture-pane -p -t "$1" >"$tmp/screen"
}

fail() {
    checks=$((checks + 1))
    failures=$((failures + 1))
    echo "FAIL: $*"
    echo "---- screen ----"
    cat "$tmp/screen"
    echo "----------------"
}

# wait_for SESSION TEXT: shown within 5 s, the screen then still.
wait_for() {
    tries=0
    while [ $tries -lt 50 ]; do
        capture "$1"
        if grep -q -F -- "$2" "$tmp/screen"; then
            sleep 0.05
            capture "$1"
            checks=$((checks + 1))
            return 0
        fi
        sleep 0.1
        tries=$((tries + 1))
    done
    fail "$1: '$2' never appeared"
    return 1
}

# absent SESSION TEXT: the screen (already settled) does not show TEXT.
absent() {
    capture "$1"
    if grep -q -F -- "$2" "$tmp/screen"; then
        fail "$1: '$2' is shown"
    else
        checks=$((checks + 1))
    fi
}

keys() {
    session=$1
    shift
    tmx send-keys -t "$session" "$@"
}

quit() {
    keys "$1" q
    sleep 0.2
    tmx kill-session -t "$1" >/dev/null 2>&1
}

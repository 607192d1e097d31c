#!/bin/sh
# attrs-tmux.sh: the attribute lists in tmux, at 80x24 and 200x60, on a
# copy of data/demo-small.xml (XDG_STATE_HOME in the test's directory):
# - A on a resource row: each meta attribute with its value and source;
#   Enter edits a value (the old one shown, the first key replaces it),
#   d deletes the resource's own value and refuses one it does not own,
#   a adds a name with Tab completing it, u undoes; each change is one
#   edit, re-solved and saved to the file;
# - N on a node column: the node's permanent and transient attributes and
#   its utilization, edited the same way (U adds a utilization).
# The helpers come from run-tmux.sh.  Exit 77 (skip) without tmux.
set -u

# shellcheck disable=SC2034 # read by run-tmux.sh, sourced below
CS_TMUX_HELPERS_ONLY=1
here_attrs=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=run-tmux.sh
. "$here_attrs/run-tmux.sh"

# row_shows SESSION NAME TEXT: the list's row of NAME shows TEXT.
row_shows() {
    line=$(grep -F -- "│ $2" "$tmp/screen" | head -1)
    case $line in
        *"$3"*) pass ;;
        *) fail "$1: the row of $2 does not show '$3': '$line'" ;;
    esac
}

# shows_after SESSION TEXT NAME EXPECTED: waits for TEXT, then checks the
# row of NAME.
shows_after() {
    wait_for "$1" "$2" && row_shows "$1" "$3" "$4"
}

test_meta_list() {
    columns=$1 lines=$2
    session=meta$columns
    cp "$small" "$tmp/$session.xml"
    start $session "$columns" "$lines" "$tmp/$session.xml"
    wait_for $session "1 Matrix" || return
    goto_cell $session 2 0
    keys $session A
    wait_for $session "web-vip: meta attributes" || return
    row_shows $session resource-stickiness "rsc_defaults (rsc_defaults-meta_a"
    row_shows $session target-role "default"
    # Enter: the old value shown, the first key typed replaces it.
    keys $session j j j j j Enter
    wait_for $session "resource-stickiness = 100  (type to replace)"
    keys $session 7 Enter
    shows_after $session "meta web-vip resource-stickiness=7" resource-stickiness "own meta (web-vip-meta_attrib"
    row_shows $session resource-stickiness " 7 "
    # d: the resource's own value goes; rsc_defaults' is in force again.
    keys $session d
    shows_after $session "meta web-vip resource-stickiness deleted" resource-stickiness "rsc_defaults"
    # d on what the resource does not own is refused, naming the source.
    keys $session k d
    wait_for $session "maintenance is not web-vip's own (default)"
    # a: a name, Tab completing it, then its value.
    keys $session a
    wait_for $session "new name: _"
    keys $session m i g Tab
    wait_for $session "new name: migration-threshold_"
    keys $session Enter
    wait_for $session "migration-threshold = _"
    keys $session 3 Enter
    shows_after $session "meta web-vip migration-threshold=3" migration-threshold "own meta (web-vip-meta_attrib"
    # u undoes the last of them, in the list.
    keys $session u
    shows_after $session "undo: meta web-vip migration-threshold=3" migration-threshold "INFINITY"
    keys $session Escape
    wait_gone $session "web-vip: meta attributes"
    keys $session w
    wait_for $session "Saved "
    if grep -q 'id="web-vip-meta_attributes-resource-stickiness"' "$tmp/$session.xml" \
       || grep -q 'id="web-vip-meta_attributes-migration-threshold"' "$tmp/$session.xml"; then
        fail "$session: an undone or deleted value was saved"
    else
        pass
    fi
    tmx kill-session -t $session 2>/dev/null
}

test_node_list() {
    columns=$1 lines=$2
    session=node$columns
    cp "$small" "$tmp/$session.xml"
    start $session "$columns" "$lines" "$tmp/$session.xml"
    wait_for $session "1 Matrix" || return
    goto_cell $session 0 1
    keys $session N
    wait_for $session "bravo: node attributes and utilization" || return
    row_shows $session tier "node attribute (nodes-2)"
    row_shows $session "fail-count-app-worker" "transient (status-2)"
    # Enter on a permanent attribute.
    keys $session Enter
    wait_for $session "tier = db  (type to replace)"
    keys $session w e b Enter
    shows_after $session "attribute tier=web on bravo" tier " web "
    # A utilization, its name completed.
    keys $session U
    wait_for $session "utilization name: _"
    keys $session c p Tab
    wait_for $session "utilization name: cpu_"
    keys $session Enter 4 Enter
    shows_after $session "utilization bravo cpu=4" cpu "utilization (nodes-2-utiliz"
    # A transient attribute stays transient.
    keys $session g j j Enter
    wait_for $session "fail-count-app-worker#monitor_10000 = 2"
    keys $session 5 Enter
    shows_after $session "transient attribute fail-count-app-worker#monitor_10000=5" "fail-count-app-worker" "transient (status-2)"
    # d deletes the permanent attribute.
    keys $session g d
    wait_for $session "delete attribute tier on bravo"
    capture $session
    if grep -q -F "│ tier " "$tmp/screen"; then fail "$session: tier still listed"; else pass; fi
    keys $session Escape w
    wait_for $session "Saved "
    if grep -q 'name="cpu" value="4"' "$tmp/$session.xml" \
       && grep -q 'name="fail-count-app-worker#monitor_10000" value="5"' "$tmp/$session.xml" \
       && ! grep -q 'id="nodes-2-tier"' "$tmp/$session.xml"; then
        pass
    else
        fail "$session: the saved CIB lacks the node edits"
    fi
    # The help lists the key (whole at 60 lines).
    if [ "$lines" -ge 60 ]; then
        keys $session "?"
        wait_for $session "the column's node: attributes, utilization"
    fi
    tmx kill-session -t $session 2>/dev/null
}

if [ -r "$small" ]; then
    for size in "80 24" "200 60"; do
        # shellcheck disable=SC2086
        test_meta_list $size
        # shellcheck disable=SC2086
        test_node_list $size
    done
else
    echo "SKIP: the attribute list tests need data/demo-small.xml"
fi

echo "attrs-tmux.sh: $checks checks, $failures failed"
[ $failures -eq 0 ]

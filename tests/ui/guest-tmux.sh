#!/bin/sh
# guest-tmux.sh: the console on a guest node (issue 19), at 80x24 and
# 200x60: the Matrix has the guest node g1 as a column (marked g:) next to the
# cluster nodes, and vm1 (its container) -INF there; the Transition view
# lists the guest's fencing as crm_simulate prints it, with the resource
# that holds the guest.  The CIB is tests/data/transition/
# guest-container-failed.xml (its summary is crm_simulate's).
# Exit 77 (skip) when tmux or a usable terminal type is missing.
set -u

cs_tmux_name=guest-ui
# shellcheck source=tmux-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/tmux-lib.sh"
cib=$top_srcdir/tests/data/transition/guest-container-failed.xml
failures=0

for size in "80 24" "200 60"; do
    # shellcheck disable=SC2086 # two words, columns and lines
    set -- $size
    session=guest$1
    console "$session" "$1" "$2" "$cib"
    shows "$session" '^Resource +Action .* n1 +n2 +g:g1 *$' \
        "$1x$2: Matrix columns n1 n2 g:g1 (the guest node, marked g)"
    shows "$session" '^ +vm1 .*-INF *$' \
        "$1x$2: vm1 (the guest's container) -INF on g1"
    tmx send-keys -t "$session" 2
    shows "$session" "Fence \(reboot\) g1 \(resource: vm1\) 'guest is unclean'" \
        "$1x$2: Transition names the guest's fencing and its container"
    shows "$session" 'Restart +g1 .*due to required vm1 start' \
        "$1x$2: the connection restarts with its container"
    tmx send-keys -t "$session" q
done

[ $failures -eq 0 ]

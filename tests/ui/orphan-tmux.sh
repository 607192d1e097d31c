#!/bin/sh
# orphan-tmux.sh: the console on a cloned group with a probe beyond
# clone-max, at 80x24 and 200x60.  The engine keeps the orphan instance
# that probe makes (cgr-g:3, for the orderings its pseudo-actions take
# part in) but the Matrix lists only the instances crm_mon would show,
# cgr-g:0 to cgr-g:2; the Transition view gives the third member's
# restart crm_simulate's reason.  The CIB is tests/data/transition/
# unfence-cloned-group-member-reason.xml (its summary is crm_simulate's).
# Exit 77 (skip) when tmux or a usable terminal type is missing.
set -u

cs_tmux_name=orphan-ui
# shellcheck source=tmux-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/tmux-lib.sh"
cib=$top_srcdir/tests/data/transition/unfence-cloned-group-member-reason.xml
failures=0

for size in "80 24" "200 60"; do
    # shellcheck disable=SC2086 # two words, columns and lines
    set -- $size
    session=orphan$1
    console "$session" "$1" "$2" "$cib"
    shows "$session" '^ +cgr-g:2 ' "$1x$2: the Matrix lists instance cgr-g:2"
    if grep -q 'cgr-g:3\|cgr-g-m-3:3' "$tmp/screen"; then
        check fail "$1x$2: the inactive orphan cgr-g:3 is listed (screen below)"
        cat "$tmp/screen"
    else
        check ok "$1x$2: the inactive orphan cgr-g:3 is not listed"
    fi
    tmx send-keys -t "$session" 2
    shows "$session" 'Restart +cgr-g-m-3:2 .*due to required cgr-g-m-2:2 start' \
        "$1x$2: the third member restarts after the second, as crm_simulate says"
    tmx send-keys -t "$session" q
done

[ $failures -eq 0 ]

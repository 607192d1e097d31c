#!/bin/sh
# bundle-guest-tmux.sh: the console on a bundle with a resource inside
# (issue 19), at 200x60 and 80x24: the Matrix has the bundle's guest
# nodes web-0 and web-1 as columns (marked b:) after the cluster nodes, the bundle
# unfolds into its replicas (container, connection, then the instance
# of the resource inside), and app:0's score and run mark stand under
# its guest node web-0.  The scores are the engine's (those of
# `cibscope scores` on the same CIB); the CIB is
# tests/data/bundle/inner-clone-after.xml.
# Exit 77 (skip) when tmux or a usable terminal type is missing.
set -u

cs_tmux_name=bundle-guest-ui
# shellcheck source=tmux-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/tmux-lib.sh"
cib=$top_srcdir/tests/data/bundle/inner-clone-after.xml
failures=0

# The replica rows in order: container, connection, instance, twice.
replica_order() {
    grep -E -o '^ +(web-podman-[01]|web-[01]|app:[01]) ' "$tmp/screen" | tr -d ' ' | tr '\n' ' '
}

for size in "200 60" "80 24"; do
    # shellcheck disable=SC2086 # two words, columns and lines
    set -- $size
    session=bundle$1
    console "$session" "$1" "$2" "$cib"
    shows "$session" '^Resource +Action .* node1 +node2 +b:web-0 +b:web-1 *$' \
        "$1x$2: Matrix columns node1 node2 b:web-0 b:web-1 (the replicas' guest nodes, marked b)"
    # app:0 placed on web-0 (its score INFINITY there), -INF on web-1.
    shows "$session" '^ +app:0 +Start .* -INF +-INF +▶ +\+INF +-INF *$' \
        "$1x$2: app:0 will run on its guest node web-0, +INF there"
    shows "$session" '^ +app:1 +Start .* -INF +-INF +-INF +▶ +\+INF *$' \
        "$1x$2: app:1 will run on its guest node web-1, +INF there"
    # The connection web-0 prefers the container's node (10000).
    shows "$session" '^ +web-0 +Start .*▶ +10000 +0 +-INF +-INF *$' \
        "$1x$2: the connection web-0 starts on node1"
    order=$(replica_order)
    if [ "$order" = "web-podman-0 web-0 app:0 web-podman-1 web-1 app:1 " ]; then
        check ok "$1x$2: replicas unfold in order"
    else
        check fail "$1x$2: replicas unfold in order (got: $order)"
    fi
    # Folded, the bundle keeps one row for the whole.
    tmx send-keys -t "$session" -
    shows "$session" '^▸ web +Start x6 ' "$1x$2: the folded bundle starts its 6 resources"
    tmx capture-pane -p -t "$session" >"$tmp/screen"
    if grep -q 'app:0' "$tmp/screen"; then
        check fail "$1x$2: folded, no instance row shows"
    else
        check ok "$1x$2: folded, no instance row shows"
    fi
    shows "$session" '1 Matrix' "$1x$2: the tab bar still shows"
    shows "$session" '▶ will run' "$1x$2: the legend still shows"
    tmx send-keys -t "$session" q
done

[ $failures -eq 0 ]

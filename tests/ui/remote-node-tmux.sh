#!/bin/sh
# remote-node-tmux.sh: the console on remote, guest and bundle replica
# nodes (issue 19), at 80x24 and 200x60:
# - a remote node's column is marked r: and the legend says so; N on it
#   shows its connection, where that runs now and next, and its
#   reconnect_interval (tests/data/transition/remote-reconnect-recent.xml:
#   rem1's connection stops, reconnect_interval="60s", crm_simulate
#   fences rem1 as 'remote connection is unrecoverable');
# - N on a guest column shows its container and that container's host,
#   and Explain on a resource there follows the chain container ->
#   connection -> guest node (tests/data/transition/guest-host-fenced.xml:
#   vm1 holds g1, its host n1 left, crm_simulate recovers vm1 on n2),
#   and the Graph draws those links (vm1 -> g1 -> d1, d2);
# - N on a bundle replica's column names the bundle, the replica and its
#   container (tests/data/bundle/inner-clone-after.xml);
# - a bundle's replicas unfold with their address, container, connection
#   and instance inside (tests/data/bundle/inner-docker-ip.xml), and one
#   with no resource inside into its replicas' containers, folding back
#   (tests/data/bundle/podman.xml).
# Exit 77 (skip) when tmux or a usable terminal type is missing.
set -u

cs_tmux_name=remote-node-ui
# shellcheck source=tmux-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/tmux-lib.sh"
data=$top_srcdir/tests/data
failures=0

# start SESSION COLUMNS LINES CIB
start() {
    tmx new-session -d -s "$1" -x "$2" -y "$3" \
        env -u NO_COLOR LANG=C.UTF-8 LC_ALL= XDG_STATE_HOME="$tmp/state" \
        "$bin" "$4"
}

# lacks SESSION PATTERN WHAT: the screen (captured now) does not match.
lacks() {
    tmx capture-pane -p -t "$1" >"$tmp/screen"
    if grep -E -q -- "$2" "$tmp/screen"; then
        check fail "$3 (screen below)"
        cat "$tmp/screen"
    else
        check ok "$3"
    fi
}

for size in "80 24" "200 60"; do
    # shellcheck disable=SC2086 # two words, columns and lines
    set -- $size
    at="$1x$2"

    # A remote node.
    session=remote$1
    start "$session" "$1" "$2" "$data/transition/remote-reconnect-recent.xml"
    shows "$session" '^Resource +Action .* n1 +n2 +n3 +r:rem1 *$' "$at: rem1's column is marked r:"
    shows "$session" 'Node kinds: r: remote node ' "$at: the legend explains r:"
    tmx send-keys -t "$session" '>' N
    shows "$session" 'rem1: what the node hangs on' "$at: N on rem1 opens its node view"
    shows "$session" 'kind +Pacemaker Remote node \(ocf:pacemaker:remote\)' "$at: rem1 is a remote node"
    shows "$session" 'connection runs on +n1 -> stopped' "$at: its connection stops on n1"
    shows "$session" 'reconnect_interval +60s' "$at: its reconnect_interval"
    shows "$session" "state +unclean: fenced next \('remote connection is unrecover" \
        "$at: rem1 is fenced next"
    shows "$session" 'resources on it +d1 \(leaves\)' "$at: d1 leaves rem1"
    lacks "$session" "no node 'rem1'" "$at: no 'no node' error"
    tmx send-keys -t "$session" Escape q

    # A guest node.
    session=guest$1
    start "$session" "$1" "$2" "$data/transition/guest-host-fenced.xml"
    shows "$session" '^Resource +Action .* n1 +n2 +g:g1 *$' "$at: g1's column is marked g:"
    shows "$session" 'Node kinds: g: guest node ' "$at: the legend explains g:"
    tmx send-keys -t "$session" '>' N
    shows "$session" 'kind +guest node \(remote-node of vm1\)' "$at: N on g1: vm1 holds it"
    shows "$session" 'container +vm1 \(ocf:pacemaker:Dummy\)' "$at: N on g1: its container"
    shows "$session" 'container host +n1 -> n2' "$at: N on g1: the container's host, now and next"
    shows "$session" 'connection runs on +n1 -> n2' "$at: N on g1: its connection moves with it"
    lacks "$session" "no node 'g1'" "$at: N on g1 says no 'no node'"
    lacks "$session" 'Enter edit' "$at: N on g1 offers no edit keys"
    tmx send-keys -t "$session" a
    shows "$session" 'g1 has no <node> entry in the configuration: no attribute to set' \
        "$at: N on g1: a says there is nothing to add an attribute to"
    # Explain on d1 (the third row), which runs on g1.
    tmx send-keys -t "$session" Escape j j e
    shows "$session" 'on guest node g1: guest node \(remote-node of vm1\)' \
        "$at: Explain d1: the guest node it runs on"
    shows "$session" 'd1 recovers: its guest node g1.s container vm1 recovers' \
        "$at: Explain d1: the chain in one sentence"
    shows "$session" '^ +Recover vm1 \(n1 -> n2\)' "$at: Explain d1: the container's own cause follows"
    # The Graph draws the implicit links: vm1 -> g1 -> d1, d2.
    tmx send-keys -t "$session" 5
    shows "$session" '^ +guest node g1 *$' "$at: Graph: vm1 holds guest node g1"
    shows "$session" 'runs on g1 +runs on g1' "$at: Graph: d1 and d2 run on g1"
    tmx send-keys -t "$session" n Enter
    shows "$session" 'vm1 holds guest node g1, whose connection g1 runs with it' \
        "$at: Graph: an implicit link's details"
    tmx send-keys -t "$session" Escape q

    # A bundle's replica.
    session=replica$1
    start "$session" "$1" "$2" "$data/bundle/inner-clone-after.xml"
    shows "$session" 'Node kinds: b: bundle replica ' "$at: the legend explains b:"
    tmx send-keys -t "$session" '>' h N
    shows "$session" 'web-0: what the node hangs on' "$at: N on web-0"
    shows "$session" 'kind +guest node of bundle web, replica 0' "$at: N on web-0: bundle web, replica 0"
    shows "$session" 'container +web-podman-0 \(ocf:heartbeat:podman\)' "$at: N on web-0: its container"
    shows "$session" 'container host +stopped -> node1' "$at: N on web-0: its container starts on node1"
    shows "$session" 'resources on it +app:0 \(arrives\)' "$at: N on web-0: app:0 arrives"
    tmx send-keys -t "$session" Escape q

    # A replica with an address: address, container, connection, instance.
    session=address$1
    start "$session" "$1" "$2" "$data/bundle/inner-docker-ip.xml"
    shows "$session" '^ +app:1 ' "$at: the replicas of web unfold"
    order=$(grep -E -o '^ +(web-ip-10\.0\.0\.1[01]|web-docker-[01]|web-[01]|app:[01]) ' "$tmp/screen" |
        tr -d ' ' | tr '\n' ' ')
    if [ "$order" = "web-ip-10.0.0.10 web-docker-0 web-0 app:0 web-ip-10.0.0.11 web-docker-1 web-1 app:1 " ]; then
        check ok "$at: each replica's address, container, connection and instance, in order"
    else
        check fail "$at: each replica's address, container, connection and instance (got: $order)"
    fi
    tmx send-keys -t "$session" q

    # A bundle with nothing inside folds into its replicas' containers.
    session=bundle$1
    start "$session" "$1" "$2" "$data/bundle/podman.xml"
    shows "$session" '^▾ web ' "$at: the bundle row unfolds"
    shows "$session" '^ +web-podman-0 +Start ' "$at: replica 0's container"
    shows "$session" '^ +web-podman-1 +Start ' "$at: replica 1's container"
    lacks "$session" 'Node kinds' "$at: no node-kind legend with cluster nodes only"
    tmx send-keys -t "$session" -
    shows "$session" '^▸ web ' "$at: the bundle row folds"
    lacks "$session" 'web-podman-0' "$at: folded, no replica row shows"
    tmx send-keys -t "$session" q
done

[ $failures -eq 0 ]

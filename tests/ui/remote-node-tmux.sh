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
#   container (tests/data/bundle/inner-clone-after.xml), and the Graph
#   draws each replica's parts with the same links: web -> web-podman-0
#   -> web-0 -> app:0 ("replica 0", "guest node web-0", "runs on web-0"),
#   an edge's details say what it stands for, and e on one explains the
#   part it points at;
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

# expect SESSION PATTERN WHAT [PATTERN WHAT ...]: the screen shows each
# PATTERN in turn (tmux-lib.sh's shows), WHAT told at this size.
expect() {
    expect_session=$1
    shift
    while [ $# -ge 2 ]; do
        shows "$expect_session" "$1" "$at: $2"
        shift 2
    done
}

# A remote node.
remote_node() {
    session=remote$1
    console "$session" "$1" "$2" "$data/transition/remote-reconnect-recent.xml"
    expect "$session" \
        '^Resource +Action .* n1 +n2 +n3 +r:rem1 *$' "rem1's column is marked r:" \
        'Node kinds: r: remote node ' "the legend explains r:"
    tmx send-keys -t "$session" '>' N
    expect "$session" \
        'rem1: what the node hangs on' "N on rem1 opens its node view" \
        'kind +Pacemaker Remote node \(ocf:pacemaker:remote\)' "rem1 is a remote node" \
        'connection runs on +n1 -> stopped' "its connection stops on n1" \
        'reconnect_interval +60s' "its reconnect_interval" \
        "state +unclean: fenced next \('remote connection is unrecover" "rem1 is fenced next" \
        'resources on it +d1 \(leaves\)' "d1 leaves rem1"
    hides "$session" "no node 'rem1'" "$at: no 'no node' error"
    tmx send-keys -t "$session" Escape q
}

# A guest node.
guest_node() {
    session=guest$1
    console "$session" "$1" "$2" "$data/transition/guest-host-fenced.xml"
    expect "$session" \
        '^Resource +Action .* n1 +n2 +g:g1 *$' "g1's column is marked g:" \
        'Node kinds: g: guest node ' "the legend explains g:"
    tmx send-keys -t "$session" '>' N
    expect "$session" \
        'kind +guest node \(remote-node of vm1\)' "N on g1: vm1 holds it" \
        'container +vm1 \(ocf:pacemaker:Dummy\)' "N on g1: its container" \
        'container host +n1 -> n2' "N on g1: the container's host, now and next" \
        'connection runs on +n1 -> n2' "N on g1: its connection moves with it"
    hides "$session" "no node 'g1'" "$at: N on g1 says no 'no node'"
    hides "$session" 'Enter edit' "$at: N on g1 offers no edit keys"
    tmx send-keys -t "$session" a
    expect "$session" \
        'g1 has no <node> entry in the configuration: no attribute to set' \
        "N on g1: a says there is nothing to add an attribute to"
    # Explain on d1 (the third row), which runs on g1.
    tmx send-keys -t "$session" Escape j j e
    expect "$session" \
        'on guest node g1: guest node \(remote-node of vm1\)' "Explain d1: the guest node it runs on" \
        'd1 recovers: its guest node g1.s container vm1 recovers' "Explain d1: the chain in one sentence" \
        '^ +Recover vm1 \(n1 -> n2\)' "Explain d1: the container's own cause follows"
    # The Graph draws the implicit links: vm1 -> g1 -> d1, d2.
    tmx send-keys -t "$session" 5
    expect "$session" \
        '^ +guest node g1 *$' "Graph: vm1 holds guest node g1" \
        'runs on g1 +runs on g1' "Graph: d1 and d2 run on g1"
    tmx send-keys -t "$session" n Enter
    expect "$session" \
        'vm1 holds guest node g1, whose connection g1 runs with it' "Graph: an implicit link's details"
    tmx send-keys -t "$session" Escape q
}

# A bundle's replica: its node view, then the Graph of its parts.
replica_node() {
    session=replica$1
    console "$session" "$1" "$2" "$data/bundle/inner-clone-after.xml"
    expect "$session" 'Node kinds: b: bundle replica ' "the legend explains b:"
    tmx send-keys -t "$session" '>' h N
    expect "$session" \
        'web-0: what the node hangs on' "N on web-0" \
        'kind +guest node of bundle web, replica 0' "N on web-0: bundle web, replica 0" \
        'container +web-podman-0 \(ocf:heartbeat:podman\)' "N on web-0: its container" \
        'container host +stopped -> node1' "N on web-0: its container starts on node1" \
        'resources on it +app:0 \(arrives\)' "N on web-0: app:0 arrives"
    tmx send-keys -t "$session" Escape 5
    expect "$session" \
        '^ +replica 0 +replica 1 *$' "Graph: web links to each replica's container" \
        '│ web-podman-0 +│ +│ web-podman-1 ' "Graph: the containers have boxes of their own" \
        '^ +guest node web-0 +guest node web-1 *$' "Graph: each container holds its guest node"
    # the instances inside, below the first screen at 80x24
    tmx send-keys -t "$session" j j j j j j j j j j
    expect "$session" \
        '^ +runs on web-0 +runs on web-1 *$' "Graph: app:0 and app:1 run on their replicas" \
        '│ app:1 +│' "Graph: the instance inside has a box"
    tmx send-keys -t "$session" n Enter
    expect "$session" 'web-podman-0 is part of replica 0 of bundle web, which creates it' \
        "Graph: a replica link's details"
    tmx send-keys -t "$session" Escape e
    expect "$session" \
        'Explain web-podman-0 on node1' "Graph: e explains the replica's container" \
        'container of bundle replica web-0' "Graph: e: the chain it is part of"
    tmx send-keys -t "$session" q
}

# A replica with an address: address, container, connection, instance.
replica_rows() {
    session=address$1
    console "$session" "$1" "$2" "$data/bundle/inner-docker-ip.xml"
    expect "$session" '^ +app:1 ' "the replicas of web unfold"
    order=$(grep -E -o '^ +(web-ip-10\.0\.0\.1[01]|web-docker-[01]|web-[01]|app:[01]) ' "$tmp/screen" |
        tr -d ' ' | tr '\n' ' ')
    if [ "$order" = "web-ip-10.0.0.10 web-docker-0 web-0 app:0 web-ip-10.0.0.11 web-docker-1 web-1 app:1 " ]; then
        check ok "$at: each replica's address, container, connection and instance, in order"
    else
        check fail "$at: each replica's address, container, connection and instance (got: $order)"
    fi
    tmx send-keys -t "$session" q
}

# A bundle with nothing inside folds into its replicas' containers.
bundle_folds() {
    session=bundle$1
    console "$session" "$1" "$2" "$data/bundle/podman.xml"
    expect "$session" \
        '^▾ web ' "the bundle row unfolds" \
        '^ +web-podman-0 +Start ' "replica 0's container" \
        '^ +web-podman-1 +Start ' "replica 1's container"
    hides "$session" 'Node kinds' "$at: no node-kind legend with cluster nodes only"
    tmx send-keys -t "$session" -
    expect "$session" '^▸ web ' "the bundle row folds"
    hides "$session" 'web-podman-0' "$at: folded, no replica row shows"
    tmx send-keys -t "$session" q
}

for size in "80 24" "200 60"; do
    # shellcheck disable=SC2086 # two words, columns and lines
    set -- $size
    at="$1x$2"
    for scenario in remote_node guest_node replica_node replica_rows bundle_folds; do
        "$scenario" "$1" "$2"
    done
done

[ $failures -eq 0 ]

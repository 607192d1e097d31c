#!/bin/sh
# run-cluster.sh: cibscope's live transport and history against a real
# single-node cluster (Debian's corosync and pacemaker).
#
# Writes its own corosync configuration, starts corosync and pacemakerd,
# creates Dummy resources, reads the cluster live, commits a ban and a
# stickiness change planned by cibscope and checks the cluster did what
# cibscope predicted; injects a failure with crm_resource --fail and checks
# the prediction follows; then reads the pe-inputs the cluster wrote with
# `history` and checks they report those transitions.
#
# Root only; skipped (exit 77) with a reason when not root, when the
# packages are missing and cannot be installed, or when a cluster is
# already configured or running here.  Bounded to 5 minutes; the daemons
# are stopped by PID on every exit path.  CS_LIVE_KEEP=1 keeps the logs,
# the pe-inputs and the history report in /tmp/cs-cluster.* even on success.
set -u

SKIP=77
LIMIT=300
BUILD=${CS_TOP_BUILDDIR:-$(pwd)}
DRIVER=$BUILD/tests/live/cs-live-driver
NODE=cs-node1

skip() { echo "run-cluster: SKIP: $*"; exit $SKIP; }
fail() { echo "run-cluster: FAIL: $*"; exit 1; }
# The daemons are Debian's, not ours: when the stack cannot form a cluster
# on this machine (no shared memory for IPC, no loopback, a sandbox), say so
# loudly and skip; every check of what cibscope does still fails the test.
stack_down() { echo "run-cluster: SKIP: the cluster stack did not come up here: $* (an environment problem, not a cibscope result)"; exit $SKIP; }
say() { echo "run-cluster: $*"; }

[ "$(id -u)" = 0 ] || skip "needs root to start corosync and pacemaker"
[ -x "$DRIVER" ] || skip "$DRIVER not built (make check builds it)"
if ! command -v corosync >/dev/null 2>&1 || ! command -v pacemakerd >/dev/null 2>&1 \
   || [ ! -x /usr/lib/ocf/resource.d/pacemaker/Dummy ]; then
    if command -v apt-get >/dev/null 2>&1; then
        say "installing corosync and pacemaker"
        DEBIAN_FRONTEND=noninteractive timeout 240 apt-get install -y -q corosync pacemaker \
            >/dev/null 2>&1 || skip "corosync/pacemaker missing and apt-get install failed"
    fi
    command -v corosync >/dev/null 2>&1 && command -v pacemakerd >/dev/null 2>&1 \
        || skip "corosync and pacemaker packages are not installed"
fi
for daemon in corosync pacemakerd pacemaker-based pacemaker-controld; do
    pgrep -x "$daemon" >/dev/null 2>&1 && skip "$daemon is already running: not touching a real cluster"
done
CIB_DIR=/var/lib/pacemaker/cib
PE_DIR=/var/lib/pacemaker/pengine
[ -e "$CIB_DIR/cib.xml" ] && skip "$CIB_DIR/cib.xml exists: a cluster is configured here"

WORK=$(mktemp -d /tmp/cs-cluster.XXXXXX)
COROSYNC_PID=
PACEMAKERD_PID=
WATCHDOG_PID=
START=$(date +%s)
touch "$WORK/start-marker"
mkdir -p "$PE_DIR"
ls "$PE_DIR" > "$WORK/pe-before" 2>/dev/null

# Stop what we started, by PID: pacemakerd first (it stops its children),
# then anything of its children still there, then corosync.
cleanup() {
    status=$?
    trap - EXIT INT TERM
    [ -n "$WATCHDOG_PID" ] && kill "$WATCHDOG_PID" 2>/dev/null
    if [ -n "$PACEMAKERD_PID" ]; then
        children=$(pgrep -P "$PACEMAKERD_PID" 2>/dev/null)
        kill -TERM "$PACEMAKERD_PID" 2>/dev/null
        i=0
        while kill -0 "$PACEMAKERD_PID" 2>/dev/null && [ $i -lt 60 ]; do sleep 1; i=$((i + 1)); done
        kill -KILL "$PACEMAKERD_PID" 2>/dev/null
        for child in $children; do kill -KILL "$child" 2>/dev/null; done
        wait "$PACEMAKERD_PID" 2>/dev/null
    fi
    if [ -n "$COROSYNC_PID" ]; then
        kill -TERM "$COROSYNC_PID" 2>/dev/null
        i=0
        while kill -0 "$COROSYNC_PID" 2>/dev/null && [ $i -lt 20 ]; do sleep 1; i=$((i + 1)); done
        kill -KILL "$COROSYNC_PID" 2>/dev/null
        wait "$COROSYNC_PID" 2>/dev/null
    fi
    # Leave no cluster configuration behind: the CIB this test created and
    # the scheduler inputs it caused (kept in $WORK while it ran).
    rm -f "$CIB_DIR"/cib.xml "$CIB_DIR"/cib.xml.sig "$CIB_DIR"/cib-* "$CIB_DIR"/cib.last
    for file in $(find "$PE_DIR" -newer "$WORK/start-marker" -type f 2>/dev/null); do
        grep -qx "$(basename "$file")" "$WORK/pe-before" || rm -f "$file"
    done
    if [ -z "${CS_LIVE_KEEP:-}" ] && { [ "$status" = 0 ] || [ "$status" = $SKIP ]; }; then
        rm -rf "$WORK"
    else
        say "logs and pe-inputs kept in $WORK"
    fi
    say "finished in $(( $(date +%s) - START )) s"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
# The watchdog takes its sleep down with it when stopped, so that nothing
# holds the test's output open after the test ends.
MAIN_PID=$$
(
    trap 'kill "$nap" 2>/dev/null; exit 0' TERM
    sleep $LIMIT &
    nap=$!
    wait "$nap" && { say "over $LIMIT s: stopping"; kill -TERM "$MAIN_PID"; }
) &
WATCHDOG_PID=$!

cat > "$WORK/corosync.conf" <<EOF
totem {
    version: 2
    cluster_name: cibscope-test
    transport: knet
    crypto_cipher: none
    crypto_hash: none
}
nodelist {
    node {
        ring0_addr: 127.0.0.1
        name: $NODE
        nodeid: 1
    }
}
quorum {
    provider: corosync_votequorum
}
logging {
    to_logfile: yes
    logfile: $WORK/corosync.log
    to_syslog: no
    to_stderr: no
}
EOF

say "starting corosync"
corosync -f -c "$WORK/corosync.conf" > "$WORK/corosync.out" 2>&1 &
COROSYNC_PID=$!
i=0
until corosync-cfgtool -s >/dev/null 2>&1; do
    kill -0 "$COROSYNC_PID" 2>/dev/null || stack_down "corosync exited: $(tail -5 "$WORK/corosync.out" "$WORK/corosync.log" 2>/dev/null)"
    i=$((i + 1)); [ $i -gt 30 ] && stack_down "corosync did not answer within 30 s"
    sleep 1
done

say "starting pacemakerd"
PCMK_logfile=$WORK/pacemaker.log PCMK_node_name=$NODE pacemakerd -f > "$WORK/pacemakerd.out" 2>&1 &
PACEMAKERD_PID=$!
i=0
until timeout 5 cibadmin --query 2>/dev/null | head -1 | grep -q 'dc-uuid='; do
    kill -0 "$PACEMAKERD_PID" 2>/dev/null || stack_down "pacemakerd exited: $(tail -5 "$WORK/pacemakerd.out")"
    i=$((i + 1)); [ $i -gt 90 ] && stack_down "no DC elected within 90 s: $(tail -3 "$WORK/pacemaker.log" 2>/dev/null)"
    sleep 1
done
say "cluster up after $(( $(date +%s) - START )) s"

settle() { timeout 90 crm_resource --wait --timeout=80s >/dev/null 2>&1 || say "warning: cluster did not settle"; }
where() {  # the node running $1, or Stopped
    out=$(crm_resource --locate --resource "$1" 2>/dev/null | sed -n 's/.* is running on: \([^ ]*\).*/\1/p' | head -1)
    echo "${out:-Stopped}"
}
check_predictions() {  # every "predict RSC WHERE" line of $1 against the cluster
    grep '^predict ' "$1" | while read -r _ rsc expected; do
        actual=$(where "$rsc")
        [ "$actual" = "$expected" ] || { echo "$rsc: predicted $expected, cluster says $actual"; exit 1; }
        say "  $rsc: predicted $expected, cluster agrees"
    done
}

cibadmin --modify --scope crm_config --xml-text '<cluster_property_set id="cib-bootstrap-options"><nvpair id="cib-bootstrap-options-stonith-enabled" name="stonith-enabled" value="false"/></cluster_property_set>' \
    || fail "cannot disable fencing"
for rsc in dummy1 dummy2; do
    cibadmin --create --scope resources --xml-text "<primitive id=\"$rsc\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"><meta_attributes id=\"$rsc-meta_attributes\"><nvpair id=\"$rsc-meta_attributes-migration-threshold\" name=\"migration-threshold\" value=\"1\"/></meta_attributes><operations><op id=\"$rsc-monitor-5s\" name=\"monitor\" interval=\"5s\"/></operations></primitive>" \
        || fail "cannot create $rsc"
done
settle

say "reading the cluster live"
"$DRIVER" status > "$WORK/status" || fail "live query failed"
grep -q "^live  DC $NODE  epoch 0:" "$WORK/status" || fail "status text: $(cat "$WORK/status")"
"$DRIVER" predict > "$WORK/predict-0" || fail "prediction failed: $(cat "$WORK/predict-0")"
grep -qx "predict dummy1 $NODE" "$WORK/predict-0" || fail "dummy1 not predicted on $NODE: $(cat "$WORK/predict-0")"
check_predictions "$WORK/predict-0" || fail "initial prediction differs from the cluster"

say "committing a ban of dummy1 and a stickiness change of dummy2"
"$DRIVER" commit dummy1 "$NODE" dummy2 250 > "$WORK/commit" 2>&1 || fail "commit failed: $(cat "$WORK/commit")"
cat "$WORK/commit"
grep -q "^op .*cibadmin --create --scope constraints --xml-text '<rsc_location id=\"cli-ban-dummy1-on-$NODE\"" "$WORK/commit" \
    || fail "ban operation not shown"
grep -q "^ok  .*resource-stickiness" "$WORK/commit" || fail "stickiness operation not applied"
grep -qx "predict dummy1 Stopped" "$WORK/commit" || fail "dummy1 should be predicted stopped"
settle
check_predictions "$WORK/commit" || fail "the cluster did not do what was predicted after the commit"
timeout 10 cibadmin --query --scope resources | grep -q 'name="resource-stickiness" value="250"' \
    || fail "stickiness not in the cluster's CIB"

say "injecting a failure of dummy2"
"$DRIVER" predict > "$WORK/predict-1"
grep -qx "predict dummy2 $NODE" "$WORK/predict-1" || fail "dummy2 should still be predicted on $NODE"
timeout 30 crm_resource --fail --resource dummy2 --node "$NODE" >/dev/null 2>&1 || fail "crm_resource --fail failed"
i=0
until timeout 10 cibadmin --query --scope status | grep -q 'name="fail-count-dummy2#'; do
    i=$((i + 1)); [ $i -gt 30 ] && fail "no fail count recorded for dummy2"
    sleep 1
done
settle
"$DRIVER" predict > "$WORK/predict-2" || fail "prediction after the failure failed"
grep -qx "predict dummy2 Stopped" "$WORK/predict-2" \
    || fail "with migration-threshold=1 reached dummy2 should be predicted stopped: $(cat "$WORK/predict-2")"
check_predictions "$WORK/predict-2" || fail "the cluster did not do what was predicted after the failure"

say "reading the cluster's pe-inputs"
mkdir -p "$WORK/pe"
for file in $(find "$PE_DIR" -newer "$WORK/start-marker" -name 'pe-*' -type f); do
    cp "$file" "$WORK/pe/"
done
count=$(ls "$WORK/pe" | wc -l)
[ "$count" -ge 3 ] || fail "only $count pe-inputs written"
"$DRIVER" history "$WORK/pe" > "$WORK/history" 2>&1
history_status=$?
[ "$history_status" = 0 ] || fail "history exited $history_status: $(tail -20 "$WORK/history")"
grep -q "rsc_location cli-ban-dummy1-on-$NODE (dummy1 on $NODE, score -INFINITY) added" "$WORK/history" \
    || fail "history does not report the ban"
grep -q "dummy1: stops (was on $NODE)" "$WORK/history" || fail "history does not report dummy1 stopping"
grep -q "fail count dummy2 on $NODE (monitor, interval 5000ms) increased: 0 -> 1" "$WORK/history" \
    || grep -q "fail count dummy2 on $NODE .* increased" "$WORK/history" \
    || fail "history does not report dummy2's failure"
grep -q "dummy2: stops (was on $NODE)" "$WORK/history" || fail "history does not report dummy2 stopping"
say "history of $count pe-inputs reports the ban, the failure and both stops"
exit 0

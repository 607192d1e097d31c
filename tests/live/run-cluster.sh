#!/bin/sh
# run-cluster.sh: cibscope on a real single-node cluster (Debian's corosync
# and pacemaker), as issue 5 and doc/DESIGN.md "Live clusters" ask.
#
# Writes its own corosync configuration, starts corosync and pacemakerd,
# creates Dummy resources, and then uses cibscope itself, never a helper:
#   - the console (cibscope --live, in tmux when tmux is installed) reads
#     the cluster: the status bar says live, names the DC and the epoch,
#     and follows every change below;
#   - `cibscope --live --exec 'ban ...; stickiness ...; commit'` plans a ban
#     and a stickiness change, prints the exact commands (cibadmin for the
#     ban, crm_resource for the stickiness) and runs them; the cluster
#     must then do what cibscope predicted;
#   - a ticket grant, a cluster option and a transient node attribute
#     commit through crm_ticket, crm_attribute and attrd_updater, and the
#     cluster's own tools read them back;
#   - crm_resource --fail injects a failure: the console's Fail counts view
#     must show it (migration-threshold 1 reached) and the prediction must
#     follow (the resource stops), as the cluster does;
#   - `cibscope history` on the pe-inputs the cluster wrote must report the
#     stickiness change, the ban, the failure and both stops.
#
# Root only; skipped (exit 77) with a reason when not root, when the
# packages are missing and cannot be installed, or when a cluster is
# already configured or running here.  Bounded to 5 minutes; the daemons
# are stopped by PID on every exit path.  CS_LIVE_KEEP=1 keeps the logs,
# the pe-inputs and cibscope's outputs in /tmp/cs-cluster.* even on success.
set -u

SKIP=77
LIMIT=420
BUILD=${CS_TOP_BUILDDIR:-$(pwd)}
BIN=$BUILD/src/cibscope
NODE=cs-node1

skip() { echo "run-cluster: SKIP: $*"; exit $SKIP; }
fail() { echo "run-cluster: FAIL: $*"; exit 1; }
# The daemons are Debian's, not ours: when the stack cannot form a cluster
# on this machine (no shared memory for IPC, no loopback, a sandbox), say so
# loudly and skip; every check of what cibscope does still fails the test.
stack_down() { echo "run-cluster: SKIP: the cluster stack did not come up here: $* (an environment problem, not a cibscope result)"; exit $SKIP; }
say() { echo "run-cluster: $*"; }

[ "$(id -u)" = 0 ] || skip "needs root to start corosync and pacemaker"
[ -x "$BIN" ] || skip "$BIN not built"
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
TMUX_SOCKET=
START=$(date +%s)
touch "$WORK/start-marker"
mkdir -p "$PE_DIR"
ls "$PE_DIR" > "$WORK/pe-before" 2>/dev/null

# Stop what we started, by PID: pacemakerd first (it stops its children),
# then anything of its children still there, then corosync.
stop_pacemakerd() {
    if [ -n "$PACEMAKERD_PID" ]; then
        children=$(pgrep -P "$PACEMAKERD_PID" 2>/dev/null)
        kill -TERM "$PACEMAKERD_PID" 2>/dev/null
        i=0
        while kill -0 "$PACEMAKERD_PID" 2>/dev/null && [ $i -lt 60 ]; do sleep 1; i=$((i + 1)); done
        kill -KILL "$PACEMAKERD_PID" 2>/dev/null
        for child in $children; do kill -KILL "$child" 2>/dev/null; done
        wait "$PACEMAKERD_PID" 2>/dev/null
        PACEMAKERD_PID=
    fi
}
cleanup() {
    status=$?
    trap - EXIT INT TERM
    [ -n "$WATCHDOG_PID" ] && kill "$WATCHDOG_PID" 2>/dev/null
    [ -n "$TMUX_SOCKET" ] && tmux -S "$TMUX_SOCKET" kill-server >/dev/null 2>&1
    stop_pacemakerd
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
# predicted RSC [FILE]: where cibscope's `where` line for RSC (in FILE, else
# asked of the live cluster now) says RSC will run, or Stopped.
predicted() {
    if [ $# -gt 1 ]; then grep "^$1: " "$2"; else "$BIN" --live --exec "where $1"; fi | head -1 | sed \
        -e 's/.*, will \(run on\|start on\|move to\|migrate to\) \([^ ]*\) (score .*/\2/' \
        -e 's/^[^:]*: on \([^,]*\), stays (score .*/\1/' \
        -e 's/.*, will stop\( (.*)\)\{0,1\}$/Stopped/' -e 's/.*, stays stopped.*$/Stopped/'
}
agree() {  # agree RSC PREDICTION: the cluster runs RSC where cibscope said
    actual=$(where "$1")
    [ "$actual" = "$2" ] || fail "$1: cibscope predicted $2, the cluster says $actual"
    say "  $1: cibscope predicted $2, the cluster agrees"
}

# The console in tmux, when tmux is here: screen RSC... waits until the
# screen shows every TEXT given.
console_up=
console_start() {
    command -v tmux >/dev/null 2>&1 || { say "tmux missing: the console checks are left out"; return; }
    TMUX_SOCKET=$WORK/tmux.sock
    tmux -S "$TMUX_SOCKET" -f /dev/null new-session -d -s live -x 80 -y 24 \
        env LANG=C.UTF-8 LC_ALL= TERM=screen "$BIN" --live --interval 1 || fail "tmux did not start"
    console_up=1
}
screen_has() {  # screen_has TEXT [WHAT [SECONDS]]: within 10 s (on $SESSION, else live)
    [ -n "$console_up" ] || return 0
    i=0
    while [ $i -lt $(( ${3:-10} * 10 )) ]; do
        tmux -S "$TMUX_SOCKET" capture-pane -p -t "${SESSION:-live}" > "$WORK/screen" 2>/dev/null
        grep -q -F -- "$1" "$WORK/screen" && return 0
        sleep 0.1; i=$((i + 1))
    done
    cp "$WORK/screen" "$WORK/screen-failed"
    fail "the console never showed '$1'${2:+ ($2)}: $(cat "$WORK/screen")"
}
console_keys() { [ -z "$console_up" ] || tmux -S "$TMUX_SOCKET" send-keys -t "${SESSION:-live}" "$@"; }

cibadmin --modify --scope crm_config --xml-text '<cluster_property_set id="cib-bootstrap-options"><nvpair id="cib-bootstrap-options-stonith-enabled" name="stonith-enabled" value="false"/></cluster_property_set>' \
    || fail "cannot disable fencing"
for rsc in dummy1 dummy2; do
    cibadmin --create --scope resources --xml-text "<primitive id=\"$rsc\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"><meta_attributes id=\"$rsc-meta_attributes\"><nvpair id=\"$rsc-meta_attributes-migration-threshold\" name=\"migration-threshold\" value=\"1\"/></meta_attributes><operations><op id=\"$rsc-monitor-5s\" name=\"monitor\" interval=\"5s\"/></operations></primitive>" \
        || fail "cannot create $rsc"
done
settle

say "reading the cluster live"
"$BIN" transition --live > "$WORK/transition-0" 2>&1 || fail "cibscope transition --live: $(cat "$WORK/transition-0")"
for rsc in dummy1 dummy2; do
    agree $rsc "$(predicted $rsc)"
done
[ "$(predicted dummy1)" = "$NODE" ] || fail "dummy1 not predicted on $NODE"
epoch=$(timeout 10 cibadmin --query | head -1 | sed -n 's/.* epoch="\([0-9]*\)".*/\1/p')
console_start
screen_has "live  DC $NODE" "the status bar names the DC"
screen_has "epoch 0.$epoch." "the status bar shows the epoch"
screen_has "dummy2" "the matrix lists the resources"

say "committing a ban of dummy1 and a stickiness change of dummy2, planned by cibscope"
"$BIN" --live --exec "ban dummy1 $NODE; stickiness dummy2 250; commit --dry-run; where dummy1; where dummy2; commit" \
    > "$WORK/commit" 2>&1 || fail "commit failed: $(cat "$WORK/commit")"
cat "$WORK/commit"
grep -q -F "cibadmin --create --scope constraints --xml-text '<rsc_location id=\"cli-ban-dummy1-on-$NODE\" rsc=\"dummy1\" role=\"Started\" node=\"$NODE\" score=\"-INFINITY\"/>'" "$WORK/commit" \
    || fail "the ban's cibadmin operation is not shown"
grep -q "^ok .*cibadmin --create --scope constraints .*cli-ban-dummy1-on-$NODE" "$WORK/commit" || fail "the ban was not applied"
grep -q '^ok .*crm_resource --resource dummy2 --meta --set-parameter resource-stickiness --parameter-value 250$' "$WORK/commit" \
    || fail "the stickiness change did not go through crm_resource"
grep -q -e '--replace' -e "--scope configuration" "$WORK/commit" && fail "a commit replaced more than the objects edited"
[ "$(predicted dummy1 "$WORK/commit")" = Stopped ] || fail "dummy1 should be predicted stopped: $(grep '^dummy1:' "$WORK/commit")"
[ "$(predicted dummy2 "$WORK/commit")" = "$NODE" ] || fail "dummy2 should be predicted to stay: $(grep '^dummy2:' "$WORK/commit")"
settle
agree dummy1 "$(predicted dummy1 "$WORK/commit")"
agree dummy2 "$(predicted dummy2 "$WORK/commit")"
timeout 10 cibadmin --query --scope resources | grep -q 'name="resource-stickiness" value="250"' \
    || fail "stickiness not in the cluster's CIB"
epoch=$(timeout 10 cibadmin --query | head -1 | sed -n 's/.* epoch="\([0-9]*\)".*/\1/p')
screen_has "0.$epoch." "the console follows the commit to the new epoch"
screen_has "The CIB changed" "the console says the CIB changed"
# The notice is in the banner row: the status bar stays in view.
screen_has "live  DC $NODE" "the status bar stays in view under the notice"

say "granting a ticket and setting a cluster option from cibscope, through crm_ticket and crm_attribute"
"$BIN" --live --exec "ticket cs-ticket grant; property batch-limit 7; attr $NODE cs-probe 5 reboot; commit" \
    > "$WORK/settings" 2>&1 || fail "ticket/property/attribute commit: $(cat "$WORK/settings")"
cat "$WORK/settings"
grep -q '^ok .*crm_ticket --ticket cs-ticket --grant --force$' "$WORK/settings" \
    || fail "the grant did not go through crm_ticket"
grep -q '^ok .*crm_attribute --type crm_config --name batch-limit --update 7$' "$WORK/settings" \
    || fail "the option did not go through crm_attribute"
grep -q "^ok .*attrd_updater --name cs-probe --node $NODE --update 5\$" "$WORK/settings" \
    || fail "the transient attribute did not go through attrd_updater"
timeout 10 crm_ticket --ticket cs-ticket --get-attr granted 2>/dev/null | grep -q true \
    || fail "crm_ticket does not report cs-ticket granted"
timeout 10 crm_attribute --type crm_config --name batch-limit --query 2>/dev/null | grep -q 'value=7' \
    || fail "batch-limit is not 7 in the cluster"
i=0
until attrd_updater -Q -n cs-probe -N "$NODE" 2>/dev/null | grep -q 'value="5"'; do
    i=$((i + 1)); [ $i -gt 10 ] && fail "attrd does not hold cs-probe=5"
    sleep 1
done
"$BIN" --live --exec "ticket" > "$WORK/ticket" 2>&1 || fail "ticket: $(cat "$WORK/ticket")"
grep -q "cs-ticket.*granted" "$WORK/ticket" || fail "cibscope does not read the ticket back: $(cat "$WORK/ticket")"

say "injecting a failure of dummy2"
[ "$(predicted dummy2)" = "$NODE" ] || fail "dummy2 should still be predicted on $NODE"
timeout 30 crm_resource --fail --resource dummy2 --node "$NODE" >/dev/null 2>&1 || fail "crm_resource --fail failed"
i=0
until timeout 10 cibadmin --query --scope status | grep -q 'name="fail-count-dummy2#'; do
    i=$((i + 1)); [ $i -gt 30 ] && fail "no fail count recorded for dummy2"
    sleep 1
done
settle
# The count as the cluster recorded it (an injected failure may be counted
# more than once: what matters is that cibscope shows the cluster's value).
fails=$(timeout 10 cibadmin --query --scope status | sed -n 's/.*name="fail-count-dummy2#[^"]*" value="\([0-9]*\)".*/\1/p' | head -1)
"$BIN" --live --exec "failcount show dummy2; where dummy2" > "$WORK/failed" 2>&1 || fail "failcount show: $(cat "$WORK/failed")"
grep -q "^dummy2 on $NODE: $fails (" "$WORK/failed" \
    || fail "the fail count ($fails in the CIB) is not shown: $(cat "$WORK/failed")"
[ "$(predicted dummy2 "$WORK/failed")" = Stopped ] \
    || fail "with migration-threshold=1 reached dummy2 should be predicted stopped: $(cat "$WORK/failed")"
console_keys 4
screen_has "$fails of 1: banned from $NODE" "the Fail counts view shows dummy2's failure against migration-threshold"
agree dummy2 Stopped
agree dummy1 Stopped

say "the live console's History view opens the cluster's own pe-inputs"
console_keys 6
screen_has "== pe-input-" "History lists the cluster's scheduler inputs with no directory given"
console_keys 1

say "clearing dummy2's fail count from cibscope, through the attribute manager"
"$BIN" --live --exec "failcount clear dummy2 $NODE; commit" > "$WORK/cleanup" 2>&1 \
    || fail "failcount clear: $(cat "$WORK/cleanup")"
cat "$WORK/cleanup"
grep -q "^ok .*crm_resource --cleanup --resource dummy2 --node $NODE" "$WORK/cleanup" \
    || fail "the clear did not go through crm_resource --cleanup"
grep -q -e "cibadmin --delete --scope status" "$WORK/cleanup" && fail "the clear deleted the attribute behind attrd's back"
settle
# attrd writes every value it holds to the CIB again: a count cleared in
# the CIB alone would come back now.
attrd_updater -R >/dev/null 2>&1 || say "warning: attrd_updater -R failed"
sleep 3
settle
timeout 10 cibadmin --query --scope status | grep -q 'name="fail-count-dummy2#' \
    && fail "dummy2's fail count came back after attrd_updater -R"
attrd_updater -Q -n "fail-count-dummy2#monitor_5000" -N "$NODE" 2>/dev/null | grep -q 'value="[1-9]' \
    && fail "attrd still holds dummy2's fail count"
agree dummy2 "$NODE"
say "  the fail count stays cleared after attrd_updater -R"

say "a ban with a lifetime that ends while a console is open"
"$BIN" --live --exec "ban dummy2 $NODE PT30S; commit" > "$WORK/lifetime" 2>&1 || fail "ban with lifetime: $(cat "$WORK/lifetime")"
settle
agree dummy2 Stopped
# A second console that polls every 10 minutes: only its clock can
# bring the end of the lifetime.
SESSION=clock
if [ -n "$console_up" ]; then
    tmux -S "$TMUX_SOCKET" new-session -d -s clock -x 160 -y 30 \
        env LANG=C.UTF-8 LC_ALL= TERM=screen "$BIN" --live --interval 600 || fail "tmux did not start"
fi
screen_has "live  DC $NODE" "the second console is up"
screen_has "Re-solved at " "the console re-solves by itself when the lifetime ends" 45
screen_has "cli-ban-dummy2-on-$NODE: lifetime ends" "the re-solve names the lifetime's end"
screen_has "dummy2: starts on $NODE" "the re-solve says dummy2 starts again"
i=0
while [ "$(where dummy2)" != "$NODE" ] && [ $i -lt 60 ]; do sleep 1; i=$((i + 1)); done
agree dummy2 "$NODE"
SESSION=
say "  the lifetime ended in the open console, and the cluster agreed"

say "stopping the cluster under the open console"
console_keys : 
console_keys -l "stickiness dummy1 7"
console_keys Enter
stop_pacemakerd
screen_has "stale since " "the status bar says the CIB is stale" 20
screen_has "is pacemaker running?" "the status bar says what to do"
console_keys C
screen_has "Not committing while the CIB is stale" "C is refused while stale"
console_keys q
console_keys y

say "reading the cluster's pe-inputs with cibscope history"
mkdir -p "$WORK/pe"
for file in $(find "$PE_DIR" -newer "$WORK/start-marker" -name 'pe-*' -type f); do
    cp "$file" "$WORK/pe/"
done
count=$(ls "$WORK/pe" | grep -c -E '^pe-(input|warn|error)-[0-9]+')
[ "$count" -ge 3 ] || fail "only $count pe-inputs written"
"$BIN" history "$WORK/pe" > "$WORK/history" 2>&1
history_status=$?
[ "$history_status" = 0 ] || fail "history exited $history_status: $(tail -20 "$WORK/history")"
grep -q "dummy2: resource-stickiness=250 (new)" "$WORK/history" \
    || fail "history does not report the stickiness change"
grep -q "rsc_location cli-ban-dummy1-on-$NODE (dummy1 on $NODE, score -INFINITY) added" "$WORK/history" \
    || fail "history does not report the ban"
# The input before the ban is the one that started dummy1: history tells
# the stop against that plan ("stops (was planned for NODE)"); with an
# input in between (a recheck) it is a plain "stops".
grep -q -E "^  dummy1: stops( \(was planned for $NODE\))?$" "$WORK/history" \
    && grep -q "Stop       dummy1     ( $NODE )" "$WORK/history" \
    || fail "history does not report dummy1 stopping"
grep -q "      + location cli-ban-dummy1-on-$NODE: -INFINITY (new)" "$WORK/history" \
    || fail "history does not tie dummy1's stop to the ban"
grep -q "fail count dummy2 on $NODE .* increased: 0 -> [1-9]" "$WORK/history" \
    || fail "history does not report dummy2's failure"
grep -q "^  dummy2: stops$" "$WORK/history" && grep -q "Stop       dummy2     ( $NODE )" "$WORK/history" \
    || fail "history does not report dummy2 stopping"
grep -q "      + fail limit migration-threshold: -INFINITY (new)" "$WORK/history" \
    || fail "history does not tie dummy2's stop to its fail count"
say "history of $count pe-inputs reports the stickiness change, the ban, the failure and both stops"
exit 0

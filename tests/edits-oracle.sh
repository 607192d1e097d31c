#!/bin/sh
# Every edit command of the command language, run through --exec on the
# demo CIB and saved; the saved CIB's scores and transition from cibscope
# must equal crm_simulate's on the same file, and undoing the commands
# must give back the demo CIB byte for byte (tests/oracle-diff/edits.py
# apply).  Skips (77) without crm_simulate or python3.
top=${CS_TOP_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
build=${CS_TOP_BUILDDIR:-$top}
command -v crm_simulate >/dev/null 2>&1 || { echo "no crm_simulate: skipped"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "no python3: skipped"; exit 77; }
[ -x "$build/src/cibscope" ] || { echo "no $build/src/cibscope: skipped"; exit 77; }
export CIBSCOPE="$build/src/cibscope"
export ORACLE="$top/tests/oracle-diff/crm-simulate-oracle.sh"
demo=$top/data/demo.xml
when='2024-06-01 12:00:00'
failed=0
while IFS= read -r commands; do
    case $commands in ''|'#'*) continue ;; esac
    python3 "$top/tests/oracle-diff/edits.py" apply "$demo" "$commands" --time "$when" \
        || failed=1
done <<'LIST'
# resource settings (crm_resource)
meta web-vip target-role Stopped
meta ping target-role Stopped
meta web is-managed false
meta app-worker migration-threshold --delete
meta db-clone clone-max 1
meta report priority 10; meta report target-role Stopped
param web-vip cidr_netmask 16
param report fake 1; param report fake --delete
utilization alpha cpu 1; utilization bravo cpu 1; utilization charlie cpu 1; utilization delta cpu 1; utilization echo cpu 1; utilization report cpu 2; property placement-strategy utilization
# cluster options and defaults (crm_attribute)
property no-quorum-policy ignore
property symmetric-cluster false
property stonith-enabled false
property maintenance-mode true
rsc-default migration-threshold 1
rsc-default resource-stickiness --delete
op-default timeout 30s
# tickets (crm_ticket) and ticket constraints
ticket-constraint add tk1 report T1 stop
ticket T1 grant; ticket-constraint add tk1 report T1 stop; ticket T1 revoke
ticket T1 grant; ticket-constraint add tk1 db-clone T1 demote; ticket T1 revoke
ticket T1 grant; ticket T1 standby; ticket-constraint add tk1 report T1
ticket T1 grant; ticket-constraint add tk1 set report app-worker ticket=T1 loss-policy=stop; ticket T1 revoke
# orders and colocations, plain and with sets
order add o1 db-vip:start report:start
order add o1 report app-worker Optional symmetrical=false
order add o1 set report app-worker sequential=false set db-vip
colocation add c1 set report app-worker score=INFINITY
colocation add c1 set report sequential=false set db-vip role=Started score=100
# rules
location add l1 report rule 500 tier eq db
location add l1 report rule 500 '#uname' eq bravo or '#uname' eq charlie
location add l1 report rule -INFINITY not_defined rack
location add l1 app-worker rule 1000 date_spec hours=0-23 weekdays=1-7; rule add l1 -100 date gt 2024-01-01
location add l1 report rule 300 date in_range 2024-01-01 2025-01-01 and rack eq r2 string
# resources, groups, clones, nodes
resource add r1 ocf:pacemaker:Dummy
resource add r1 ocf:pacemaker:Dummy meta target-role=Stopped params fake=2
resource remove web
resource remove web-fs
resource remove db-clone
group add g1 report; group add g1 app-worker
group add web report
group remove web web-server
clone report
clone report promotable
clone web
node add zulu
node remove echo
LIST
exit $failed

#!/usr/bin/env python3
"""make-pairs.py: writes the incident pairs of this directory.

Each pair is before.xml (settled: crm_simulate -S finds nothing to do;
one for all pairs) and NAME-after.xml (one change), plus NAME.expect: the words the cause
of every Transition Summary line of AFTER must hold, one a line; "RSC:
WORDS" holds only for the lines of resource RSC (the clock pairs move two
resources for two reasons).  The
settled states are crm_simulate's own (-S -O), so the histories are
Pacemaker's.  Run from this directory with crm_simulate on PATH:
    python3 make-pairs.py
    python3 make-pairs.py --check [CIBSCOPE]
The second checks the pairs as they are: before.xml leaves crm_simulate
nothing to do, each after gives it something, and (with the path of a
cibscope binary) cibscope's Transition Summary equals crm_simulate's.
"""
import copy
import subprocess
import sys
import xml.etree.ElementTree as ET

NOW = 1798758000            # 2026-12-31T23:00:00Z: execution-date of every before
LATER = NOW + 7200          # 2027-01-01T01:00:00Z (the clock pairs)
T_TURN = "2027-01-01T00:00:00Z"   # between the two


def base():
    cib = ET.fromstring("""
<cib crm_feature_set="3.16.1" validate-with="pacemaker-3.7" epoch="1" num_updates="0" admin_epoch="0" have-quorum="1" dc-uuid="1">
  <configuration>
    <crm_config><cluster_property_set id="cib-bootstrap-options">
      <nvpair id="opt-stonith" name="stonith-enabled" value="true"/>
      <nvpair id="opt-placement" name="placement-strategy" value="utilization"/>
      <nvpair id="opt-health" name="node-health-strategy" value="migrate-on-red"/>
    </cluster_property_set></crm_config>
    <nodes>
      <node id="1" uname="node1"><utilization id="node1-u"><nvpair id="node1-cpu" name="cpu" value="4"/></utilization></node>
      <node id="2" uname="node2"><utilization id="node2-u"><nvpair id="node2-cpu" name="cpu" value="1"/></utilization></node>
      <node id="3" uname="node3"><utilization id="node3-u"><nvpair id="node3-cpu" name="cpu" value="1"/></utilization></node>
    </nodes>
    <resources>
      <primitive id="fencer" class="stonith" type="fence_dummy"/>
      <primitive id="web" class="ocf" provider="pacemaker" type="Dummy"/>
      <primitive id="sticky" class="ocf" provider="pacemaker" type="Dummy">
        <meta_attributes id="sticky-meta"><nvpair id="sticky-stickiness" name="resource-stickiness" value="200"/></meta_attributes>
      </primitive>
      <primitive id="db" class="ocf" provider="pacemaker" type="Dummy">
        <meta_attributes id="db-meta"><nvpair id="db-threshold" name="migration-threshold" value="3"/></meta_attributes>
        <operations><op id="db-monitor-10s" name="monitor" interval="10s"/></operations>
      </primitive>
      <primitive id="flaky" class="ocf" provider="pacemaker" type="Dummy">
        <meta_attributes id="flaky-meta">
          <nvpair id="flaky-threshold" name="migration-threshold" value="1"/>
          <nvpair id="flaky-timeout" name="failure-timeout" value="1h"/>
        </meta_attributes>
        <operations><op id="flaky-monitor-10s" name="monitor" interval="10s"/></operations>
      </primitive>
      <primitive id="cola" class="ocf" provider="pacemaker" type="Dummy"/>
      <primitive id="colb" class="ocf" provider="pacemaker" type="Dummy"/>
      <primitive id="pingdep" class="ocf" provider="pacemaker" type="Dummy"/>
      <primitive id="dated" class="ocf" provider="pacemaker" type="Dummy"/>
      <primitive id="timed" class="ocf" provider="pacemaker" type="Dummy"/>
      <primitive id="u1" class="ocf" provider="pacemaker" type="Dummy">
        <utilization id="u1-u"><nvpair id="u1-cpu" name="cpu" value="1"/></utilization>
      </primitive>
      <primitive id="u2" class="ocf" provider="pacemaker" type="Dummy">
        <meta_attributes id="u2-meta"><nvpair id="u2-priority" name="priority" value="10"/></meta_attributes>
        <utilization id="u2-u"><nvpair id="u2-cpu" name="cpu" value="3"/></utilization>
      </primitive>
      <group id="grp">
        <meta_attributes id="grp-meta"><nvpair id="grp-threshold" name="migration-threshold" value="1"/></meta_attributes>
        <primitive id="g-a" class="ocf" provider="pacemaker" type="Dummy"/>
        <primitive id="g-b" class="ocf" provider="pacemaker" type="Dummy">
          <operations><op id="g-b-monitor-10s" name="monitor" interval="10s"/></operations>
        </primitive>
      </group>
      <clone id="cl">
        <meta_attributes id="cl-meta"><nvpair id="cl-max" name="clone-max" value="3"/></meta_attributes>
        <primitive id="cl-rsc" class="ocf" provider="pacemaker" type="Dummy"/>
      </clone>
      <clone id="ms">
        <meta_attributes id="ms-meta">
          <nvpair id="ms-promotable" name="promotable" value="true"/>
          <nvpair id="ms-max" name="clone-max" value="2"/>
        </meta_attributes>
        <primitive id="ms-rsc" class="ocf" provider="pacemaker" type="Stateful"/>
      </clone>
      <primitive id="app1" class="ocf" provider="pacemaker" type="Dummy"/>
      <primitive id="app2" class="ocf" provider="pacemaker" type="Dummy"/>
      <primitive id="app3" class="ocf" provider="pacemaker" type="Dummy"/>
      <primitive id="tr" class="ocf" provider="pacemaker" type="Dummy"/>
      <primitive id="tkr" class="ocf" provider="pacemaker" type="Dummy"/>
      <primitive id="pat-1" class="ocf" provider="pacemaker" type="Dummy"/>
    </resources>
    <constraints>
      <rsc_location id="loc-web" rsc="web" node="node1" score="100"/>
      <rsc_location id="loc-sticky" rsc="sticky" node="node3" score="100"/>
      <rsc_location id="loc-db" rsc="db" node="node1" score="100"/>
      <rsc_location id="loc-flaky" rsc="flaky" node="node1" score="100"/>
      <rsc_location id="loc-colb" rsc="colb" node="node2" score="100"/>
      <rsc_colocation id="col-a-b" rsc="cola" with-rsc="colb" score="INFINITY"/>
      <rsc_location id="loc-pingdep" rsc="pingdep" node="node3" score="50"/>
      <rsc_location id="loc-pingdep-rule" rsc="pingdep">
        <rule id="pingdep-rule" score="-INFINITY"><expression id="pingdep-expr" attribute="connected" operation="lt" value="1" type="integer"/></rule>
      </rsc_location>
      <rsc_location id="loc-dated" rsc="dated" node="node2" score="50"/>
      <rsc_location id="loc-dated-rule" rsc="dated">
        <rule id="dated-rule" score="-INFINITY"><expression id="dated-uname" attribute="#uname" operation="eq" value="node2"/>
          <date_expression id="dated-after" operation="gt" start="%(turn)s"/></rule>
      </rsc_location>
      <rsc_location id="loc-timed" rsc="timed" node="node1" score="50"/>
      <rsc_location id="loc-u1" rsc="u1" node="node1" score="50"/>
      <rsc_location id="loc-u2" rsc="u2" node="node1" score="100"/>
      <rsc_location id="loc-grp" rsc="grp" node="node3" score="100"/>
      <rsc_location id="loc-app1" rsc="app1" node="node3" score="100"/>
      <rsc_order id="o-app1-app2" first="app1" then="app2" kind="Mandatory"/>
      <rsc_order id="o-app2-app3" first="app2" then="app3" kind="Mandatory"/>
      <rsc_ticket id="tk-tkr" rsc="tkr" ticket="ticketA" loss-policy="stop"/>
      <rsc_location id="loc-ms" rsc="ms" node="node3" score="-INFINITY"/>
      <rsc_location id="loc-pat" rsc="pat-1" node="node1" score="100"/>
    </constraints>
    <rsc_defaults><meta_attributes id="rsc-options">
      <nvpair id="rsc-options-stickiness" name="resource-stickiness" value="1"/>
    </meta_attributes></rsc_defaults>
  </configuration>
  <status/>
</cib>""".replace("%(turn)s", T_TURN))
    status = cib.find("status")
    tickets = ET.SubElement(status, "tickets")
    ET.SubElement(tickets, "ticket_state", id="ticketA", granted="true", **{"last-granted": str(NOW - 3600)})
    cib.set("execution-date", str(NOW))
    return cib


def settle(cib, name):
    """crm_simulate -S -O until nothing is left to do."""
    path = "/tmp/cause-%s.xml" % name
    ET.ElementTree(cib).write(path)
    for step in range(3):
        out = "/tmp/cause-%s-%d.xml" % (name, step)
        up = ["-u", "node1", "-u", "node2", "-u", "node3"] if step == 0 else []
        subprocess.run(["crm_simulate", "-x", path, "-S", "-O", out, "-Q"] + up,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        path = out
    return ET.parse(path).getroot()


def find(cib, xpath):
    found = cib.find(xpath)
    if found is None:
        sys.exit("not found: " + xpath)
    return found


def constraints(cib):
    return find(cib, "configuration/constraints")


def add_location(cib, **attrs):
    ET.SubElement(constraints(cib), "rsc_location", **attrs)


def set_node_attr(cib, number, name, value):
    state = find(cib, "status/node_state[@uname='node%d']" % number)
    transient = state.find("transient_attributes")
    if transient is None:
        transient = ET.SubElement(state, "transient_attributes", id=state.get("id"))
    nvset = transient.find("instance_attributes")
    if nvset is None:
        nvset = ET.SubElement(transient, "instance_attributes", id="status-%d" % number)
    for nvpair in nvset.findall("nvpair"):
        if nvpair.get("name") == name:
            nvpair.set("value", value)
            return
    ET.SubElement(nvset, "nvpair", id="status-%d-%s" % (number, name), name=name, value=value)


def node_of(cib, rsc):
    """The node where rsc's last start or monitor succeeded."""
    for state in cib.findall("status/node_state"):
        for lrm in state.findall("lrm/lrm_resources/lrm_resource"):
            if lrm.get("id") != rsc:
                continue
            ops = sorted(lrm.findall("lrm_rsc_op"), key=lambda op: int(op.get("call-id")))
            if ops and ops[-1].get("operation") != "stop" and ops[-1].get("rc-code") in ("0", "8"):
                return int(state.get("uname")[4:])
    sys.exit("%s runs nowhere" % rsc)


def set_meta(cib, rsc, name, value):
    element = find(cib, ".//*[@id='%s']" % rsc)
    meta = element.find("meta_attributes")
    if meta is None:
        meta = ET.Element("meta_attributes", id=rsc + "-meta")
        element.insert(0, meta)
    for nvpair in meta.findall("nvpair"):
        if nvpair.get("name") == name:
            nvpair.set("value", value)
            return
    ET.SubElement(meta, "nvpair", id="%s-%s" % (rsc, name), name=name, value=value)


def fail(cib, rsc, op, count):
    number = node_of(cib, rsc)
    set_node_attr(cib, number, "fail-count-%s#%s" % (rsc, op), str(count))
    set_node_attr(cib, number, "last-failure-%s#%s" % (rsc, op), str(NOW - 60))
    return number


# Each change: (name, function(after) -> words every cause must hold).
def ban(cib):
    add_location(cib, id="ban-web-node1", rsc="web", node="node1", score="-INFINITY")
    return ["ban-web-node1", "-INFINITY"]


def failcount(cib):
    fail(cib, "db", "monitor_10000", 3)
    return ["monitor", "fail count 3", "migration-threshold 3", "db-threshold"]


def standby(cib):
    node = find(cib, "configuration/nodes/node[@id='2']")
    nvset = ET.SubElement(node, "instance_attributes", id="node2-attrs")
    ET.SubElement(nvset, "nvpair", id="node2-standby", name="standby", value="on")
    return ["node2", "standby", "node2-standby"]


def stickiness(cib):
    set_meta(cib, "sticky", "resource-stickiness", "50")
    return ["resource-stickiness", "50", "sticky-stickiness"]


def colocation(cib):
    add_location(cib, id="ban-colb-node2", rsc="colb", node="node2", score="-INFINITY")
    return ["ban-colb-node2", "cola: col-a-b"]


def node_rule(cib):
    set_node_attr(cib, 3, "connected", "0")
    return ["pingdep-rule", "connected=0", "status-3-connected"]


def date_rule(cib):
    cib.set("execution-date", str(LATER))
    return ["dated: dated-after", "dated: " + T_TURN, "timed: ban-timed", "flaky: failure-timeout"]


def lifetime(cib):
    cib.set("execution-date", str(LATER))
    return ["timed: ban-timed", "timed: lifetime", "timed: " + T_TURN, "dated: dated-after",
            "flaky: failure-timeout"]


def node_lost(cib):
    state = find(cib, "status/node_state[@uname='node3']")
    state.set("in_ccm", "false")
    state.set("crmd", "offline")
    state.set("join", "down")
    state.set("expected", "down")
    return ["node3", "offline"]


def node_fenced(cib):
    state = find(cib, "status/node_state[@uname='node3']")
    state.set("in_ccm", "false")
    state.set("crmd", "offline")
    state.set("join", "down")
    return ["node3", "fenced"]


def utilization(cib):
    find(cib, ".//nvpair[@id='u1-cpu']").set("value", "2")
    return ["cpu", "u2"]


def group_member(cib):
    fail(cib, "g-b", "monitor_10000", 1)
    return ["g-b", "fail count 1", "migration-threshold 1"]


def clone_max(cib):
    find(cib, ".//nvpair[@id='cl-max']").set("value", "2")
    return ["clone-max", "2", "cl-max"]


def promotion(cib):
    set_node_attr(cib, 1, "master-ms-rsc", "1")
    return ["master-ms-rsc", "promotion"]


def order(cib):
    location = ET.SubElement(constraints(cib), "rsc_location", id="ban-app1", rsc="app1")
    rule = ET.SubElement(location, "rule", id="ban-app1-rule", score="-INFINITY")
    ET.SubElement(rule, "expression", id="ban-app1-expr", attribute="#uname", operation="defined")
    return ["app2: o-app1-app2", "ban-app1"]


def target_role(cib):
    set_meta(cib, "tr", "target-role", "Stopped")
    return ["target-role", "Stopped", "tr-target-role"]


def ticket(cib):
    find(cib, "status/tickets/ticket_state[@id='ticketA']").set("granted", "false")
    return ["tk-tkr", "ticketA", "revoked", "loss-policy"]


def ticket_standby(cib):
    find(cib, "status/tickets/ticket_state[@id='ticketA']").set("standby", "true")
    return ["tk-tkr", "ticketA", "standby", "loss-policy"]


def order_chain(cib):
    location = ET.SubElement(constraints(cib), "rsc_location", id="ban-app1", rsc="app1")
    rule = ET.SubElement(location, "rule", id="ban-app1-rule", score="-INFINITY")
    ET.SubElement(rule, "expression", id="ban-app1-expr", attribute="#uname", operation="defined")
    return ["app3: o-app2-app3", "app3: o-app1-app2", "app2: o-app1-app2", "ban-app1"]


def health(cib):
    set_node_attr(cib, 1, "#health-disk", "red")
    return ["node1", "#health-disk=red"]


def failure_expired(cib):
    cib.set("execution-date", str(LATER))
    return ["flaky: fail count 1", "flaky: expired", "flaky: failure-timeout",
            "dated: dated-after", "timed: ban-timed"]


def pattern(cib):
    add_location(cib, id="ban-pattern", **{"rsc-pattern": "^pat-", "node": "node1", "score": "-INFINITY"})
    return ["ban-pattern", "-INFINITY"]


CHANGES = [("ban", ban), ("failcount", failcount), ("standby", standby),
           ("stickiness", stickiness), ("colocation", colocation),
           ("node-rule", node_rule), ("date-rule", date_rule),
           ("lifetime", lifetime), ("node-lost", node_lost),
           ("node-fenced", node_fenced),
           ("utilization", utilization), ("group-member", group_member),
           ("clone-max", clone_max), ("promotion", promotion),
           ("order", order), ("target-role", target_role),
           ("ticket", ticket), ("pattern", pattern),
           ("ticket-standby", ticket_standby), ("order-chain", order_chain),
           ("health", health), ("failure-expired", failure_expired)]


def before_state():
    """Settled: sticky and timed run away from their preference (sticky
    kept by stickiness, timed by a ban whose lifetime ends at T_TURN)."""
    first = base()
    add_location(first, id="tmp-sticky", rsc="sticky", node="node1", score="1000")
    add_location(first, id="ban-timed", rsc="timed", node="node1", score="-INFINITY")
    started = settle(first, "first")
    for number, attrs in ((1, {"connected": "1", "master-ms-rsc": "10"}),
                          (2, {"connected": "1", "master-ms-rsc": "5"}),
                          (3, {"connected": "1"})):
        for name, value in attrs.items():
            set_node_attr(started, number, name, value)
    set_node_attr(started, 1, "fail-count-flaky#monitor_10000", "1")
    set_node_attr(started, 1, "last-failure-flaky#monitor_10000", str(NOW - 1800))
    settled = settle(started, "second")
    cons = constraints(settled)
    cons.remove(find(cons, "rsc_location[@id='tmp-sticky']"))
    timed = find(cons, "rsc_location[@id='ban-timed']")
    lifetime = ET.SubElement(timed, "lifetime", id="ban-timed-lifetime")
    rule = ET.SubElement(lifetime, "rule", id="ban-timed-life-rule")
    ET.SubElement(rule, "date_expression", id="ban-timed-until", operation="lt", end=T_TURN)
    settled.set("execution-date", str(NOW))
    # <lifetime> is deprecated and left out of the 3.x schemas, though
    # Pacemaker 2.1.5 still honours it.
    settled.set("validate-with", "none")
    return settled


def main():
    before = before_state()
    ET.ElementTree(before).write("before.xml", xml_declaration=False)
    for name, change in CHANGES:
        after = copy.deepcopy(before)
        words = change(after)
        after.set("epoch", "2")
        ET.ElementTree(after).write("%s-after.xml" % name, xml_declaration=False)
        with open("%s.expect" % name, "w") as expect:
            expect.write("\n".join(words) + "\n")


def summary(command):
    """The action lines of a Transition Summary printed by command."""
    text = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    lines, inside = [], False
    for line in text.splitlines():
        if line.startswith("Transition Summary:"):
            inside = True
        elif inside and line.startswith("  * "):
            lines.append(" ".join(line.split()))
        elif inside and line and not line.startswith(" "):
            break
    return lines


def check(cibscope):
    failures = 0
    if summary(["crm_simulate", "-x", "before.xml", "-S"]):
        print("before.xml is not settled")
        failures += 1
    for name, _ in CHANGES:
        after = "%s-after.xml" % name
        expected = summary(["crm_simulate", "-x", after, "-S"])
        if not expected:
            print("%s: crm_simulate has nothing to do" % after)
            failures += 1
        if cibscope and summary([cibscope, "transition", after]) != expected:
            print("%s: cibscope's transition differs from crm_simulate's" % after)
            failures += 1
    print("%d pairs, %d failures" % (len(CHANGES), failures))
    return failures == 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--check":
        sys.exit(0 if check(sys.argv[2] if len(sys.argv) > 2 else None) else 1)
    main()

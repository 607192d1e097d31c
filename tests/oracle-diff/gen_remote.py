#!/usr/bin/env python3
"""gen_remote.py SEED: one random CIB with Pacemaker Remote nodes.

2-3 cluster nodes and 1-2 remote nodes (ocf:pacemaker:remote connections,
with or without a <node type="remote"> entry, in standby or maintenance),
a fencing device, 1-5 primitives (sometimes a group, an anonymous clone
with clone-max or interleave), locations on cluster and remote nodes,
#kind rules, colocations and orders (also with the connections),
utilization with a placement-strategy, quorum lost with each
no-quorum-policy; a status where connections run or not (also on nodes
that left), resources run on remote nodes, fail there (recurring monitor)
and were probed.  Third form: 0-2 guest nodes (a Dummy container with
remote-node, sometimes remote-addr or remote-allow-migrate, locations on
the container, resources placed on the guest, a filler whose container
is the guest's), their containers and connections running together,
apart, failed, or on a node that left; remote nodes fenced before
(node_fenced, Pacemaker's record of remote_was_fenced), with a failed
connection start or monitor.  Fourth form (extend()): a remote node in
maintenance, a connection's host lost unclean, a connection moved away
or stopped, reconnect_interval, exclusive resource discovery, a node
entry whose connection is gone.  Used with
diff.py one (see README.md).
"""
import random
import sys


def op(rsc, cls, prov, typ, task, rc=0, call=5, interval=0, node=""):
    p = f' provider="{prov}"' if prov else ''
    return (f'<lrm_resource id="{rsc}" class="{cls}"{p} type="{typ}">'
            f'<lrm_rsc_op id="{rsc}_last_0" operation_key="{rsc}_{task}_{interval}" operation="{task}" crm-debug-origin="x" crm_feature_set="3.16.1" transition-key="1:1:0:abc" transition-magic="0:{rc};1:1:0:abc" call-id="{call}" rc-code="{rc}" op-status="0" interval="{interval}" last-run="1" last-rc-change="1" exec-time="1" queue-time="0" op-digest="x"/></lrm_resource>')
def gen_base(seed, facts):
    R = random.Random(seed)
    cluster = ['n1', 'n2', 'n3'][:R.choice([2, 3, 3])]
    remotes = ['rem1', 'rem2'][:R.choice([1, 2])]
    stonith = R.random() < 0.6
    opts = [f'<nvpair id="o1" name="stonith-enabled" value="{"true" if stonith else "false"}"/>']
    if R.random() < 0.2:
        opts.append('<nvpair id="o2" name="symmetric-cluster" value="false"/>')
    if R.random() < 0.3:
        opts.append(f'<nvpair id="o4" name="no-quorum-policy" value="{R.choice(["ignore","freeze","stop"])}"/>')
    util = R.random() < 0.25
    if util:
        opts.append(f'<nvpair id="o3" name="placement-strategy" value="{R.choice(["balanced","utilization","minimal"])}"/>')
    elif R.random() < 0.3:
        opts.append(f'<nvpair id="o3" name="placement-strategy" value="{R.choice(["balanced","utilization","minimal"])}"/>')
    def ucap(n):
        return f'<utilization id="{n}-u"><nvpair id="{n}-cpu" name="cpu" value="{R.choice([1,2,4])}"/></utilization>' if util else ''
    nodes = ''.join(f'<node id="{n}" uname="{n}">{ucap(n)}</node>' for n in cluster)
    rems = []
    for r in remotes:
        attrs = ''
        if R.random() < 0.15:
            attrs = f'<instance_attributes id="{r}-ia"><nvpair id="{r}-sb" name="standby" value="on"/></instance_attributes>'
        if R.random() < 0.5 or attrs or util:
            nodes += f'<node id="{r}" type="remote" uname="{r}">{attrs}{ucap(r)}</node>'
    G = random.Random(seed * 7919 + 3)
    guests = ['g1', 'g2'][:G.choice([0, 1, 1, 2])]
    rsc = []
    if stonith or R.random() < 0.3:
        rsc.append('<primitive id="fence" class="stonith" type="fence_xvm"/>')
    conn_meta = {}
    for r in remotes:
        meta = []
        if R.random() < 0.3: meta.append(('allow-migrate', 'true'))
        if R.random() < 0.15: meta.append(('target-role', 'Stopped'))
        if R.random() < 0.15: meta.append(('resource-stickiness', str(R.choice([0, 50, 200]))))
        conn_meta[r] = meta
        m = ''.join(f'<nvpair id="{r}-m{i}" name="{k}" value="{v}"/>' for i, (k, v) in enumerate(meta))
        m = f'<meta_attributes id="{r}-meta">{m}</meta_attributes>' if m else ''
        ia = ''
        if R.random() < 0.1:
            ia = f'<instance_attributes id="{r}-inst"><nvpair id="{r}-ri" name="reconnect_interval" value="60s"/></instance_attributes>'
        rsc.append(f'<primitive id="{r}" class="ocf" provider="pacemaker" type="remote">{m}{ia}<operations><op id="{r}-mon" name="monitor" interval="60s"/></operations></primitive>')
    for g in guests:
        meta = [('remote-node', g)]
        if G.random() < 0.2: meta.append(('remote-addr', f'{g}.example'))
        if G.random() < 0.2: meta.append(('remote-allow-migrate', 'true'))
        if G.random() < 0.1: meta.append(('target-role', 'Stopped'))
        if G.random() < 0.2: meta.append(('resource-stickiness', str(G.choice([0, 50, 200]))))
        m = ''.join(f'<nvpair id="vm{g}-m{i}" name="{k}" value="{v}"/>' for i, (k, v) in enumerate(meta))
        rsc.append(f'<primitive id="vm{g}" class="ocf" provider="pacemaker" type="Dummy"><meta_attributes id="vm{g}-meta">{m}</meta_attributes></primitive>')
    dummies = [f'd{i}' for i in range(1, R.randint(2, 6))]
    for d in dummies:
        meta = []
        if R.random() < 0.2: meta.append(('resource-stickiness', str(R.choice([0, 100]))))
        if R.random() < 0.1: meta.append(('target-role', 'Stopped'))
        if guests and G.random() < 0.1: meta.append(('container', f'vm{G.choice(guests)}'))
        m = ''.join(f'<nvpair id="{d}-m{i}" name="{k}" value="{v}"/>' for i, (k, v) in enumerate(meta))
        m = f'<meta_attributes id="{d}-meta">{m}</meta_attributes>' if m else ''
        u = f'<utilization id="{d}-u"><nvpair id="{d}-cpu" name="cpu" value="1"/></utilization>' if util else ''
        rsc.append(f'<primitive id="{d}" class="ocf" provider="heartbeat" type="Dummy">{m}{u}</primitive>')
    clone_on = R.random() < 0.35
    if clone_on:
        cm = R.choice(['', '<meta_attributes id="cl-meta"><nvpair id="cl-m1" name="clone-max" value="2"/></meta_attributes>', '<meta_attributes id="cl-meta"><nvpair id="cl-m2" name="interleave" value="true"/></meta_attributes>'])
        rsc.append(f'<clone id="cl">{cm}<primitive id="c" class="ocf" provider="heartbeat" type="Dummy"/></clone>')
    if R.random() < 0.2 and len(dummies) >= 2:
        g = rsc.pop(); g2 = rsc.pop()
        if g.startswith('<clone'):
            rsc.append(g); g = g2; g2 = rsc.pop(-2)
        rsc.append(f'<group id="grp">{g2}{g}</group>')
    cons = []
    allnodes = cluster + remotes + guests
    if guests and G.random() < 0.2:
        cons.append(f'<rsc_location id="pin1" rsc="{dummies[0]}" node="{G.choice(guests)}" score="INFINITY"/>')
    for i, g in enumerate(guests):
        if G.random() < 0.5:
            cons.append(f'<rsc_location id="gloc{i}" rsc="vm{g}" node="{G.choice(cluster)}" score="{G.choice(["100","-INFINITY","INFINITY","50"])}"/>')
    for i in range(R.randint(0, 5)):
        who = R.choice(dummies + remotes)
        where = R.choice(allnodes if G.random() < 0.5 else cluster + remotes)
        sc = R.choice(['INFINITY', '-INFINITY', '100', '-100', '50', '10'])
        cons.append(f'<rsc_location id="loc{i}" rsc="{who}" node="{where}" score="{sc}"/>')
    if R.random() < 0.3 and len(dummies) >= 2:
        a, b = R.sample(dummies + remotes, 2)
        cons.append(f'<rsc_colocation id="col1" rsc="{a}" with-rsc="{b}" score="{R.choice(["INFINITY","-INFINITY","100"])}"/>')
    if R.random() < 0.3:
        who = R.choice(dummies + (['cl'] if clone_on else []))
        op_ = R.choice(['eq', 'ne'])
        cons.append(f'<rsc_location id="kind1" rsc="{who}"><rule id="kind1-r" score="{R.choice(["-INFINITY","100","INFINITY"])}"><expression id="kind1-e" attribute="#kind" operation="{op_}" value="{R.choice(["remote","cluster"])}"/></rule></rsc_location>')
    if R.random() < 0.25:
        a = R.choice(dummies); b = R.choice(remotes)
        cons.append(f'<rsc_colocation id="col2" rsc="{a}" with-rsc="{b}" score="{R.choice(["INFINITY","-INFINITY","100"])}"/>')
    if R.random() < 0.1:
        a, b = R.sample(dummies + remotes + (['cl'] if clone_on else []), 2)
        cons.append(f'<rsc_order id="ord1" first="{a}" then="{b}" kind="{R.choice(["Mandatory","Optional"])}"/>')
    if clone_on and R.random() < 0.4:
        cons.append(f'<rsc_location id="cl-loc" rsc="cl" node="{R.choice(allnodes)}" score="{R.choice(["-INFINITY","100"])}"/>')
    # status
    lrm = {n: [] for n in allnodes}
    conn_on = {}
    for r in remotes:
        if R.random() < 0.8:
            host = R.choice(cluster)
            conn_on[r] = host
            lrm[host].append(op(r, 'ocf', 'pacemaker', 'remote', 'start'))
    guest_up = {}
    for g in guests:
        x = G.random()
        host = G.choice(cluster)
        if x < 0.75:
            lrm[host].append(op(f'vm{g}', 'ocf', 'pacemaker', 'Dummy', 'start'))
            if G.random() < 0.85:
                lrm[host if G.random() < 0.9 else G.choice(cluster)].append(op(g, 'ocf', 'pacemaker', 'remote', 'start'))
                guest_up[g] = host
            if G.random() < 0.08:
                lrm[host][-1] = lrm[host][-1].replace('rc-code="0"', 'rc-code="1"').replace('transition-magic="0:0;', 'transition-magic="0:1;')
        elif x < 0.85:
            lrm[host].append(op(f'vm{g}', 'ocf', 'pacemaker', 'Dummy', 'monitor', rc=7, call=2))
    for r in conn_on:
        x = G.random()
        h = conn_on[r]
        if x < 0.06:
            lrm[h] = [x.replace('rc-code="0"', 'rc-code="1"').replace('transition-magic="0:0;', 'transition-magic="0:1;') if f'id="{r}"' in x else x for x in lrm[h]]
        elif x < 0.12:
            mon = op(r, 'ocf', 'pacemaker', 'remote', 'monitor', rc=1, call=9, interval=60000)
            mon = mon[mon.index('<lrm_rsc_op'):mon.index('</lrm_resource>')].replace(f'id="{r}_last_0"', f'id="{r}_last_failure_0"')
            lrm[h] = [x.replace('</lrm_resource>', mon + '</lrm_resource>') if f'id="{r}"' in x else x for x in lrm[h]]
    if 'fence' in ''.join(rsc) and R.random() < 0.7:
        lrm[R.choice(cluster)].append(op('fence', 'stonith', None, 'fence_xvm', 'start'))
    for d in dummies:
        x = R.random()
        if x < 0.6:
            where = R.choice(allnodes)
            if where in guests and where not in guest_up and G.random() < 0.8:
                where = R.choice(cluster)
            if where in remotes and where not in conn_on and R.random() < 0.7:
                where = R.choice(cluster)
            lrm[where].append(op(d, 'ocf', 'heartbeat', 'Dummy', 'start'))
            if R.random() < 0.15:
                lrm[where].append(op(d, 'ocf', 'heartbeat', 'Dummy', 'monitor', rc=R.choice([1,7]), call=9, interval=10000).replace(f'id="{d}_last_0"', f'id="{d}_last_failure_0"').replace(f'<lrm_resource id="{d}" class="ocf" provider="heartbeat" type="Dummy">','').replace('</lrm_resource>',''))
                lrm[where][-2] = lrm[where][-2].replace('</lrm_resource>','') + lrm[where][-1] + '</lrm_resource>'
                lrm[where].pop()
        # probes elsewhere
        for n in allnodes:
            if R.random() < 0.5 and not any(f'id="{d}"' in s for s in lrm[n]):
                lrm[n].append(op(d, 'ocf', 'heartbeat', 'Dummy', 'monitor', rc=7, call=2))
    if clone_on:
        for n in allnodes:
            if R.random() < 0.5 and (n in cluster or n in conn_on or n in guest_up):
                lrm[n].append(op('c', 'ocf', 'heartbeat', 'Dummy', 'start'))
    facts.update(cluster=cluster, remotes=remotes, conn_on=conn_on, dummies=dummies,
                 stonith=stonith)
    status = ''
    for n in cluster:
        online = R.random() < 0.93
        st = 'in_ccm="true" crmd="online" join="member" expected="member"' if online else 'in_ccm="false" crmd="offline" join="down" expected="down"'
        status += f'<node_state id="{n}" uname="{n}" {st}><lrm id="{n}"><lrm_resources>{"".join(lrm[n])}</lrm_resources></lrm></node_state>'
    for g in guests:
        if g in guest_up or any(lrm[g]) or G.random() < 0.3:
            status += f'<node_state id="{g}" uname="{g}" remote_node="true"><lrm id="{g}"><lrm_resources>{"".join(lrm[g])}</lrm_resources></lrm></node_state>'
    for r in remotes:
        fenced = ' node_fenced="1"' if G.random() < 0.05 else ''
        if r in conn_on or R.random() < 0.5:
            ta = ''
            if R.random() < 0.1:
                ta = f'<transient_attributes id="{r}"><instance_attributes id="st-{r}"><nvpair id="st-{r}-sb" name="standby" value="on"/></instance_attributes></transient_attributes>'
            status += f'<node_state id="{r}" uname="{r}" remote_node="true"{fenced}>{ta}<lrm id="{r}"><lrm_resources>{"".join(lrm[r])}</lrm_resources></lrm></node_state>'
    return f'''<cib crm_feature_set="3.16.1" validate-with="pacemaker-3.7" epoch="1" num_updates="1" admin_epoch="0" have-quorum="{1 if R.random() < 0.85 else 0}" dc-uuid="n1">
  <configuration>
    <crm_config><cluster_property_set id="cib-bootstrap-options">{"".join(opts)}</cluster_property_set></crm_config>
    <nodes>{nodes}</nodes>
    <resources>{"".join(rsc)}</resources>
    <constraints>{"".join(cons)}</constraints>
  </configuration>
  <status>{status}</status>
</cib>
'''
def extend(seed, text, facts):
    """Fourth form (issue 19's list), drawn from a stream of its own so
    that the earlier forms' draws stay as they were: a remote node in
    maintenance, a connection's host lost unclean (the remote node fenced
    or its connection recovered elsewhere), a connection moved away from
    its host or stopped, reconnect_interval, exclusive resource
    discovery, a node entry whose connection is gone."""
    H = random.Random(seed * 104729 + 17)
    remotes, conn_on, cluster = facts['remotes'], facts['conn_on'], facts['cluster']
    if H.random() < 0.15:
        r = H.choice(remotes)
        attr = (f'<instance_attributes id="{r}-mia"><nvpair id="{r}-mnt" '
                f'name="maintenance" value="on"/></instance_attributes>')
        if f'<node id="{r}" type="remote" uname="{r}">' in text:
            text = text.replace(f'<node id="{r}" type="remote" uname="{r}">',
                                f'<node id="{r}" type="remote" uname="{r}">{attr}', 1)
        else:
            text = text.replace('</nodes>', f'<node id="{r}" type="remote" uname="{r}">{attr}</node></nodes>', 1)
    if conn_on and H.random() < 0.25:
        host = conn_on[H.choice(sorted(conn_on))]
        text = text.replace(f'<node_state id="{host}" uname="{host}" in_ccm="true" crmd="online" join="member" expected="member">',
                            f'<node_state id="{host}" uname="{host}" in_ccm="false" crmd="offline" join="down" expected="member">', 1)
    if conn_on and H.random() < 0.15:
        r = H.choice(sorted(conn_on))
        text = text.replace('</constraints>', f'<rsc_location id="mv-{r}" rsc="{r}" node="{conn_on[r]}" '
                            f'score="{H.choice(["-INFINITY", "-INFINITY", "-100"])}"/></constraints>', 1)
    if H.random() < 0.15:
        r = H.choice(remotes)
        if f'id="{r}-ri"' not in text:
            text = text.replace(f'<primitive id="{r}" class="ocf" provider="pacemaker" type="remote">',
                                f'<primitive id="{r}" class="ocf" provider="pacemaker" type="remote"><instance_attributes id="{r}-inst2"><nvpair id="{r}-ri2" name="reconnect_interval" value="30s"/></instance_attributes>', 1)
    if H.random() < 0.1:
        d = H.choice(facts['dummies'])
        text = text.replace('</constraints>', f'<rsc_location id="disc-{d}" rsc="{d}" node="{H.choice(cluster)}" '
                            f'score="10" resource-discovery="exclusive"/></constraints>', 1)
    if H.random() < 0.1:
        d = H.choice(facts['dummies'])
        hist = op(d, 'ocf', 'heartbeat', 'Dummy', H.choice(['start', 'monitor']), rc=0)
        if 'monitor_0' in hist:
            hist = hist.replace('rc-code="0"', 'rc-code="7"').replace('transition-magic="0:0;', 'transition-magic="0:7;')
        text = text.replace('</nodes>', '<node id="rem9" type="remote" uname="rem9"/></nodes>', 1)
        if H.random() < 0.7:
            text = text.replace('</status>', f'<node_state id="rem9" uname="rem9" remote_node="true"><lrm id="rem9"><lrm_resources>{hist}</lrm_resources></lrm></node_state></status>', 1)
    return text


def gen(seed):
    facts = {}
    return extend(seed, gen_base(seed, facts), facts)


if __name__ == '__main__':
    print(gen(int(sys.argv[1])), end='')

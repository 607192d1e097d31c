#!/usr/bin/env python3
"""gen_bundle.py SEED: one random CIB with a bundle (holding a primitive,
or now and then nothing).

2-3 cluster nodes (sometimes one in standby or offline), sometimes a
fencing device, no quorum or an opt-in cluster; one docker or podman
bundle (rarely rkt) of 1-4 replicas (or none given), replicas-per-host
1-3, a <network> with a control-port, an ip-range-start, both, neither,
or no network at all, sometimes port mappings and storage, target-role
or is-managed on the bundle, a Dummy primitive inside (a Stateful one
with promoted-max, sometimes); 0-2 primitives and sometimes a clone
beside it; locations on the bundle (by node, now and then by rule or on
a replica's guest node), on the resource inside or on the others,
sometimes a colocation or an order with the bundle, a resource-discovery
on its locations, a second bundle with a primitive inside; a status that is a
fresh start, probes that found everything stopped, or (now and then) a
container, connection or the resource inside that ran or failed.
Half the time the replicas have histories of their own instead: each
replica (now and then one more than configured) ran on a node, maybe one
since gone offline or in standby, its container and address with the
digests crm_simulate 2.1.5 computes for them (sometimes a stale one),
some failed (a start, a recurring monitor) with fail counts, and the
connection for a bundle with a resource inside; then, from a stream of
its own, some replicas' guest nodes get a <node_state> with the history
of the resource inside (running, probed, now and then failed; app or
app:N) and now and then a transient attribute.
Used with diff.py one (see README.md).

gen_bundle.py --links SEED: promotable bundles and bundles in
colocations, orders and tickets (gen_links below).
gen_bundle.py --unmanaged SEED: the CIB of SEED with its bundle, its
resource inside or a node unmanaged or in maintenance (gen_unmanaged).
"""
import hashlib
import random
import sys


def op(rsc, cls, prov, typ, task, rc=0, call=5, interval=0, digest='x'):
    p = f' provider="{prov}"' if prov else ''
    return (f'<lrm_resource id="{rsc}" class="{cls}"{p} type="{typ}">'
            f'<lrm_rsc_op id="{rsc}_last_0" operation_key="{rsc}_{task}_{interval}" '
            f'operation="{task}" crm-debug-origin="x" crm_feature_set="3.16.1" '
            f'transition-key="1:1:0:abc" transition-magic="0:{rc};1:1:0:abc" '
            f'call-id="{call}" rc-code="{rc}" op-status="0" interval="{interval}" '
            f'last-run="1" last-rc-change="1" exec-time="1" queue-time="0" '
            f'op-digest="{digest}"/></lrm_resource>')


def digest(params):
    """The MD5 of a parameter set, written as Pacemaker writes it."""
    text = ' <parameters' + ''.join(
        f' {k}="{v.replace("&", "&amp;")}"' for k, v in sorted(params.items())) + '/>\n'
    return hashlib.md5(text.encode()).hexdigest()


def address(start, k):
    a, b, c, d = (int(x) for x in start.split('.'))
    return f'{a}.{b}.{c + (d - 1 + k) // 254}.{(d - 1 + k) % 254 + 1}'


def container_params(b, k):
    """What the bundle's container k runs with: only the settings this
    generator writes (docker or podman, ip-range-start, control-port,
    port 80, storage /srv, a resource inside)."""
    ip = address(b['start'], k) if b['start'] else None
    o = ' --restart=no' if b['runtime'] == 'docker' else ''
    o += f' -h web-{k}' if ip else ''
    o += f' -e PCMK_stderr=1 -e PCMK_remote_port={b["port"]}'
    mounts = []
    if b['storage']:
        o += ' -v /srv:/srv'
    if b['inner']:
        o += f' -v /etc/pacemaker/authkey:/etc/pacemaker/authkey -v /var/log/pacemaker/bundles/web-{k}:/var/log'
        mounts.append(f'/var/log/pacemaker/bundles/web-{k}')
    pre = f'{ip}:' if ip else ''
    if b['ports']:
        o += f' -p {pre}80:80'
    if b['inner']:
        o += f' -p {pre}{b["port"]}:{b["port"]}'
    o += ' '
    if ip:
        o += ''.join(f' --add-host=web-{j}:{address(b["start"], j)}' for j in range(b['replicas']))
    params = {'allow_pull': 'true', 'force_kill': 'false', 'image': 'img:1',
              'monitor_cmd': '/bin/true', 'mount_points': ','.join(mounts), 'reuse': 'false',
              'run_opts': o}
    if b['inner']:
        params['run_cmd'] = '/usr/sbin/pacemaker-remoted'
    return params


def replica_histories(R, b, cluster, lrm, fails):
    """Each replica ran somewhere: container, address, connection, with
    the right digests mostly; some failed."""
    runtime = b['runtime']
    up = []
    for k in range(b['replicas'] + (1 if R.random() < 0.1 else 0)):
        if R.random() < 0.2:
            continue
        host = R.choice(cluster)
        right = R.random() < 0.85
        cdig = digest(container_params(b, k)) if right else 'x'
        failed = R.random() < 0.15
        how = R.choice(['start', 'monitor'])
        if failed and how == 'start':
            lrm[host].append(op(f'web-{runtime}-{k}', 'ocf', 'heartbeat', runtime, 'start', rc=1, call=9, digest=cdig))
            fails.append((host, f'web-{runtime}-{k}', 'start_0', 'INFINITY'))
        elif failed:
            lrm[host].append(op(f'web-{runtime}-{k}', 'ocf', 'heartbeat', runtime, 'monitor', rc=7, call=9,
                                interval=60000, digest='x'))
            fails.append((host, f'web-{runtime}-{k}', 'monitor_60000', R.choice(['1', '3'])))
        else:
            lrm[host].append(op(f'web-{runtime}-{k}', 'ocf', 'heartbeat', runtime, 'start', call=7, digest=cdig))
        if b['start']:
            ip = address(b['start'], k)
            params = {'ip': ip, 'cidr_netmask': '32'}
            if b['nic']:
                params.update(nic='eth0', cidr_netmask='24')
            idig = digest(params) if R.random() < 0.9 else 'x'
            lrm[host].append(op(f'web-ip-{ip}', 'ocf', 'heartbeat', 'IPaddr2', 'start', call=6, digest=idig))
        if b['inner'] and R.random() < 0.5:
            addr = address(b['start'], k) if b['start'] else host
            lrm[host].append(op(f'web-{k}', 'ocf', 'pacemaker', 'remote', 'start', call=8,
                                digest=digest({'addr': addr, 'port': str(b['port'])})))
            up.append(k)
    return up


def guest_states(G, b, up):
    """The <node_state> of some replicas' guest nodes web-N: the history
    of the resource inside (running, probed, now and then failed), its
    id app or app:N, now and then a transient attribute; rarely one of a
    replica whose connection did not run."""
    states = ''
    for k in range(b['replicas']):
        if (k in up and G.random() < 0.7) or (k not in up and G.random() < 0.1):
            rid = f'app:{k}' if b['unique'] and G.random() < 0.7 else 'app'
            what = G.choice(['start'] * 5 + ['monitor', 'probe', 'failed'])
            if what == 'start':
                entry = op(rid, 'ocf', 'pacemaker', 'Dummy', 'start', call=10, digest=digest({}))
            elif what == 'monitor':
                entry = op(rid, 'ocf', 'pacemaker', 'Dummy', 'monitor', call=10, digest=digest({}))
            elif what == 'probe':
                entry = op(rid, 'ocf', 'pacemaker', 'Dummy', 'monitor', rc=7, call=10)
            else:
                entry = op(rid, 'ocf', 'pacemaker', 'Dummy', 'start', rc=1, call=10, digest=digest({}))
            attrs = ''
            if G.random() < 0.15:
                attrs = (f'<transient_attributes id="web-{k}"><instance_attributes id="web-{k}-ta">'
                         f'<nvpair id="web-{k}-a" name="color" value="red"/>'
                         f'</instance_attributes></transient_attributes>')
            states += (f'<node_state id="web-{k}" uname="web-{k}" remote_node="true" in_ccm="true" '
                       f'crm-debug-origin="x" node_fenced="0">{attrs}<lrm id="web-{k}"><lrm_resources>'
                       f'{entry}</lrm_resources></lrm></node_state>')
    return states


def network(R):
    x = R.random()
    if x < 0.08:
        return '', False
    attrs = []
    if R.random() < 0.55:
        attrs.append(f'ip-range-start="{R.choice(["10.0.0.10", "192.168.1.253"])}"')
    if R.random() < 0.7:
        attrs.append(f'control-port="{R.choice([3121, 3125])}"')
    if attrs and R.random() < 0.15:
        attrs.append('host-interface="eth0" host-netmask="24"')
    ports = ''
    if R.random() < 0.2:
        ports = '<port-mapping id="web-port" port="80"/>'
    return f'<network {" ".join(attrs)}>{ports}</network>', bool(attrs)


def gen(seed):
    R = random.Random(seed)
    # the replicas' histories and bundles with nothing inside draw from a
    # stream of their own: the other seeds' CIBs stay as they were
    H = random.Random(f'{seed}-histories')
    empty = H.random() < 0.3
    cluster = ['node1', 'node2', 'node3'][:R.choice([2, 3, 3])]
    stonith = R.random() < 0.3
    opts = [f'<nvpair id="o1" name="stonith-enabled" value="{"true" if stonith else "false"}"/>']
    if R.random() < 0.07:
        opts.append('<nvpair id="o2" name="symmetric-cluster" value="false"/>')
    if R.random() < 0.1:
        opts.append(f'<nvpair id="o3" name="no-quorum-policy" value="{R.choice(["ignore", "stop", "freeze"])}"/>')
    nodes = ''
    for n in cluster:
        attrs = ''
        if R.random() < 0.06:
            attrs = f'<instance_attributes id="{n}-ia"><nvpair id="{n}-sb" name="standby" value="on"/></instance_attributes>'
        nodes += f'<node id="{n}" uname="{n}">{attrs}</node>'
    runtime = R.choice(['docker'] * 9 + ['podman'] * 9 + ['rkt'])
    promoted = R.random() < 0.1
    ratt = ['image="img:1"']
    if R.random() < 0.9:
        ratt.append(f'replicas="{R.choice([1, 2, 2, 3, 3, 4])}"')
    if R.random() < 0.35:
        ratt.append(f'replicas-per-host="{R.choice([1, 2, 3])}"')
    if promoted:
        ratt.append('promoted-max="1"')
    net, reached = network(R)
    storage = ''
    if R.random() < 0.2:
        storage = '<storage><storage-mapping id="web-st" source-dir="/srv" target-dir="/srv"/></storage>'
    meta = []
    if R.random() < 0.06:
        meta.append(('target-role', R.choice(['Stopped', 'Started'])))
    if R.random() < 0.05:
        meta.append(('is-managed', 'false'))
    if R.random() < 0.1:
        meta.append(('resource-stickiness', str(R.choice([0, 100]))))
    m = ''.join(f'<nvpair id="web-m{i}" name="{k}" value="{v}"/>' for i, (k, v) in enumerate(meta))
    m = f'<meta_attributes id="web-meta">{m}</meta_attributes>' if m else ''
    inner_type = 'Stateful' if promoted else 'Dummy'
    rsc = []
    cons = []
    if stonith:
        rsc.append('<primitive id="fence" class="stonith" type="fence_xvm"/>')
    rsc.append(f'<bundle id="web">{m}<{runtime} {" ".join(ratt)}/>{net}{storage}'
               + ('' if empty else f'<primitive id="app" class="ocf" provider="pacemaker" type="{inner_type}"/>')
               + '</bundle>')
    if R.random() < 0.2:
        rsc.append(f'<bundle id="db"><podman image="img:2" replicas="{R.choice([1, 2])}"/>'
                   f'<network control-port="3122"/><primitive id="dbapp" class="ocf" '
                   f'provider="heartbeat" type="Dummy"/></bundle>')
        if R.random() < 0.5:
            cons.append(f'<rsc_location id="dbl" rsc="db" node="{R.choice(cluster)}" score="{R.choice(["100", "-INFINITY"])}"/>')
    others = [f'd{i}' for i in range(1, R.choice([1, 1, 2, 3]))]
    for d in others:
        rsc.append(f'<primitive id="{d}" class="ocf" provider="heartbeat" type="Dummy"/>')
    clone_on = R.random() < 0.15
    if clone_on:
        rsc.append('<clone id="cl"><primitive id="c" class="ocf" provider="heartbeat" type="Dummy"/></clone>')
    guests = [f'web-{n}' for n in range(2)]
    for i in range(R.choice([0, 1, 1, 2])):
        disc = f' resource-discovery="{R.choice(["exclusive", "never", "always"])}"' if R.random() < 0.08 else ''
        cons.append(f'<rsc_location id="bl{i}" rsc="web" node="{R.choice(cluster)}"{disc} '
                    f'score="{R.choice(["100", "-100", "INFINITY", "-INFINITY", "50"])}"/>')
    if R.random() < 0.06:
        cons.append(f'<rsc_location id="br" rsc="web"><rule id="br-r" score="100"><expression id="br-e" '
                    f'attribute="#uname" operation="eq" value="{R.choice(cluster)}"/></rule></rsc_location>')
    if R.random() < 0.06:
        where = R.choice(cluster + guests)
        if not empty:
            cons.append(f'<rsc_location id="il" rsc="app" node="{where}" score="100"/>')
    for i, d in enumerate(others):
        if R.random() < 0.4:
            where = R.choice(cluster + guests) if R.random() < 0.1 else R.choice(cluster)
            cons.append(f'<rsc_location id="dl{i}" rsc="{d}" node="{where}" '
                        f'score="{R.choice(["100", "-INFINITY", "INFINITY"])}"/>')
    if others and R.random() < 0.08:
        cons.append(f'<rsc_colocation id="col1" rsc="{others[0]}" with-rsc="web" score="{R.choice(["INFINITY", "100"])}"/>')
    if others and R.random() < 0.06:
        cons.append(f'<rsc_order id="ord1" first="web" then="{others[0]}"/>')
    lrm = {n: [] for n in cluster}
    replicas = int(next((a.split('"')[1] for a in ratt if a.startswith('replicas=')), '1'))
    start = next((a.split('"')[1] for a in net.split() if a.startswith('ip-range-start=')), None)
    kind = R.random()
    fails = []
    guests_status = ''
    histories = H.random() < 0.5 and runtime != 'rkt'
    if histories:
        port = next((a.split('"')[1] for a in net.split() if a.startswith('control-port=')), '3121')
        b = {'runtime': runtime, 'start': start, 'port': int(port), 'replicas': replicas,
             'storage': bool(storage), 'ports': 'id="web-port"' in net,
             'inner': bool(net) and reached and not promoted and not empty, 'nic': 'host-interface' in net}
        up = replica_histories(H, b, cluster, lrm, fails)
        kind = 0.0
        # the guest nodes' states draw from a stream of their own too
        if b['inner']:
            b['unique'] = 'replicas-per-host="1"' not in ratt and any(
                a.startswith('replicas-per-host=') for a in ratt)
            guests_status = guest_states(random.Random(f'{seed}-guests'), b, up)
    if kind > 0.4:
        # probes that found the replicas' resources stopped; now and then
        # one of a replica no longer configured
        for n in cluster:
            for k in range(replicas + (1 if R.random() < 0.05 else 0)):
                if R.random() < 0.7:
                    lrm[n].append(op(f'web-{runtime}-{k}', 'ocf', 'heartbeat', runtime, 'monitor', rc=7, call=2))
                if start and R.random() < 0.6:
                    a, b, c, d = (int(x) for x in start.split('.'))
                    d2 = (d - 1 + k) % 254 + 1
                    c2 = c + (d - 1 + k) // 254
                    lrm[n].append(op(f'web-ip-{a}.{b}.{c2}.{d2}', 'ocf', 'heartbeat', 'IPaddr2', 'monitor', rc=7, call=3))
                if reached and R.random() < 0.5:
                    lrm[n].append(op(f'web-{k}', 'ocf', 'pacemaker', 'remote', 'monitor', rc=7, call=4))
            if R.random() < 0.3:
                lrm[n].append(op('app', 'ocf', 'pacemaker', inner_type, 'monitor', rc=7, call=4))
    if kind > 0.92:
        host = R.choice(cluster)
        what = R.choice(['container', 'connection', 'failed'])
        if what == 'container':
            lrm[host].append(op(f'web-{runtime}-0', 'ocf', 'heartbeat', runtime, 'start', call=7))
        elif what == 'connection':
            lrm[host].append(op('web-0', 'ocf', 'pacemaker', 'remote', 'start', call=8))
        else:
            lrm[host].append(op(f'web-{runtime}-0', 'ocf', 'heartbeat', runtime, 'start', rc=1, call=9))
    for d in others:
        if R.random() < 0.5:
            lrm[R.choice(cluster)].append(op(d, 'ocf', 'heartbeat', 'Dummy', 'start', call=6))
    if stonith and R.random() < 0.6:
        lrm[R.choice(cluster)].append(op('fence', 'stonith', None, 'fence_xvm', 'start', call=3))
    status = ''
    for n in cluster:
        online = R.random() < 0.95
        st = ('in_ccm="true" crmd="online" join="member" expected="member"' if online
              else 'in_ccm="false" crmd="offline" join="down" expected="down"')
        entries = ''.join(lrm[n])
        mine = [f for f in fails if f[0] == n]
        attrs = ''.join(f'<nvpair id="{n}-fc{i}" name="fail-count-{r}#{key}" value="{v}"/>'
                        f'<nvpair id="{n}-lf{i}" name="last-failure-{r}#{key}" value="1"/>'
                        for i, (_, r, key, v) in enumerate(mine))
        transient = (f'<transient_attributes id="{n}"><instance_attributes id="{n}-st">{attrs}'
                     f'</instance_attributes></transient_attributes>' if mine else '')
        status += f'<node_state id="{n}" uname="{n}" {st}>{transient}<lrm id="{n}"><lrm_resources>{entries}</lrm_resources></lrm></node_state>'
    return f'''<cib crm_feature_set="3.16.1" validate-with="pacemaker-3.7" epoch="1" num_updates="1" admin_epoch="0" have-quorum="{1 if R.random() < 0.9 else 0}" dc-uuid="node1">
  <configuration>
    <crm_config><cluster_property_set id="cib-bootstrap-options">{"".join(opts)}</cluster_property_set></crm_config>
    <nodes>{nodes}</nodes>
    <resources>{"".join(rsc)}</resources>
    <constraints>{"".join(cons)}</constraints>
  </configuration>
  <status>{status}{guests_status}</status>
</cib>
'''


# ---- gen_links: promotable bundles and bundles in constraints ----------
#
# gen_bundle.py --links SEED: a fresh cluster (now and then probes that
# found everything stopped) with one bundle web, a resource inside it
# promotable (promoted-max) half of the time or no resource inside at
# all, and beside it some of: a primitive, a clone, a promotable clone,
# a group, a second bundle (with or without a resource inside); 1-3
# constraints between web and them (colocations either way, at INFINITY,
# a finite or a negative score, with roles now and then; orders of
# starts or promotions either way; a ticket granted or not, with a role
# now and then).

def links_bundle(R, bid, promotable, inside, n_nodes):
    runtime = R.choice(['docker', 'podman'])
    att = [f'image="img:{bid}"', f'replicas="{R.choice([1, 2, 2, 3][:n_nodes + 1])}"']
    if promotable:
        att.append(f'promoted-max="{R.choice([1, 1, 2])}"')
    if R.random() < 0.15:
        att.append('replicas-per-host="2"')
    net = ''
    if inside:
        start = f' ip-range-start="10.0.{1 if bid == "web" else 2}.10"' if R.random() < 0.5 else ''
        net = f'<network{start} control-port="{3121 if bid == "web" else 3122}"/>'
    body = ''
    if inside:
        typ = 'Stateful' if promotable else 'Dummy'
        body = f'<primitive id="{bid}-app" class="ocf" provider="pacemaker" type="{typ}"/>'
    return f'<bundle id="{bid}"><{runtime} {" ".join(att)}/>{net}{body}</bundle>', runtime


def links_constraint(R, i, others, promotable_ids):
    other = R.choice(others)
    kind = R.random()
    if kind < 0.55:
        score = R.choice(['INFINITY', 'INFINITY', '100', '-INFINITY', '-100'])
        web_first = R.random() < 0.5
        dep, prim = ('web', other) if web_first else (other, 'web')
        roles = ''
        if R.random() < 0.35:
            if dep in promotable_ids:
                roles += f' rsc-role="{R.choice(["Promoted", "Unpromoted"])}"'
            if prim in promotable_ids:
                roles += f' with-rsc-role="{R.choice(["Promoted", "Unpromoted", "Started"])}"'
        return f'<rsc_colocation id="lc{i}" rsc="{dep}" with-rsc="{prim}" score="{score}"{roles}/>'
    if kind < 0.85:
        first, then = ('web', other) if R.random() < 0.5 else (other, 'web')
        fa = 'promote' if first in promotable_ids and R.random() < 0.3 else 'start'
        ta = 'promote' if then in promotable_ids and R.random() < 0.2 else 'start'
        k = R.choice(['Mandatory', 'Mandatory', 'Optional'])
        return (f'<rsc_order id="lo{i}" first="{first}" first-action="{fa}" then="{then}" '
                f'then-action="{ta}" kind="{k}"/>')
    role = f' rsc-role="{R.choice(["Promoted", "Started"])}"' if 'web' in promotable_ids and R.random() < 0.3 else ''
    return f'<rsc_ticket id="lt{i}" ticket="T{i}" rsc="web"{role}/>'


def gen_links(seed):
    R = random.Random(seed)
    cluster = ['node1', 'node2', 'node3'][:R.choice([2, 3, 3])]
    nodes = ''
    for n in cluster:
        attrs = ''
        if R.random() < 0.05:
            attrs = f'<instance_attributes id="{n}-ia"><nvpair id="{n}-sb" name="standby" value="on"/></instance_attributes>'
        nodes += f'<node id="{n}" uname="{n}">{attrs}</node>'
    inside = R.random() < 0.7
    promotable = inside and R.random() < 0.6
    rsc = []
    xml, runtime = links_bundle(R, 'web', promotable, inside, len(cluster))
    rsc.append(xml)
    promotable_ids = {'web'} if promotable else set()
    others = []
    if R.random() < 0.6:
        rsc.append('<primitive id="d1" class="ocf" provider="heartbeat" type="Dummy"/>')
        others.append('d1')
    if R.random() < 0.4:
        rsc.append('<clone id="cl"><primitive id="c" class="ocf" provider="heartbeat" type="Dummy"/></clone>')
        others.append('cl')
    if R.random() < 0.25:
        rsc.append('<clone id="ms"><meta_attributes id="ms-m"><nvpair id="ms-m1" name="promotable" value="true"/>'
                   '</meta_attributes><primitive id="s" class="ocf" provider="pacemaker" type="Stateful"/></clone>')
        others.append('ms')
        promotable_ids.add('ms')
    if R.random() < 0.2:
        rsc.append('<group id="g"><primitive id="g1" class="ocf" provider="heartbeat" type="Dummy"/>'
                   '<primitive id="g2" class="ocf" provider="heartbeat" type="Dummy"/></group>')
        others.append('g')
    if R.random() < 0.3:
        db_inside = R.random() < 0.5
        db_promotable = db_inside and R.random() < 0.4
        xml, _ = links_bundle(R, 'db', db_promotable, db_inside, len(cluster))
        rsc.append(xml)
        others.append('db')
        if db_promotable:
            promotable_ids.add('db')
    if not others:
        rsc.append('<primitive id="d1" class="ocf" provider="heartbeat" type="Dummy"/>')
        others.append('d1')
    cons = [links_constraint(R, i, others, promotable_ids) for i in range(R.choice([1, 1, 2, 3]))]
    if R.random() < 0.3:
        cons.append(f'<rsc_location id="ll" rsc="web" node="{R.choice(cluster)}" score="{R.choice(["100", "-INFINITY"])}"/>')
    tickets = ''
    if any('rsc_ticket' in c for c in cons):
        granted = 'true' if R.random() < 0.5 else 'false'
        tickets = f'<tickets><ticket_state id="T0" granted="{granted}"/></tickets>' if R.random() < 0.8 else ''
    status = ''
    probes = R.random() < 0.3
    for n in cluster:
        entries = ''
        if probes:
            for k in range(1):  # replica 0 is always configured
                entries += op(f'web-{runtime}-{k}', 'ocf', 'heartbeat', runtime, 'monitor', rc=7, call=2)
        status += (f'<node_state id="{n}" uname="{n}" in_ccm="true" crmd="online" join="member" '
                   f'expected="member"><lrm id="{n}"><lrm_resources>{entries}</lrm_resources></lrm></node_state>')
    return f'''<cib crm_feature_set="3.16.1" validate-with="pacemaker-3.7" epoch="1" num_updates="1" admin_epoch="0" have-quorum="1" dc-uuid="node1">
  <configuration>
    <crm_config><cluster_property_set id="cib-bootstrap-options"><nvpair id="o1" name="stonith-enabled" value="false"/></cluster_property_set></crm_config>
    <nodes>{nodes}</nodes>
    <resources>{"".join(rsc)}</resources>
    <constraints>{"".join(cons)}</constraints>
  </configuration>
  <status>{status}{tickets}</status>
</cib>
'''


# ---- gen_guests: node entries of guest nodes, guests beside a bundle ----
#
# gen_bundle.py --guests SEED: the CIB of gen(SEED), then, from a random
# stream of its own: <node type="remote"> entries naming some of web's
# guest nodes (now and then one of a replica not configured, or of
# another name), with node attributes; a guest node g1 (a Dummy
# container vm1 with remote-node, read before or after the bundle),
# sometimes running with its connection on a cluster node, a primitive
# og with a location on g1, running there now and then, and an entry
# for g1 itself.

def guests_entries(R, replicas):
    out = ''
    for k in range(replicas + 2):
        if R.random() < (0.45 if k < replicas else 0.1):
            attrs = ''
            if R.random() < 0.7:
                name, value = R.choice([('rmq-last', 'node1'), ('role', 'db'), ('standby', 'on')]
                                       if R.random() < 0.1 else [('rmq-last', 'node1'), ('role', 'db')])
                attrs = (f'<instance_attributes id="web-{k}-ia"><nvpair id="web-{k}-a" '
                         f'name="{name}" value="{value}"/></instance_attributes>')
            out += f'<node id="web-{k}" type="remote" uname="web-{k}">{attrs}</node>'
    if R.random() < 0.1:
        out += '<node id="old" type="remote" uname="old"/>'
    return out


def guests_status(R, text, cluster):
    host = R.choice(cluster)
    entries = (op('vm1', 'ocf', 'heartbeat', 'Dummy', 'start', call=11)
               + op('g1', 'ocf', 'pacemaker', 'remote', 'start', call=12))
    text = text.replace(f'<lrm id="{host}"><lrm_resources>',
                        f'<lrm id="{host}"><lrm_resources>{entries}', 1)
    if R.random() < 0.5:
        og = op('og', 'ocf', 'heartbeat', 'Dummy', 'start', call=13)
        text = text.replace('</status>', f'<node_state id="g1" uname="g1"><lrm id="g1"><lrm_resources>'
                            f'{og}</lrm_resources></lrm></node_state></status>')
    return text


def gen_guests(seed):
    text = gen(seed)
    R = random.Random(f'{seed}-guests')
    cluster = [n for n in ('node1', 'node2', 'node3') if f'<node id="{n}"' in text]
    replicas = int(text.split('replicas="')[1].split('"')[0]) if ' replicas="' in text else 1
    nodes = guests_entries(R, replicas) if R.random() < 0.75 else ''
    if R.random() < 0.6:
        vm = ('<primitive id="vm1" class="ocf" provider="heartbeat" type="Dummy"><meta_attributes '
              'id="vm1-m"><nvpair id="vm1-rn" name="remote-node" value="g1"/></meta_attributes></primitive>')
        if R.random() < 0.5:
            text = text.replace('<resources>', '<resources>' + vm, 1)
        else:
            text = text.replace('</resources>', vm + '</resources>', 1)
        if R.random() < 0.5:
            text = text.replace('</resources>', '<primitive id="og" class="ocf" provider="heartbeat" '
                                'type="Dummy"/></resources>', 1)
            text = text.replace('</constraints>', '<rsc_location id="ogl" rsc="og" node="g1" '
                                'score="100"/></constraints>', 1)
        if R.random() < 0.2:
            nodes += '<node id="g1" type="remote" uname="g1"/>'
        if R.random() < 0.4:
            text = guests_status(R, text, cluster)
    return text.replace('</nodes>', nodes + '</nodes>', 1)


# ---- gen_unmanaged: a bundle left alone ---------------------------------
#
# gen_bundle.py --unmanaged SEED: the CIB of gen(SEED), then, from a
# random stream of its own, one or more of: the bundle unmanaged
# (is-managed=false) or in maintenance, the resource inside unmanaged or
# in maintenance, maintenance-mode, a cluster node in maintenance, a
# replica's guest node in maintenance (node_in_maintenance on its
# <node_state>, which the status then gets when it has none).

def unmanaged_meta(text, rsc, tag, pairs):
    """text with the nvpairs added to the meta attributes of rsc (its
    opening tag tag), made when it has none."""
    nv = ''.join(f'<nvpair id="{rsc}-u{i}" name="{k}" value="{v}"/>' for i, (k, v) in enumerate(pairs))
    own = f'<meta_attributes id="{rsc}-meta">'
    if tag + own in text:
        return text.replace(tag + own, tag + own + nv, 1)
    return text.replace(tag, f'{tag}<meta_attributes id="{rsc}-um">{nv}</meta_attributes>', 1)


def unmanaged_guest(R, text):
    state = '<node_state id="web-0" uname="web-0"'
    if state not in text:
        text = text.replace('</status>', f'{state} remote_node="true" in_ccm="true" crm-debug-origin="x" '
                            'node_fenced="0"><lrm id="web-0"><lrm_resources/></lrm></node_state></status>', 1)
    return text.replace(state, f'{state} node_in_maintenance="1"', 1)


def gen_unmanaged(seed):
    text = gen(seed)
    R = random.Random(f'{seed}-unmanaged')
    changes = [c for c, p in (('bundle', 0.55), ('bundle-maintenance', 0.2), ('inner', 0.35),
                              ('inner-maintenance', 0.1), ('mode', 0.08), ('node', 0.1),
                              ('guest', 0.25)) if R.random() < p] or ['bundle']
    if 'bundle' in changes or 'bundle-maintenance' in changes:
        pairs = [('is-managed', 'false')] if 'bundle' in changes else []
        pairs += [('maintenance', 'true')] if 'bundle-maintenance' in changes else []
        text = text.replace('<nvpair id="web-m1" name="is-managed" value="false"/>', '')
        text = text.replace('<nvpair id="web-m0" name="is-managed" value="false"/>', '')
        text = unmanaged_meta(text, 'web', '<bundle id="web">', pairs)
    tag = next((t for t in ('type="Dummy"/></bundle>', 'type="Stateful"/></bundle>') if t in text), None)
    if tag and ('inner' in changes or 'inner-maintenance' in changes):
        pairs = [('is-managed', 'false')] if 'inner' in changes else []
        pairs += [('maintenance', 'true')] if 'inner-maintenance' in changes else []
        nv = ''.join(f'<nvpair id="app-u{i}" name="{k}" value="{v}"/>' for i, (k, v) in enumerate(pairs))
        text = text.replace(tag, tag[:-len('/></bundle>')] + f'><meta_attributes id="app-um">{nv}'
                            '</meta_attributes></primitive></bundle>', 1)
    if 'mode' in changes:
        text = text.replace('</cluster_property_set>', '<nvpair id="o-mm" name="maintenance-mode" '
                            'value="true"/></cluster_property_set>', 1)
    if 'node' in changes:
        node = R.choice([n for n in ('node1', 'node2', 'node3') if f'<node id="{n}"' in text])
        text = text.replace(f'<node id="{node}" uname="{node}">',
                            f'<node id="{node}" uname="{node}"><instance_attributes id="{node}-um">'
                            f'<nvpair id="{node}-umm" name="maintenance" value="true"/></instance_attributes>', 1)
    web = text.split('<bundle id="web">', 1)[1].split('</bundle>', 1)[0]
    reached = 'control-port' in web or 'ip-range-start' in web
    if 'guest' in changes and reached and '<primitive id="app"' in web:
        text = unmanaged_guest(R, text)
    return text


if __name__ == '__main__':
    if sys.argv[1] == '--links':
        print(gen_links(int(sys.argv[2])), end='')
    elif sys.argv[1] == '--guests':
        print(gen_guests(int(sys.argv[2])), end='')
    elif sys.argv[1] == '--unmanaged':
        print(gen_unmanaged(int(sys.argv[2])), end='')
    else:
        print(gen(int(sys.argv[1])), end='')

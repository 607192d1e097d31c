#!/usr/bin/env python3
"""Random small CIBs for differential testing against crm_simulate.

gen(seed) returns the text of one CIB: 2-4 nodes, 1-6 resources
(primitives, groups, anonymous/unique clones, promotable clones, cloned
groups), location/colocation/order constraints, stickiness, standby and
maintenance nodes, and a status section in which resources run, fail or are
promoted in plausible ways.  Every id is unique (crm_simulate rejects a CIB
with duplicate ids).
"""
import random

DIGEST = 'f2317cad3d54cec5d7d7aa7d0bf35cf8'
UUID = '00000000-0000-0000-0000-000000000001'
SCORES = ['-INFINITY', '-INFINITY', '-1000', '-100', '-10', '0', '10', '50',
          '100', '200', '1000', 'INFINITY', 'INFINITY']


class Ids:
    def __init__(self):
        self.used = set()

    def __call__(self, base):
        cand, n = base, 1
        while cand in self.used:
            n += 1
            cand = '%s-%d' % (base, n)
        self.used.add(cand)
        return cand


class Rsc:
    """One configured resource: kind is prim, group, clone."""

    def __init__(self, rid, kind):
        self.id = rid
        self.kind = kind
        self.children = []      # group members or the clone's one child
        self.meta = {}
        self.promotable = False
        self.unique = False
        self.stateful = False
        self.on_fail = None
        self.parent = None


def nvset(tag, sid, pairs, ids):
    if not pairs:
        return ''
    s = '<%s id="%s">' % (tag, sid)
    for k, v in pairs.items():
        s += '<nvpair id="%s" name="%s" value="%s"/>' % (ids(sid + '-' + k), k, v)
    return s + '</%s>' % tag


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.ids = Ids()
        self.ids('cib-bootstrap-options')

    # ---------------------------------------------------------------- config
    def pick(self, seq):
        return self.r.choice(seq)

    def chance(self, p):
        return self.r.random() < p

    def make_nodes(self):
        n = self.r.randint(2, 4)
        self.nodes = []
        for i in range(1, n + 1):
            node = {'name': 'node%d' % i, 'id': str(i), 'attrs': {},
                    'online': True, 'shutdown': False}
            self.ids(node['name'])
            self.ids(node['id'])
            if self.chance(0.12):
                node['attrs']['standby'] = 'on'
            if self.chance(0.06):
                node['attrs']['maintenance'] = 'true'
            if self.chance(0.5):
                node['attrs']['color'] = self.pick(['red', 'blue'])
            if self.chance(0.3):
                node['attrs']['weight'] = str(self.pick([-50, 0, 10, 100, 300]))
            if i > 1 and self.chance(0.12):
                node['online'] = False
            elif self.chance(0.06):
                node['shutdown'] = True
            self.nodes.append(node)

    def make_primitive(self, base, stateful=False):
        p = Rsc(self.ids(base), 'prim')
        p.stateful = stateful
        if self.chance(0.15):
            p.on_fail = self.pick(['ignore', 'block', 'stop', 'restart',
                                   'standby'])
        if self.chance(0.15):
            p.meta['resource-stickiness'] = self.pick(['0', '50', '100',
                                                       'INFINITY'])
        if self.chance(0.15):
            p.meta['migration-threshold'] = self.pick(['1', '2', '3'])
        if self.chance(0.06):
            p.meta['target-role'] = self.pick(['Stopped', 'Started'])
        if self.chance(0.05):
            p.meta['is-managed'] = 'false'
        return p

    def make_group(self, base, stateful=False):
        g = Rsc(self.ids(base), 'group')
        for _ in range(self.r.randint(1, 3)):
            c = self.make_primitive(g.id + '-m', stateful)
            c.parent = g
            g.children.append(c)
        if self.chance(0.15):
            g.meta['resource-stickiness'] = self.pick(['0', '100'])
        if self.chance(0.05):
            g.meta['target-role'] = 'Stopped'
        return g

    def make_clone(self, base, inner):
        c = Rsc(self.ids(base), 'clone')
        c.promotable = self.chance(0.45)
        if inner == 'group':
            child = self.make_group(c.id + '-g', c.promotable)
        else:
            child = self.make_primitive(c.id + '-p', c.promotable)
        child.parent = c
        c.children.append(child)
        if c.promotable:
            c.meta['promotable'] = 'true'
            if self.chance(0.3):
                c.meta['promoted-max'] = self.pick(['1', '2'])
            if self.chance(0.15):
                c.meta['promoted-node-max'] = '1'
        if self.chance(0.25):
            c.meta['clone-max'] = str(self.r.randint(1, 4))
        if self.chance(0.15):
            c.meta['clone-node-max'] = self.pick(['1', '2'])
        if self.chance(0.2) and inner != 'group':
            c.meta['globally-unique'] = 'true'
            c.unique = True
        if self.chance(0.3):
            c.meta['interleave'] = 'true'
        if self.chance(0.1):
            c.meta['ordered'] = 'true'
        if self.chance(0.15):
            c.meta['resource-stickiness'] = self.pick(['0', '1', '100'])
        if self.chance(0.07):
            c.meta['target-role'] = self.pick(['Stopped', 'Started',
                                               'Unpromoted'])
        if self.chance(0.04):
            c.meta['is-managed'] = 'false'
        return c

    def make_resources(self):
        self.rscs = []
        for _ in range(self.r.randint(1, 4)):
            kind = self.pick(['prim', 'prim', 'prim', 'group', 'clone',
                              'clone', 'cgroup'])
            if kind == 'prim':
                self.rscs.append(self.make_primitive('rsc'))
            elif kind == 'group':
                self.rscs.append(self.make_group('grp'))
            elif kind == 'clone':
                self.rscs.append(self.make_clone('cln', 'prim'))
            else:
                self.rscs.append(self.make_clone('cgr', 'group'))

    def primitives(self):
        out = []

        def walk(r):
            if r.kind == 'prim':
                out.append(r)
            for c in r.children:
                walk(c)
        for r in self.rscs:
            walk(r)
        return out

    def targets(self):
        """Resources a constraint may name: mostly top level, sometimes a
        group member."""
        tops = list(self.rscs)
        members = [c for r in self.rscs if r.kind == 'group' for c in r.children]
        if members and self.chance(0.2):
            return tops + members
        return tops

    def promotable_of(self, r):
        return r.kind == 'clone' and r.promotable

    def role_for(self, r, p=0.5):
        if self.promotable_of(r) and self.chance(p):
            return self.pick(['Promoted', 'Unpromoted', 'Started'])
        return None

    def location(self):
        r = self.pick(self.targets())
        lid = self.ids('loc-' + r.id)
        role = self.role_for(r)
        rattr = ' role="%s"' % role if role else ''
        if self.chance(0.6):
            node = self.pick(self.nodes)['name']
            return '<rsc_location id="%s" rsc="%s" node="%s" score="%s"%s/>' % (
                lid, r.id, node, self.pick(SCORES), rattr)
        # rule form
        rid = self.ids(lid + '-rule')
        if self.chance(0.2):
            head = '<rule id="%s" score-attribute="weight"%s' % (rid, '')
        else:
            head = '<rule id="%s" score="%s"' % (rid, self.pick(SCORES))
        if role:
            head += ' role="%s"' % role
        exprs = []
        for _ in range(self.r.randint(1, 2)):
            eid = self.ids(rid + '-expr')
            form = self.r.randint(0, 3)
            if form == 0:
                exprs.append('<expression id="%s" attribute="#uname" operation="%s" value="%s"/>'
                             % (eid, self.pick(['eq', 'ne']), self.pick(self.nodes)['name']))
            elif form == 1:
                exprs.append('<expression id="%s" attribute="color" operation="%s" value="%s"/>'
                             % (eid, self.pick(['eq', 'ne']), self.pick(['red', 'blue'])))
            elif form == 2:
                exprs.append('<expression id="%s" attribute="color" operation="%s"/>'
                             % (eid, self.pick(['defined', 'not_defined'])))
            else:
                exprs.append('<expression id="%s" attribute="weight" operation="%s" value="%s" type="number"/>'
                             % (eid, self.pick(['gt', 'lt', 'gte']), self.pick(['0', '50'])))
        if len(exprs) > 1:
            head += ' boolean-op="%s"' % self.pick(['and', 'or'])
        return '<rsc_location id="%s" rsc="%s">%s>%s</rule></rsc_location>' % (
            lid, r.id, head, ''.join(exprs))

    def colocation(self):
        ts = self.targets()
        if len(ts) < 2:
            return None
        a, b = self.r.sample(ts, 2)
        cid = self.ids('col-%s-%s' % (a.id, b.id))
        s = '<rsc_colocation id="%s" rsc="%s" with-rsc="%s" score="%s"' % (
            cid, a.id, b.id, self.pick(SCORES))
        ra, rb = self.role_for(a, 0.4), self.role_for(b, 0.6)
        if ra:
            s += ' rsc-role="%s"' % ra
        if rb:
            s += ' with-rsc-role="%s"' % rb
        return s + '/>'

    def order(self):
        ts = self.targets()
        if len(ts) < 2:
            return None
        a, b = self.r.sample(ts, 2)
        oid = self.ids('ord-%s-%s' % (a.id, b.id))
        s = '<rsc_order id="%s" first="%s" then="%s"' % (oid, a.id, b.id)
        if self.chance(0.4):
            s += ' kind="%s"' % self.pick(['Mandatory', 'Optional', 'Serialize'])
        elif self.chance(0.3):
            s += ' score="%s"' % self.pick(['0', 'INFINITY'])
        if self.chance(0.25):
            acts = ['start', 'stop'] + (['promote', 'demote']
                                       if self.promotable_of(a) else [])
            s += ' first-action="%s"' % self.pick(acts)
        if self.chance(0.25):
            acts = ['start', 'stop'] + (['promote', 'demote']
                                       if self.promotable_of(b) else [])
            s += ' then-action="%s"' % self.pick(acts)
        if self.chance(0.2):
            s += ' symmetrical="%s"' % self.pick(['true', 'false'])
        return s + '/>'

    def make_constraints(self):
        self.cons = []
        for _ in range(self.r.randint(0, 3)):
            self.cons.append(self.location())
        for _ in range(self.r.randint(0, 2)):
            c = self.colocation()
            if c:
                self.cons.append(c)
        for _ in range(self.r.randint(0, 2)):
            c = self.order()
            if c:
                self.cons.append(c)

    # ---------------------------------------------------------------- status
    def instance_names(self, clone):
        """lrm_resource ids for each primitive of each clone instance."""
        n = len(self.nodes)
        cmax = int(clone.meta.get('clone-max', n))
        names = []
        for i in range(cmax):
            child = clone.children[0]
            prims = child.children if child.kind == 'group' else [child]
            if clone.unique:
                names.append([p.id + ':' + str(i) for p in prims])
            else:
                names.append([p.id for p in prims])
        return names

    def plan_status(self):
        """history[node] = list of (lrm id, prim, state) with state one of
        stopped, started, promoted, failed, failed_start."""
        self.history = {nd['name']: [] for nd in self.nodes}
        self.fails = {nd['name']: {} for nd in self.nodes}
        self.promo = {nd['name']: {} for nd in self.nodes}
        online = [nd for nd in self.nodes if nd['online']]

        def state(stateful, allow_promote=True):
            x = self.r.random()
            if x < 0.55:
                return 'started'
            if x < 0.7 and stateful and allow_promote:
                return 'promoted'
            if x < 0.8:
                return 'failed'
            if x < 0.85:
                return 'failed_start'
            return 'stopped'

        for r in self.rscs:
            if r.kind in ('prim', 'group'):
                if not online or self.chance(0.3):
                    continue
                node = self.pick(online)['name']
                prims = r.children if r.kind == 'group' else [r]
                for k, p in enumerate(prims):
                    st = state(False)
                    if r.kind == 'group' and k > 0 and self.chance(0.3):
                        st = 'stopped'
                    self.history[node].append((p.id, p, st))
                # rarely: active on two nodes
                if r.kind == 'prim' and len(online) > 1 and self.chance(0.03):
                    other = self.pick([o for o in online if o['name'] != node])
                    self.history[other['name']].append((r.id, r, 'started'))
            else:
                insts = self.instance_names(r)
                nodes = list(online)
                self.r.shuffle(nodes)
                promoted = 0
                for nd, names in zip(nodes, insts):
                    if self.chance(0.2):
                        continue
                    child = r.children[0]
                    prims = child.children if child.kind == 'group' else [child]
                    for name, p in zip(names, prims):
                        st = state(p.stateful, promoted < 1 or self.chance(0.2))
                        if st == 'promoted':
                            promoted += 1
                        self.history[nd['name']].append((name, p, st))
                if r.promotable:
                    child = r.children[0]
                    prims = child.children if child.kind == 'group' else [child]
                    for nd in self.nodes:
                        for p in prims:
                            if self.chance(0.7):
                                self.promo[nd['name']][p.id] = self.pick(
                                    ['1', '5', '10', '100', '-INFINITY'])
        # probes: everything else was seen stopped on online nodes
        for nd in online:
            have = {h[0] for h in self.history[nd['name']]}
            for p in self.primitives():
                if p.id not in have and self.chance(0.7):
                    self.history[nd['name']].append((p.id, p, 'probe'))

    def op(self, rid, name, interval, rc, call, node, expect=0):
        """One history entry; a failure is recorded twice, as Pacemaker
        does: under its own id and as RSC_last_failure_0."""
        key = '%s_%s_%d' % (rid, name, interval)
        oid = '%s_last_0' % rid if interval == 0 else key
        failed = rc != expect and not (name == 'monitor' and interval == 0)
        text = self.op_entry(oid, key, name, interval, rc, call, node, expect)
        if failed:
            text += self.op_entry('%s_last_failure_0' % rid, key, name,
                                  interval, rc, call, node, expect)
        return text

    def op_entry(self, oid, key, name, interval, rc, call, node, expect):
        tkey = '%d:1:%d:%s' % (call, expect, UUID)
        return ('<lrm_rsc_op id="%s" operation_key="%s" operation="%s" '
                'crm-debug-origin="crm_simulate" crm_feature_set="3.0.10" '
                'transition-key="%s" transition-magic="0:%d;%s" on_node="%s" '
                'call-id="%d" rc-code="%d" op-status="0" interval="%d" '
                'last-run="1600000000" last-rc-change="1600000000" exec-time="10" '
                'queue-time="0" op-digest="%s"/>' % (
                    oid, key, name, tkey, rc, tkey, node, call, rc, interval, DIGEST))

    def lrm_resource(self, lid, p, st, node):
        prov = 'pacemaker'
        typ = 'Stateful' if p.stateful else 'Dummy'
        ops = []
        if st == 'probe':
            ops.append(self.op(lid, 'monitor', 0, 7, 1, node, 7))
        elif st == 'failed_start':
            ops.append(self.op(lid, 'start', 0, 1, 2, node))
            self.fails[node]['fail-count-%s#start_0' % lid] = 'INFINITY'
            self.fails[node]['last-failure-%s#start_0' % lid] = '1600000000'
        elif st == 'stopped':
            ops.append(self.op(lid, 'stop', 0, 0, 3, node))
        else:
            last = 'promote' if st == 'promoted' else 'start'
            ops.append(self.op(lid, last, 0, 0, 3, node))
            if st == 'failed':
                rc = self.pick([1, 7]) if not p.stateful else self.pick([1, 7])
                ops.append(self.op(lid, 'monitor', 10000, rc, 4, node,
                                   8 if st == 'promoted' else 0))
                self.fails[node]['fail-count-%s#monitor_10000' % lid] = \
                    self.pick(['1', '2', '5'])
                self.fails[node]['last-failure-%s#monitor_10000' % lid] = \
                    '1600000000'
            else:
                ops.append(self.op(lid, 'monitor', 10000,
                                   8 if st == 'promoted' else 0, 4, node,
                                   8 if st == 'promoted' else 0))
            if self.chance(0.05):
                self.fails[node]['fail-count-%s#monitor_10000' % lid] = '1'
        return ('<lrm_resource id="%s" class="ocf" provider="%s" type="%s">%s'
                '</lrm_resource>' % (lid, prov, typ, ''.join(ops)))

    # ---------------------------------------------------------------- output
    def xml_primitive(self, p):
        typ = 'Stateful' if p.stateful else 'Dummy'
        s = '<primitive id="%s" class="ocf" provider="pacemaker" type="%s">' % (p.id, typ)
        s += nvset('meta_attributes', self.ids(p.id + '-meta'), p.meta, self.ids)
        ops = '<op id="%s" name="monitor" interval="10s"%s/>' % (
            self.ids(p.id + '-mon'), ' on-fail="%s"' % p.on_fail if p.on_fail else '')
        if p.stateful:
            ops += '<op id="%s" name="monitor" interval="11s" role="Promoted"/>' % (
                self.ids(p.id + '-mon-p'))
        s += '<operations>%s</operations>' % ops
        return s + '</primitive>'

    def xml_rsc(self, r):
        if r.kind == 'prim':
            return self.xml_primitive(r)
        if r.kind == 'group':
            s = '<group id="%s">' % r.id
            s += nvset('meta_attributes', self.ids(r.id + '-meta'), r.meta, self.ids)
            return s + ''.join(self.xml_primitive(c) for c in r.children) + '</group>'
        s = '<clone id="%s">' % r.id
        s += nvset('meta_attributes', self.ids(r.id + '-meta'), r.meta, self.ids)
        return s + self.xml_rsc(r.children[0]) + '</clone>'

    def xml(self):
        props = {'stonith-enabled': 'false'}
        if self.chance(0.15):
            props['no-quorum-policy'] = self.pick(['ignore', 'stop', 'freeze'])
        if self.chance(0.1):
            props['symmetric-cluster'] = 'false'
        if self.chance(0.05):
            props['maintenance-mode'] = 'true'
        if self.chance(0.1):
            props['start-failure-is-fatal'] = 'false'
        out = ['<cib crm_feature_set="3.0.10" validate-with="pacemaker-3.7" '
               'epoch="1" num_updates="1" admin_epoch="0" have-quorum="%s" dc-uuid="1">'
               % ('0' if self.chance(0.05) else '1'),
               '<configuration><crm_config>']
        out.append(nvset('cluster_property_set', 'cib-bootstrap-options', props, self.ids))
        out.append('</crm_config><nodes>')
        for nd in self.nodes:
            attrs = nvset('instance_attributes', self.ids('nodes-' + nd['id']),
                          nd['attrs'], self.ids)
            out.append('<node id="%s" uname="%s">%s</node>' % (nd['id'], nd['name'], attrs))
        out.append('</nodes><resources>')
        out.extend(self.xml_rsc(r) for r in self.rscs)
        out.append('</resources><constraints>')
        out.extend(self.cons)
        out.append('</constraints>')
        if self.chance(0.4):
            out.append('<rsc_defaults>%s</rsc_defaults>' % nvset(
                'meta_attributes', self.ids('rsc-options'),
                {'resource-stickiness': self.pick(['0', '1', '100', 'INFINITY'])},
                self.ids))
        out.append('</configuration><status>')
        for nd in self.nodes:
            name = nd['name']
            if not nd['online']:
                out.append('<node_state id="%s" uname="%s" in_ccm="false" crmd="offline" '
                           'join="down" expected="down"/>' % (nd['id'], name))
                continue
            out.append('<node_state id="%s" uname="%s" in_ccm="true" crmd="online" '
                       'join="member" expected="member">' % (nd['id'], name))
            lrm = [self.lrm_resource(lid, p, st, name)
                   for lid, p, st in self.history[name]]
            trans = dict(self.fails[name])
            for pid, v in self.promo[name].items():
                trans['master-' + pid] = v
            if nd['shutdown']:
                trans['shutdown'] = '1600000000'
            if trans:
                sid = 'status-' + nd['id']
                body = ''.join('<nvpair id="%s" name="%s" value="%s"/>' % (
                    self.ids(sid + '-' + k.replace('#', '-').replace(':', '-')), k, v)
                    for k, v in trans.items())
                out.append('<transient_attributes id="%s"><instance_attributes id="%s">%s'
                           '</instance_attributes></transient_attributes>' % (
                               nd['id'], self.ids(sid), body))
            out.append('<lrm id="%s"><lrm_resources>%s</lrm_resources></lrm>' % (
                nd['id'], ''.join(lrm)))
            out.append('</node_state>')
        out.append('</status></cib>')
        return '\n'.join(out) + '\n'


def gen(seed):
    g = Gen(seed)
    g.make_nodes()
    g.make_resources()
    g.make_constraints()
    g.plan_status()
    return g.xml()


if __name__ == '__main__':
    import sys
    sys.stdout.write(gen(int(sys.argv[1]) if len(sys.argv) > 1 else 0))

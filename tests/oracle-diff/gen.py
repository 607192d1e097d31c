#!/usr/bin/env python3
"""Random small CIBs for differential testing against crm_simulate.

gen(seed) returns the text of one CIB: 2-4 nodes, 1-6 resources
(primitives, groups, anonymous/unique clones, promotable clones, cloned
groups), location/colocation/order constraints, stickiness, standby and
maintenance nodes, and a status section in which resources run, fail or are
promoted in plausible ways.  Every id is unique (crm_simulate rejects a CIB
with duplicate ids).

Beyond that, each CIB draws a few of the constructs of the Pacemaker 2.1.5
schema that change scores or the transition (see EXTRAS and README.md):
resource sets, rule expressions, cluster options, fencing, on-fail,
migration histories, multiple-active, clone fail counts, utilization,
tickets and node states.  features(text) names the constructs a CIB uses.

A second random stream (Gen.s, seeded from the seed apart from the
first) draws EXTRAS2, each in about a fifth of the CIBs: resource
templates and constraints naming them, id-ref reuse of meta, instance
and operation sets, tags in constraints and resource sets,
failure-timeout with failures expired and not, op interval-origin,
record-pending, timeout and enabled, monitors per role, target-role
Promoted or Unpromoted on primitives, histories of clone instances
beyond clone-max, and fencing enabled with no device.  It only adds to what the first
stream gives, so a seed drawing none of them gives the CIB it always gave.

The environment variable ODIFF_EXTRAS (names of EXTRAS or EXTRAS2,
comma-separated) forces those constructs into every CIB on top of the
ones drawn, to run many cases of one construct (e.g.
ODIFF_EXTRAS=allow-migrate, ODIFF_EXTRAS=template).
"""
import os
import re
import random

DIGEST = 'f2317cad3d54cec5d7d7aa7d0bf35cf8'
UUID = '00000000-0000-0000-0000-000000000001'
# ODIFF_UNIQUE_GROUPS=1 lets a cloned group be globally unique too (off by
# default, so that every seed keeps the CIB it always gave).
UNIQUE_GROUPS = bool(os.environ.get('ODIFF_UNIQUE_GROUPS'))
ON_FAIL = ['ignore', 'block', 'stop', 'restart', 'standby', 'fence']
# The schema constructs a CIB may draw beyond the base generator.
EXTRAS = ['set-location', 'set-colocation', 'set-order', 'set-ticket', 'ticket',
          'value-source', 'nested-rule', 'date-rule', 'defaults-rule',
          'no-quorum', 'stonith', 'cluster-options', 'placement', 'node-health',
          'fencing-topology', 'unfencing', 'requires', 'on-fail-ops',
          'allow-migrate', 'multiple-active', 'clone-failcounts',
          'utilization', 'node-states', 'shutdown-lock', 'rsc-pattern',
          'node-attribute']
# Constructs drawn from a random stream of their own (Gen.s), each in
# about a fifth of the CIBs, so that every seed keeps the CIB the first
# stream gives it and adds these on top (issue 15, session 29): resource
# templates (and constraints naming them), id-ref reuse of meta,
# instance and operation sets, tags in constraints and sets,
# failure-timeout with failures expired and not, op interval-origin,
# record-pending, timeout and enabled, role-specific monitors,
# target-role Promoted or Unpromoted on primitives, and (session 31)
# histories of clone instances beyond clone-max and fencing enabled
# with no device.
EXTRAS2 = ['template', 'id-ref', 'tags', 'failure-timeout', 'op-attributes',
           'op-role', 'target-role-promoted', 'clone-orphans', 'fencing-no-device']
# failure-timeout values: the first ones are long past for the failures
# the generator writes (last-failure 1600000000, 2020); with the others
# the failures of the resource are dated FUTURE_FAILURE (2033) so that
# they stay unexpired whenever the test runs before then.  Pacemaker
# 2.1.5 keeps a failure-timeout in an unsigned count of milliseconds, so
# none lasts beyond 4294967s (49.7 days) and a failure of 2020 has
# expired under any of them: '300000h' stands for that cut.
EXPIRED_TIMEOUTS = ['60', '10m', '1h', '300000h']
LIVE_TIMEOUTS = ['4000000', '1000h']
FUTURE_FAILURE = 2000000000
SCORES = ['-INFINITY', '-INFINITY', '-1000', '-100', '-10', '0', '10', '50',
          '100', '200', '1000', 'INFINITY', 'INFINITY']


def forced_extras():
    """The EXTRAS named in ODIFF_EXTRAS; an unknown name is an error."""
    names = [n for n in os.environ.get('ODIFF_EXTRAS', '').split(',') if n]
    for name in names:
        if name not in EXTRAS and name not in EXTRAS2:
            raise SystemExit('ODIFF_EXTRAS: unknown construct %s' % name)
    return names


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
        self.op_on_fail = {}    # start/stop/promote/demote -> on-fail
        self.params = {}
        self.stonith = False
        self.utilization = {}
        self.parent = None
        # drawn from the second stream (EXTRAS2)
        self.template = None     # a Template's id
        self.meta_ref = None     # id-ref of another primitive's sets
        self.params_ref = None
        self.ops_ref = None
        self.ops_id = None       # <operations id=> when another refers to it
        self.meta_id = None      # the ids the sets were written with
        self.params_id = None
        self.op_attrs = {}       # op name -> extra attribute text
        self.role_monitors = []  # (role, interval) extra monitors
        self.monitor_role = None


class Template:
    """A <template> primitives refer to with template=."""

    def __init__(self, tid, stateful):
        self.id = tid
        self.stateful = stateful
        self.meta = {}
        self.params = {}
        self.ops = []            # op element texts without id


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
        self.x = {}
        if self.r.random() >= 0.15:
            for name in self.r.sample(EXTRAS, self.r.randint(1, 3)):
                self.x[name] = True
        for name in forced_extras():
            if name in EXTRAS:
                self.x[name] = True
        if self.x.get('utilization') or self.x.get('placement'):
            self.x['utilization'] = self.x['placement'] = True
        if self.x.get('fencing-topology') or self.x.get('unfencing'):
            self.x['stonith'] = True
        self.tickets = []
        self.s = random.Random(seed * 7919 + 29)
        self.x2 = {name: self.s.random() < 0.2 for name in EXTRAS2}
        for name in forced_extras():
            if name in EXTRAS2:
                self.x2[name] = True
        self.templates = []
        self.tags = []           # (tag id, [member ids])
        self.tickets2 = []       # tickets of the second stream's constraints
        self.recent = set()      # primitives whose failures are FUTURE_FAILURE
        self.stamp = 1600000000  # the date of the history entry being written

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
            node['state'] = 'member'
            if self.x.get('node-states') and i > 1 and self.chance(0.35):
                node['state'] = self.pick(['unclean', 'pending', 'standby-transient',
                                           'maintenance-transient'])
                node['online'] = node['state'] not in ('unclean', 'pending')
            if self.x.get('utilization'):
                node['utilization'] = {'cpu': self.pick(['2', '4', '8']),
                                       'mem': self.pick(['500', '1000'])}
            if self.x.get('node-health') and self.chance(0.6):
                node['health'] = self.pick(['red', 'yellow', 'green'])
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
        if self.x.get('on-fail-ops') and self.chance(0.4):
            op = self.pick(['start', 'stop'] + (['promote', 'demote'] if stateful else []))
            p.op_on_fail[op] = self.pick(ON_FAIL + (['demote'] if stateful else []))
        if self.x.get('allow-migrate') and not stateful and self.chance(0.5):
            p.meta['allow-migrate'] = 'true'
        if self.x.get('multiple-active') and self.chance(0.5):
            p.meta['multiple-active'] = self.pick(
                ['stop_start', 'stop_only', 'block', 'stop_unexpected'])
        if self.x.get('requires') and self.chance(0.4):
            p.meta['requires'] = self.pick(['nothing', 'quorum', 'fencing', 'unfencing'])
        if self.x.get('value-source') and self.chance(0.6):
            p.params['wanted'] = self.pick(['red', 'blue'])
            p.meta['wanted-meta'] = self.pick(['red', 'blue'])
        if self.x.get('utilization') and self.chance(0.8):
            p.utilization = {'cpu': self.pick(['1', '2', '4'])}
            if self.chance(0.5):
                p.utilization['mem'] = self.pick(['100', '500'])
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
        if self.chance(0.2) and (inner != 'group' or UNIQUE_GROUPS):
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
        if not self.targets():
            self.rscs.append(self.make_primitive('rsc'))
        if self.x.get('stonith'):
            for _ in range(self.r.randint(1, 2)):
                f = Rsc(self.ids('fence'), 'prim')
                f.stonith = True
                if self.x.get('unfencing') and self.chance(0.7):
                    f.meta['provides'] = 'unfencing'
                self.rscs.append(f)

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
        tops = [r for r in self.rscs if not r.stonith]
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
        if self.x.get('rsc-pattern') and self.chance(0.6):
            return '<rsc_location id="%s" rsc-pattern="%s" node="%s" score="%s"/>' % (
                lid, self.pick(['^rsc', 'grp', '^cln-?[0-9]*$', '(rsc|grp)-?[0-9]*']),
                self.pick(self.nodes)['name'], self.pick(SCORES))
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
        if self.x.get('value-source') and r.kind == 'prim' and self.chance(0.7):
            exprs.append('<expression id="%s" attribute="color" operation="%s" '
                         'value="%s" value-source="%s"/>' % (
                             self.ids(rid + '-vs'), self.pick(['eq', 'ne']),
                             self.pick(['wanted', 'wanted-meta']),
                             self.pick(['param', 'meta'])))
        if self.x.get('date-rule') and self.chance(0.7):
            exprs.append(self.date_expression(rid))
        if self.x.get('nested-rule') and self.chance(0.7):
            inner = self.ids(rid + '-inner')
            exprs.append('<rule id="%s" score="0" boolean-op="%s">%s%s</rule>' % (
                inner, self.pick(['and', 'or']),
                '<expression id="%s" attribute="#uname" operation="eq" value="%s"/>' % (
                    self.ids(inner + '-e1'), self.pick(self.nodes)['name']),
                '<expression id="%s" attribute="color" operation="%s"/>' % (
                    self.ids(inner + '-e2'), self.pick(['defined', 'not_defined']))))
        for _ in range(self.r.randint(0 if exprs else 1, 2)):
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
        if self.x.get('node-attribute') and self.chance(0.7):
            s += ' node-attribute="color"'
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

    def date_expression(self, base):
        """Dates far from any clock the tests run at, so that the answer
        does not depend on when it runs."""
        did = self.ids(base + '-date')
        form = self.r.randint(0, 3)
        if form == 0:
            return ('<date_expression id="%s" operation="in_range" start="%s" end="%s"/>'
                    % (did, self.pick(['2000-01-01', '1990-06-01']),
                       self.pick(['2010-01-01', '2099-12-31'])))
        if form == 1:
            return '<date_expression id="%s" operation="%s" %s="2005-020"/>' % (
                did, *self.pick([('gt', 'start'), ('lt', 'end')]))
        if form == 2:
            return ('<date_expression id="%s" operation="in_range" start="2001-01-01">'
                    '<duration id="%s" years="%s"/></date_expression>' % (
                        did, self.ids(did + '-dur'), self.pick(['5', '200'])))
        return ('<date_expression id="%s" operation="date_spec"><date_spec id="%s" '
                'years="%s"/></date_expression>' % (
                    did, self.ids(did + '-spec'), self.pick(['1990-2005', '2000-2200'])))

    def resource_set(self, members, role_ok=True, action_ok=False):
        sid = self.ids('set')
        s = '<resource_set id="%s"' % sid
        if self.chance(0.5):
            s += ' sequential="%s"' % self.pick(['true', 'false'])
        if action_ok and self.chance(0.3):
            s += ' require-all="%s"' % self.pick(['true', 'false'])
        if role_ok and all(self.promotable_of(m) for m in members) and self.chance(0.6):
            s += ' role="%s"' % self.pick(['Promoted', 'Unpromoted', 'Started'])
        if action_ok and self.chance(0.4):
            acts = ['start', 'stop']
            if all(self.promotable_of(m) for m in members):
                acts += ['promote', 'demote']
            s += ' action="%s"' % self.pick(acts)
        s += '>' + ''.join('<resource_ref id="%s"/>' % m.id for m in members)
        return s + '</resource_set>'

    def split_sets(self, n_sets):
        ts = self.targets()
        self.r.shuffle(ts)
        if len(ts) < n_sets:
            return None
        cuts = sorted(self.r.sample(range(1, len(ts)), n_sets - 1)) if n_sets > 1 else []
        sets, last = [], 0
        for c in cuts + [len(ts)]:
            sets.append(ts[last:c])
            last = c
        return sets

    def set_constraint(self, kind):
        sets = self.split_sets(self.r.randint(1, 2))
        if not sets:
            return None
        if kind == 'location':
            return '<rsc_location id="%s" node="%s" score="%s">%s</rsc_location>' % (
                self.ids('loc-set'), self.pick(self.nodes)['name'], self.pick(SCORES),
                self.resource_set(sets[0]))
        if kind == 'colocation':
            return '<rsc_colocation id="%s" score="%s">%s</rsc_colocation>' % (
                self.ids('col-set'), self.pick(SCORES),
                ''.join(self.resource_set(m) for m in sets))
        if kind == 'order':
            k = ' kind="%s"' % self.pick(['Mandatory', 'Optional', 'Serialize']) \
                if self.chance(0.5) else ''
            sym = ' symmetrical="false"' if self.chance(0.2) else ''
            return '<rsc_order id="%s"%s%s>%s</rsc_order>' % (
                self.ids('ord-set'), k, sym,
                ''.join(self.resource_set(m, False, True) for m in sets))
        ticket = self.new_ticket()
        return '<rsc_ticket id="%s" ticket="%s"%s>%s</rsc_ticket>' % (
            self.ids('tkt-set'), ticket, self.loss_policy(),
            ''.join(self.resource_set(m) for m in sets))

    def new_ticket(self):
        name = self.ids('ticket%s' % self.pick('AB'))
        self.tickets.append(name)
        return name

    def loss_policy(self):
        if self.chance(0.8):
            return ' loss-policy="%s"' % self.pick(['stop', 'demote', 'fence', 'freeze'])
        return ''

    def ticket(self):
        r = self.pick(self.targets())
        s = '<rsc_ticket id="%s" rsc="%s" ticket="%s"%s' % (
            self.ids('tkt-' + r.id), r.id, self.new_ticket(), self.loss_policy())
        role = self.role_for(r)
        if role:
            s += ' rsc-role="%s"' % role
        return s + '/>'

    def make_constraints(self):
        self.cons = []
        for kind in ('location', 'colocation', 'order', 'ticket'):
            if self.x.get('set-' + kind):
                for _ in range(self.r.randint(1, 2)):
                    c = self.set_constraint(kind)
                    if c:
                        self.cons.append(c)
        if self.x.get('ticket'):
            for _ in range(self.r.randint(1, 2)):
                self.cons.append(self.ticket())
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

    # ------------------------------------------------- second stream (EXTRAS2)
    def s_pick(self, seq):
        return self.s.choice(seq)

    def s_chance(self, p):
        return self.s.random() < p

    def targets2(self):
        """targets(), drawn from the second stream."""
        tops = [r for r in self.rscs if not r.stonith]
        members = [c for r in self.rscs if r.kind == 'group' for c in r.children]
        return tops + members if members and self.s_chance(0.2) else tops

    def plain_primitives(self):
        return [p for p in self.primitives() if not p.stonith]

    def add_extras2(self):
        """The EXTRAS2 constructs, drawn from self.s only, on top of the
        configuration and status the first stream made."""
        if self.x2['template']:
            self.add_templates()
        if self.x2['id-ref']:
            self.add_id_refs()
        if self.x2['failure-timeout']:
            self.add_failure_timeouts()
        if self.x2['op-attributes']:
            self.add_op_attributes()
        if self.x2['op-role']:
            self.add_op_roles()
        if self.x2['target-role-promoted']:
            self.add_promoted_target_roles()
        if self.x2['tags']:
            self.add_tags()
        if self.x2['clone-orphans']:
            self.add_clone_orphans()

    def add_templates(self):
        """Some primitives made from a template of their agent's type; the
        template carries meta attributes, parameters and operations the
        primitive may redefine; constraints sometimes name the template
        (Pacemaker Explained 2.1, "Resource Templates")."""
        by_kind = {}
        for p in self.plain_primitives():
            if not self.s_chance(0.5):
                continue
            t = by_kind.get(p.stateful)
            if t is None:
                t = Template(self.ids('tmpl-' + ('stateful' if p.stateful else 'dummy')),
                             p.stateful)
                if self.s_chance(0.4):
                    t.meta['resource-stickiness'] = self.s_pick(['0', '100', 'INFINITY'])
                if self.s_chance(0.3):
                    t.meta['migration-threshold'] = self.s_pick(['1', '3'])
                if self.s_chance(0.15):
                    t.meta['target-role'] = self.s_pick(['Stopped', 'Started'])
                if self.s_chance(0.3):
                    t.params['tparam'] = self.s_pick(['a', 'b'])
                if self.s_chance(0.5):
                    t.ops.append('name="monitor" interval="10s" on-fail="%s"'
                                 % self.s_pick(['ignore', 'block', 'stop', 'restart']))
                if self.s_chance(0.3):
                    t.ops.append('name="start" interval="0s" on-fail="%s"'
                                 % self.s_pick(['ignore', 'block', 'stop', 'restart']))
                by_kind[p.stateful] = t
                self.templates.append(t)
            p.template = t.id
        for t in self.templates:
            if self.s_chance(0.4):
                self.cons.append('<rsc_location id="%s" rsc="%s" node="%s" score="%s"/>' % (
                    self.ids('loc-' + t.id), t.id, self.s_pick(self.nodes)['name'],
                    self.s_pick(SCORES)))
            # not a resource made from the template nor one holding such a
            # one: crm_simulate orders an action after itself and aborts
            others = [r for r in self.targets2() if not self.holds_template(r, t.id)]
            if others and self.s_chance(0.3):
                o = self.s_pick(others)
                self.cons.append('<rsc_order id="%s" first="%s" then="%s"/>' % (
                    self.ids('ord-' + t.id), *((t.id, o.id) if self.s_chance(0.5)
                                              else (o.id, t.id))))

    def holds_template(self, r, tid):
        return r.template == tid or any(self.holds_template(c, tid) for c in r.children)

    def add_id_refs(self):
        """A primitive reusing another's meta attributes, parameters or
        operations by id-ref (Pacemaker Explained 2.1, "Reusing Parts of
        the Configuration"); operations only between the same agents."""
        prims = self.plain_primitives()
        for i, b in enumerate(prims):
            if i == 0 or not self.s_chance(0.5):
                continue
            earlier = prims[:i]
            with_meta = [a for a in earlier if a.meta and a.meta_ref is None]
            if with_meta and self.s_chance(0.6):
                b.meta_ref = self.s_pick(with_meta)
            with_params = [a for a in earlier if a.params and a.params_ref is None]
            if not with_params and self.s_chance(0.5):
                # parameters are rare: give an earlier one a set to share
                a = self.s_pick(earlier)
                if a.params_ref is None:
                    a.params['shared'] = self.s_pick(['x', 'y'])
                    with_params = [a]
            if with_params and self.s_chance(0.6):
                b.params_ref = self.s_pick(with_params)
            same = [a for a in earlier if a.stateful == b.stateful and a.ops_ref is None]
            if same and self.s_chance(0.4):
                a = self.s_pick(same)
                b.ops_ref = a
                a.ops_id = a.ops_id or 'ops-' + a.id

    def add_failure_timeouts(self):
        """failure-timeout on primitives, groups and clones: past the
        failures' age (expired) or not."""
        for r in self.rscs + [c for r in self.rscs for c in r.children]:
            if r.stonith or not self.s_chance(0.5):
                continue
            r.meta['failure-timeout'] = self.s_pick(EXPIRED_TIMEOUTS + LIVE_TIMEOUTS)
        for p in self.plain_primitives():
            r = p
            while r is not None and 'failure-timeout' not in r.meta:
                r = r.parent
            p.recent_failures = r is not None and r.meta['failure-timeout'] in LIVE_TIMEOUTS
            if p.recent_failures:
                self.recent.add(p.id)

    def add_op_attributes(self):
        """interval-origin, record-pending, timeout and enabled on
        operations; none changes the placement, some the actions."""
        for p in self.plain_primitives():
            if not self.s_chance(0.6):
                continue
            attrs = ''
            if self.s_chance(0.5):
                attrs += ' interval-origin="%s"' % self.s_pick(
                    ['2020-01-01T00:00:00Z', '2000-06-15 03:00:00'])
            if self.s_chance(0.5):
                attrs += ' record-pending="%s"' % self.s_pick(['true', 'false'])
            if self.s_chance(0.4):
                attrs += ' timeout="%s"' % self.s_pick(['20s', '90'])
            if self.s_chance(0.1):
                attrs += ' enabled="false"'
            p.op_attrs['monitor'] = attrs
            if self.s_chance(0.3):
                p.op_attrs['start'] = ' record-pending="%s"' % self.s_pick(['true', 'false'])

    def add_op_roles(self):
        """Monitors per role: the 10s monitor of a stateful agent for the
        Unpromoted role, Started on others, and monitors in the Stopped
        role (Pacemaker Explained 2.1, "Resource Operations")."""
        for p in self.plain_primitives():
            if not self.s_chance(0.6):
                continue
            if p.stateful and self.s_chance(0.7):
                p.monitor_role = 'Unpromoted'
            elif not p.stateful and self.s_chance(0.5):
                p.monitor_role = 'Started'
            if self.s_chance(0.25):
                p.role_monitors.append(('Stopped', '13s'))

    def add_promoted_target_roles(self):
        """target-role Promoted or Unpromoted on primitives, alone, in a
        group or inside a (promotable) clone."""
        for p in self.plain_primitives():
            if self.s_chance(0.35):
                p.meta['target-role'] = self.s_pick(['Promoted', 'Unpromoted'])

    def add_clone_orphans(self):
        """Histories of a clone's instances beyond clone-max (the clone
        was shrunk): a started, promoted or failed instance on online nodes
        that hold none of the clone, named as the anonymous clone names
        them (the primitive's id) or, unique, with the next instance
        numbers (Pacemaker Explained 2.1, "Clone Options" clone-max)."""
        online = [nd['name'] for nd in self.nodes
                  if nd['online'] or nd.get('state') == 'unclean']
        for clone in [r for r in self.rscs if r.kind == 'clone']:
            if not self.s_chance(0.6):
                continue
            child = clone.children[0]
            prims = child.children if child.kind == 'group' else [child]
            ids = {p.id for p in prims}
            free = [n for n in online
                    if not any(h[0].split(':')[0] in ids and h[2] != 'probe'
                                for h in self.history[n])]
            number = int(clone.meta.get('clone-max', len(self.nodes)))
            for node in free:
                if not self.s_chance(0.6):
                    continue
                for k, p in enumerate(prims):
                    if k > 0 and self.s_chance(0.3):
                        break
                    name = '%s:%d' % (p.id, number) if clone.unique else p.id
                    states = ['started', 'started', 'failed']
                    if p.stateful and clone.promotable:
                        states.append('promoted')
                    self.history[node] = [h for h in self.history[node] if h[0] != name]
                    self.history[node].append((name, p, self.s_pick(states)))
                number += 1

    def add_tags(self):
        """One or two tags of resources (sometimes a template) named in
        locations, colocations, orders, tickets and resource sets
        (Pacemaker Explained 2.1, "Tagging Configuration Elements")."""
        names = [r.id for r in self.targets2()]
        if self.s_chance(0.3):
            # a template in a tag: refused (crm_simulate does not expand it)
            names += [t.id for t in self.templates]
        for _ in range(self.s.randint(1, 2)):
            members = self.s.sample(names, self.s.randint(1, min(3, len(names))))
            tid = self.ids('tag')
            self.tags.append((tid, members))
            for _ in range(self.s.randint(1, 2)):
                c = self.tag_constraint(tid, [n for n in names if n not in members])
                if c:
                    self.cons.append(c)

    def tag_constraint(self, tid, others):
        kind = self.s_pick(['location', 'colocation', 'order', 'ticket', 'set'])
        if kind == 'location':
            return '<rsc_location id="%s" rsc="%s" node="%s" score="%s"/>' % (
                self.ids('loc-' + tid), tid, self.s_pick(self.nodes)['name'],
                self.s_pick(SCORES))
        if kind == 'ticket':
            ticket = self.ids('ticketT')
            self.tickets2.append(ticket)
            return '<rsc_ticket id="%s" rsc="%s" ticket="%s" loss-policy="%s"/>' % (
                self.ids('tkt-' + tid), tid, ticket,
                self.s_pick(['stop', 'freeze', 'demote']))
        if not others:
            return None
        other = self.s_pick(others)
        first, then = (tid, other) if self.s_chance(0.5) else (other, tid)
        if kind == 'colocation':
            return '<rsc_colocation id="%s" rsc="%s" with-rsc="%s" score="%s"/>' % (
                self.ids('col-' + tid), first, then, self.s_pick(SCORES))
        if kind == 'order':
            return '<rsc_order id="%s" first="%s" then="%s"%s/>' % (
                self.ids('ord-' + tid), first, then,
                ' kind="Optional"' if self.s_chance(0.3) else '')
        sets = ''.join('<resource_set id="%s"%s><resource_ref id="%s"/></resource_set>' % (
            self.ids('set-' + tid), ' sequential="false"' if self.s_chance(0.3) else '', n)
            for n in (first, then))
        if self.s_chance(0.5):
            return '<rsc_colocation id="%s" score="%s">%s</rsc_colocation>' % (
                self.ids('col-set-' + tid), self.s_pick(SCORES), sets)
        return '<rsc_order id="%s">%s</rsc_order>' % (self.ids('ord-set-' + tid), sets)

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
        online = [nd for nd in self.nodes if nd['online']
                  or nd.get('state') == 'unclean']

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
                if (r.kind == 'prim' and r.meta.get('allow-migrate') and len(online) > 1
                        and self.chance(0.7)):
                    self.plan_migration(r, node, online)
                    continue
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
                if self.x.get('clone-failcounts'):
                    self.clone_failcounts(r)
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

    def plan_migration(self, r, source, online):
        """A live migration from source to another node: done (migrate_to
        and migrate_from both succeeded), partial (only migrate_to), or
        failed (migrate_to failed), failed on the target (migrate_from
        failed), done with the source stopped afterwards, or partial with
        the target probed; sometimes also active elsewhere."""
        target = self.pick([o for o in online if o['name'] != source])['name']
        kind = self.pick(['done', 'partial', 'failed', 'done-stopped-source',
                          'failed-from', 'partial-probed'])
        if kind == 'failed':
            self.history[source].append((r.id, r, 'mig_src_fail:' + target))
        elif kind == 'done-stopped-source':
            self.history[source].append((r.id, r, 'mig_src_stopped:' + target))
        else:
            self.history[source].append((r.id, r, 'mig_src_ok:' + target))
        if kind in ('done', 'done-stopped-source'):
            self.history[target].append((r.id, r, 'mig_tgt_ok:' + source))
        elif kind == 'failed-from':
            self.history[target].append((r.id, r, 'mig_tgt_fail:' + source))
        elif kind == 'partial-probed':
            self.history[target].append((r.id, r, 'probe'))
        others = [o for o in online if o['name'] not in (source, target)]
        if others and self.chance(0.2):
            self.history[self.pick(others)['name']].append((r.id, r, 'started'))

    def clone_failcounts(self, clone):
        """Fail counts of a clone's instances, anonymous (no number, or the
        number older Pacemaker wrote) or unique, spread over the nodes."""
        child = clone.children[0]
        prims = child.children if child.kind == 'group' else [child]
        cmax = int(clone.meta.get('clone-max', len(self.nodes)))
        for nd in self.nodes:
            if not self.chance(0.5):
                continue
            p = self.pick(prims)
            name = p.id
            if clone.unique or self.chance(0.4):
                name = '%s:%d' % (p.id, self.r.randrange(max(cmax, 1)))
            op = self.pick(['monitor_10000', 'start_0'])
            self.fails[nd['name']]['fail-count-%s#%s' % (name, op)] = self.pick(
                ['1', '3', 'INFINITY'])
            self.fails[nd['name']]['last-failure-%s#%s' % (name, op)] = '1600000000'

    def op(self, rid, name, interval, rc, call, node, expect=0, extra=''):
        """One history entry; a failure is recorded twice, as Pacemaker
        does: under its own id and as RSC_last_failure_0."""
        key = '%s_%s_%d' % (rid, name, interval)
        oid = '%s_last_0' % rid if interval == 0 else key
        failed = rc != expect and not (name == 'monitor' and interval == 0)
        self.stamp = FUTURE_FAILURE if failed and rid.split(':')[0] in self.recent \
            else 1600000000
        text = self.op_entry(oid, key, name, interval, rc, call, node, expect, extra)
        if failed:
            text += self.op_entry('%s_last_failure_0' % rid, key, name,
                                  interval, rc, call, node, expect, extra)
        return text

    def op_entry(self, oid, key, name, interval, rc, call, node, expect, extra=''):
        tkey = '%d:1:%d:%s' % (call, expect, UUID)
        return ('<lrm_rsc_op id="%s" operation_key="%s" operation="%s" '
                'crm-debug-origin="crm_simulate" crm_feature_set="3.0.10" '
                'transition-key="%s" transition-magic="0:%d;%s" on_node="%s" '
                'call-id="%d" rc-code="%d" op-status="0" interval="%d" '
                'last-run="%d" last-rc-change="%d" exec-time="10" '
                'queue-time="0" op-digest="%s"%s/>' % (
                    oid, key, name, tkey, rc, tkey, node, call, rc, interval,
                    self.stamp, self.stamp, DIGEST, extra))

    def lrm_resource(self, lid, p, st, node):
        prov = 'pacemaker'
        typ = 'Stateful' if p.stateful else 'Dummy'
        ops = []
        if st.startswith('mig_'):
            kind, other = st.split(':', 1)
            src, tgt = (node, other) if kind.startswith('mig_src') else (other, node)
            extra = ' migrate_source="%s" migrate_target="%s"' % (src, tgt)
            if kind == 'mig_tgt_ok':
                ops.append(self.op(lid, 'migrate_from', 0, 0, 5, node, 0, extra))
                ops.append(self.op(lid, 'monitor', 10000, 0, 6, node))
            elif kind == 'mig_tgt_fail':
                ops.append(self.op(lid, 'migrate_from', 0, 1, 5, node, 0, extra))
                if self.chance(0.5):
                    self.fails[node]['fail-count-%s#migrate_from_0' % lid] = '1'
                    self.fails[node]['last-failure-%s#migrate_from_0' % lid] = \
                        '1600000000'
            else:
                ops.append(self.op(lid, 'monitor', 10000, 0, 3, node))
                ops.append(self.op(lid, 'migrate_to', 0,
                                   1 if kind == 'mig_src_fail' else 0, 4, node, 0, extra))
                if kind == 'mig_src_stopped':   # its own id: last_0 is taken
                    ops.append(self.op_entry('%s_stop_0' % lid, '%s_stop_0' % lid,
                                             'stop', 0, 0, 7, node, 0))
                if kind == 'mig_src_fail' and self.chance(0.5):
                    self.fails[node]['fail-count-%s#migrate_to_0' % lid] = '1'
                    self.fails[node]['last-failure-%s#migrate_to_0' % lid] = \
                        '1600000000'
            return ('<lrm_resource id="%s" class="ocf" provider="%s" type="%s">%s'
                    '</lrm_resource>' % (lid, prov, typ, ''.join(ops)))
        if p.stonith:
            return ('<lrm_resource id="%s" class="stonith" type="fence_xvm">%s'
                    '</lrm_resource>' % (lid, self.op(lid, 'start', 0, 0, 2, node)
                                         if st in ('started', 'promoted') else
                                         self.op(lid, 'monitor', 0, 7, 1, node, 7)))
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
        if p.stonith:
            s = '<primitive id="%s" class="stonith" type="fence_xvm">' % p.id
            s += nvset('meta_attributes', self.ids(p.id + '-meta'), p.meta, self.ids)
            return s + '</primitive>'
        typ = 'Stateful' if p.stateful else 'Dummy'
        if p.template:
            s = '<primitive id="%s" template="%s">' % (p.id, p.template)
        else:
            s = '<primitive id="%s" class="ocf" provider="pacemaker" type="%s">' % (p.id, typ)
        p.params_id = self.ids(p.id + '-params')
        s += nvset('instance_attributes', p.params_id, p.params, self.ids)
        if p.params_ref:
            s += '<instance_attributes id-ref="%s"/>' % p.params_ref.params_id
        p.meta_id = self.ids(p.id + '-meta')
        s += nvset('meta_attributes', p.meta_id, p.meta, self.ids)
        if p.meta_ref:
            s += '<meta_attributes id-ref="%s"/>' % p.meta_ref.meta_id
        s += nvset('utilization', self.ids(p.id + '-utilization'), p.utilization, self.ids)
        ops = '<op id="%s" name="monitor" interval="10s"%s%s%s/>' % (
            self.ids(p.id + '-mon'), ' on-fail="%s"' % p.on_fail if p.on_fail else '',
            ' role="%s"' % p.monitor_role if p.monitor_role else '',
            p.op_attrs.get('monitor', ''))
        if p.stateful:
            ops += '<op id="%s" name="monitor" interval="11s" role="Promoted"/>' % (
                self.ids(p.id + '-mon-p'))
        for name, on_fail in p.op_on_fail.items():
            ops += '<op id="%s" name="%s" interval="0s" on-fail="%s"%s/>' % (
                self.ids('%s-%s' % (p.id, name)), name, on_fail, p.op_attrs.get(name, ''))
        if 'start' in p.op_attrs and 'start' not in p.op_on_fail:
            ops += '<op id="%s" name="start" interval="0s"%s/>' % (
                self.ids(p.id + '-start-op'), p.op_attrs['start'])
        for role, interval in p.role_monitors:
            ops += '<op id="%s" name="monitor" interval="%s" role="%s"/>' % (
                self.ids('%s-mon-%s' % (p.id, role.lower())), interval, role)
        if p.ops_ref:
            s += '<operations id-ref="%s"/>' % p.ops_ref.ops_id
        elif p.ops_id:
            s += '<operations id="%s">%s</operations>' % (p.ops_id, ops)
        else:
            s += '<operations>%s</operations>' % ops
        return s + '</primitive>'

    def cluster_options(self):
        props = {'stonith-enabled': 'true' if self.x.get('stonith') else 'false'}
        if not self.x.get('stonith') and self.x2['fencing-no-device']:
            # fencing enabled with no device (Pacemaker Explained 2.1,
            # "Cluster Options" stonith-enabled): said, or by default
            if self.s_chance(0.5):
                props['stonith-enabled'] = 'true'
            else:
                del props['stonith-enabled']
        if self.x.get('no-quorum') or self.chance(0.1):
            props['no-quorum-policy'] = self.pick(
                ['ignore', 'stop', 'freeze', 'demote', 'suicide'])
        if self.x.get('stonith'):
            if self.chance(0.4):
                props['stonith-action'] = self.pick(['reboot', 'off', 'poweroff'])
            if self.chance(0.3):
                props['concurrent-fencing'] = self.pick(['true', 'false'])
            if self.chance(0.3):
                props['priority-fencing-delay'] = self.pick(['0', '5s'])
        if self.x.get('cluster-options'):
            for name, values in (('symmetric-cluster', ['true', 'false']),
                                 ('maintenance-mode', ['true', 'false']),
                                 ('start-failure-is-fatal', ['true', 'false']),
                                 ('stop-orphan-resources', ['true', 'false']),
                                 ('stop-orphan-actions', ['true', 'false']),
                                 ('stop-all-resources', ['false', 'true'])):
                if self.chance(0.35):
                    props[name] = self.pick(values)
        else:
            if self.chance(0.1):
                props['symmetric-cluster'] = 'false'
            if self.chance(0.05):
                props['maintenance-mode'] = 'true'
            if self.chance(0.1):
                props['start-failure-is-fatal'] = 'false'
        if self.x.get('shutdown-lock'):
            props['shutdown-lock'] = 'true'
            if self.chance(0.5):
                props['shutdown-lock-limit'] = self.pick(['0', '10m'])
            self.pick(self.nodes)['shutdown'] = True
        if self.x.get('placement'):
            props['placement-strategy'] = self.pick(
                ['default', 'utilization', 'minimal', 'balanced'])
        if self.x.get('node-health'):
            props['node-health-strategy'] = self.pick(
                ['none', 'migrate-on-red', 'only-green', 'progressive', 'custom'])
            for color in ('red', 'yellow', 'green'):
                if self.chance(0.4):
                    props['node-health-' + color] = self.pick(
                        ['-INFINITY', '-100', '0', '10'])
        return props

    def fencing_topology(self):
        devices = [r.id for r in self.rscs if r.stonith]
        levels = []
        for nd in self.nodes:
            for index in range(1, self.r.randint(1, 2) + 1):
                levels.append('<fencing-level id="%s" index="%d" target="%s" devices="%s"/>'
                              % (self.ids('fl-%s-%d' % (nd['name'], index)), index,
                                 nd['name'], ','.join(self.r.sample(
                                     devices, self.r.randint(1, len(devices))))))
        return '<fencing-topology>%s</fencing-topology>' % ''.join(levels)

    def defaults_with_rules(self):
        rid = self.ids('rsc-options-rule')
        rsc = ('<rsc_defaults><meta_attributes id="%s"><rule id="%s" score="INFINITY"><rsc_expression '
               'id="%s" class="ocf" provider="pacemaker" type="%s"/></rule>'
               '<nvpair id="%s" name="resource-stickiness" value="%s"/>'
               '</meta_attributes></rsc_defaults>' % (
                   self.ids('rsc-options'), rid, self.ids(rid + '-expr'),
                   self.pick(['Dummy', 'Stateful']), self.ids('rsc-options-stickiness'),
                   self.pick(['0', '100', 'INFINITY'])))
        oid = self.ids('op-options-rule')
        op = ('<op_defaults><meta_attributes id="%s"><rule id="%s" score="INFINITY"><op_expression '
              'id="%s" name="%s"%s/></rule>'
              '<nvpair id="%s" name="on-fail" value="%s"/>'
              '</meta_attributes></op_defaults>' % (
                  self.ids('op-options'), oid, self.ids(oid + '-expr'),
                  self.pick(['monitor', 'start']),
                  ' interval="10s"' if self.chance(0.5) else '',
                  self.ids('op-options-on-fail'),
                  self.pick(['ignore', 'block', 'stop', 'restart'])))
        return rsc + (op if self.chance(0.6) else '')

    def xml_template(self, t):
        s = '<template id="%s" class="ocf" provider="pacemaker" type="%s">' % (
            t.id, 'Stateful' if t.stateful else 'Dummy')
        s += nvset('instance_attributes', self.ids(t.id + '-params'), t.params, self.ids)
        s += nvset('meta_attributes', self.ids(t.id + '-meta'), t.meta, self.ids)
        if t.ops:
            s += '<operations>%s</operations>' % ''.join(
                '<op id="%s" %s/>' % (self.ids('%s-op' % t.id), op) for op in t.ops)
        return s + '</template>'

    def xml_tickets(self):
        """Ticket states: the first stream's tickets, then the second's."""
        states = ['<ticket_state id="%s" granted="%s" last-granted="1600000000"%s/>' % (
            t, self.pick(['true', 'false']), ' standby="true"' if self.chance(0.15) else '')
            for t in self.tickets if self.chance(0.85)]
        states += ['<ticket_state id="%s" granted="%s" last-granted="1600000000"/>' % (
            t, self.s_pick(['true', 'false'])) for t in self.tickets2 if self.s_chance(0.85)]
        return '<tickets>%s</tickets>' % ''.join(states)

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
        props = self.cluster_options()
        quorum = '0' if self.chance(0.6 if self.x.get('no-quorum') else 0.05) else '1'
        out = ['<cib crm_feature_set="3.0.10" validate-with="pacemaker-3.7" '
               'epoch="1" num_updates="1" admin_epoch="0" have-quorum="%s" dc-uuid="1">'
               % quorum,
               '<configuration><crm_config>']
        out.append(nvset('cluster_property_set', 'cib-bootstrap-options', props, self.ids))
        out.append('</crm_config><nodes>')
        for nd in self.nodes:
            attrs = nvset('instance_attributes', self.ids('nodes-' + nd['id']),
                          nd['attrs'], self.ids)
            attrs += nvset('utilization', self.ids('nodes-%s-utilization' % nd['id']),
                           nd.get('utilization'), self.ids)
            out.append('<node id="%s" uname="%s">%s</node>' % (nd['id'], nd['name'], attrs))
        out.append('</nodes><resources>')
        out.extend(self.xml_template(t) for t in self.templates)
        out.extend(self.xml_rsc(r) for r in self.rscs)
        out.append('</resources><constraints>')
        out.extend(self.cons)
        out.append('</constraints>')
        if self.tags:
            out.append('<tags>%s</tags>' % ''.join(
                '<tag id="%s">%s</tag>' % (tid, ''.join('<obj_ref id="%s"/>' % m for m in members))
                for tid, members in self.tags))
        if self.x.get('fencing-topology'):
            out.append(self.fencing_topology())
        if self.x.get('defaults-rule'):
            out.append(self.defaults_with_rules())
        elif self.chance(0.4):
            out.append('<rsc_defaults>%s</rsc_defaults>' % nvset(
                'meta_attributes', self.ids('rsc-options'),
                {'resource-stickiness': self.pick(['0', '1', '100', 'INFINITY'])},
                self.ids))
        out.append('</configuration><status>')
        if self.tickets or self.tickets2:
            out.append(self.xml_tickets())
        for nd in self.nodes:
            name = nd['name']
            state = nd.get('state', 'member')
            if state == 'pending':
                out.append('<node_state id="%s" uname="%s" in_ccm="true" crmd="online" '
                           'join="pending" expected="member"/>' % (nd['id'], name))
                continue
            if not nd['online'] and state != 'unclean':
                out.append('<node_state id="%s" uname="%s" in_ccm="false" crmd="offline" '
                           'join="down" expected="down"/>' % (nd['id'], name))
                continue
            if state == 'unclean':
                out.append('<node_state id="%s" uname="%s" in_ccm="false" crmd="offline" '
                           'join="down" expected="member">' % (nd['id'], name))
            else:
                out.append('<node_state id="%s" uname="%s" in_ccm="true" crmd="online" '
                           'join="member" expected="member">' % (nd['id'], name))
            lrm = [self.lrm_resource(lid, p, st, name)
                   for lid, p, st in self.history[name]]
            trans = dict(self.fails[name])
            for pid, v in self.promo[name].items():
                trans['master-' + pid] = v
            if nd['shutdown']:
                trans['shutdown'] = '1600000000'
            if state == 'standby-transient':
                trans['standby'] = 'on'
            if state == 'maintenance-transient':
                trans['maintenance'] = 'true'
            if nd.get('health'):
                trans['#health-disk'] = nd['health']
            for k in trans:
                if (k.startswith('last-failure-')
                        and k[len('last-failure-'):].split('#')[0].split(':')[0] in self.recent):
                    trans[k] = str(FUTURE_FAILURE)
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


FEATURE_PATTERNS = [
    ('primitive', r'<primitive '), ('group', r'<group '), ('clone', r'<clone '),
    ('promotable clone', r'name="promotable" value="true"'),
    ('target-role Unpromoted', r'name="target-role" value="Unpromoted"'),
    ('unique clone', r'name="globally-unique" value="true"'),
    ('location', r'<rsc_location '), ('location rule', r'<rule .*?score'),
    ('colocation', r'<rsc_colocation '), ('order', r'<rsc_order '),
    ('set in location', r'<rsc_location [^>]*>\s*<resource_set'),
    ('set in colocation', r'<rsc_colocation [^>]*>\s*<resource_set'),
    ('set in order', r'<rsc_order [^>]*>\s*<resource_set'),
    ('set in ticket', r'<rsc_ticket [^>]*>\s*<resource_set'),
    ('set sequential', r'<resource_set [^>]*sequential='),
    ('set require-all', r'<resource_set [^>]*require-all='),
    ('set role', r'<resource_set [^>]*role='),
    ('set action', r'<resource_set [^>]*action='),
    ('ticket', r'<rsc_ticket '),
    ('rsc-pattern', r'rsc-pattern='),
    ('node-attribute colocation', r'node-attribute='),
    ('ticket loss-policy=stop', r'loss-policy="stop"'),
    ('ticket loss-policy=demote', r'loss-policy="demote"'),
    ('ticket loss-policy=fence', r'loss-policy="fence"'),
    ('ticket loss-policy=freeze', r'loss-policy="freeze"'),
    ('ticket standby', r'<ticket_state [^>]*standby="true"'),
    ('value-source=param', r'value-source="param"'),
    ('value-source=meta', r'value-source="meta"'),
    ('nested rule', r'<rule [^>]*>(?:(?!</rule>).)*<rule '),
    ('date_expression', r'<date_expression '), ('date_spec', r'<date_spec '),
    ('duration', r'<duration '),
    ('rsc_expression in rsc_defaults', r'<rsc_expression '),
    ('op_expression in op_defaults', r'<op_expression '),
    ('stonith-enabled=true', r'name="stonith-enabled" value="true"'),
    ('stonith-action', r'name="stonith-action"'),
    ('concurrent-fencing', r'name="concurrent-fencing"'),
    ('priority-fencing-delay', r'name="priority-fencing-delay"'),
    ('fencing device', r'class="stonith"'),
    ('fencing-topology', r'<fencing-level '),
    ('provides=unfencing', r'name="provides" value="unfencing"'),
    ('requires', r'name="requires"'),
    ('have-quorum=0', r'have-quorum="0"'),
    ('symmetric-cluster=false', r'name="symmetric-cluster" value="false"'),
    ('maintenance-mode=true', r'name="maintenance-mode" value="true"'),
    ('start-failure-is-fatal=false', r'name="start-failure-is-fatal" value="false"'),
    ('stop-orphan-resources=false', r'name="stop-orphan-resources" value="false"'),
    ('stop-orphan-actions=false', r'name="stop-orphan-actions" value="false"'),
    ('stop-all-resources=true', r'name="stop-all-resources" value="true"'),
    ('shutdown-lock', r'name="shutdown-lock" value="true"'),
    ('node-health-strategy', r'name="node-health-strategy"'),
    ('utilization', r'<utilization '),
    ('on-fail (monitor)', r'name="monitor" interval="10s" on-fail='),
    ('on-fail (start/stop/promote/demote)', r'interval="0s" on-fail='),
    ('on-fail=fence', r'on-fail="fence"'), ('on-fail=demote', r'on-fail="demote"'),
    ('allow-migrate', r'name="allow-migrate" value="true"'),
    ('migration history', r'operation="migrate_to"'),
    ('failed migration', r'operation="migrate_(to|from)"[^>]*rc-code="1"'),
    ('multiple-active', r'name="multiple-active"'),
    ('clone instance fail count', r'name="fail-count-[^"]*:[0-9]+#'),
    ('node unclean', r'in_ccm="false" crmd="offline" join="down" expected="member"'),
    ('node pending', r'join="pending"'),
    ('node shutting down', r'name="shutdown" value="1600000000"'),
    ('node standby', r'name="standby" value="on"'),
    ('node maintenance', r'name="maintenance" value="true"'),
    ('node health attribute', r'name="#health-'),
    ('clone-node-max above 1', r'name="clone-node-max" value="[2-9]'),
]
# EXTRAS2 (session 29)
_IN_PRIMITIVE = r'<primitive [^>]*>(?:(?!</primitive>).)*'
FEATURE_PATTERNS += [
    ('template', r'<template '),
    ('primitive template=', r'<primitive [^>]*template='),
    ('template in a constraint', r'<rsc_(?:location|order|colocation) [^>]*="tmpl-'),
    ('id-ref meta_attributes', r'<meta_attributes id-ref='),
    ('id-ref instance_attributes', r'<instance_attributes id-ref='),
    ('id-ref operations', r'<operations id-ref='),
    ('tag', r'<tag '),
    ('tag in location', r'<rsc_location [^>]*rsc="tag'),
    ('tag in colocation', r'<rsc_colocation [^>]*rsc="tag'),
    ('tag in order', r'<rsc_order [^>]*(?:first|then)="tag'),
    ('tag in ticket', r'<rsc_ticket [^>]*rsc="tag'),
    ('tag in resource set', r'<resource_ref id="tag'),
    ('failure-timeout', r'name="failure-timeout"'),
    ('failure-timeout expired', r'name="failure-timeout" value="(?:%s)"'
     % '|'.join(EXPIRED_TIMEOUTS)),
    ('failure-timeout not expired', r'name="failure-timeout" value="(?:%s)"'
     % '|'.join(LIVE_TIMEOUTS)),
    ('op interval-origin', r'<op [^>]*interval-origin='),
    ('op record-pending', r'<op [^>]*record-pending='),
    ('op timeout', r'<op [^>]*timeout='),
    ('op enabled=false', r'<op [^>]*enabled="false"'),
    ('op role=Unpromoted', r'<op [^>]*role="Unpromoted"'),
    ('op role=Started', r'<op [^>]*role="Started"'),
    ('op role=Stopped', r'<op [^>]*role="Stopped"'),
    ('target-role Promoted on a primitive', _IN_PRIMITIVE + r'name="target-role" value="Promoted"'),
    ('target-role Unpromoted on a primitive',
     _IN_PRIMITIVE + r'name="target-role" value="Unpromoted"'),
]
NO_QUORUM = ['ignore', 'stop', 'freeze', 'demote', 'suicide']
FEATURE_PATTERNS += [('no-quorum-policy=' + v, r'name="no-quorum-policy" value="%s"' % v)
                     for v in NO_QUORUM]
FEATURE_PATTERNS += [('placement-strategy=' + v, r'name="placement-strategy" value="%s"' % v)
                     for v in ['default', 'utilization', 'minimal', 'balanced']]
FEATURE_PATTERNS += [('multiple-active=' + v, r'name="multiple-active" value="%s"' % v)
                     for v in ['stop_start', 'stop_only', 'block', 'stop_unexpected']]
FEATURE_PATTERNS += [('on-fail=' + v, r'on-fail="%s"' % v)
                     for v in ['ignore', 'block', 'stop', 'restart', 'standby']]
# EXTRAS2 (session 31): fencing enabled (said, or by default) with no
# device; searched from the start of the text only
FEATURE_PATTERNS += [
    ('fencing enabled, no device',
     r'\A(?!.*class="stonith")(?!.*name="stonith-enabled" value="false")'),
]
_COMPILED = [(n, re.compile(p, re.S)) for n, p in FEATURE_PATTERNS]


def features(text):
    """The constructs of the schema a generated CIB uses."""
    return [name for name, pattern in _COMPILED if pattern.search(text)]


def gen(seed):
    g = Gen(seed)
    g.make_nodes()
    g.make_resources()
    g.make_constraints()
    g.plan_status()
    g.add_extras2()
    return g.xml()


if __name__ == '__main__':
    import sys
    sys.stdout.write(gen(int(sys.argv[1]) if len(sys.argv) > 1 else 0))

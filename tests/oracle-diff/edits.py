#!/usr/bin/env python3
"""Differential test of cibscope's edits against crm_simulate.

    edits.py run [--corpus DIR] [--gen N] [--kinds K,K] [--jobs J]
                 [--out DIR] [--name REGEX] [--log FILE]
    edits.py one FILE.xml KIND [--time T]
    edits.py apply FILE.xml 'COMMANDS' [--time T]

`apply` runs the given commands (then `save`) and compares as `run` does;
it also checks that the session's own scores and transition after them
are those of the saved file loaded again, and that undoing them gives back FILE byte for byte.  Exit 0
when equal, 1 when not, 77 when crm_simulate is absent.

Every edit kind of the command language is applied, through
`cibscope FILE --exec 'EDIT; save OUT'`, to each CIB cibscope answers
exactly as crm_simulate does (the corpus's, and --gen N random ones from gen.py); then cibscope's scores and
transition on OUT are compared with crm_simulate's on the same OUT, as
diff.py compares them.  The edit picks its resource and node from the
CIB, the same ones on every run (seeded by the CIB's name and the kind).

Verdicts per case: ok, wrong, refused (cibscope exit 3 on the edited
CIB), skip (the kind does not apply to this CIB, or crm_simulate rejects
the edited CIB), error (the edit failed, or cibscope failed otherwise).
WRONG cases are written to DIR/KIND-NAME.xml with their diff beside them.
"""
import argparse
import concurrent.futures
import csv
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import diff  # noqa: E402
import gen  # noqa: E402

CORPUS = os.path.join(diff.TOP, '..', 'shared', 'corpus', 'pacemaker-2.1.5')


class Cib:
    """What an edit needs to know of a CIB to name its targets."""

    def __init__(self, root):
        conf = root.find('configuration')
        rscs = conf.find('resources') if conf is not None else None
        rscs = rscs if rscs is not None else ET.Element('resources')
        self.nodes = [n.get('uname') or n.get('id')
                      for n in conf.iter('node')] if conf is not None else []
        top = list(rscs)
        self.top_primitives = [r.get('id') for r in top if r.tag == 'primitive'
                               and r.get('class') != 'stonith']
        self.top_ocf = [r.get('id') for r in top if r.tag == 'primitive'
                        and r.get('class') == 'ocf']
        self.groups = [(g.get('id'), [p.get('id') for p in g.findall('primitive')])
                       for g in top if g.tag == 'group']
        self.clones = [c.get('id') for c in top if c.tag in ('clone', 'master')]
        self.resources = [r.get('id') for r in top if r.tag in
                          ('primitive', 'group', 'clone', 'master')
                          and r.get('class') != 'stonith']
        self.cli = [c.get('rsc') for c in root.iter('rsc_location')
                    if (c.get('id') or '').startswith(('cli-ban-', 'cli-prefer-'))]
        self.failed = sorted({n.get('name')[len('fail-count-'):].split('#')[0]
                              for n in root.iter('nvpair')
                              if (n.get('name') or '').startswith('fail-count-')})
        status = root.find('status')
        self.with_state = [s.get('uname') for s in
                           (status.findall('node_state') if status is not None else [])
                           if s.get('uname') in self.nodes]
        self.running = {}
        for state in (status if status is not None else []):
            for lrm in state.iter('lrm_resource'):
                self.running.setdefault(lrm.get('id'), state.get('uname'))


def pick(rng, items):
    return rng.choice(items) if items else None


# Each kind: a function (Cib, Random) -> command text, or None when the kind
# does not apply to the CIB.
def k_ban(c, r):
    rsc, node = pick(r, c.resources), pick(r, c.nodes)
    return rsc and node and 'ban %s %s' % (rsc, node)


def k_prefer(c, r):
    rsc, node = pick(r, c.resources), pick(r, c.nodes)
    return rsc and node and 'prefer %s %s' % (rsc, node)


def k_clear(c, r):
    if c.cli:
        return 'clear %s' % pick(r, c.cli)
    rsc, node = pick(r, c.resources), pick(r, c.nodes)
    # no ban or preference to clear: one is made first
    return rsc and node and 'ban %s %s; prefer %s %s; clear %s' % (rsc, node, rsc, node, rsc)


def k_stickiness(c, r):
    rsc = pick(r, c.resources)
    return rsc and 'stickiness %s %d' % (rsc, r.choice([0, 50, 1000]))


def k_standby(c, r):
    node = pick(r, c.nodes)
    return node and 'standby %s on' % node


def k_maintenance(c, r):
    node = pick(r, c.nodes)
    return node and 'maintenance %s on' % node


def k_failcount(c, r):
    rsc, node = pick(r, c.top_primitives), pick(r, c.with_state)
    if c.failed and r.random() < 0.5:
        return 'failcount clear %s' % pick(r, c.failed)
    return rsc and node and 'failcount set %s %s monitor_10000 %s' % (
        rsc, node, r.choice(['1', '3', 'INFINITY']))


def k_attr(c, r):
    node = pick(r, c.nodes)
    return node and 'attr %s tier db' % node


def k_meta(c, r):
    rsc = pick(r, c.resources)
    name, value = r.choice([('target-role', 'Stopped'), ('is-managed', 'false'),
                            ('migration-threshold', '1'), ('priority', '10'),
                            ('target-role', 'Started')])
    return rsc and 'meta %s %s %s' % (rsc, name, value)


def k_meta_clone(c, r):
    clone = pick(r, c.clones)
    name, value = r.choice([('clone-max', '1'), ('clone-node-max', '2'),
                            ('interleave', 'true'), ('globally-unique', 'true')])
    return clone and 'meta %s %s %s' % (clone, name, value)


def k_param(c, r):
    rsc = pick(r, c.top_primitives)
    return rsc and 'param %s cibscope-test 1' % rsc


def k_property(c, r):
    name, value = r.choice([('no-quorum-policy', 'ignore'), ('no-quorum-policy', 'freeze'),
                            ('symmetric-cluster', 'false'), ('maintenance-mode', 'true'),
                            ('stonith-enabled', 'false'), ('stop-orphan-resources', 'false'),
                            ('start-failure-is-fatal', 'false')])
    return 'property %s %s' % (name, value)


def k_rsc_default(c, r):
    name, value = r.choice([('resource-stickiness', '100'), ('migration-threshold', '1'),
                            ('is-managed', 'false'), ('target-role', 'Stopped')])
    return 'rsc-default %s %s' % (name, value)


def k_op_default(c, r):
    return 'op-default timeout 30s'


def k_utilization(c, r):
    rsc = pick(r, c.top_primitives)
    if rsc is None or not c.nodes:
        return None
    cmds = ['utilization %s cpu %d' % (n, r.choice([1, 2, 4])) for n in c.nodes]
    cmds.append('utilization %s cpu 2' % rsc)
    cmds.append('property placement-strategy %s' % r.choice(['utilization', 'balanced',
                                                             'minimal']))
    return '; '.join(cmds)


def k_ticket(c, r):
    rsc = pick(r, c.resources)
    if rsc is None:
        return None
    policy = r.choice(['stop', 'freeze', 'demote'])
    action = r.choice(['revoke', 'grant', 'standby'])
    first = 'ticket T1 grant; ' if action != 'grant' else ''
    return '%sticket-constraint add tk-edit %s T1 %s; ticket T1 %s' % (
        first, rsc, policy, action)


def k_order(c, r):
    if len(c.resources) < 2:
        return None
    a, b = r.sample(c.resources, 2)
    kind = r.choice(['', ' Optional', ' Serialize', ' symmetrical=false'])
    return 'order add o-edit %s:start %s%s' % (a, b, kind)


def k_order_set(c, r):
    if len(c.top_primitives) < 2:
        return None
    a, b = r.sample(c.top_primitives, 2)
    return 'order add os-edit set %s sequential=false set %s' % (a, b)


def k_colocation(c, r):
    if len(c.resources) < 2:
        return None
    a, b = r.sample(c.resources, 2)
    return 'colocation add c-edit %s %s %s' % (a, b, r.choice(['INFINITY', '-INFINITY',
                                                               '100']))


def k_colocation_set(c, r):
    if len(c.top_primitives) < 2:
        return None
    a, b = r.sample(c.top_primitives, 2)
    return 'colocation add cs-edit set %s %s score=%s' % (a, b, r.choice(['INFINITY', '50']))


def k_location(c, r):
    rsc, node = pick(r, c.resources), pick(r, c.nodes)
    return rsc and node and 'location add l-edit %s %s %s' % (rsc, node,
                                                              r.choice(['100', '-INFINITY']))


def k_rule(c, r):
    rsc, node = pick(r, c.resources), pick(r, c.nodes)
    if not (rsc and node):
        return None
    expr = r.choice(["'#uname' eq %s" % node, "'#uname' ne %s or defined tier" % node,
                     'date_spec hours=0-23', 'date gt 2000-01-01',
                     'tier eq db and date lt 2100-01-01'])
    return 'location add lr-edit %s rule %s %s' % (rsc, r.choice(['200', '-INFINITY']), expr)


def k_resource_add(c, r):
    meta = r.choice(['', ' meta target-role=Stopped', ' meta resource-stickiness=10'])
    return 'resource add r-edit ocf:pacemaker:Dummy%s' % meta


def k_resource_remove(c, r):
    rsc = pick(r, c.resources)
    return rsc and 'resource remove %s' % rsc


def k_group_add(c, r):
    rsc = pick(r, c.top_primitives)
    return rsc and 'group add g-edit %s' % rsc


def k_group_remove(c, r):
    groups = [g for g in c.groups if len(g[1]) >= 1]
    g = pick(r, groups)
    return g and 'group remove %s %s' % (g[0], pick(r, g[1]))


def k_clone(c, r):
    rsc = pick(r, c.top_primitives)
    # only OCF agents can be promoted (the edit refuses others)
    promotable = rsc in c.top_ocf and r.random() < 0.5
    return rsc and 'clone %s%s' % (rsc, ' promotable' if promotable else '')


def k_node_add(c, r):
    return 'node add zulu-edit'


def k_node_remove(c, r):
    node = pick(r, c.nodes)
    return node and 'node remove %s' % node


KINDS = {name[2:].replace('_', '-'): f for name, f in sorted(globals().items())
         if name.startswith('k_')}


def run(cmd, timeout=60):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=diff.ENV,
                           timeout=timeout, stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, '', 'timeout'


def call(cmd, sub, path, when):
    extra = ['--time', when] if when else []
    rc, out, err = run([cmd, sub, path] + extra)
    if rc == 0 or (cmd == diff.ORACLE and ('allocation score' in out
                                           or 'Transition Summary' in out)):
        return 'ok', out
    return ('refused' if rc == 3 else 'error'), refusal_text(err)


def refusal_text(err):
    """stderr without the version note of an older CIB (which comes first
    and would hide the construct a refusal names)."""
    lines = [l for l in err.splitlines() if '; answers are Pacemaker ' not in l]
    return '\n'.join(lines) if lines else err


def compare(path, when):
    """Like diff.compare, with the clock."""
    e_sc = call(diff.ENGINE, 'scores', path, when)
    if e_sc[0] != 'ok':
        return e_sc[0], e_sc[1].strip()[-300:]
    e_tr = call(diff.ENGINE, 'transition', path, when)
    if e_tr[0] != 'ok':
        return e_tr[0], e_tr[1].strip()[-300:]
    o_sc = call(diff.ORACLE, 'scores', path, when)
    o_tr = call(diff.ORACLE, 'transition', path, when)
    if o_sc[0] != 'ok' or o_tr[0] != 'ok':
        return 'skip', 'oracle: ' + (o_sc[1] + o_tr[1])[-300:]
    detail = []
    es, gs = diff.score_lines(o_sc[1]), diff.score_lines(e_sc[1])
    if es != gs:
        e, g = set(es), set(gs)
        detail += ['-score ' + l for l in sorted(e - g)]
        detail += ['+score ' + l for l in sorted(g - e)]
    et = sorted(' '.join(diff.tokens(l)) for l in diff.transition_lines(o_tr[1]))
    gt = sorted(' '.join(diff.tokens(l)) for l in diff.transition_lines(e_tr[1]))
    if et != gt:
        detail += ['-tr ' + l for l in et if l not in gt]
        detail += ['+tr ' + l for l in gt if l not in et]
    return ('wrong', '\n'.join(detail)) if detail else ('ok', '')


def one_case(path, name, kind, when, outdir):
    try:
        cib = Cib(ET.parse(path).getroot())
    except ET.ParseError as e:
        return name, kind, 'skip', str(e), ''
    rng = random.Random('%s/%s' % (name, kind))
    command = KINDS[kind](cib, rng)
    if not command:
        return name, kind, 'skip', 'does not apply', ''
    # One clock for the edit and both answers: a fail count set now with
    # a short failure-timeout must not expire between the two tools.
    when = when or time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())
    fd, saved = tempfile.mkstemp(suffix='.xml', prefix='edit-')
    os.close(fd)
    try:
        extra = ['--time', when]
        rc, out, err = run([diff.ENGINE, path, '--exec', '%s; save %s' % (command, saved)]
                           + extra)
        if rc != 0:
            return name, kind, 'error', 'exec: ' + err.strip()[-300:], command
        verdict, detail = compare(saved, when)
        if verdict == 'wrong' and outdir:
            base = os.path.join(outdir, '%s-%s' % (kind, name))
            with open(saved) as f, open(base + '.xml', 'w') as g:
                g.write(f.read())
            with open(base + '.diff', 'w') as g:
                g.write('# %s\n%s\n' % (command, detail))
        return name, kind, verdict, detail, command
    finally:
        for p in (saved, saved + '.bak'):
            if os.path.exists(p):
                os.unlink(p)


def corpus_cases(corpus, pattern):
    with open(os.path.join(corpus, 'tests.tsv')) as f:
        for row in csv.DictReader(f, delimiter='\t'):
            if pattern and not re.search(pattern, row['name']):
                continue
            path = os.path.join(corpus, 'xml', row['name'] + '.xml')
            if os.path.exists(path):
                yield row['name'], path, row.get('time') or None


def answered(path, when):
    """cibscope answers the CIB and its answer equals crm_simulate's: an
    edit of a CIB it already gets wrong says nothing of the edit."""
    return compare(path, when)[0] == 'ok'


def cmd_run(args):
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    kinds = args.kinds.split(',') if args.kinds else sorted(KINDS)
    cases = list(corpus_cases(args.corpus, args.name)) if not args.no_corpus else []
    tmp = tempfile.mkdtemp(prefix='edits-gen-')
    for seed in range(args.gen_start, args.gen_start + args.gen):
        path = os.path.join(tmp, 'gen-%d.xml' % seed)
        with open(path, 'w') as f:
            f.write(gen.gen(seed))
        cases.append(('gen-%d' % seed, path, None))
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        flags = list(ex.map(lambda c: answered(c[1], c[2]), cases))
    cases = [c for c, ok in zip(cases, flags) if ok]
    print('%d answered CIBs, %d kinds' % (len(cases), len(kinds)), flush=True)
    jobs = [(c, k) for c in cases for k in kinds]
    counts = {}
    log = open(args.log, 'w') if args.log else None
    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for name, kind, verdict, detail, command in ex.map(
                lambda j: one_case(j[0][1], j[0][0], j[1], j[0][2], args.out), jobs):
            counts.setdefault(kind, {}).setdefault(verdict, 0)
            counts[kind][verdict] += 1
            if log:
                first = detail.splitlines()[0] if detail else ''
                log.write('%s\t%s\t%s\t%s\t%s\n' % (verdict, kind, name, command, first))
                log.flush()
    print('%-18s %6s %6s %6s %6s %6s' % ('kind', 'ok', 'wrong', 'refus', 'skip', 'error'))
    for kind in kinds:
        c = counts.get(kind, {})
        print('%-18s %6d %6d %6d %6d %6d' % (kind, c.get('ok', 0), c.get('wrong', 0),
                                             c.get('refused', 0), c.get('skip', 0),
                                             c.get('error', 0)))
    print('%.0f s' % (time.time() - start))
    return 1 if any(c.get('wrong', 0) for c in counts.values()) else 0


def cmd_one(args):
    name = os.path.basename(args.file)
    _, kind, verdict, detail, command = one_case(args.file, name, args.kind, args.time, None)
    print('%s: %s\n%s' % (command, verdict, detail))
    return 0 if verdict in ('ok', 'skip') else 1


def cmd_apply(args):
    if run(['sh', '-c', 'command -v crm_simulate'])[0] != 0:
        print('crm_simulate not found: skipped')
        return 77
    fd, saved = tempfile.mkstemp(suffix='.xml', prefix='apply-')
    os.close(fd)
    fd, undone = tempfile.mkstemp(suffix='.xml', prefix='undo-')
    os.close(fd)
    extra = ['--time', args.time] if args.time else []
    try:
        rc, out, err = run([diff.ENGINE, args.file, '--exec', '%s; save %s; scores; transition'
                            % (args.commands, saved)] + extra)
        if rc != 0:
            print('%s: exec failed (%d): %s' % (args.commands, rc, err.strip()))
            return 1
        verdict, detail = compare(saved, args.time)
        # The session re-solved after the edits (perhaps reading again only
        # what they reached) must say what a fresh load of the saved file
        # says.
        after = out.split('saved %s\n' % saved, 1)[-1]
        _, fresh_scores = call(diff.ENGINE, 'scores', saved, args.time)
        _, fresh_transition = call(diff.ENGINE, 'transition', saved, args.time)
        if after != fresh_scores + fresh_transition:
            verdict = 'wrong'
            detail += '\nthe session after the edits differs from the saved CIB loaded again'
        undos = '; '.join(['undo'] * len(diff_commands(args.commands)))
        rc, _, err = run([diff.ENGINE, args.file, '--exec', '%s; %s; save %s' % (
            args.commands, undos, undone)] + extra)
        with open(args.file, 'rb') as f, open(undone, 'rb') as g:
            same = rc == 0 and f.read() == g.read()
        print('%s: %s%s' % (args.commands, verdict, '' if same else ', UNDO DIFFERS'))
        if detail:
            print(detail)
        return 0 if verdict == 'ok' and same else 1
    finally:
        for p in (saved, saved + '.bak', undone, undone + '.bak'):
            if os.path.exists(p):
                os.unlink(p)


def diff_commands(text):
    """The edits in text: every command but show-only ones."""
    return [c for c in (w.strip() for w in text.split(';')) if c]


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest='cmd', required=True)
    r = sub.add_parser('run')
    r.add_argument('--corpus', default=CORPUS)
    r.add_argument('--no-corpus', action='store_true')
    r.add_argument('--name', help='only corpus tests whose name matches')
    r.add_argument('--gen', type=int, default=0, help='also N random CIBs (gen.py)')
    r.add_argument('--gen-start', type=int, default=0)
    r.add_argument('--kinds', help='comma-separated; default every kind: ' +
                   ','.join(sorted(KINDS)))
    r.add_argument('--jobs', type=int, default=2)
    r.add_argument('--out', default='edits-out')
    r.add_argument('--log', help='one line per case: verdict, kind, CIB, command')
    o = sub.add_parser('one')
    o.add_argument('file')
    o.add_argument('kind', choices=sorted(KINDS))
    o.add_argument('--time')
    a = sub.add_parser('apply')
    a.add_argument('file')
    a.add_argument('commands')
    a.add_argument('--time')
    args = p.parse_args()
    sys.exit({'run': cmd_run, 'one': cmd_one, 'apply': cmd_apply}[args.cmd](args))


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Differential test of cibscope against crm_simulate on random CIBs.

    diff.py run [--n N] [--start S] [--jobs J] [--out DIR] [--family rb]
    diff.py one FILE.xml                  compare one CIB, print the diff
    diff.py min FILE.xml [--out MIN.xml]  shrink a WRONG CIB, keep it WRONG
    diff.py table DIR...                  coverage table of runs' summary.json

Each case is answered-and-equal (ok), refused by cibscope (exit 3), refused
or rejected by the oracle (skip), or answered-but-different (WRONG).  WRONG
CIBs are written to DIR/wrong-SEED.xml with the diff beside them.
Scores are compared as sorted lines, transitions as sorted token lists,
as ../shared/conformance/run-corpus does.
"""
import argparse
import concurrent.futures
import copy
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import gen_bundle  # noqa: E402
import gen_remote  # noqa: E402

TOP = os.path.abspath(os.path.join(HERE, '..', '..'))
ENGINE = os.environ.get('CIBSCOPE', os.path.join(TOP, 'src', 'cibscope'))
ORACLE = os.environ.get('ORACLE', os.path.join(
    TOP, '..', 'shared', 'oracle', 'crm-simulate-adapter'))
ENV = dict(os.environ, TZ='UTC')


def tokens(line):
    return line.replace('(', ' ( ').replace(')', ' ) ').split()


def transition_lines(text):
    lines = [l.strip() for l in text.splitlines()]
    if 'Transition Summary:' not in lines:
        return [l for l in lines if l]
    out, on = [], False
    for s in lines:
        if s.startswith('Transition Summary'):
            on = True
            continue
        if on and s.lower().startswith('executing cluster transition'):
            break
        if on and s:
            out.append(s)
    return out


def score_lines(text):
    return sorted(l.strip() for l in text.splitlines()
                  if l.strip() and l.strip() != 'Allocation scores:')


def call(cmd, sub, path):
    try:
        p = subprocess.run([cmd, sub, path], capture_output=True, text=True,
                           env=ENV, timeout=60, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return 'timeout', ''
    if p.returncode == 0:
        return 'ok', p.stdout
    # crm_simulate prints the scores and the summary, then fails when it
    # cannot simulate the transition (an ordering loop, say): the computed
    # answer is still there and still what we compare.
    if cmd == ORACLE and ('allocation score' in p.stdout
                          or 'Transition Summary' in p.stdout):
        return 'ok', p.stdout
    if p.returncode == 3:
        return 'refused', p.stderr
    return 'error', p.stderr


def compare(path):
    """Return (verdict, detail): ok, refused, skip, error, wrong."""
    e_sc = call(ENGINE, 'scores', path)
    if e_sc[0] == 'refused':
        return 'refused', e_sc[1].strip()
    if e_sc[0] != 'ok':
        if call(ORACLE, 'scores', path)[0] != 'ok':
            return 'skip', 'both reject: ' + e_sc[1][-300:]
        return 'error', 'scores: ' + e_sc[1][-300:]
    e_tr = call(ENGINE, 'transition', path)
    if e_tr[0] == 'refused':
        return 'refused', e_tr[1].strip()
    if e_tr[0] != 'ok':
        return 'error', 'transition: ' + e_tr[1][-300:]
    o_sc = call(ORACLE, 'scores', path)
    if o_sc[0] != 'ok':
        return 'skip', 'oracle: ' + o_sc[1][-300:]
    o_tr = call(ORACLE, 'transition', path)
    if o_tr[0] != 'ok':
        return 'skip', 'oracle transition: ' + o_tr[1][-300:]
    detail = []
    es, gs = score_lines(o_sc[1]), score_lines(e_sc[1])
    if es != gs:
        e, g = set(es), set(gs)
        detail += ['-score ' + l for l in sorted(e - g)]
        detail += ['+score ' + l for l in sorted(g - e)]
    et = sorted(' '.join(tokens(l)) for l in transition_lines(o_tr[1]))
    gt = sorted(' '.join(tokens(l)) for l in transition_lines(e_tr[1]))
    if et != gt:
        detail += ['-tr ' + l for l in et if l not in gt]
        detail += ['+tr ' + l for l in gt if l not in et]
    if detail:
        return 'wrong', '\n'.join(detail)
    return 'ok', ''


# Issue 19's family: each seed in the four bundle forms and the remote one
# (Pacemaker Remote and bundles are kept out of gen.py, see README.md).
RB_FORMS = {
    'bundle': gen_bundle.gen,
    'guests': gen_bundle.gen_guests,
    'links': gen_bundle.gen_links,
    'unmanaged': gen_bundle.gen_unmanaged,
    'remote': gen_remote.gen,
}


def run_seed(seed, outdir, only=''):
    text = gen.gen(seed)
    if only and only not in gen.features(text):
        return seed, 'unused', '', []
    return seed, *judge(text, str(seed), outdir), gen.features(text)


def run_rb_seed(seed, outdir):
    """One seed in each RB_FORMS form: [(form, verdict, detail)]."""
    return seed, [(form, *judge(make(seed), '%s-%d' % (form, seed), outdir))
                  for form, make in RB_FORMS.items()]


def judge(text, name, outdir):
    """Compare one CIB; keep it (and the diff) in outdir when WRONG."""
    fd, path = tempfile.mkstemp(suffix='.xml', prefix='od-%s-' % name)
    with os.fdopen(fd, 'w') as f:
        f.write(text)
    try:
        verdict, detail = compare(path)
    finally:
        os.unlink(path)
    if verdict in ('wrong', 'error'):
        with open(os.path.join(outdir, '%s-%s.xml' % (verdict, name)), 'w') as f:
            f.write(text)
        with open(os.path.join(outdir, '%s-%s.diff' % (verdict, name)), 'w') as f:
            f.write(detail + '\n')
    return verdict, detail


def refusal_key(detail):
    """A refusal's message without its file name, to count by construct."""
    lines = (detail or '').splitlines() or ['?']
    # skip warnings (an older crm_feature_set) printed before the refusal
    line = next((l for l in lines if 'not modelled' in l), lines[0])
    line = line.replace('cibscope: ', '', 1)
    if line.startswith('/'):
        line = line.split(': ', 1)[-1]
    return line[:110]


def seed_results(args, seed):
    """[(name, verdict, detail, constructs)] of one seed: one CIB from
    gen.py, or one per form of the rb family."""
    if args.family == 'rb':
        _, rows = run_rb_seed(seed, args.out)
        return [('%s-%d' % (form, seed), verdict, detail, [form])
                for form, verdict, detail in rows]
    _, verdict, detail, used = run_seed(seed, args.out, args.only)
    return [(str(seed), verdict, detail, used)]


def cmd_run(args):
    os.makedirs(args.out, exist_ok=True)
    counts = {}
    refusals = {}
    constructs = {}
    seeds = range(args.start, args.start + args.n)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for rows in ex.map(lambda s: seed_results(args, s), seeds):
            for name, verdict, detail, used in rows:
                counts[verdict] = counts.get(verdict, 0) + 1
                for construct in used:
                    row = constructs.setdefault(construct, {})
                    row[verdict] = row.get(verdict, 0) + 1
                if verdict == 'refused':
                    key = refusal_key(detail)
                    refusals[key] = refusals.get(key, 0) + 1
                if verdict in ('wrong', 'error'):
                    print('%s seed %s' % (verdict.upper(), name), flush=True)
    with open(os.path.join(args.out, 'summary.json'), 'w') as f:
        json.dump({'start': args.start, 'n': args.n, 'family': args.family,
                   'counts': counts, 'refusals': refusals,
                   'constructs': constructs}, f, indent=1)
    if args.only:
        print('seeds %d, not using %s: %d' % (args.n, args.only, counts.get('unused', 0)))
    print('cases %d: equal %d, refused %d, WRONG %d, errors %d, oracle-skipped %d' % (
        sum(counts.values()) - counts.get('unused', 0), counts.get('ok', 0),
        counts.get('refused', 0), counts.get('wrong', 0),
        counts.get('error', 0), counts.get('skip', 0)))
    if args.refusals:
        for k, v in sorted(refusals.items(), key=lambda kv: -kv[1]):
            print('%5d  %s' % (v, k))
    return 1 if counts.get('wrong', 0) or counts.get('error', 0) else 0


# ------------------------------------------------------------- minimizing
STRUCTURAL = {'cib', 'configuration', 'crm_config', 'nodes', 'resources',
              'constraints', 'status', 'lrm', 'lrm_resources'}


ANCHOR = set()


def still_wrong(root):
    """Still answered-but-different, and still showing at least one of the
    original differences (else the shrinking drifts to another cause)."""
    fd, path = tempfile.mkstemp(suffix='.xml', prefix='od-min-')
    with os.fdopen(fd, 'wb') as f:
        f.write(ET.tostring(root))
    try:
        verdict, detail = compare(path)
    finally:
        os.unlink(path)
    if verdict != 'wrong':
        return False
    return not ANCHOR or bool(ANCHOR & set(detail.splitlines()))


def elements(root):
    """Every (parent, child) pair, children of deeper elements first so
    that whole subtrees go before their parts are tried."""
    pairs = []
    for parent in root.iter():
        for child in list(parent):
            pairs.append((parent, child))
    return pairs


def protected(el):
    """Keep the shrunk CIB plausible: a resource history keeps its last
    operation (RSC_last_0), fencing stays off, a clone keeps its kind."""
    if el.tag == 'lrm_rsc_op' and el.get('id', '').endswith('_last_0'):
        return True
    return el.tag == 'nvpair' and el.get('name') in (
        'stonith-enabled', 'globally-unique', 'promotable')


def shrink(root):
    changed = True
    while changed:
        changed = False
        for parent, child in elements(root):
            if child.tag in STRUCTURAL or protected(child):
                continue
            idx = list(parent).index(child)
            parent.remove(child)
            if still_wrong(root):
                changed = True
            else:
                parent.insert(idx, child)
        # optional attributes of constraints and ops
        for el in root.iter():
            if el.tag == 'cib':
                continue
            for attr in list(el.attrib):
                if attr in ('id', 'rsc', 'with-rsc', 'first', 'then', 'name',
                            'value', 'class', 'type', 'provider', 'uname',
                            'operation', 'attribute', 'operation_key',
                            'rc-code', 'call-id', 'interval', 'on_node',
                            'transition-key', 'transition-magic', 'crmd',
                            'in_ccm', 'join', 'expected', 'op-digest',
                            'score', 'node', 'op-status'):
                    continue
                val = el.attrib.pop(attr)
                if still_wrong(root):
                    changed = True
                else:
                    el.attrib[attr] = val
    return root


def cmd_min(args):
    root = ET.parse(args.file).getroot()
    fd, path = tempfile.mkstemp(suffix='.xml', prefix='od-min-')
    with os.fdopen(fd, 'wb') as f:
        f.write(ET.tostring(root))
    ANCHOR.update(compare(path)[1].splitlines())
    os.unlink(path)
    if not still_wrong(root):
        print('not WRONG to begin with', file=sys.stderr)
        return 1
    shrink(root)
    ET.indent(root)
    text = ET.tostring(root, encoding='unicode') + '\n'
    out = args.out or args.file.replace('.xml', '.min.xml')
    with open(out, 'w') as f:
        f.write(text)
    print(out)
    print(compare(out)[1])
    return 0


# The ids gen.py writes, so that refusals count by construct, not by id.
ID_WORD = re.compile(r'\b(?:rsc|grp|cln|cgr)(?:-[A-Za-z0-9_-]*)?(?::[0-9]+)?\b'
                     r'|\b(?:ord|col|loc|tkt|set)-[A-Za-z0-9_-]+\b|\bset\b')


def cmd_table(args):
    """Sum the summary.json of runs: cases, verdicts, per construct."""
    total, refusals, constructs, seeds = {}, {}, {}, []
    for d in args.dirs:
        with open(os.path.join(d, 'summary.json')) as f:
            run = json.load(f)
        seeds.append('%d-%d' % (run['start'], run['start'] + run['n'] - 1))
        for k, v in run['counts'].items():
            total[k] = total.get(k, 0) + v
        for k, v in run['refusals'].items():
            refusals[k] = refusals.get(k, 0) + v
        for name, row in run['constructs'].items():
            mine = constructs.setdefault(name, {})
            for k, v in row.items():
                mine[k] = mine.get(k, 0) + v
    print('seeds %s: %d cases, equal %d, refused %d, WRONG %d, errors %d, '
          'oracle-skipped %d' % (', '.join(seeds), sum(total.values()),
                                 total.get('ok', 0), total.get('refused', 0),
                                 total.get('wrong', 0), total.get('error', 0),
                                 total.get('skip', 0)))
    print()
    print('| construct | generated | cases | equal | refused | wrong |')
    print('|---|---|---|---|---|---|')
    names = [n for n, _ in gen.FEATURE_PATTERNS]
    for name in names:
        row = constructs.get(name, {})
        cases = sum(row.values())
        print('| %s | yes | %d | %d | %d | %d |' % (
            name, cases, row.get('ok', 0), row.get('refused', 0),
            row.get('wrong', 0) + row.get('error', 0)))
    print()
    by_construct = {}
    for k, v in refusals.items():
        k = ID_WORD.sub('ID', k)
        by_construct[k] = by_construct.get(k, 0) + v
    for k, v in sorted(by_construct.items(), key=lambda kv: -kv[1]):
        print('%6d  %s' % (v, k))
    return 0


def cmd_one(args):
    verdict, detail = compare(args.file)
    print(verdict)
    if detail:
        print(detail)
    return 0 if verdict in ('ok', 'refused') else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='cmd', required=True)
    r = sub.add_parser('run')
    r.add_argument('--n', type=int, default=200)
    r.add_argument('--start', type=int, default=0)
    r.add_argument('--jobs', type=int, default=2)
    r.add_argument('--out', default='oracle-diff-out')
    r.add_argument('--only', default='',
                   help='compare only the CIBs using this construct '
                        '(a name of gen.FEATURE_PATTERNS, e.g. "migration history")')
    r.add_argument('--family', choices=('gen', 'rb'), default='gen',
                   help='gen: gen.py, one CIB a seed; rb: each seed in the '
                   'four gen_bundle.py forms and gen_remote.py (issue 19)')
    r.add_argument('--refusals', action='store_true',
                   help='list the refusal messages by frequency')
    o = sub.add_parser('one')
    o.add_argument('file')
    m = sub.add_parser('min')
    m.add_argument('file')
    m.add_argument('--out', default='')
    t = sub.add_parser('table')
    t.add_argument('dirs', nargs='+')
    args = ap.parse_args()
    return {'run': cmd_run, 'one': cmd_one, 'min': cmd_min,
            'table': cmd_table}[args.cmd](args)


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
"""The order of the Fence lines, cibscope against crm_simulate.

    fence_order.py --start S --n N [--forms remote,bundle,...] [--out DIR]

diff.py compares a Transition Summary as sorted tokens, so a Fence line
printed in another place than crm_simulate's goes unseen; crm_simulate
prints its fencing actions newest first, in the order Pacemaker made them,
and cibscope must print them the same way.  For each seed of the range and
each form of diff.RB_FORMS (gen_remote.py and the four gen_bundle.py
forms) this compares the Fence lines of both summaries, in order:

    same      the same lines in the same order (or neither fences)
    ORDER     the same lines in another order (written to DIR)
    other     the lines differ as a set (diff.py's business: not counted
              as an order mismatch)
    refused   cibscope refused the CIB (exit 3), or the oracle did

Exit 1 when any ORDER mismatch is found.
"""
import argparse
import concurrent.futures
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import diff  # noqa: E402


def fence_lines(text):
    return [line for line in diff.transition_lines(text) if line.startswith('* Fence')]


def judge(text):
    """(verdict, engine lines, oracle lines) of one CIB."""
    import tempfile
    fd, path = tempfile.mkstemp(suffix='.xml', prefix='fence-order-')
    with os.fdopen(fd, 'w') as f:
        f.write(text)
    try:
        ours = diff.call(diff.ENGINE, 'transition', path)
        if ours[0] != 'ok':
            return 'refused', [], []
        theirs = diff.call(diff.ORACLE, 'transition', path)
        if theirs[0] != 'ok':
            return 'refused', [], []
    finally:
        os.unlink(path)
    mine, oracle = fence_lines(ours[1]), fence_lines(theirs[1])
    if mine == oracle:
        return 'same', mine, oracle
    if sorted(mine) == sorted(oracle):
        return 'ORDER', mine, oracle
    return 'other', mine, oracle


def run_seed(seed, forms, outdir):
    rows = []
    for form in forms:
        text = diff.RB_FORMS[form](seed)
        verdict, mine, oracle = judge(text)
        if verdict == 'ORDER' and outdir:
            name = os.path.join(outdir, 'order-%s-%d' % (form, seed))
            with open(name + '.xml', 'w') as f:
                f.write(text)
            with open(name + '.diff', 'w') as f:
                f.write('oracle:\n%s\ncibscope:\n%s\n' % ('\n'.join(oracle), '\n'.join(mine)))
        rows.append((form, verdict, mine, oracle))
    return seed, rows


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--start', type=int, required=True)
    ap.add_argument('--n', type=int, default=200)
    ap.add_argument('--forms', default=','.join(diff.RB_FORMS),
                    help='comma-separated names of diff.RB_FORMS')
    ap.add_argument('--jobs', type=int, default=1)
    ap.add_argument('--out', default='', help='write ORDER cases here')
    ap.add_argument('-v', '--verbose', action='store_true', help='print each ORDER case')
    args = ap.parse_args()
    forms = args.forms.split(',')
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    counts, fenced = {}, 0
    seeds = range(args.start, args.start + args.n)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for seed, rows in ex.map(lambda s: run_seed(s, forms, args.out), seeds):
            for form, verdict, mine, oracle in rows:
                counts[verdict] = counts.get(verdict, 0) + 1
                if verdict == 'same' and len(oracle) > 1:
                    fenced += 1
                if verdict == 'ORDER':
                    print('ORDER %s-%d' % (form, seed), flush=True)
                    if args.verbose:
                        print('  oracle:   ' + '\n            '.join(oracle))
                        print('  cibscope: ' + '\n            '.join(mine))
    print('seeds %d-%d, forms %s: %d cases, same %d (%d with two or more Fence lines), '
          'ORDER %d, other %d, refused %d' % (
              args.start, args.start + args.n - 1, ','.join(forms), sum(counts.values()),
              counts.get('same', 0), fenced, counts.get('ORDER', 0), counts.get('other', 0),
              counts.get('refused', 0)))
    return 1 if counts.get('ORDER', 0) else 0


if __name__ == '__main__':
    sys.exit(main())

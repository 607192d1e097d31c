#!/usr/bin/env python3
"""make bench: load + full solve of generated CIBs, wall time and peak RSS.

Workloads come from ../shared/bench/gen-cib (deterministic: the same
arguments always give the same CIB).  Each measurement is a fresh process,
so its peak RSS is its own (os.wait4 rusage).  The best wall time of
--repeat runs is reported.  crm_simulate -s runs on the 16x500 workload in
the same run, when installed, for the ratio.  With --phases (make bench builds
tests/bench/bench-phases), the in-process time of each step is listed
for the 32x2000 workload as well: load, model, solve, printing, freeing,
and each kind of edit the console makes (ban, undo, prefer, stickiness of a
resource and the default, standby, maintenance, the clock) with its
re-solve, whose target is one frame (16 ms), and the Graph view's frame
in focus mode (depth 2 and 4) and of the whole graph panned from its kept
layout, with the same target.  `timeline` runs on the
32x2000 workload with TIMELINE_EVENTS lifetime bans added (each ending at
its own hour, so that each moment is solved and changes a plan).
First the remote-bundle workload (issue 19, tests/bench/gen-remote-bundle.py):
16 cluster nodes, 3 bundles of 16 replicas, 200 Pacemaker Remote nodes
running 5 resources each; the engine must answer it (exit 0), load + full
solve within 100 ms, and with --phases each of its edits (a bundle banned,
a remote node in standby, a fail count cleaned up, a remote resource
banned, a stickiness) with its re-solve within one frame.
--only-remote-bundle runs that workload alone; its CPU time is printed
too, and --cpu has bench-phases time by CPU time (on a machine shared with
other work the wall clock says little).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

WORKLOADS = [(8, 100), (16, 500), (32, 2000), (64, 10000)]
# doc/DESIGN.md "Performance": targets in seconds and MiB (None: no target).
TARGETS = {(32, 2000): (0.100, 64), (64, 10000): (1.0, None)}
PHASES_WORKLOAD = (32, 2000)
# crm_simulate may need minutes on a busy machine: the comparison stops it.
CRM_SIMULATE_LIMIT_S = 60
EDIT_TARGET_MS = 16.0
# timeline: lifetime bans added to the 32x2000 workload, and its clock.
TIMELINE_EVENTS = 10
TIMELINE_NOW = 1717243200    # 2024-06-01 12:00:00Z
# The remote-bundle workload: gen-remote-bundle.py's defaults, its
# target (s), and the edits bench-phases times on it (NAME=COMMAND).
REMOTE_BUNDLE_TARGET_S = 0.100
REMOTE_BUNDLE_EDITS = [
    'edit-ban-bundle+resolve=ban bundle1 node01',
    'edit-standby-remote+resolve=standby remote001 on',
    'edit-failcount-cleanup+resolve=failcount clear remote001-rsc1 remote001',
    'edit-ban-remote-rsc+resolve=ban remote002-rsc1 remote002',
    'edit-stickiness+resolve=stickiness remote002-rsc1 50',
]


def wait_with_limit(proc, limit):
    """os.wait4 on proc, killing it after limit seconds (None: no limit)."""
    start = time.monotonic()
    while True:
        pid, status, usage = os.wait4(proc.pid, 0 if limit is None else os.WNOHANG)
        if pid != 0:
            return status, usage
        if time.monotonic() - start > limit:
            proc.kill()
            os.wait4(proc.pid, 0)
            raise TimeoutError('%s: over %d s' % (proc.args[0], limit))
        time.sleep(0.01)


def measure(argv, repeat, limit=None, cpu=None):
    """Best wall time (s) and the largest peak RSS (MiB) over repeat runs;
    with cpu (a list), the best CPU time (s, user + system) appended."""
    best, peak, best_cpu = None, 0, None
    for _ in range(repeat):
        start = time.monotonic()
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                env=dict(os.environ, TZ='UTC'))
        status, usage = wait_with_limit(proc, limit)
        wall = time.monotonic() - start
        err = proc.stderr.read().decode(errors='replace')
        proc.stderr.close()
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 3):
            raise RuntimeError('%s: exit %d: %s' % (' '.join(argv), code, err.strip()))
        best = wall if best is None else min(best, wall)
        used = usage.ru_utime + usage.ru_stime
        best_cpu = used if best_cpu is None else min(best_cpu, used)
        peak = max(peak, usage.ru_maxrss / 1024.0)
    if cpu is not None:
        cpu.append(best_cpu)
    return best, peak, code


def generate(gen, nodes, resources, folder):
    path = os.path.join(folder, 'bench-%dx%d.xml' % (nodes, resources))
    with open(path, 'w') as out:
        subprocess.run([sys.executable, gen, '--nodes', str(nodes),
                        '--resources', str(resources)], stdout=out, check=True)
    return path


def add_lifetime_bans(path, count):
    """A copy of path whose first count running resources are banned from
    the node they run on until hour 1, 2, ... after TIMELINE_NOW, the CIB's
    execution-date."""
    with open(path) as cib:
        text = cib.read()
    running = []
    for node_state in re.finditer(r'<node_state [^>]*uname="([^"]+)".*?</node_state>', text, re.S):
        for op in re.finditer(r'operation_key="([^"]+)_start_0"[^>]*rc-code="0"', node_state.group(0)):
            if len(running) < count:
                running.append((op.group(1), node_state.group(1)))
    bans = []
    for hour, (rsc, node) in enumerate(running, 1):
        end = time.strftime('%Y-%m-%d %H:%M:%SZ', time.gmtime(TIMELINE_NOW + hour * 3600))
        ban = 'cli-ban-%s-on-%s' % (rsc, node)
        bans.append('<rsc_location id="%s" rsc="%s" role="Started"><rule id="%s-rule" '
                    'score="-INFINITY" boolean-op="and"><expression id="%s-expr" '
                    'attribute="#uname" operation="eq" value="%s"/><date_expression '
                    'id="%s-lifetime" operation="lt" end="%s"/></rule></rsc_location>'
                    % (ban, rsc, ban, ban, node, ban, end))
    text = text.replace('<constraints>', '<constraints>' + ''.join(bans), 1)
    text = text.replace('<cib ', '<cib execution-date="%d" ' % TIMELINE_NOW, 1)
    timed = path.replace('.xml', '-timeline.xml')
    with open(timed, 'w') as out:
        out.write(text)
    return timed, len(bans)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--cibscope', default='src/cibscope')
    ap.add_argument('--shared', default=os.environ.get('SHARED_DIR', '../shared'))
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--no-crm-simulate', action='store_true')
    ap.add_argument('--phases', help='bench-phases program: per-step times in process')
    ap.add_argument('--only-remote-bundle', action='store_true',
                    help='the remote-bundle workload alone')
    ap.add_argument('--cpu', action='store_true',
                    help='the remote-bundle workload and bench-phases judged by CPU time '
                         '(a machine shared with other work)')
    args = ap.parse_args()
    if args.only_remote_bundle:
        return 1 if not remote_bundle(args) else 0
    gen = os.path.join(args.shared, 'bench', 'gen-cib')
    if not os.path.exists(gen):
        print('bench: %s not found (set SHARED_DIR)' % gen, file=sys.stderr)
        return 2
    failed = not remote_bundle(args)
    with tempfile.TemporaryDirectory() as folder:
        print('%-10s %10s %10s %10s  %s' % ('workload', 'scores ms', 'trans. ms',
                                             'peak MiB', 'target'))
        for nodes, resources in WORKLOADS:
            path = generate(gen, nodes, resources, folder)
            wall, rss, code = measure([args.cibscope, 'scores', path], args.repeat)
            twall, trss, _ = measure([args.cibscope, 'transition', path], args.repeat)
            rss = max(rss, trss)
            verdict = ''
            if code == 3:
                verdict = 'engine answered 3 (unsupported)'
            elif (nodes, resources) in TARGETS:
                limit_s, limit_mb = TARGETS[(nodes, resources)]
                # doc/DESIGN.md: "load + full solve (scores, placement,
                # transition)": both commands must be within the target.
                time_ok = max(wall, twall) < limit_s
                verdict = 'time %s (both < %d ms)' % ('met' if time_ok else 'MISSED',
                                                     limit_s * 1000)
                memory_ok = limit_mb is None or rss < limit_mb
                if limit_mb is not None:
                    verdict += ', memory %s (< %d MiB)' % ('met' if memory_ok else 'MISSED',
                                                          limit_mb)
                failed |= not (time_ok and memory_ok)
            print('%-10s %10.1f %10.1f %10.1f  %s' % ('%dx%d' % (nodes, resources),
                                                       wall * 1000, twall * 1000, rss, verdict))
            if (nodes, resources) == (16, 500) and not args.no_crm_simulate:
                compare_crm_simulate(path, wall)
            if (nodes, resources) == PHASES_WORKLOAD:
                timed, events = add_lifetime_bans(path, TIMELINE_EVENTS)
                lwall, lrss, _ = measure([args.cibscope, 'timeline', timed], args.repeat)
                print('  timeline on %dx%d with %d lifetime bans ending: %.1f ms '
                      '(%d solves), %.1f MiB peak' % (nodes, resources, events, lwall * 1000,
                                                     events + 1, lrss))
            if (nodes, resources) == PHASES_WORKLOAD and args.phases:
                failed |= not print_phases(args.phases, path, args.repeat, cpu=args.cpu)
    return 1 if failed else 0


def remote_bundle(args):
    """The remote-bundle workload: False when the engine does not answer
    it or a target is missed."""
    gen = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'gen-remote-bundle.py')
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, 'remote-bundle.xml')
        with open(path, 'w') as out:
            subprocess.run([sys.executable, gen], stdout=out, check=True)
        cpu = []
        wall, rss, code = measure([args.cibscope, 'scores', path], args.repeat, cpu=cpu)
        twall, trss, tcode = measure([args.cibscope, 'transition', path], args.repeat, cpu=cpu)
        answered = code == 0 and tcode == 0
        met = max(cpu if args.cpu else (wall, twall)) < REMOTE_BUNDLE_TARGET_S
        verdict = ('%stime %s (both < %d ms)' % ('CPU ' if args.cpu else '',
                                                 'met' if met else 'MISSED',
                                                 REMOTE_BUNDLE_TARGET_S * 1000)
                   if answered else 'engine answered 3 (unsupported): MISSED')
        print('%-10s %10.1f %10.1f %10.1f  %s' % ('16+200r+3b', wall * 1000, twall * 1000,
                                                   max(rss, trss), verdict))
        # on a machine shared with other work the wall clock says little
        print('  CPU time (user + system), best: scores %.1f ms, transition %.1f ms'
              % (cpu[0] * 1000, cpu[1] * 1000))
        ok = answered and met
        if not args.no_crm_simulate:
            compare_crm_simulate(path, wall, '16+200r+3b')
        if args.phases and answered:
            ok &= print_phases(args.phases, path, args.repeat, REMOTE_BUNDLE_EDITS, args.cpu)
    return ok


def print_phases(program, path, repeat, edits=(), cpu=False):
    """bench-phases' per-step table; False when an edit misses its frame."""
    argv = [program, path, '--repeat', str(repeat)] + (['--cpu'] if cpu else [])
    for edit in edits:
        argv += ['--edit', edit]
    out = subprocess.run(argv, check=True, stdout=subprocess.PIPE, env=dict(os.environ, TZ='UTC'))
    ok = True
    print('  in process, best of %d (%sms; heap MiB):' % (repeat, 'CPU ' if cpu else ''))
    for line in out.stdout.decode().splitlines():
        name, value = line.split()
        verdict = ''
        if name.startswith(('edit-', 'undo', 'graph-focus', 'graph-whole-frame',
                               'graph-whole-after-edit')):
            met = float(value) < EDIT_TARGET_MS
            ok &= met
            verdict = '%s (< %d ms)' % ('met' if met else 'MISSED', EDIT_TARGET_MS)
        print('    %-32s %8s  %s' % (name, value, verdict))
    return ok


def compare_crm_simulate(path, our_wall, name='16x500'):
    crm = shutil.which('crm_simulate')
    if crm is None:
        print('  crm_simulate not installed: no comparison')
        return
    try:
        # -s runs the whole scheduler (scores, placement, actions); -S would
        # add simulating the transition's execution, which cibscope never
        # does and which takes minutes on 16x500.
        wall, rss, _ = measure([crm, '-x', path, '-s', '-Q'], 1, CRM_SIMULATE_LIMIT_S)
    except TimeoutError:
        print('  crm_simulate -s on %s: over %d s (stopped): cibscope is over %.0fx faster'
              % (name, CRM_SIMULATE_LIMIT_S, CRM_SIMULATE_LIMIT_S / our_wall))
        return
    print('  crm_simulate -s on %s: %.0f ms, %.1f MiB peak: cibscope is %.0fx faster'
          % (name, wall * 1000, rss, wall / our_wall))


if __name__ == '__main__':
    sys.exit(main())

#!/bin/bash
# timeline/oracle.sh: every moment `cibscope timeline` lists on the CIBs
# of tests/data/timeline is held against crm_simulate (the oracle
# adapter, ../shared/oracle) one second before it and at it: before, the
# oracle's Transition Summary must be the one cibscope has just before
# the moment (the previous moment's, or now's); at it, the one cibscope
# gives for it.  Each CIB must also have a moment that changes placement
# (what the data is for).  Needs python3 and crm_simulate (skip without
# either).  Exit: 0 pass, 1 fail, 77 skip.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${CS_TOP_SRCDIR:-$(cd "$here/../.." && pwd)}
top_builddir=${CS_TOP_BUILDDIR:-$top_srcdir}
bin=$top_builddir/src/cibscope
oracle=${SHARED_DIR:-$top_srcdir/../shared}/oracle/crm-simulate-adapter
[ -x "$bin" ] || { echo "timeline/oracle.sh: SKIP: no $bin"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "timeline/oracle.sh: SKIP: no python3"; exit 77; }
command -v crm_simulate >/dev/null 2>&1 || { echo "timeline/oracle.sh: SKIP: no crm_simulate"; exit 77; }
[ -x "$oracle" ] || { echo "timeline/oracle.sh: SKIP: no $oracle"; exit 77; }

exec python3 - "$bin" "$oracle" "$top_srcdir/tests/data/timeline" <<'PYTHON'
import datetime, glob, json, os, re, subprocess, sys

binary, oracle, folder = sys.argv[1:4]
env = dict(os.environ, CIBSCOPE_QUIET_VERSION='1', TZ='UTC', LC_ALL='C')

def at(epoch):
    return datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc).strftime('%Y-%m-%d %H:%M:%SZ')

def oracle_actions(path, epoch):
    """The Transition Summary's lines of crm_simulate -S at epoch, as
    cibscope's JSON gives them (without "  * ", blanks squeezed)."""
    out = subprocess.run([oracle, 'transition', path, '--time', at(epoch)], capture_output=True,
                         text=True, env=env, timeout=120).stdout
    lines, inside = [], False
    for line in out.splitlines():
        if line.startswith('Transition Summary:'):
            inside = True
        elif inside and line.strip().startswith('* '):
            lines.append(line.strip()[2:])
        elif inside and line.strip() and not line.startswith(' '):
            break
    return [squeeze(l) for l in lines]

def squeeze(line):
    return re.sub(r'\s+', ' ', line).strip()

failures = checked = 0
for path in sorted(glob.glob(os.path.join(folder, '*.xml'))):
    p = subprocess.run([binary, 'timeline', path, '--until', '2d', '--all', '--json'],
                       capture_output=True, text=True, env=env, timeout=120)
    if p.returncode != 0:
        print('FAIL %s: exit %d: %s' % (path, p.returncode, p.stderr.strip()))
        failures += 1
        continue
    doc = json.loads(p.stdout)
    before = [squeeze(l) for l in doc['pending_actions']]
    changed = False
    for event in doc['events']:
        epoch = event['epoch']
        after = [squeeze(l) for l in event['actions']]
        for when, ours in ((epoch - 1, before), (epoch, after)):
            theirs = oracle_actions(path, when)
            checked += 1
            if ours != theirs:
                failures += 1
                print('FAIL %s at %s (%s): cibscope %s, crm_simulate %s'
                      % (os.path.basename(path), at(when), '; '.join(event['causes']), ours, theirs))
        changed = changed or event['changed']
        before = after
    if not changed:
        failures += 1
        print('FAIL %s: no moment changes placement' % os.path.basename(path))
print('timeline/oracle.sh: %d moments checked against crm_simulate, %d differ' % (checked, failures))
sys.exit(1 if failures else 0)
PYTHON

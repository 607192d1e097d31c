#!/bin/bash
# json-where.sh: `where --json` says what `where` says, on every CIB of the
# conformance corpus the engine answers: for each resource at the top of
# the configuration, the JSON's lines rebuild the text line for line, and
# its actions are exactly the Transition Summary's lines that name a
# resource the text lists.  Needs python3 (skip without).
# Exit: 0 pass, 1 fail, 77 skip.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${CS_TOP_SRCDIR:-$(cd "$here/.." && pwd)}
top_builddir=${CS_TOP_BUILDDIR:-$top_srcdir}
bin=$top_builddir/src/cibscope
corpus=${SHARED_DIR:-$top_srcdir/../shared}/corpus/pacemaker-2.1.5/xml
[ -x "$bin" ] || { echo "json-where.sh: SKIP: no $bin"; exit 77; }
[ -d "$corpus" ] || { echo "json-where.sh: SKIP: no corpus at $corpus"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "json-where.sh: SKIP: no python3"; exit 77; }

exec python3 - "$bin" "$top_srcdir/data" "$corpus" <<'PYTHON'
import concurrent.futures, glob, json, os, re, subprocess, sys

binary, dirs = sys.argv[1], sys.argv[2:]
files = sorted(f for d in dirs for f in glob.glob(os.path.join(d, '*.xml')))
env = dict(os.environ, CIBSCOPE_QUIET_VERSION='1', TZ='UTC', LC_ALL='C')

def run(*args):
    p = subprocess.run([binary, *args], capture_output=True, text=True, env=env, timeout=120)
    return p.returncode, p.stdout

def summary_lines(text):
    return [re.sub(r'\s+', ' ', l.strip()[2:]) for l in text.splitlines() if l.strip().startswith('* ')]

def action_line(a):
    # the summary names the resource right after the verb
    return a['action'], a['resource']

def check(path):
    status, transition = run('transition', path)
    if status == 3:
        return 'refused', []
    if status != 0:
        return 'error', [f'{path}: transition exited {status}']
    status, ids = run('--list-ids', path)
    tops = [l.split(' ', 1)[1] for l in ids.splitlines() if l.startswith('resource ')]
    summary = summary_lines(transition)
    problems = []
    for rsc in tops[:6]:
        status, text = run('where', path, rsc)
        if status != 0:
            continue   # a child of a clone or group named alone is told by its parent
        status, raw = run('where', path, rsc, '--json')
        if status != 0:
            problems.append(f'{path} {rsc}: --json exited {status}')
            continue
        doc = json.loads(raw)
        rebuilt = ''.join('  ' * l['depth'] + f"{l['resource']}: {l['text']}\n" for l in doc['lines'])
        if rebuilt != text:
            problems.append(f'{path} {rsc}: lines differ:\n{text}---\n{rebuilt}')
        listed = {l['resource'] for l in doc['lines']}
        want = [s for s in summary if s.split(' ', 2)[1] in listed]
        got = doc['actions']
        if len(want) != len(got) or any(s.split(' ', 2)[:2] != [a['action'], a['resource']] for s, a in zip(want, got)):
            problems.append(f'{path} {rsc}: actions {got} != summary lines {want}')
    return 'checked', problems

with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    results = list(pool.map(check, files))
checked = sum(1 for r in results if r[0] == 'checked')
failures = [p for r in results for p in r[1]]
for p in failures[:10]:
    print('FAIL:', p)
print(f'json-where.sh: {checked} CIBs checked, {len(failures)} failed')
sys.exit(1 if failures else 0)
PYTHON

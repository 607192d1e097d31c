#!/bin/bash
# json-report.sh: `why --json` and `history --json` say what the text
# says.  A series of pe-inputs is made from the CIBs of
# tests/data/timeline and tests/data/cases (each bzip2'ed as
# pe-input-N.bz2, so that each step changes constraints, status or
# clock); the JSON of `history` must be valid and give back every line of
# the text, in order (sections, placement details at their depth, the
# Transition Summary's actions), and so must `why` on the first and last.
# Needs python3 and bzip2 (skip without).  Exit: 0 pass, 1 fail, 77 skip.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${CS_TOP_SRCDIR:-$(cd "$here/.." && pwd)}
top_builddir=${CS_TOP_BUILDDIR:-$top_srcdir}
bin=$top_builddir/src/cibscope
[ -x "$bin" ] || { echo "json-report.sh: SKIP: no $bin"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "json-report.sh: SKIP: no python3"; exit 77; }
command -v bzip2 >/dev/null 2>&1 || { echo "json-report.sh: SKIP: no bzip2"; exit 77; }

work=$(mktemp -d "${TMPDIR:-/tmp}/cibscope-json-report.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
n=0
for cib in "$top_srcdir"/tests/data/timeline/*.xml "$top_srcdir"/tests/data/cases/location-*.xml \
           "$top_srcdir"/tests/data/cases/failcount-threshold.xml; do
    [ -f "$cib" ] || continue
    n=$((n + 1))
    # A CIB without an execution-date is read at the wall clock, which
    # would differ between the text run and the JSON run when a second
    # passes between them: give such steps a date of their own.
    if grep -q 'execution-date=' "$cib"; then
        bzip2 -c "$cib" >"$work/pe-input-$n.bz2"
    else
        sed "0,/<cib /s//<cib execution-date=\"$((1767225600 + 60 * n))\" /" "$cib" \
            | bzip2 -c >"$work/pe-input-$n.bz2"
    fi
done

exec python3 - "$bin" "$work" "$n" <<'PYTHON'
import json, os, subprocess, sys

binary, folder, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
env = dict(os.environ, CIBSCOPE_QUIET_VERSION='1', TZ='UTC', LC_ALL='C')
failures = 0

def run(*args):
    p = subprocess.run([binary, *args], capture_output=True, text=True, env=env, timeout=300)
    return p.returncode, p.stdout

def step_lines(step):
    """The text's lines of one step, rebuilt from its JSON."""
    lines = []
    if step.get('from') is not None:
        lines.append('From ' + step['from'])
    if step.get('to') is not None:
        lines.append('  to ' + step['to'])
    lines += step['notes']
    for key, value in step.items():
        if key in ('file', 'from', 'to', 'notes', 'cibscope', 'pacemaker', 'infinity', 'command'):
            continue
        lines.append(key.replace('_', ' ').capitalize() + ':')
        if key == 'placement':
            for item in value:
                if item['resource'] is None:
                    lines.append('  ' + item['change'])
                else:
                    lines.append('  %s: %s' % (item['resource'], item['change']))
                lines += ['  ' + '  ' * d['depth'] + d['text'] for d in item['details']]
        elif key == 'transition':
            lines += ['  * ' + a for a in value] or ['  nothing to do']
        else:
            lines += ['  ' + line for line in value]
    return lines

def compare(what, text, rebuilt):
    global failures
    wanted = [line for line in text.splitlines() if line.strip()]
    # headings may differ in case only ("Node events:" from "node_events")
    norm = lambda lines: [l.lower() for l in lines]
    if norm(wanted) != norm(rebuilt):
        failures += 1
        print('FAIL %s: the JSON does not give back the text' % what)
        for a, b in zip(wanted, rebuilt):
            if a.lower() != b.lower():
                print('  text: %r\n  json: %r' % (a, b))
                break
        print('  (%d text lines, %d from JSON)' % (len(wanted), len(rebuilt)))

code, text = run('history', folder)
jcode, doc = run('history', folder, '--json')
if code != jcode:
    failures += 1
    print('FAIL history: exit %d as text, %d as JSON' % (code, jcode))
doc = json.loads(doc)
rebuilt = []
for step in doc['steps']:
    rebuilt.append('== %s ==' % step['file'])
    rebuilt += step_lines(step)
compare('history', text, rebuilt)
if len(doc['steps']) != count:
    failures += 1
    print('FAIL history: %d steps in JSON, %d inputs' % (len(doc['steps']), count))
moved = sum(1 for step in doc['steps'] if step.get('placement'))
if moved == 0:
    failures += 1
    print('FAIL history: no step moves anything (the series tests nothing)')

first, last = os.path.join(folder, 'pe-input-1.bz2'), os.path.join(folder, 'pe-input-%d.bz2' % count)
code, text = run('why', first, last)
jcode, doc = run('why', first, last, '--json')
doc = json.loads(doc)
if doc['command'] != 'why' or code != jcode:
    failures += 1
    print('FAIL why: command %r, exit %d as text, %d as JSON' % (doc['command'], code, jcode))
compare('why', text, step_lines(doc))
print('json-report.sh: history of %d inputs and why, %d failed' % (count, failures))
sys.exit(1 if failures else 0)
PYTHON

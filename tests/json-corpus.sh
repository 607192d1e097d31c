#!/bin/bash
# json-corpus.sh: --json says what the text says, on every CIB of the
# conformance corpus and tests/data/cases: the JSON is valid, every score
# line of `scores` is rebuilt from its fields (score a number, INFINITY as
# 1000000), and the JSON's actions are the Transition Summary's lines.
# Needs python3 (skip without).  Exit: 0 pass, 1 fail, 77 skip.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${CS_TOP_SRCDIR:-$(cd "$here/.." && pwd)}
top_builddir=${CS_TOP_BUILDDIR:-$top_srcdir}
bin=$top_builddir/src/cibscope
corpus=${SHARED_DIR:-$top_srcdir/../shared}/corpus/pacemaker-2.1.5/xml
[ -x "$bin" ] || { echo "json-corpus.sh: SKIP: no $bin"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "json-corpus.sh: SKIP: no python3"; exit 77; }

exec python3 - "$bin" "$top_srcdir/tests/data/cases" "$corpus" <<'PYTHON'
import concurrent.futures, glob, json, os, subprocess, sys

binary, dirs = sys.argv[1], sys.argv[2:]
files = sorted(f for d in dirs if os.path.isdir(d) for f in glob.glob(os.path.join(d, '*.xml')))
INFINITY = 1000000
env = dict(os.environ, CIBSCOPE_QUIET_VERSION='1', TZ='UTC', LC_ALL='C')

def run(*args):
    p = subprocess.run([binary, *args], capture_output=True, text=True, env=env, timeout=120)
    return p.returncode, p.stdout

def number(text):
    if text in ('INFINITY', '+INFINITY'):
        return INFINITY
    if text == '-INFINITY':
        return -INFINITY
    return int(text)

def rebuilt(entry):
    if 'line' in entry:
        return entry['line']
    head = f"{entry['function']}: " if entry['function'] is not None else ''
    node = entry['node'] if entry['node'] is not None else 'none'
    return f"{head}{entry['resource']} {entry['kind']} score on {node}: {entry['score_text']}"

def check(path):
    problems = []
    for command in ('scores', 'transition'):
        status, text = run(command, path)
        json_status, json_text = run(command, path, '--json')
        if status != json_status:
            problems.append(f'{command}: exit {status} but {json_status} with --json')
            continue
        if status != 0:
            continue
        try:
            document = json.loads(json_text)
        except ValueError as error:
            problems.append(f'{command} --json: not JSON: {error}')
            continue
        if document.get('infinity') != INFINITY or document.get('pacemaker') != '2.1.5':
            problems.append(f'{command} --json: head {document.get("infinity")} {document.get("pacemaker")}')
        if command == 'scores':
            lines = [l for l in text.split('\n') if l]
            entries = document['scores']
            if [rebuilt(e) for e in entries] != lines:
                problems.append('scores --json does not rebuild the score lines')
            for e in entries:
                if 'score' in e and (not isinstance(e['score'], int) or e['score'] != number(e['score_text'])):
                    problems.append(f'score {e["score"]!r} is not {e["score_text"]}')
                    break
        else:
            lines = [l for l in text.split('\n') if l.lstrip().startswith('* ')]
            actions = document['actions']
            if [a['line'] for a in actions] != lines:
                problems.append('transition --json does not hold the summary lines')
            for a in actions:
                if a['action'] is None or a['action'] not in a['line'] or (a['resource'] or '') not in a['line']:
                    problems.append(f'action fields do not match {a["line"]!r}')
                    break
    return path, problems

failures = 0
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    for path, problems in pool.map(check, files):
        for problem in problems:
            failures += 1
            print(f'FAIL: {os.path.basename(path)}: {problem}')
print(f'json-corpus.sh: {len(files)} CIBs, {failures} failed')
sys.exit(1 if failures else 0)
PYTHON

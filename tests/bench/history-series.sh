#!/bin/sh
# history-series.sh: the History view on a long series of scheduler inputs
# (issue 17: a cluster keeps 4,000 pe-inputs by default).  Generates N
# pe-input-K.bz2 of the 16x500 workload (../shared/bench/gen-cib), a minute
# apart, every tenth moving one location score, then measures, in a tmux
# of its own (200x60): the time to the first screen of
# `cibscope --history DIR` (the steps listed, solving under way) and to the
# whole report (the progress banner gone); and `cibscope history DIR` (the
# CLI, every step solved before printing) for comparison.
#
#   tests/bench/history-series.sh [N]      (default 4000)
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${CIBSCOPE:-$here/src/cibscope}
shared=${SHARED_DIR:-$here/../shared}
count=${1:-4000}
work=$(mktemp -d)
socket="cibscope-history-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM   # then the EXIT trap cleans up
python3 "$shared/bench/gen-cib" --nodes 16 --resources 500 > "$work/base.xml"
python3 - "$work/base.xml" "$work/pe" "$count" <<'PY'
import bz2, os, re, sys
base, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(base).read()
os.makedirs(out)
locations = re.findall(r'<rsc_location id="([^"]+)"[^>]* score="(-?\d+)"', text)
for i in range(count):
    step = re.sub(r'<cib ', '<cib execution-date="%d" ' % (1700000000 + 60 * i), text, count=1)
    if locations and i % 10 == 9:
        loc, score = locations[(i // 10) % len(locations)]
        step = re.sub(r'(<rsc_location id="%s"[^>]* score=")-?\d+' % re.escape(loc),
                      r'\g<1>%d' % (int(score) + i), step, count=1)
    # level 1: reading costs the same as Pacemaker's own .bz2, writing
    # 4,000 of them takes minutes less
    with bz2.open(os.path.join(out, 'pe-input-%d.bz2' % i), 'wt', compresslevel=1) as f:
        f.write(step)
PY
now_ms() { date +%s%N | cut -c1-13; }
start=$(now_ms)
tmux -L "$socket" new-session -d -s history -x 200 -y 60 "TZ=UTC $bin --history $work/pe"
first=
while :; do
    screen=$(tmux -L "$socket" capture-pane -p -t history 2>/dev/null || true)
    if [ -z "$first" ] && printf '%s' "$screen" | grep -q "step 1 of $count"; then
        first=$(( $(now_ms) - start ))
    fi
    if [ -n "$first" ] && ! printf '%s' "$screen" | sed -n 2p | grep -q "Solving step"; then
        break
    fi
    sleep 0.05
done
whole=$(( $(now_ms) - start ))
tmux -L "$socket" kill-server 2>/dev/null || true
start=$(now_ms)
"$bin" history "$work/pe" > /dev/null || true
cli=$(( $(now_ms) - start ))
printf 'history of %d inputs (16x500): first screen %d ms, whole report in the console %d ms, cibscope history %d ms\n' \
    "$count" "$first" "$whole" "$cli"

#!/bin/sh
# valgrind.sh: the CLI under valgrind on a sample of the corpus.
#
#   tests/valgrind.sh [CIBSCOPE]     (default: ./src/cibscope, run from a
#                                     build directory)
#
# Runs `cibscope scores FILE` and `cibscope transition FILE` under
# valgrind --leak-check=full --error-exitcode=1 on every 30th CIB of
# ../shared/corpus (about 20, sorted by name, so the sample is the same on
# every run) and on the bundled data/ CIBs and hand-made hostile inputs.
# cibscope frees everything before it exits (CIBSCOPE_FREE_AT_EXIT), so
# the free paths are checked too.
# A memory error or a definite/possible leak fails the run; an exit status
# of 2 or 3 from cibscope itself (bad input, not modelled yet) is fine.
#
# Environment: SHARED_DIR (default ../shared beside the source),
# VALGRIND_STEP (sample every Nth corpus CIB, default 30).
set -u

srcdir=$(cd "$(dirname "$0")/.." && pwd)
cibscope=${1:-./src/cibscope}
shared=${SHARED_DIR:-$srcdir/../shared}
step=${VALGRIND_STEP:-30}
corpus=$shared/corpus/pacemaker-2.1.5/xml

note() { printf 'valgrind: %s\n' "$*" >&2; }

command -v valgrind >/dev/null 2>&1 || { note "skipped: valgrind is not installed"; exit 77; }
[ -x "$cibscope" ] || { note "no $cibscope: run from a build directory or name it"; exit 2; }

files=$(ls "$srcdir"/data/*.xml "$srcdir"/tests/fuzz/cases/*.xml 2>/dev/null)
files="$files $srcdir/tests/fuzz/regressions/pipeline/hand-idref-loops.xml"
files="$files $srcdir/tests/fuzz/regressions/pipeline/hand-truncated.xml.gz"
if [ -d "$corpus" ]; then
    files="$files $(ls "$corpus"/*.xml | awk -v step="$step" 'NR % step == 1')"
else
    note "no corpus at $corpus: running on this tree's CIBs only"
fi

log=$(mktemp "${TMPDIR:-/tmp}/cibscope-valgrind.XXXXXX")
trap 'rm -f "$log"' EXIT
runs=0
failures=0
start=$(date +%s)
for file in $files; do
    for command in scores transition; do
        runs=$((runs + 1))
        # 99: valgrind's own verdict, kept apart from cibscope's statuses.
        TZ=UTC G_SLICE=always-malloc CIBSCOPE_FREE_AT_EXIT=1 valgrind -q --error-exitcode=99 --leak-check=full \
            --errors-for-leak-kinds=definite,possible --show-leak-kinds=definite,possible \
            --suppressions="$srcdir/tests/valgrind.supp" \
            "$cibscope" "$command" "$file" >/dev/null 2>"$log"
        status=$?
        if [ $status -eq 99 ] || [ $status -gt 3 ]; then
            failures=$((failures + 1))
            note "FAIL: $command $file (exit $status)"
            head -n 40 "$log" >&2
        fi
    done
done
note "$runs runs, $failures failed, $(( $(date +%s) - start ))s"
[ $failures -eq 0 ]

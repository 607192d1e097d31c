#!/bin/sh
# Conformance against Pacemaker 2.1.5's own scheduler regression CIBs:
# the counts must not drop below tests/conformance.floor, and no CIB may
# crash, hang or exit with anything but 0 or 3.
set -u
top_src=${CS_TOP_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
top_build=${CS_TOP_BUILDDIR:-$top_src}
shared=${SHARED_DIR:-$top_src/../shared}
runner=$shared/conformance/run-corpus

if [ ! -x "$runner" ]; then
    echo "conformance skipped: no corpus runner at $runner (../shared is not beside the source tree; set SHARED_DIR)"
    exit 77
fi
if ! command -v python3 >/dev/null 2>&1; then
    echo "conformance skipped: python3 is needed by $runner"
    exit 77
fi
output=$("$runner" --cmd "$top_build/src/cibscope" --timeout 30 \
         --floor "$top_src/tests/conformance.floor" --show 3)
status=$?
printf '%s\n' "$output"
errors=$(printf '%s\n' "$output" | sed -n 's/^conformance:.*errors \([0-9]*\)$/\1/p')
if [ "${errors:-1}" != 0 ]; then
    echo "conformance: ${errors:-?} CIBs crashed, hung or gave an unexpected exit status"
    exit 1
fi
[ $status -eq 0 ] || exit $status

# The runner compares sorted lines and tokens; an operator diffing our
# output against crm_simulate's sees the text itself, so on every CIB the
# engine answers, the score lines and the Transition Summary
# (line order and column widths included) must be identical too.
corpus=$shared/corpus/pacemaker-2.1.5
work=$(mktemp -d "${TMPDIR:-/tmp}/cibscope-text.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
differ=0 compared=0

# same_text NAME WHAT: $work/want and $work/got agree, or say how not.
same_text() {
    cmp -s "$work/want" "$work/got" && return 0
    differ=$((differ + 1))
    if [ $differ -le 3 ]; then
        echo "$1: the $2 text differs from crm_simulate's"
        diff "$work/want" "$work/got" | head -n 10
    fi
    return 1
}

# tests.tsv: name, class, the time the CIB needs (--time), ...  Tabs are
# whitespace to read, which would merge an empty time with the next
# column: awk hands over "name|time" instead.
awk -F'\t' 'NR > 1 { print $1 "|" $3 }' "$corpus/tests.tsv" >"$work/list"
while IFS='|' read -r name when; do
    xml=$corpus/xml/$name.xml
    set -- "$xml"
    [ -n "$when" ] && set -- "$xml" --time "$when"
    "$top_build/src/cibscope" transition "$@" >"$work/got" 2>/dev/null \
        || continue
    compared=$((compared + 1))
    sed -n '/^Transition Summary:/,/^$/p' "$corpus/summary/$name.summary" \
        | sed '/^$/d' >"$work/want"
    same_text "$name" "Transition Summary" || continue
    # The corpus keeps crm_simulate's score lines sorted (its README);
    # cibscope prints them in crm_simulate's own order, which the engine's
    # unit cases (tests/data/engine/*.scores, raw crm_simulate output)
    # hold line for line.  Here: the same lines, each byte for byte.
    "$top_build/src/cibscope" scores "$@" 2>/dev/null \
        | sed '/^$/d;/^Allocation scores:$/d' | LC_ALL=C sort >"$work/got"
    sed '/^$/d;/^Allocation scores:$/d' "$corpus/scores/$name.scores" | LC_ALL=C sort >"$work/want"
    same_text "$name" "score" || continue
done <"$work/list"
echo "conformance: scores and Transition Summary text identical on $((compared - differ)) of $compared answered CIBs"
[ $differ -eq 0 ]

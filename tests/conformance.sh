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

# The runner compares sorted tokens; an operator diffing our Transition
# Summary against crm_simulate's sees the text itself, so on every CIB the
# engine answers exactly, the text must be identical too (line order and
# column widths included).
corpus=$shared/corpus/pacemaker-2.1.5
work=$(mktemp -d "${TMPDIR:-/tmp}/cibscope-summary.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
differ=0 compared=0
for summary in "$corpus"/summary/*.summary; do
    name=$(basename "$summary" .summary)
    "$top_build/src/cibscope" transition "$corpus/xml/$name.xml" \
        >"$work/got" 2>/dev/null || continue
    compared=$((compared + 1))
    sed -n '/^Transition Summary:/,/^$/p' "$summary" | sed '/^$/d' >"$work/want"
    if ! cmp -s "$work/want" "$work/got"; then
        differ=$((differ + 1))
        if [ $differ -le 3 ]; then
            echo "$name: the Transition Summary text differs from crm_simulate's"
            diff "$work/want" "$work/got" | head -n 10
        fi
    fi
done
echo "conformance: Transition Summary text identical on $((compared - differ)) of $compared answered CIBs"
[ $differ -eq 0 ]

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
exit $status

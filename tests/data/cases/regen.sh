#!/bin/bash
# Regenerate the expected outputs of the hand-written CIBs in this folder
# from the oracle (crm_simulate 2.1.5), with TZ=UTC as the tests run:
#   NAME.scores   sorted non-empty score lines (crm-simulate-adapter scores)
#   NAME.summary  the full `crm_simulate -x NAME.xml -S` output
# NAME.time, when present, holds the --time value (crm_simulate -t).
# Usage: regen.sh [NAME...]   (default: every NAME.xml here)
# Fails if crm_verify finds an error in a CIB or crm_simulate prints any
# warning or error, so the bundled cases stay clean.
set -euo pipefail
export TZ=UTC
here=$(cd "$(dirname "$0")" && pwd)
shared=${SHARED_DIR:-$here/../../../../shared}
adapter=$shared/oracle/crm-simulate-adapter
[ -x "$adapter" ] || { echo "regen.sh: no oracle at $adapter (set SHARED_DIR)" >&2; exit 2; }

if [ $# -eq 0 ]; then
    set -- $(cd "$here" && ls *.xml | sed 's/\.xml$//')
fi
status=0
for name in "$@"; do
    xml=$here/$name.xml
    timeargs=()
    if [ -f "$here/$name.time" ]; then
        timeargs=(--time "$(cat "$here/$name.time")")
    fi
    # Warnings are expected in some cases (an unclean node); errors are not.
    if ! crm_verify -x "$xml" >/dev/null 2>"$here/.verify.err"; then
        if grep -q 'Errors found' "$here/.verify.err"; then
            echo "$name: crm_verify:"; cat "$here/.verify.err"; status=1
        else
            echo "$name: crm_verify warnings (allowed)"
        fi
    fi
    "$adapter" scores "$xml" "${timeargs[@]}" 2>"$here/.scores.err" \
        | grep -v '^$' | LC_ALL=C sort > "$here/$name.scores"
    if [ ${#timeargs[@]} -gt 0 ]; then
        crm_simulate -x "$xml" -S -t "${timeargs[1]}" >"$here/$name.summary" 2>"$here/.summary.err"
    else
        crm_simulate -x "$xml" -S >"$here/$name.summary" 2>"$here/.summary.err"
    fi
    if [ -s "$here/.scores.err" ] || [ -s "$here/.summary.err" ]; then
        echo "$name: crm_simulate stderr:"; cat "$here/.scores.err" "$here/.summary.err"; status=1
    fi
done
rm -f "$here/.verify.err" "$here/.scores.err" "$here/.summary.err"
exit $status

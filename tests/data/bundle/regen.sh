#!/bin/bash
# Regenerate the oracle's outputs for the bundle CIBs in this folder:
#   NAME.scores   crm-simulate-adapter scores NAME.xml, blank lines
#                 dropped, sorted bytewise
#   NAME.summary  crm-simulate-adapter transition NAME.xml up to the end of
#                 its Transition Summary
# The oracle machine has no container agents: crm_simulate aborts (status
# 134) while it simulates the actions, after it printed the scores and the
# summary; what it printed is kept, and checked to be there.
# refused-*.xml get no outputs: the engine must refuse them (status 3).
# pending-*.xml get outputs although the engine refuses them for now:
# the oracle's answer for when it models them (check_bundle.c).
# Usage: regen.sh [NAME...]   (default: every non-refused NAME.xml here)
set -euo pipefail
export TZ=UTC
here=$(cd "$(dirname "$0")" && pwd)
shared=${SHARED_DIR:-$here/../../../../shared}
adapter=$shared/oracle/crm-simulate-adapter
[ -x "$adapter" ] || { echo "regen.sh: no oracle at $adapter (set SHARED_DIR)" >&2; exit 2; }

if [ $# -eq 0 ]; then
    set -- $(cd "$here" && ls *.xml | grep -v '^refused-' | sed 's/\.xml$//')
fi
for name in "$@"; do
    xml=$here/$name.xml
    { "$adapter" scores "$xml" 2>/dev/null || true; } \
        | grep -v '^$' | LC_ALL=C sort > "$here/$name.scores"
    grep -q 'allocation score' "$here/$name.scores" \
        || { echo "$name: the oracle printed no scores" >&2; exit 1; }
    { "$adapter" transition "$xml" 2>/dev/null || true; } \
        | sed -n '/^Transition Summary:/,/^$/p' > "$here/$name.summary"
    grep -q '^Transition Summary:' "$here/$name.summary" \
        || { echo "$name: the oracle printed no Transition Summary" >&2; exit 1; }
done

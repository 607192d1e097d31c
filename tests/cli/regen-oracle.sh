#!/bin/bash
# Write the expected output of the engine goldens (scores-*.cmd and
# transition-*.cmd) from the oracle, crm_simulate 2.1.5, with TZ=UTC:
#   scores      `crm_simulate -sSQ` as it prints it: the lines in the
#               scheduler's order, and the empty line that ends them
#   transition  the "Transition Summary:" section of `crm_simulate -S`,
#               header included, up to the blank line that ends it
# Only these two subcommands with a FILE and an optional --time T are
# understood.  Usage: regen-oracle.sh [NAME...] (default: all of them).
set -euo pipefail
export TZ=UTC LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$here/../.." && pwd)
shared=${SHARED_DIR:-$top_srcdir/../shared}
adapter=$shared/oracle/crm-simulate-adapter
[ -x "$adapter" ] || { echo "regen-oracle.sh: no oracle at $adapter (set SHARED_DIR)" >&2; exit 2; }

if [ $# -eq 0 ]; then
    set -- $(cd "$here" && ls scores-*.cmd transition-*.cmd | sed 's/\.cmd$//')
fi
for name in "$@"; do
    # Split as run-golden.sh does (xargs reads quotes, evaluates nothing).
    mapfile -d '' words < <(head -n 1 "$here/$name.cmd" | xargs printf '%s\0')
    command=${words[0]}
    file=${words[1]}
    file=${file//@DATA@/"$top_srcdir/data"}
    file=${file//@TESTS@/"$top_srcdir/tests/data"}
    timeargs=()
    if [ ${#words[@]} -eq 4 ] && [ "${words[2]}" = --time ]; then
        timeargs=(-t "${words[3]}")
    elif [ ${#words[@]} -ne 2 ]; then
        echo "$name: expected 'scores|transition FILE [--time T]'" >&2; exit 2
    fi
    case $command in
    scores)
        crm_simulate -x "$file" -sSQ -D /dev/null -G /dev/null "${timeargs[@]}" \
            > "$here/$name.out" ;;
    transition)
        summary=$(crm_simulate -x "$file" -S "${timeargs[@]}")
        printf '%s\n' "$summary" \
            | awk '/^Transition Summary:/ { on = 1 } on && /^$/ { on = 0 } on' > "$here/$name.out" ;;
    *) echo "$name: not an engine golden" >&2; exit 2 ;;
    esac
    echo "$name: $(wc -l < "$here/$name.out") lines"
done

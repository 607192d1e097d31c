#!/bin/bash
# CLI golden tests: run cibscope with the arguments in each tests/cli/NAME.cmd
# and compare what it prints and returns with the files beside it:
#   NAME.cmd     one line of arguments; @DATA@ and @TESTS@ stand for the
#                data/ and tests/data/ folders of the source tree.  Words are
#                split on blanks; '...' and "..." quote (as xargs reads them).
#   NAME.out     expected standard output   (absent: must be empty)
#   NAME.err     expected standard error    (absent: must be empty)
#   NAME.status  expected exit status       (absent: 0)
#   NAME.pending present when cibscope is known not to give the expected
#                answer yet (the engine lacks a feature): a mismatch is
#                reported as XFAIL and does not fail the run; a match is
#                reported as XPASS, a hint to delete NAME.pending.
# In what cibscope prints, the two folders are written back as @DATA@ and
# @TESTS@ before comparing, so messages naming a file do not depend on where
# the tree is.  cibscope runs with TZ=UTC and LC_ALL=C.
#
# Environment: CS_TOP_BUILDDIR (where src/cibscope is built) and
# CS_TOP_SRCDIR (the source tree); both default to the tree this script is
# in.  Arguments: NAME... to run only those cases.
# Exit: 0 all match, 1 some differ, 77 (skip) when there is no binary.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${CS_TOP_SRCDIR:-$(cd "$here/../.." && pwd)}
top_builddir=${CS_TOP_BUILDDIR:-$top_srcdir}
cibscope=$top_builddir/src/cibscope
data_dir=$top_srcdir/data
tests_dir=$top_srcdir/tests/data
cli_dir=$top_srcdir/tests/cli

if [ ! -x "$cibscope" ]; then
    echo "run-golden.sh: SKIP: no binary at $cibscope"
    exit 77
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/cibscope-golden.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT

# Replace every occurrence of $2 by $3 in each line of standard input:
# plain text, not a pattern, so paths with any characters are safe.
replace_text() {
    local from=$1 to=$2 line
    while IFS= read -r line || [ -n "$line" ]; do
        printf '%s\n' "${line//"$from"/"$to"}"
    done
}

# Turn the absolute folders in cibscope's output back into @DATA@/@TESTS@.
# tests/data is replaced first: it is never a prefix of data/, but the
# reverse could happen with an unusual tree.
anonymize() {
    replace_text "$tests_dir" '@TESTS@' < "$1" | replace_text "$data_dir" '@DATA@'
}

# Compare actual file $2 with expected file $3 (absent = empty); $1 names it.
compare() {
    local what=$1 actual=$2 expected=$3
    [ -f "$expected" ] || expected=/dev/null
    if ! cmp -s "$expected" "$actual"; then
        echo "--- $what differs (expected ${expected#"$cli_dir"/}, got actual):"
        diff -u "$expected" "$actual" | sed '1,2d'
        return 1
    fi
}

run_case() {
    local name=$1 cmd_file=$cli_dir/$1.cmd
    local line words=() args=() word
    IFS= read -r line < "$cmd_file" || [ -n "$line" ] || line=""
    # xargs splits the line the way a shell would, quotes included, without
    # evaluating anything; each word comes back NUL-terminated.
    if [ -n "$line" ]; then
        mapfile -d '' words < <(printf '%s\n' "$line" | xargs printf '%s\0') || return 1
    fi
    for word in "${words[@]}"; do
        word=${word//@DATA@/"$data_dir"}
        word=${word//@TESTS@/"$tests_dir"}
        args+=("$word")
    done

    local status=0
    (cd "$work" && TZ=UTC LC_ALL=C exec "$cibscope" "${args[@]}") \
        > "$work/raw.out" 2> "$work/raw.err" < /dev/null || status=$?
    anonymize "$work/raw.out" > "$work/actual.out"
    anonymize "$work/raw.err" > "$work/actual.err"
    printf '%s\n' "$status" > "$work/actual.status"
    local expected_status=0
    [ -f "$cli_dir/$name.status" ] && expected_status=$(tr -d ' \n' < "$cli_dir/$name.status")

    local ok=0
    compare stdout "$work/actual.out" "$cli_dir/$name.out" || ok=1
    compare stderr "$work/actual.err" "$cli_dir/$name.err" || ok=1
    if [ "$status" != "$expected_status" ]; then
        echo "--- exit status: expected $expected_status, got $status"
        ok=1
    fi
    return $ok
}

if [ $# -gt 0 ]; then
    names=("$@")
else
    names=()
    for cmd_file in "$cli_dir"/*.cmd; do
        [ -e "$cmd_file" ] || continue
        name=${cmd_file##*/}
        names+=("${name%.cmd}")
    done
fi

passed=0 failed=0 pending=0 failed_names=()
for name in "${names[@]}"; do
    if [ ! -f "$cli_dir/$name.cmd" ]; then
        echo "FAIL: $name: no $name.cmd"
        failed=$((failed + 1)); failed_names+=("$name")
        continue
    fi
    if report=$(run_case "$name" 2>&1); then
        if [ -f "$cli_dir/$name.pending" ]; then
            echo "XPASS: $name (matches now: delete $name.pending)"
        else
            echo "PASS: $name"
        fi
        passed=$((passed + 1))
    elif [ -f "$cli_dir/$name.pending" ]; then
        echo "XFAIL: $name (pending: $(head -n 1 "$cli_dir/$name.pending"))"
        pending=$((pending + 1))
    else
        echo "FAIL: $name ($(head -n 1 "$cli_dir/$name.cmd"))"
        printf '%s\n' "$report"
        failed=$((failed + 1)); failed_names+=("$name")
    fi
done

echo "run-golden.sh: $passed passed, $failed failed, $pending pending (of ${#names[@]})"
[ "$failed" -eq 0 ] || { echo "failed: ${failed_names[*]}"; exit 1; }
exit 0

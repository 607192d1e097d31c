#!/bin/bash
# completion.sh: the bash and zsh completions (completions/) on the built
# cibscope.  bash: completions/cibscope.bash is sourced and _cibscope
# called with COMP_WORDS/COMP_CWORD set, as bash's completion would.
# zsh: completions/_cibscope runs with words/CURRENT set and compadd,
# _files, _directories and _message standing in for zsh's own, which
# print what they are given (zsh absent: that half is skipped).
# Exit: 0 pass, 1 fail, 77 skip (no binary).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${CS_TOP_SRCDIR:-$(cd "$here/.." && pwd)}
top_builddir=${CS_TOP_BUILDDIR:-$top_srcdir}
bin=$(cd "$top_builddir/src" 2>/dev/null && pwd)/cibscope
demo=$top_srcdir/data/demo-small.xml
[ -x "$bin" ] || { echo "completion.sh: SKIP: no $bin"; exit 77; }

work=$(mktemp -d "${TMPDIR:-/tmp}/cibscope-completion.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
mkdir "$work/pe" "$work/sub"
touch "$work/cib.xml" "$work/pe-input-1.bz2" "$work/old.gz" "$work/notes.txt"
cd "$work" || exit 1

checks=0 failures=0
expect() {   # expect WHAT GOT WANTED...: each wanted word is in GOT
    local what=$1 got=$2 word
    shift 2
    for word in "$@"; do
        checks=$((checks + 1))
        printf '%s\n' "$got" | grep -q -x -F -- "$word" \
            || { echo "FAIL: $what: no '$word' in: $(echo $got)"; failures=$((failures + 1)); }
    done
}
refuse() {   # refuse WHAT GOT UNWANTED...
    local what=$1 got=$2 word
    shift 2
    for word in "$@"; do
        checks=$((checks + 1))
        if printf '%s\n' "$got" | grep -q -x -F -- "$word"; then
            echo "FAIL: $what: '$word' offered"; failures=$((failures + 1))
        fi
    done
}

# Under the sanitizer run (tests/sanitize.sh) LeakSanitizer's stop-the-world
# at exit can spin for ever in a process whose parent is a zsh -c; the
# completions only read --help and --list-ids, whose leaks the CLI tests
# already check, so leak checking is off here, and every call is bounded.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# ---- bash ------------------------------------------------------------------
bash_complete() {   # the words on the line, the last being completed
    timeout 60 bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
             _cibscope; printf "%s\n" "${COMPREPLY[@]}"' \
        _ "$top_srcdir/completions/cibscope.bash" "$bin" "$@" 2>/dev/null
}

got=$(bash_complete "")
expect "bash: subcommands" "$got" scores transition explain history why
expect "bash: files" "$got" cib.xml pe-input-1.bz2 old.gz sub/
refuse "bash: files" "$got" notes.txt
expect "bash: a prefix" "$(bash_complete tr)" transition
refuse "bash: a prefix" "$(bash_complete tr)" scores
expect "bash: options" "$(bash_complete scores cib.xml --)" --time --exec --live --expect --help
expect "bash: short options" "$(bash_complete -)" -t -e -h -V
expect "bash: --expect" "$(bash_complete transition cib.xml --expect "")" none
expect "bash: --history" "$(bash_complete --history "")" pe sub
expect "bash: --view" "$(bash_complete --view "")" matrix transition fail-counts history
refuse "bash: --history" "$(bash_complete --history "")" cib.xml
got=$(bash_complete explain "$demo" "")
expect "bash: explain resources" "$got" web web-vip db app-worker report
refuse "bash: explain resources" "$got" alpha
got=$(bash_complete explain "$demo" web "")
expect "bash: explain nodes" "$got" alpha bravo charlie
refuse "bash: explain nodes" "$got" web
got=$(bash_complete explain --time 2024-06-01 "$demo" w)
expect "bash: options skipped" "$got" web web-fs
refuse "bash: a FILE only once" "$(bash_complete scores cib.xml "")" cib.xml
expect "bash: why takes two" "$(bash_complete why cib.xml "")" old.gz

# ---- zsh -------------------------------------------------------------------
if ! command -v zsh >/dev/null 2>&1; then
    echo "completion.sh: SKIP: zsh is not installed (bash checked)"
else
    zsh_complete() {
        timeout 60 zsh -f -c '
            compadd() { local a arr=0
                for a in "$@"; do
                    if [[ $a == -a ]]; then arr=1
                    elif (( arr )); then print -l -- ${(P)a}; arr=0
                    else print -- "$a"; fi
                done }
            _files() { print -- "(files $*)" }
            _directories() { print -- "(directories)" }
            _message() { print -- "(message)" }
            source_file=$1; shift
            words=("$@"); CURRENT=$#
            source $source_file' _ "$top_srcdir/completions/_cibscope" "$bin" "$@" 2>/dev/null
    }
    got=$(zsh_complete "")
    expect "zsh: subcommands" "$got" scores transition explain history why
    expect "zsh: files" "$got" "(files -g *.(xml|XML|bz2|gz)(-.))"
    expect "zsh: options" "$(zsh_complete scores cib.xml --)" --time --exec --live --expect
    expect "zsh: --expect" "$(zsh_complete transition cib.xml --expect "")" none
    expect "zsh: --history" "$(zsh_complete --history "")" "(directories)"
    expect "zsh: --view" "$(zsh_complete --view "")" matrix graph
    got=$(zsh_complete explain "$demo" "")
    expect "zsh: explain resources" "$got" web web-vip db app-worker report
    refuse "zsh: explain resources" "$got" alpha
    got=$(zsh_complete explain "$demo" web "")
    expect "zsh: explain nodes" "$got" alpha bravo charlie
    refuse "zsh: explain nodes" "$got" web
    refuse "zsh: a FILE only once" "$(zsh_complete scores cib.xml "")" "(files -g *.(xml|XML|bz2|gz)(-.))"
fi

echo "completion.sh: $checks checks, $failures failed"
[ $failures -eq 0 ]

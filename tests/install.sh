#!/bin/bash
# install.sh: `make install DESTDIR=...` puts each file where it belongs:
# the binary, the manual page and the documents it names, the bash and
# zsh completions (where
# configure found bash-completion and zsh look) and the demo CIBs; the
# installed binary and page work; `make uninstall` takes them all back.
# Environment: CS_TOP_BUILDDIR, and CS_INSTALL_DIRS ("bindir=... man1dir=...
# pkgdatadir=... docdir=... bashcompletiondir=... zshcompletiondir=...", set by
# make check).  Exit: 0 pass, 1 fail, 77 skip (run outside make check).
set -u

top_builddir=${CS_TOP_BUILDDIR:-}
if [ -z "$top_builddir" ] || [ -z "${CS_INSTALL_DIRS:-}" ]; then
    echo "install.sh: SKIP: run it through make check"
    exit 77
fi
for pair in $CS_INSTALL_DIRS; do
    declare "${pair%%=*}=${pair#*=}"
done

stage=$(mktemp -d "${TMPDIR:-/tmp}/cibscope-install.XXXXXX") || exit 1
trap 'rm -rf "$stage"' EXIT
checks=0 failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
has_file() {
    checks=$((checks + 1))
    [ -f "$stage$1" ] || fail "make install did not put $1 in place"
}

${MAKE:-make} -s -C "$top_builddir" install DESTDIR="$stage" >"$stage.log" 2>&1 \
    || { cat "$stage.log"; rm -f "$stage.log"; echo "FAIL: make install"; exit 1; }
rm -f "$stage.log"

has_file "$bindir/cibscope"
has_file "$man1dir/cibscope.1"
has_file "$bashcompletiondir/cibscope"
has_file "$zshcompletiondir/_cibscope"
has_file "$pkgdatadir/demo.xml"
has_file "$pkgdatadir/demo-small.xml"
has_file "$docdir/json.md"
has_file "$docdir/commands.md"

checks=$((checks + 1))
"$stage$bindir/cibscope" --version | grep -q "Pacemaker 2.1.5" \
    || fail "the installed cibscope does not run"
checks=$((checks + 1))
"$stage$bindir/cibscope" transition "$stage$pkgdatadir/demo-small.xml" --expect 'Move report' \
    >/dev/null || fail "the installed demo CIB does not load"
if command -v man >/dev/null 2>&1; then
    checks=$((checks + 1))
    MANWIDTH=80 man -l "$stage$man1dir/cibscope.1" 2>/dev/null | grep -q "transition" \
        || fail "the installed page does not render"
fi
checks=$((checks + 1))
bash -c 'source "$1" && complete -p cibscope' _ "$stage$bashcompletiondir/cibscope" >/dev/null 2>&1 \
    || fail "the installed bash completion does not register"

${MAKE:-make} -s -C "$top_builddir" uninstall DESTDIR="$stage" >/dev/null 2>&1 || fail "make uninstall"
checks=$((checks + 1))
left=$(find "$stage" -type f)
[ -z "$left" ] || fail "make uninstall left: $left"

echo "install.sh: $checks checks, $failures failed"
[ $failures -eq 0 ]

# shellcheck shell=sh
# source-copy.sh: sourced by sanitize.sh and run-fuzz.sh.
#
# cs_build_dir SRCDIR BUILD: makes BUILD a build directory of SRCDIR.  One
# configured for another source tree (another clone) would test that
# tree: it is started afresh.
cs_build_dir() {
    if [ -f "$2/Makefile" ] && [ "$(cat "$2/.cibscope-srcdir" 2>/dev/null)" != "$1" ]; then
        rm -rf "$2"
    fi
    mkdir -p "$2" || return 1
    printf '%s\n' "$1" > "$2/.cibscope-srcdir"
}
#
# cs_vpath_source SRCDIR BUILD: prints the source tree a second build
# directory can configure from.  automake refuses a VPATH build of a
# source tree that is itself configured (./build.sh builds in the tree),
# so from a git checkout the sources git knows (tracked, and new files
# not ignored) are copied to BUILD/src, refreshed on every run; a tar
# keeps their times, so make rebuilds only what changed.
cs_vpath_source() {
    if [ ! -f "$1/config.status" ]; then
        printf '%s\n' "$1"
        return 0
    fi
    if ! git -C "$1" rev-parse --git-dir >/dev/null 2>&1; then
        echo "$1 is configured in-tree and not a git checkout: run make distclean there" >&2
        return 1
    fi
    mkdir -p "$2/src" || return 1
    (cd "$1" && git ls-files -z -c -o --exclude-standard \
        | tar --null -T - --ignore-failed-read -cf - 2>/dev/null) \
        | tar -xf - -C "$2/src" || return 1
    [ -x "$2/src/configure" ] || (cd "$2/src" && autoreconf -fi >/dev/null 2>&1) || return 1
    printf '%s\n' "$2/src"
}

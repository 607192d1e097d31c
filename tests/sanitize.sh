#!/bin/sh
# sanitize.sh: the whole test suite under AddressSanitizer and
# UndefinedBehaviorSanitizer, in a build directory of its own.
#
#   tests/sanitize.sh [MAKE-CHECK-ARGUMENTS...]
#
# Environment:
#   SANITIZE_BUILD_DIR  build directory (default ${TMPDIR:-/tmp}/cibscope-asan);
#                       configured once, rebuilt incrementally after
#   SANITIZE_CC         compiler (default clang; gcc works too)
#   SHARED_DIR          passed on to configure (the conformance corpus)
#
# Any ASan report (overflow, use after free, leak), any UBSan report
# (-fno-sanitize-recover=all makes each one fatal) or any failing test
# fails the run.  Exit status: that of make check (2 when the build fails).
set -u

srcdir=$(cd "$(dirname "$0")/.." && pwd)
build=${SANITIZE_BUILD_DIR:-${TMPDIR:-/tmp}/cibscope-asan}
cc=${SANITIZE_CC:-clang}
shared=${SHARED_DIR:-$srcdir/../shared}
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
flags="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"

note() { printf 'sanitize: %s\n' "$*" >&2; }

. "$srcdir/tests/source-copy.sh"
cs_build_dir "$srcdir" "$build" || exit 2
source=$(cs_vpath_source "$srcdir" "$build") || exit 2
if [ ! -f "$build/Makefile" ]; then
    [ -x "$source/configure" ] || (cd "$source" && autoreconf -fi) || exit 2
    note "configuring $build (CC=$cc, $flags)"
    # --disable-werror: a warning only one compiler gives is not this run's
    # business; the plain CI build keeps -Werror.
    (cd "$build" && "$source/configure" -q CC="$cc" CFLAGS="$flags" LDFLAGS="$flags" \
        --disable-werror SHARED_DIR="$shared") || exit 2
fi
(cd "$build" && make -s -j"$jobs") || { note "build failed"; exit 2; }

# detect_leaks: leaks are errors.  abort_on_error: a report kills the test
# (check's fork mode then reports the test as failed by a signal).
# Suppressions cover one-time allocations made by glib and libxml2 for the
# life of the process, never cibscope's own.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
LSAN_OPTIONS=suppressions=$srcdir/tests/lsan.supp:print_suppressions=0
# glib's slice allocator would hide leaks from ASan.
G_SLICE=always-malloc
G_DEBUG=gc-friendly
export ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS G_SLICE G_DEBUG

start=$(date +%s)
(cd "$build" && make -j"$jobs" check "$@")
status=$?
note "make check under ASan+UBSan: exit $status in $(( $(date +%s) - start ))s ($build)"
if [ $status -ne 0 ]; then
    for log in $(grep -l -E '^(FAIL|ERROR)' "$build"/tests/*.log "$build"/tests/*/*.log 2>/dev/null); do
        note "--- $log"
        grep -E 'ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error|SUMMARY|^FAIL|:F:|:E:' \
            "$log" | head -n 20 >&2
    done
fi
exit $status

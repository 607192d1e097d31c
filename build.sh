#!/usr/bin/env bash
# build.sh: set up, build, and run or test cibscope on Debian (and say what
# to install elsewhere).
#
#   ./build.sh run [ARGS]   install what is missing (as root), build, open
#                           the console (on the bundled demo CIB by default)
#   ./build.sh check        same set-up, then the whole test suite
#
# Only what is missing is installed, and autoreconf/configure only run when
# the build system is missing or older than its sources.
set -eu

cd "$(dirname "$0")"

# Debian package -> what it provides (a command, or a pkg-config module)
REQUIRED="autoconf automake libtool pkg-config make gcc libglib2.0-dev libxml2-dev \
libncurses-dev libreadline-dev libbz2-dev check"
# Needed by some tests only: the oracle, the console tests, the corpus
# runner, the sanitizer and fuzzing runs (clang), valgrind, the zsh
# completion test and the manual page's test (groff, man).
OPTIONAL="pacemaker-cli-utils tmux python3 bzip2 clang libclang-rt-dev valgrind zsh groff man-db"
DNF_REQUIRED="autoconf automake libtool pkgconf make gcc glib2-devel libxml2-devel \
ncurses-devel readline-devel bzip2-devel check-devel"
DNF_OPTIONAL="pacemaker-cli tmux python3 bzip2 clang compiler-rt valgrind zsh groff man-db"

say() { printf 'build.sh: %s\n' "$*" >&2; }

missing_packages() {
    for package in "$@"; do
        status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
        case $status in
        *"install ok installed"*) ;;
        *) printf '%s ' "$package" ;;
        esac
    done
}

install_dependencies() {
    if ! command -v dpkg-query >/dev/null 2>&1; then
        say "not a Debian system: install these first, e.g."
        say "  dnf install $DNF_REQUIRED $DNF_OPTIONAL"
        return 0
    fi
    # shellcheck disable=SC2086 # word splitting intended: lists of names
    required=$(missing_packages $REQUIRED)
    # shellcheck disable=SC2086
    optional=$(missing_packages $OPTIONAL)
    [ -z "$required$optional" ] && return 0
    if [ "$(id -u)" = 0 ]; then
        say "installing: $required$optional"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        # shellcheck disable=SC2086
        apt-get install -y -qq --no-install-recommends $required $optional >/dev/null
        return 0
    fi
    if [ -n "$required" ]; then
        say "missing build dependencies. Install them with:"
        say "  sudo apt-get install $required$optional"
        say "  (Fedora: sudo dnf install $DNF_REQUIRED $DNF_OPTIONAL)"
        exit 1
    fi
    say "optional test tools missing (some tests will be skipped): sudo apt-get install $optional"
}

# Regenerate only when configure is missing or older than its inputs.
configure_tree() {
    if [ ! -x configure ] || [ configure.ac -nt configure ]; then
        say "autoreconf -fi"
        autoreconf -fi
    fi
    if [ ! -f Makefile ] || [ configure -nt config.status ]; then
        say "./configure"
        ./configure -q
    fi
}

build() {
    install_dependencies
    configure_tree
    make -j"$(nproc 2>/dev/null || echo 2)" -s
}

# Prints the failing tests' logs and one closing line over every test.
summarize_tests() {
    passed=0 failed=0 skipped=0
    for trs in $(find tests -name '*.trs' | sort); do
        result=$(sed -n 's/^:test-result: //p' "$trs" | head -n 1)
        case $result in
        PASS|XFAIL) passed=$((passed + 1)) ;;
        SKIP) skipped=$((skipped + 1)) ;;
        *) failed=$((failed + 1))
           echo "==== ${trs%.trs}.log"; tail -n 60 "${trs%.trs}.log" ;;
        esac
    done
    echo "$passed passed, $failed failed, $skipped skipped"
}

command=${1:-run}
[ $# -gt 0 ] && shift
case $command in
run)
    build
    exec src/cibscope "$@"
    ;;
check)
    build
    status=0
    make -j"$(nproc 2>/dev/null || echo 2)" -s check || status=$?
    summarize_tests
    [ "$status" = 0 ] || exit "$status"
    if [ "${CS_DISTCHECK:-0}" = 1 ]; then
        make -s distcheck
    fi
    ;;
*)
    echo "usage: ./build.sh run [ARGS] | ./build.sh check" >&2
    exit 1
    ;;
esac

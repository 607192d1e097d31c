#!/bin/bash
# config.sh: $XDG_CONFIG_HOME/cibscope/config as an operator meets it:
# a bad value stops the console and history with the file and line named
# (one-shot answers and --exec never read it); pe-inputs stands for history's DIR;
# view picks the console's first view (in tmux), and --view overrides it.
# Exit: 0 pass, 1 fail, 77 skip (no binary).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${CS_TOP_SRCDIR:-$(cd "$here/.." && pwd)}
top_builddir=${CS_TOP_BUILDDIR:-$top_srcdir}
bin=$top_builddir/src/cibscope
small=$top_srcdir/data/demo-small.xml
[ -x "$bin" ] || { echo "config.sh: SKIP: no $bin"; exit 77; }

work=$(mktemp -d "${TMPDIR:-/tmp}/cibscope-config.XXXXXX") || exit 1
socket=$work/tmux.socket
trap 'tmux -S "$socket" kill-server 2>/dev/null; rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/xdg TZ=UTC LC_ALL=C.UTF-8
config=$XDG_CONFIG_HOME/cibscope/config
mkdir -p "${config%/*}" "$work/pe"
checks=0 failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
check() { checks=$((checks + 1)); }

# ---- a bad value -----------------------------------------------------------
printf '# mine\ninterval = fast\n' >"$config"
check
"$bin" history "$work/pe" >/dev/null 2>"$work/err"
status=$?
[ $status -eq 1 ] || fail "bad config: history exits $status, not 1"
check
grep -q -F "cibscope: $config:2: interval: 'fast' is not a number of seconds from 0.1 to 3600" "$work/err" \
    || fail "bad config: the error does not name file and line: $(cat "$work/err")"
check
"$bin" transition "$small" --time 2024-06-01 >/dev/null 2>&1 || fail "bad config: transition does not answer"
check
"$bin" "$small" --time 2024-06-01 --exec 'where web' >/dev/null 2>&1 || fail "bad config: --exec does not run"

# ---- pe-inputs stands for history's DIR -----------------------------------
if ! command -v bzip2 >/dev/null 2>&1; then
    echo "config.sh: SKIP: the pe-inputs checks need bzip2"
else
cp "$small" "$work/pe/pe-input-1"
grep -v 'cli-ban-report-on-alpha' "$small" >"$work/pe/pe-input-2"
bzip2 "$work/pe/pe-input-1" "$work/pe/pe-input-2"
printf 'pe-inputs = %s\n' "$work/pe" >"$config"
check
"$bin" history "$work/pe" --time 2024-06-01 >"$work/given" 2>&1
"$bin" history --time 2024-06-01 >"$work/configured" 2>&1 || fail "history without DIR: $(cat "$work/configured")"
cmp -s "$work/given" "$work/configured" || fail "history without DIR is not history DIR"
check
: >"$config"
"$bin" history >/dev/null 2>"$work/err"
[ $? -eq 1 ] && grep -q "pe-inputs in the config" "$work/err" || fail "history without DIR nor config"
fi

# ---- view picks the first view ---------------------------------------------
if ! command -v tmux >/dev/null 2>&1; then
    echo "config.sh: SKIP: the view checks need tmux"
else
    screen() {   # screen NAME ARGS...: start, wait, capture the console
        local name=$1 i
        shift
        tmux -S "$socket" new-session -d -s "$name" -x 100 -y 30 \
            "XDG_CONFIG_HOME='$XDG_CONFIG_HOME' '$bin' $*; sleep 30"
        for i in $(seq 50); do
            tmux -S "$socket" capture-pane -p -t "$name" >"$work/$name.screen"
            grep -q "help" "$work/$name.screen" && break
            sleep 0.1
        done
        tmux -S "$socket" send-keys -t "$name" q
    }
    printf 'view = transition\ncolour = no\n' >"$config"
    screen configured "'$small'" --time 2024-06-01
    check
    grep -q "Move.*report" "$work/configured.screen" || fail "view = transition: not on the Transition view"
    screen overridden "'$small'" --time 2024-06-01 --view matrix
    check
    grep -q "Move.*report" "$work/overridden.screen" && fail "--view matrix does not override the config"
    check
    grep -q "app-worker" "$work/overridden.screen" || fail "--view matrix: no Matrix"
fi

echo "config.sh: $checks checks, $failures failed"
[ $failures -eq 0 ]

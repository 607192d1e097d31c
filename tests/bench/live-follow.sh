#!/bin/sh
# live-follow.sh: how long following an outside change of a 32x2000 CIB
# blocks the live console's key loop (issue 17: never more than 50 ms).
# Drives `cibscope --live --interval 1` in a tmux of its own (200x60) on a
# CIB read through cibadmin with CIB_file, changes the CIB from outside
# with cibadmin ROUNDS times with no edit pending, then ROUNDS times with
# two edits pending (b and p on the cursor's resource), and reads
# CIBSCOPE_TIMING_LOG: a poll that changed the screen is logged as key
# -2, "-2 handle_ms draw_ms", and the transition read after it on a line
# of its own; a key as "KEY handle_ms draw_ms".
#
#   tests/bench/live-follow.sh [ROUNDS] [CIB]
#
# Without CIB, the 32x2000 workload comes from ../shared/bench/gen-cib.
# CIBSCOPE_FOLLOW_LOG=FILE keeps the raw timing log there.
# Prints, for each phase, the number of follow lines and the longest
# block of the key loop (handle + draw) in ms, as wall time and as the key
# loop's own CPU time (on a loaded machine the wall time also counts the
# time other processes had the cores), and the longest key.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${CIBSCOPE:-$here/src/cibscope}
shared=${SHARED_DIR:-$here/../shared}
rounds=${1:-3}
command -v cibadmin >/dev/null 2>&1 || { echo "live-follow: cibadmin is not installed: skipped"; exit 0; }
work=$(mktemp -d)
socket="cibscope-follow-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM   # then the EXIT trap cleans up
cib=$work/live.xml
if [ -n "${2:-}" ]; then
    cp "$2" "$cib"
else
    python3 "$shared/bench/gen-cib" --nodes 32 --resources 2000 > "$cib"
fi
log=${CIBSCOPE_FOLLOW_LOG:-$work/timing.log}
rm -f "$log"
tmux -L "$socket" new-session -d -s follow -x 200 -y 60 \
    "env CIB_file=$cib CIBSCOPE_TIMING_LOG=$log $bin --live --interval 1"
sleep 6
close_box() {
    if tmux -L "$socket" capture-pane -p -t follow | grep -q "any key closes"; then
        tmux -L "$socket" send-keys -t follow Space; sleep 0.5
    fi
}
mark() { echo "phase $1" >> "$log"; }
# One outside change: a location constraint added by cibadmin, as
# another administrator would; then time for the poll and the follow.
change=0
outside() {
    change=$((change + 1))
    CIB_file=$cib cibadmin --create --scope constraints \
        --xml-text "<rsc_location id=\"bench-follow-$change\" rsc=\"rsc$((change * 7))\" node=\"node$((change % 32 + 1))\" score=\"$((change * 10))\"/>" >/dev/null
    sleep 4
    close_box
}
mark 0
for _ in $(seq 1 "$rounds"); do outside; done
mark 2
tmux -L "$socket" send-keys -t follow b; sleep 1; close_box
tmux -L "$socket" send-keys -t follow p; sleep 1; close_box
for _ in $(seq 1 "$rounds"); do outside; done
mark end
tmux -L "$socket" kill-server 2>/dev/null || true
awk '$1 == "phase" { phase = $2; next }
     phase == "end" { next }
     { block = $2 + $3 }
     $1 == -2 { n[phase]++; if (block > worst[phase]) worst[phase] = block;
                if ($4 > cpu[phase]) cpu[phase] = $4; next }
     { if (block > keys[phase]) keys[phase] = block }
     END { for (p = 0; p <= 2; p += 2)
               printf "%d pending edits: %3d follow lines, longest key-loop block %6.1f ms wall, %6.1f ms CPU (longest key %5.1f ms)\n",
                      p, n[p], worst[p], cpu[p], keys[p] }' "$log"

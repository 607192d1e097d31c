#!/bin/sh
# console-frames.sh: how long the console takes from an edit key to the
# frame that shows the new solution, on 32x2000 (doc/DESIGN.md "Performance":
# within 16 ms).  Drives src/cibscope in a tmux of its own (200x60), makes
# each kind of edit (b, p, S, M, s on the cursor's resource and on the
# default, a fail count cleared at the : prompt, t) followed by u, ROUNDS
# times, 0.7 s apart as an operator would, and reads CIBSCOPE_TIMING_LOG
# ("KEY handle_ms draw_ms" per key).
#
#   tests/bench/console-frames.sh [ROUNDS] [CIB]
#
# Without CIB, the 32x2000 workload comes from ../shared/bench/gen-cib.
# CIBSCOPE_FRAMES_LOG=FILE keeps the raw timing log there.
# Prints, per key, the number of frames and their median, 90th percentile
# and worst time in ms.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${CIBSCOPE:-$here/src/cibscope}
shared=${SHARED_DIR:-$here/../shared}
rounds=${1:-5}
work=$(mktemp -d)
socket="cibscope-frames-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM   # then the EXIT trap cleans up
cib=${2:-}
if [ -z "$cib" ]; then
    cib=$work/32x2000.xml
    python3 "$shared/bench/gen-cib" --nodes 32 --resources 2000 > "$cib"
fi
log=${CIBSCOPE_FRAMES_LOG:-$work/timing.log}
rm -f "$log"
tmux -L "$socket" new-session -d -s frames -x 200 -y 60 \
    "CIBSCOPE_TIMING_LOG=$log $bin $cib"
sleep 4
# An edit (or undo) that moves many lists them in a box, which the next
# key only closes: close it, so that the next key does what it says.
close_box() {
    if tmux -L "$socket" capture-pane -p -t frames | grep -q "any key closes"; then
        tmux -L "$socket" send-keys -t frames Space; sleep 0.3
    fi
}
key() { tmux -L "$socket" send-keys -t frames "$@"; sleep 0.7; close_box; }
typed() {   # a prompt's key, then its command line
    tmux -L "$socket" send-keys -t frames "$1"; sleep 0.5
    tmux -L "$socket" send-keys -t frames C-u "$2"; sleep 0.4
    key Enter
}
for _ in $(seq 1 "$rounds"); do
    key b; key u
    key p; key u
    key S; key u
    key M; key u
    typed s "stickiness rsc0 300"; key u
    typed s "stickiness default 100"; key u
    typed : "failcount clear rsc150"; key u
    typed t "time 2026-01-01"; key u
done
sleep 1
tmux -L "$socket" kill-server 2>/dev/null || true
# A key's second line (same handle time) is the redraw once the transition
# is read: not the edit's frame.  Keys typed at the prompts are logged
# too; in each round Enter closes the prompts in the order typed above.
awk 'BEGIN { prompts[0] = "s (stickiness)"; prompts[1] = "s (default)";
             prompts[2] = ":failcount clear"; prompts[3] = "t (clock)" }
     { if ($1 == last_key && $2 == last_handle) { last_key = ""; next }
       last_key = $1; last_handle = $2; name = "";
       if ($1 == 98) name = "b (ban)";
       else if ($1 == 112) name = "p (prefer)";
       else if ($1 == 83) name = "S (standby)";
       else if ($1 == 77) name = "M (maintenance)";
       else if ($1 == 117) name = "u (undo)";
       else if ($1 == 13 || $1 == 10) name = prompts[enters++ % 4];
       if (name != "") print name "\t" $2 + $3 }' "$log" |
sort -t "$(printf '\t')" -k1,1 -k2,2n |
awk -F '\t' '{ times[$1, ++count[$1]] = $2 }
     END { for (name in count) {
               n = count[name];
               printf "%-16s frames %3d  median %5.1f  p90 %5.1f  worst %5.1f ms\n", name, n,
                      times[name, int((n + 1) / 2)], times[name, int(n * 0.9 + 0.5)], times[name, n] } }' |
sort

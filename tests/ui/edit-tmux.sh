#!/bin/bash
# edit-tmux.sh: `edit` in the console (E on a Matrix row), with EDITOR set
# to a script: the terminal goes to the editor and comes back to a redrawn
# console; an edit that is not well-formed is named with its error and
# offered for re-editing (n: nothing changes, the file saved after is the
# one loaded, byte for byte; y: the editor runs again and its valid
# change is applied as one edit, which u undoes byte for byte).
# A lists the selected resource's meta attributes and where each comes
# from, T the tickets.  At 80x24 and 200x60.  Exit 77 (skip) without tmux or a terminal type.
# Saving bumps the CIB's version as Pacemaker's tools do (epoch+1 for a
# configuration change): compare documents without <cib>'s counters.
without_version() { sed -E '/<cib[ >]/s/ (epoch|num_updates)="[0-9]+"//g' "$1"; }
same_cib() { cmp -s <(without_version "$1") <(without_version "$2"); }
set -u
cs_tmux_name=edit-ui
# shellcheck source=tmux-lib.sh
. "$(cd "$(dirname "$0")" && pwd)/tmux-lib.sh"

# The editor: its first two runs break the XML (a tag left open); every
# later one mends that (re-editing shows the text as it was left) and
# adds target-role=Stopped to the resource.
cat >"$tmp/editor.sh" <<'EOF2'
#!/bin/sh
dir=$(dirname "$0")
runs=$(cat "$dir/runs" 2>/dev/null || echo 0)
echo $((runs + 1)) >"$dir/runs"
cp "$1" "$dir/seen.xml"
if [ "$runs" -lt 2 ]; then
    sed -i 's|</primitive>|</primitiv>|' "$1"
else
    sed -i 's|</primitiv>|</primitive>|; s|<operations>|<meta_attributes id="report-edited"><nvpair id="report-edited-target-role" name="target-role" value="Stopped"/></meta_attributes><operations>|' "$1"
fi
EOF2
chmod +x "$tmp/editor.sh"

failures=0
fail() {
    failures=$((failures + 1))
    echo "FAIL: $*"
    tmx capture-pane -p -t "$session" 2>/dev/null
}
wait_for() {
    tries=0
    while [ $tries -lt 50 ]; do
        tmx capture-pane -p -t "$session" >"$tmp/screen"
        grep -q -F -- "$1" "$tmp/screen" && return 0
        sleep 0.1
        tries=$((tries + 1))
    done
    fail "'$1' never appeared (the editor ran $(cat "$tmp/runs" 2>/dev/null || echo 0) times)"
    return 1
}

run_at() {
    session=s$1x$2
    rm -f "$tmp/runs" "$tmp/seen.xml"
    cp "$top_srcdir/data/demo.xml" "$tmp/cib.xml"
    tmx new-session -d -s "$session" -x "$1" -y "$2" \
        env -u NO_COLOR -u VISUAL LANG=C.UTF-8 LC_ALL= EDITOR="$tmp/editor.sh" XDG_STATE_HOME="$tmp/state-$1" \
        "$bin" "$tmp/cib.xml" --time '2024-06-01 12:00:00'
    wait_for "report" || return
    wait_for "? help" || return
    sleep 0.5
    # the last row is report; E edits it
    tmx send-keys -t "$session" G
    sleep 0.5
    tmx send-keys -t "$session" E
    wait_for "Edit again?" || return
    grep -q "not well-formed" "$tmp/screen" || fail "$session: the error is not shown"
    grep -q 'id="report"' "$tmp/seen.xml" || fail "$session: the editor did not get report's XML"
    tmx send-keys -t "$session" n
    wait_for "not well-formed" || return
    tmx send-keys -t "$session" w
    wait_for "aved" || return
    same_cib "$top_srcdir/data/demo.xml" "$tmp/cib.xml" || fail "$session: a refused edit changed the CIB"
    # again, and this time edit again after the error
    tmx send-keys -t "$session" E
    wait_for "Edit again?" || return
    tmx send-keys -t "$session" y
    wait_for "edit report" || return
    [ "$(cat "$tmp/runs")" = 3 ] || fail "$session: the editor ran $(cat "$tmp/runs") times, not 3"
    tmx send-keys -t "$session" w
    sleep 0.3
    grep -q 'report-edited-target-role' "$tmp/cib.xml" || fail "$session: the edit was not saved"
    tmx send-keys -t "$session" u
    wait_for "undo" || return
    tmx send-keys -t "$session" w
    sleep 0.3
    same_cib "$top_srcdir/data/demo.xml" "$tmp/cib.xml" || fail "$session: undo did not give back the CIB"
    # A: the resource's meta attributes with their sources; T: tickets
    tmx send-keys -t "$session" A
    wait_for "report: meta attributes" || return
    grep -q "resource-stickiness  *100  *rsc_defaults" "$tmp/screen" || fail "$session: m lacks stickiness from rsc_defaults"
    grep -q "target-role  *Started  *default" "$tmp/screen" || fail "$session: m lacks target-role"
    # The list is editable (tests/ui/attrs-tmux.sh): Esc closes it.
    tmx send-keys -t "$session" Escape
    sleep 0.2
    tmx send-keys -t "$session" : "ticket T1 grant" Enter
    wait_for "ticket T1 grant" || return
    tmx send-keys -t "$session" T
    wait_for "T1: granted" || return
    tmx send-keys -t "$session" q
    tmx kill-session -t "$session" 2>/dev/null
}

run_at 80 24
run_at 200 60
[ $failures -eq 0 ] && echo "PASS: edit in the console" && exit 0
exit 1

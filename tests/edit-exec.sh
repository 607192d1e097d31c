#!/bin/bash
# `edit ID` in batch mode, EDITOR set to scripts: an invalid edit (not
# well-formed, an id taken elsewhere, a schema violation) fails, is named,
# and changes nothing (the save after it never runs, and a save before the
# failing edit writes the CIB as loaded); a valid one is applied, and undo
# gives back the CIB byte for byte.
# Saving bumps the CIB's version as Pacemaker's tools do (epoch+1 for a
# configuration change): compare documents without <cib>'s counters.
without_version() { sed -E '/<cib[ >]/s/ (epoch|num_updates)="[0-9]+"//g' "$1"; }
same_cib() { cmp -s <(without_version "$1") <(without_version "$2"); }
top=${CS_TOP_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
build=${CS_TOP_BUILDDIR:-$top}
bin=$build/src/cibscope
[ -x "$bin" ] || { echo "no $bin: skipped"; exit 77; }
demo=$top/data/demo.xml
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cibscope-edit.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0
editor() {
    printf '#!/bin/sh\nsed -i %s "$1"\n' "$1" >"$tmp/$2.sh"
    chmod +x "$tmp/$2.sh"
}
editor "'s|</meta_attributes>|</meta_attribute>|'" broken
editor "'s|ping-clone-meta_attributes-interleave\"|web-vip\"|'" taken
editor "'s|name=\"interleave\"|nom=\"interleave\"|'" schema
editor "'s|value=\"true\"|value=\"false\"|'" good
for bad in broken taken schema; do
    [ "$bad" = schema ] && [ ! -e /usr/share/pacemaker/pacemaker-3.7.rng ] && continue
    rm -f "$tmp/out.xml"
    EDITOR=$tmp/$bad.sh "$bin" "$demo" --exec "save $tmp/before.xml; edit ping-clone-meta_attributes; save $tmp/out.xml" \
        </dev/null >"$tmp/stdout" 2>"$tmp/stderr"
    status=$?
    if [ $status -ne 1 ] || [ -e "$tmp/out.xml" ] || ! grep -q "cibscope: edit: " "$tmp/stderr" \
        || ! cmp -s "$demo" "$tmp/before.xml"; then
        echo "FAIL: $bad edit: status $status, $(cat "$tmp/stderr")"
        failed=1
    else
        echo "ok: $bad edit refused: $(head -1 "$tmp/stderr")"
    fi
done
EDITOR=$tmp/good.sh "$bin" "$demo" --exec "edit ping-clone-meta_attributes; save $tmp/out.xml; undo; save $tmp/undone.xml" \
    </dev/null >"$tmp/stdout" 2>&1 || { echo "FAIL: good edit: $(cat "$tmp/stdout")"; failed=1; }
if [ "$(diff <(without_version "$demo") <(without_version "$tmp/out.xml") | grep -c '^[<>]')" != 2 ] \
    || ! grep -q 'name="interleave" value="false"' "$tmp/out.xml"; then
    echo "FAIL: the good edit did not change exactly the interleave line"
    failed=1
fi
same_cib "$demo" "$tmp/undone.xml" || { echo "FAIL: undo did not give back the CIB"; failed=1; }
env -u EDITOR -u VISUAL "$bin" "$demo" --exec 'edit report' </dev/null >/dev/null 2>"$tmp/stderr"
[ $? -eq 1 ] && grep -q "set EDITOR" "$tmp/stderr" || { echo "FAIL: no editor, no terminal"; failed=1; }
exit $failed

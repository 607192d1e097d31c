#!/bin/bash
# man-drift.sh: doc/cibscope.1 must not drift from the program.
#
# Every list the program itself prints is the source; the page must hold
# each entry of it:
#   subcommands and options     cibscope --help ("Commands:", "Options:")
#   the command language        cibscope FILE --exec help (usage and summary)
#   console keys                cibscope --help-keys (the ? overlay's table)
#   exit statuses               the "Exit status:" paragraph of --help
#   environment variables       every getenv() in src/ and ui/
# and, the other way, every option and command the page lists must exist.
# A new subcommand, option, command or key thus only needs its entry in
# the page.  `man --warnings` must be silent.
# Environment: CS_TOP_BUILDDIR, CS_TOP_SRCDIR (default: this tree).
# Exit: 0 when they agree, 1 otherwise, 77 (skip) without binary or groff.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${CS_TOP_SRCDIR:-$(cd "$here/.." && pwd)}
top_builddir=${CS_TOP_BUILDDIR:-$top_srcdir}
bin=$top_builddir/src/cibscope
page=$top_srcdir/doc/cibscope.1
demo=$top_srcdir/data/demo-small.xml
# Options that serve tools, not people: not in --help, but in the page.
hidden_options="--list-ids --help-keys"

[ -x "$bin" ] || { echo "man-drift.sh: SKIP: no $bin"; exit 77; }
command -v groff >/dev/null 2>&1 || { echo "man-drift.sh: SKIP: no groff"; exit 77; }

failures=0 checks=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
check() { checks=$((checks + 1)); }

# The page as text: wide lines, no overstrikes, blanks squeezed.
squeeze() { sed -e 's/^[[:space:]]*//' -e 's/[[:space:]][[:space:]]*/ /g' -e 's/ $//'; }
rendered=$(groff -man -Tascii -P-cbou -rLL=300n -rHY=0 "$page" 2>/dev/null | squeeze)
# The rendered text of one section: from its heading to the next.
section() {
    printf '%s\n' "$rendered" | awk -v name="$1" '
        /^[A-Z][A-Z ]+$/ { inside = ($0 == name); next }
        inside { print }'
}
has() {   # has SECTION-TEXT STRING: a line holds STRING
    printf '%s\n' "$1" | grep -q -F -- "$2"
}
# has_entry SECTION-TEXT TAG BODY: a .TP entry, rendered either as the
# line "TAG BODY" (a short tag) or as "TAG" with BODY on the next line.
has_entry() {
    printf '%s\n' "$1" | grep -q -x -F -- "$2 $3" && return 0
    printf '%s\n' "$1" | grep -x -F -A1 -- "$2" | grep -q -x -F -- "$3"
}

help_text=$("$bin" --help)
help_block() {   # the lines of --help under heading $1, to the next blank line
    printf '%s\n' "$help_text" | awk -v head="$1" '
        $0 == head { inside = 1; next }
        inside && /^$/ { exit }
        inside { print }'
}

# ---- subcommands ---------------------------------------------------------
subcommands=$(section SUBCOMMANDS)
for name in $(help_block "Commands:" | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p'); do
    check
    has "$subcommands" "cibscope $name" || fail "subcommand '$name' (cibscope --help) is not in SUBCOMMANDS"
done

# ---- options -------------------------------------------------------------
options=$(section OPTIONS)
help_options=$(help_block "Options:" | grep -o -e '--[a-z][a-z-]*' | sort -u)
for option in $help_options $hidden_options; do
    check
    has "$options" "$option" || fail "option '$option' is not in OPTIONS"
done
for option in $(printf '%s\n' "$options" | grep -o -e '--[a-z][a-z-]*' | sort -u); do
    check
    case " $(echo $help_options) $hidden_options " in
    *" $option "*) ;;
    *) "$bin" "$option" </dev/null >/dev/null 2>&1
       [ $? -ne 1 ] || fail "OPTIONS names '$option', which cibscope does not take" ;;
    esac
done

# ---- the command language ------------------------------------------------
commands=$(section COMMANDS)
exec_help=$("$bin" "$demo" --exec help)
names=""
while IFS= read -r usage && IFS= read -r summary; do
    usage=$(printf '%s\n' "$usage" | squeeze)
    summary=$(printf '%s\n' "$summary" | squeeze)
    names="$names ${usage%% *}"
    check
    has_entry "$commands" "$usage" "$summary" \
        || fail "command '$usage: $summary' (help) is not in COMMANDS as is"
done < <(printf '%s\n' "$exec_help" | sed -n '2,$p' | grep -e '^  ')
# Every command the page lists (a .TP tag in COMMANDS) exists.
for name in $(awk '/^\.SH /{inside = ($2 == "COMMANDS")} inside && prev ~ /^\.TP/ && /^\.B /{print $2} {prev=$0}' "$page"); do
    check
    case " $names " in
    *" $name "*) ;;
    *) fail "COMMANDS lists '$name', which help does not know" ;;
    esac
done

# ---- console keys --------------------------------------------------------
keys=$(section "CONSOLE KEYS")
while IFS= read -r line; do
    check
    case $line in
    "== "*)
        has "$keys" "${line#== }" || fail "key heading '${line#== }' is not in CONSOLE KEYS" ;;
    *)
        key=$(printf '%s\n' "${line%%$'\t'*}" | squeeze)
        text=$(printf '%s\n' "${line#*$'\t'}" | squeeze)
        has_entry "$keys" "$key" "$text" || fail "key '$key: $text' is not in CONSOLE KEYS as is" ;;
    esac
done < <("$bin" --help-keys)

# ---- exit statuses -------------------------------------------------------
statuses=$(section "EXIT STATUS")
exit_paragraph=$(printf '%s\n' "$help_text" | sed -n '/^Exit status:/,/^$/p' | tr '\n' ' ')
for status in $(printf '%s\n' "$exit_paragraph" | grep -o -E '(^|[ :,])[0-9]+ [a-z]' | grep -o -E '[0-9]+'); do
    check
    printf '%s\n' "$statuses" | grep -q -E -- "^$status( |\$)" || fail "exit status $status (--help) is not in EXIT STATUS"
done

# ---- environment ---------------------------------------------------------
environment=$(section ENVIRONMENT)
for variable in $(grep -rhoE 'getenv\("[A-Za-z_][A-Za-z0-9_]*"\)' "$top_srcdir/src" "$top_srcdir/ui" \
                  | sed -E 's/.*"(.*)".*/\1/' | sort -u); do
    check
    printf '%s\n' "$environment" | grep -q -E -- "^$variable( |\$)" \
        || fail "environment variable $variable (read in the sources) is not in ENVIRONMENT"
done

# ---- the page itself -----------------------------------------------------
if command -v man >/dev/null 2>&1; then
    check
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
    [ -z "$warnings" ] || fail "man --warnings: $warnings"
fi

echo "man-drift.sh: $checks checks, $failures failed"
[ $failures -eq 0 ]

# bash completion for cibscope(1)
#
# Subcommands and options are read from `cibscope --help`, resource and
# node ids from the FILE already on the line (`cibscope --list-ids FILE`),
# so that completion follows the program it completes.

# The cibscope on the line (./src/cibscope in a build tree), else PATH's.
_cibscope_program()
{
    local program=${COMP_WORDS[0]}
    program=${program/#\~/$HOME}
    if [[ $program == */* && -x $program ]]; then
        printf '%s\n' "$program"
    else
        printf '%s\n' cibscope
    fi
}

# Words of one --help block ("Commands:" or "Options:").
_cibscope_help_words()
{
    "$(_cibscope_program)" --help 2>/dev/null | awk -v head="$1" '
        $0 == head { inside = 1; next }
        inside && /^$/ { exit }
        inside && head == "Commands:" && /^  [a-z]/ { print $1 }
        inside && head == "Options:" && /^  +-/ {
            for (i = 1; i <= 2 && $i ~ /^-/; i++) { sub(/,$/, "", $i); print $i }
        }'
}

# "resource" or "node" ids of FILE.
_cibscope_ids()
{
    "$(_cibscope_program)" --list-ids "$2" 2>/dev/null | awk -v kind="$1" '$1 == kind { print $2 }'
}

# Options that take a value (the next word is theirs).
_cibscope_takes_value()
{
    case $1 in
    -t|--time|--interval|--history|--expect|-e|--exec|--list-ids|--view) return 0 ;;
    esac
    return 1
}

_cibscope_files()
{
    local IFS=$'\n' restore
    restore=$(shopt -p extglob)
    shopt -s extglob
    COMPREPLY+=($(compgen -f -X '!*.@(xml|XML|bz2|gz)' -- "$1"))
    COMPREPLY+=($(compgen -d -S / -- "$1"))
    eval "$restore"
    compopt -o filenames -o nospace 2>/dev/null
}

_cibscope()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    COMPREPLY=()
    case $prev in
    --history)
        COMPREPLY=($(compgen -d -- "$cur")); compopt -o filenames 2>/dev/null; return ;;
    --list-ids)
        _cibscope_files "$cur"; return ;;
    --expect)
        COMPREPLY=($(compgen -W "none" -- "$cur")); return ;;
    --view)
        COMPREPLY=($(compgen -W "matrix transition explain fail-counts graph history timeline" -- "$cur")); return ;;
    -t|--time|--interval|-e|--exec)
        return ;;
    esac
    # What is on the line before the cursor: the subcommand and the
    # positional words after it.
    local command="" commands positional=() i word
    commands=" $(_cibscope_help_words Commands: | tr '\n' ' ') "
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if _cibscope_takes_value "$word"; then
            ((i++))
        elif [[ $word == -* ]]; then
            continue
        elif [[ -z $command && ${#positional[@]} -eq 0 && $commands == *" $word "* ]]; then
            command=$word
        else
            positional+=("$word")
        fi
    done
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_cibscope_help_words Options:)" -- "$cur"))
        return
    fi
    local n=${#positional[@]}
    local file=${positional[0]:-}
    file=${file/#\~/$HOME}
    case $command in
    "")
        if ((n == 0)); then
            COMPREPLY=($(compgen -W "$commands" -- "$cur"))
            _cibscope_files "$cur"
        fi ;;
    history)
        ((n == 0)) && { COMPREPLY=($(compgen -d -- "$cur")); compopt -o filenames 2>/dev/null; } ;;
    why)
        ((n < 2)) && _cibscope_files "$cur" ;;
    explain)
        if ((n == 0)); then
            _cibscope_files "$cur"
        elif ((n == 1)); then
            COMPREPLY=($(compgen -W "$(_cibscope_ids resource "$file")" -- "$cur"))
        elif ((n == 2)); then
            COMPREPLY=($(compgen -W "$(_cibscope_ids node "$file")" -- "$cur"))
        fi ;;
    *)
        ((n == 0)) && _cibscope_files "$cur" ;;
    esac
}

complete -F _cibscope cibscope

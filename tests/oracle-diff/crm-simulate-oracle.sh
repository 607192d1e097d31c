#!/bin/sh
# crm_simulate behind the engine interface (scores|transition FILE [--time
# T]), as ../shared/oracle/crm-simulate-adapter has it, for tests that run
# without the shared tree.
sub=$1; file=$2; shift 2
time=""
if [ "$1" = "--time" ]; then time=$2; fi
case $sub in
scores)
    if [ -n "$time" ]; then crm_simulate -x "$file" -sSQ -D /dev/null -G /dev/null -t "$time"
    else crm_simulate -x "$file" -sSQ -D /dev/null -G /dev/null; fi ;;
transition)
    if [ -n "$time" ]; then crm_simulate -x "$file" -S -t "$time"
    else crm_simulate -x "$file" -S; fi ;;
*) echo "usage: $0 scores|transition FILE [--time T]" >&2; exit 2 ;;
esac

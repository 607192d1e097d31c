#!/bin/sh
# run-fuzz.sh: build the libFuzzer targets and run each for a bounded time.
#
#   tests/fuzz/run-fuzz.sh [TARGET...]      (default: every target)
#
# Environment:
#   FUZZ_SECONDS    seconds per target (default 60)
#   FUZZ_BUILD_DIR  build directory (default ${TMPDIR:-/tmp}/cibscope-fuzz);
#                   configured with CC=clang --enable-fuzz when it is not yet
#   FUZZ_WORK_DIR   seeds, the growing corpora and artifacts
#                   (default $FUZZ_BUILD_DIR/fuzz-work; kept between runs)
#   SHARED_DIR      ../shared: the corpus CIBs seed the document, pipeline
#                   and rules targets (skipped with a note when absent)
#
# Seeds: data/, tests/data, tests/fuzz/cases, tests/fuzz/regressions and
# the shared corpus; for rules, the rules, dates and intervals found in
# them.  Exit status 0 when no target found anything.  Every crash, leak,
# timeout or out-of-memory input is copied to
# tests/fuzz/regressions/TARGET/ (where `make check` replays it from then
# on) and the run fails: fix the bug, keep the input.
set -u

srcdir=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${FUZZ_SECONDS:-60}
build=${FUZZ_BUILD_DIR:-${TMPDIR:-/tmp}/cibscope-fuzz}
work=${FUZZ_WORK_DIR:-$build/fuzz-work}
shared=${SHARED_DIR:-$srcdir/../shared}
corpus_xml=$shared/corpus/pacemaker-2.1.5/xml
targets=${*:-document rules pipeline command}
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)

note() { printf 'run-fuzz: %s\n' "$*" >&2; }

build_targets() {
    . "$srcdir/tests/source-copy.sh"
    cs_build_dir "$srcdir" "$build" || exit 2
    source=$(cs_vpath_source "$srcdir" "$build") || exit 2
    if [ ! -f "$build/Makefile" ]; then
        [ -x "$source/configure" ] || (cd "$source" && autoreconf -fi) || exit 2
        note "configuring $build (CC=clang --enable-fuzz)"
        (cd "$build" && "$source/configure" -q CC=clang --enable-fuzz --disable-werror \
            SHARED_DIR="$shared") || exit 2
    fi
    (cd "$build" && make -s -j"$jobs" fuzz) || { note "make fuzz failed"; exit 2; }
}

# Seeds for the CIB targets: every CIB we have, plain and compressed.
seed_documents() {
    dir=$1
    mkdir -p "$dir"
    for file in "$srcdir"/data/*.xml "$srcdir"/tests/data/*/*.xml \
                "$srcdir"/tests/data/bad/* "$srcdir"/tests/fuzz/cases/*.xml \
                "$srcdir"/tests/fuzz/regressions/pipeline/* \
                "$srcdir"/tests/fuzz/regressions/document/*; do
        [ -f "$file" ] && cp "$file" "$dir/$(basename "$file")"
    done
    if [ -d "$corpus_xml" ]; then
        cp "$corpus_xml"/*.xml "$dir/"
    else
        note "no shared corpus at $corpus_xml: seeding from this tree only"
    fi
    # a few compressed forms, so that the decompressors get explored too
    for file in "$srcdir"/data/demo-small.xml "$srcdir"/tests/fuzz/cases/cycle-mixed.xml; do
        [ -f "$file" ] || continue
        gzip -c "$file" >"$dir/$(basename "$file").gz"
        bzip2 -c "$file" >"$dir/$(basename "$file").bz2"
    done
}

# Seeds for fuzz_rules: the first byte picks the parser (see fuzz_rules.c).
seed_rules() {
    dir=$1
    mkdir -p "$dir"
    for file in "$srcdir"/tests/fuzz/regressions/rules/*; do
        [ -f "$file" ] && cp "$file" "$dir/"
    done
    "${PYTHON3:-python3}" - "$dir" "$corpus_xml" "$srcdir/tests/data/cases" \
        "$shared/corpus/pacemaker-2.1.5/tests.tsv" <<'EOF'
import os, re, sys, hashlib
out, sources, tsv = sys.argv[1], sys.argv[2:4], sys.argv[4]
def seed(kind, text):
    data = bytes([kind]) + text.encode('utf-8', 'replace')
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(out, name), 'wb') as f:
        f.write(data)
for time in ['2005-020', '2005-020T12:30', '2014-05-07 00:28:00', '2005-W03-4',
             '20050120T123000Z', '2005-01-20T12:30:00+05:30', 'T12:30', '1970-01-01']:
    seed(0, time)
for duration in ['P1Y2M3W4DT5H6M7S', 'PT10S', 'P1W', 'P-1D', 'PT0S']:
    seed(1, duration)
for interval in ['10', '10s', '500ms', '2min', '1h', 'PT10S', '0']:
    seed(2, interval)
for left, right, kind in [('1', '2', 'integer'), ('2.1.5', '2.1.10', 'version'),
                          ('1.5', '1e3', 'number'), ('abc', 'ABC', 'string')]:
    seed(3, left + '\0' + right + '\0' + kind)
if os.path.exists(tsv):
    for line in open(tsv, encoding='utf-8'):
        fields = line.rstrip('\n').split('\t')
        if len(fields) > 2 and fields[2]:
            seed(0, fields[2])
rule = re.compile(r'<rule\b.*?</rule>', re.S)
for source in sources:
    if not os.path.isdir(source):
        continue
    for name in sorted(os.listdir(source)):
        if not name.endswith('.xml'):
            continue
        text = open(os.path.join(source, name), encoding='utf-8', errors='replace').read()
        for match in rule.findall(text):
            seed(4, match)
            seed(5, match)
        for value in re.findall(r'(?:start|end)="([^"]+)"', text):
            seed(0, value)
        for value in re.findall(r'interval="([^"]+)"', text):
            seed(2, value)
EOF
}

seed_commands() {
    dir=$1
    mkdir -p "$dir"
    for file in "$srcdir"/tests/fuzz/regressions/command/*; do
        [ -f "$file" ] && cp "$file" "$dir/"
    done
    n=0
    while IFS= read -r line; do
        n=$((n + 1))
        printf '%s\n' "$line" >"$dir/seed-$n"
    done <<'EOF'
scores; transition
explain web; explain db bravo; where web-vip
ban web alpha; scores web; undo; redo; clear web
prefer db charlie PT1H; transition; time 2030-01-01; transition
standby alpha on; transition; standby alpha off
maintenance bravo on; attr alpha site "a b"; attr alpha site --delete
failcount web-server alpha start 3; failcount; failcount web-server alpha --clear
stickiness web 100; stickiness default 50; stickiness web unset
location l1 report alpha 50; colocation c1 report db INFINITY; constraint c1 --delete
rule disable location-db-tier-rule; rule enable location-db-tier-rule; time now; help
echo 'single quoted' "double \"quoted\" \$x" back\ slash # comment
EOF
}

seed_target() {
    target=$1
    dir=$work/seeds/$target
    rm -rf "$dir"
    case $target in
        document|pipeline) seed_documents "$dir" ;;
        rules) seed_rules "$dir" ;;
        command) seed_commands "$dir" ;;
    esac
}

# Copies what the fuzzer left in the artifact directory into the tree.
keep_findings() {
    target=$1
    found=0
    for artifact in "$work/artifacts/$target"/*; do
        [ -f "$artifact" ] || continue
        mkdir -p "$srcdir/tests/fuzz/regressions/$target"
        cp "$artifact" "$srcdir/tests/fuzz/regressions/$target/"
        note "$target: kept tests/fuzz/regressions/$target/$(basename "$artifact")"
        found=1
    done
    return $found
}

run_target() {
    target=$1
    binary=$build/tests/fuzz/fuzz_$target
    [ -x "$binary" ] || { note "no $binary"; return 1; }
    seed_target "$target"
    mkdir -p "$work/corpus/$target" "$work/artifacts/$target"
    rm -f "$work/artifacts/$target"/*
    dict=
    case $target in document|pipeline) dict=-dict=$srcdir/tests/fuzz/cib.dict ;; esac
    # A command input is what one types at the ':' prompt: 4 KiB holds
    # dozens of commands.  Longer ones only repeat edits, each with its
    # re-solve: a 1 MiB limit let the corpus grow until a run managed 23
    # executions a second instead of over 300.
    max_len=1048576
    case $target in command) max_len=4096 ;; esac
    log=$work/$target.log
    note "$target: ${seconds}s"
    # -timeout: an input that runs 20 s is a hang (a cycle that never ends).
    # Leaks are findings too (detect_leaks is on by default with ASan).  For
    # a leak's full stack (glib has no frame pointers), replay the input with
    # ASAN_OPTIONS=fast_unwind_on_malloc=0 tests/fuzz/replay_TARGET FILE.
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$binary" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
        -max_len="$max_len" -print_final_stats=1 $dict \
        -artifact_prefix="$work/artifacts/$target/" \
        "$work/corpus/$target" "$work/seeds/$target" >"$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    cover=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
    note "$target: exit $status, ${runs:-?} executions, ${cover:-cov: ?}"
    keep_findings "$target"
    if [ $? -ne 0 ] || [ $status -ne 0 ]; then
        note "$target: FAILED; the log is $log:"
        grep -E 'ERROR|SUMMARY|==[0-9]+==|GLib|Test unit' "$log" | head -n 20 >&2
        return 1
    fi
    return 0
}

build_targets
failed=
for target in $targets; do
    run_target "$target" || failed="$failed $target"
done
if [ -n "$failed" ]; then
    note "findings in:$failed"
    exit 1
fi
note "no findings in: $targets"
exit 0

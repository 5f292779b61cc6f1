#!/usr/bin/env bash
# The fuzz campaign: every fuzz target of fuzz/ (one per text format ngola
# reads) for a bounded time, instrumented. CI (.ci/run) runs it after
# scripts/test.sh, whose Rust stage already runs every target's check over
# the seed inputs and fuzz/regressions/ (fuzz/tests/seeds.rs).
#
#   scripts/test-fuzz.sh [SECONDS] [TARGET...]
#
# Without SECONDS (CI), each target runs 20,000 inputs from the fixed seed
# 1: the same amount of work on any machine under any load (about 25 s for
# the eight here, build apart). The seed fixes libFuzzer's own choices; the
# inputs it derives still vary a little from run to run, since coverage
# feedback follows the targets' hash tables, whose order is random. With
# SECONDS, each target explores for that long from a random seed (a longer
# campaign; what it finds goes to fuzz/regressions/).
# TARGETs default to all of fuzz/Cargo.toml. Builds the targets with libFuzzer
# (the crate libfuzzer-sys) on the stable toolchain, with the coverage
# instrumentation `cargo fuzz build --sanitizer none` uses (no sanitizer:
# those need a nightly compiler) and debug assertions on, into
# target/fuzz; makes the seed inputs from the repository's data
# (fuzz/seeds.py; fuzz/regressions/ holds inputs that once failed); runs
# each target on them and on its corpus in target/fuzz/corpus/TARGET (kept
# between runs, so longer runs build on shorter ones). A failing input
# stops the stage (exit 1), saved under target/fuzz/artifacts/TARGET/,
# with the command that replays it. Prints each target's runs and corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-}
[[ $# -gt 0 ]] && shift
if [[ -z $seconds ]]; then
    # The same inputs on every fresh clone: a fixed seed and count.
    budget=(-seed=1 -runs=20000)
    what="from seed 1"
else
    [[ $seconds =~ ^[0-9]+$ && $seconds -gt 0 ]] || {
        echo "usage: scripts/test-fuzz.sh [SECONDS] [TARGET...] (SECONDS a whole number, at least 1)" >&2
        exit 2
    }
    budget=(-max_total_time="$seconds")
    what="in $seconds s"
fi
mapfile -t all < <(sed -n '/^\[\[bin\]\]$/{n;s/^name = "\(.*\)"$/\1/p;}' fuzz/Cargo.toml)
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${all[@]}")
for target in "${targets[@]}"; do
    [[ " ${all[*]} " == *" $target "* ]] || {
        echo "test-fuzz: no target \`$target\`; targets: ${all[*]}" >&2
        exit 2
    }
done

dir=${CARGO_TARGET_DIR:-target}/fuzz
host=$(rustc -vV | sed -n 's/^host: //p')
# `--target` keeps these flags off build scripts and proc macros.
flags="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4"
flags+=" -Cllvm-args=-sanitizer-coverage-inline-8bit-counters"
flags+=" -Cllvm-args=-sanitizer-coverage-pc-table"
flags+=" -Cllvm-args=-sanitizer-coverage-trace-compares"
flags+=" -Cllvm-args=-sanitizer-coverage-stack-depth"
flags+=" -Cllvm-args=-simplifycfg-branch-fold-threshold=0 --cfg fuzzing"
echo "-- building the fuzz targets (fuzz/, libFuzzer, $host)"
RUSTFLAGS="$flags ${RUSTFLAGS:-}" cargo build --quiet --locked --profile fuzz \
    -p ngola-fuzz --features libfuzzer --target "$host" --target-dir "$dir" --bins
bin=$dir/$host/fuzz

seeds=$dir/seeds
rm -rf "$seeds"
echo "-- seed inputs from the repository: $(python3 fuzz/seeds.py "$seeds")"

status=0
for target in "${targets[@]}"; do
    corpus=$dir/corpus/$target
    artifacts=$dir/artifacts/$target
    log=$dir/logs/$target.log
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    if "$bin/$target" "${budget[@]}" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "$corpus" "$seeds/$target" >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        echo "-- $target: ${runs:-?} runs $what, corpus $(find "$corpus" -type f | wc -l) inputs"
    else
        status=1
        echo "test-fuzz: FAILED: $target (log $log):" >&2
        grep -E -A12 '^(==[0-9]+== ERROR|thread .* panicked)' "$log" | head -n 30 >&2 || tail -n 30 "$log" >&2
        for input in $(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log"); do
            echo "test-fuzz: replay it with: $bin/$target $input" >&2
        done
    fi
done
exit $status

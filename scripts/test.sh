#!/usr/bin/env bash
# The one test command: every test of the project.
#
#   scripts/test.sh
#
# Stages, in this order so that nothing is built twice:
#   1. Rust: `cargo test --workspace` (the `dev`/`test` profile, optimised,
#      the same artifacts `cargo run -p ngola` builds; one integration-test
#      binary per crate; the fuzz targets' checks over their seed inputs
#      and fuzz/regressions/ are the package ngola-fuzz's test). The
#      Python bindings are left to stage 2, which builds them;
#   2. Python: scripts/test-python.sh (a virtual environment, the package
#      built by maturin in the same `dev` profile, so it reuses the Rust
#      stage's artifacts; formatting, types, pytest);
#   3. Docs: scripts/test-docs.sh (the book built by mkdocs --strict, its
#      links checked; cargo doc with broken intra-doc links denied);
#   4. Slurm: scripts/test-slurm.sh (a single-node cluster on this machine),
#      over the program stage 1 built;
#   5. Hostile: scripts/hostile-inputs.sh (damaged databases and networks,
#      outputs aimed at what is not ours, archive bombs, claims their
#      evidence does not prove), over the program stage 1 built.
# Prints each stage's time at the end. CI (.ci/run) calls this script, then
# the instrumented fuzz campaign (scripts/test-fuzz.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${CARGO_TARGET_DIR:-target}/debug/ngola
times=()
stage() {
    local name=$1 start=$SECONDS
    shift
    echo "== $name: $*"
    "$@"
    times+=("$name $((SECONDS - start)) s")
}

stage Rust cargo test --workspace --exclude ngola-py --locked
# The tests compare with the program the Rust stage built; maturin builds the
# package in the same profile (a user's `pip install` builds it in release).
stage Python env NGOLA_BIN="$bin" MATURIN_PEP517_ARGS="--profile dev" scripts/test-python.sh
stage Docs scripts/test-docs.sh
stage Slurm env NGOLA="$bin" scripts/test-slurm.sh
stage Hostile scripts/hostile-inputs.sh "$bin"

(IFS=,; echo "== every stage passed; times: ${times[*]}")

#!/usr/bin/env bash
# The one test command: every test of the project, Rust and Python.
#
#   scripts/test.sh
#
# Runs the Rust workspace's tests, then the Python package's (in a virtual
# environment it makes under target/, see scripts/test-python.sh). Later
# stages (the single-node Slurm cluster test) are added here as they land;
# CI (.ci/run) calls this script.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== Rust: cargo test --workspace"
cargo test --workspace --locked

echo "== Docs: scripts/test-docs.sh (the book, mkdocs --strict; cargo doc, intra-doc links)"
scripts/test-docs.sh

echo "== Python: scripts/test-python.sh (the ngola package, pytest)"
# `cargo test` built the program (test profile) that the tests compare with.
NGOLA_BIN=${CARGO_TARGET_DIR:-target}/debug/ngola scripts/test-python.sh

echo "== Slurm: scripts/test-slurm.sh (a single-node cluster on this machine)"
cargo build --release -p ngola --locked
scripts/test-slurm.sh

#!/usr/bin/env bash
# The one test command: every test of the project, Rust and Python.
#
#   scripts/test.sh
#
# Runs the Rust workspace's tests. Later stages (the Python package's tests
# in a virtual environment this script creates, the single-node Slurm
# cluster test) are added here as they land; CI (.ci/run) calls this script.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== Rust: cargo test --workspace"
cargo test --workspace --locked

echo "== Slurm: scripts/test-slurm.sh (a single-node cluster on this machine)"
cargo build --release -p ngola --locked
scripts/test-slurm.sh

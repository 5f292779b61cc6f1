#!/usr/bin/env bash
# Runs a tournament's shards with GNU parallel, on this machine or on many
# machines over ssh, then merges them.
#
# Usage:
#   cargo build --release -p ngola
#   scripts/parallel-tournament.sh EXPERIMENT.toml SHARDS OUT [parallel options]
#
# Examples:
#   # 8 shards on this machine, 2 at a time, 1 thread each:
#   THREADS=1 scripts/parallel-tournament.sh experiments/quickstart.toml 8 results/runs/qs -j 2
#   # 64 shards over the machines listed in hosts.txt (one `ssh` login per
#   # line, e.g. `4/alice@node07` for 4 jobs there), sharing this folder over
#   # NFS or similar (the same path on every machine):
#   scripts/parallel-tournament.sh experiments/big.toml 64 results/runs/big \
#       --sshloginfile hosts.txt --workdir "$PWD"
#
# Every shard writes OUT/shard-<i>/. A shard that was interrupted is
# resumed (--resume) when the script is run again with the same arguments,
# so rerunning after a failure finishes exactly the games missing; the
# merge into OUT/merged/ checks that every game is there exactly once.
# Environment: NGOLA (binary, default target/release/ngola; give an
# absolute path or one relative to --workdir when running over ssh),
# THREADS (threads per shard, default 1).
set -euo pipefail

if [[ $# -lt 3 ]]; then
    # The comment block above, without its '#'.
    sed -n '1d; /^#/!q; s/^# \{0,1\}//p' "$0" >&2
    exit 2
fi
experiment=$1 shards=$2 out=$3
shift 3
NGOLA=${NGOLA:-target/release/ngola}
THREADS=${THREADS:-1}
command -v parallel >/dev/null || { echo "GNU parallel is required (apt-get install parallel)" >&2; exit 1; }
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "SHARDS must be a positive integer" >&2; exit 2; }
mkdir -p "$out"

# One job per shard: resume the shard's folder if it exists, else start it.
seq 1 "$shards" | parallel --halt never --joblog "$out/parallel.log" "$@" \
    "if [ -f '$out/shard-{}/experiment.toml' ]; then \
         '$NGOLA' tournament --resume '$out/shard-{}' --threads $THREADS --quiet; \
     else \
         '$NGOLA' tournament '$experiment' --shard {}/$shards --threads $THREADS --out '$out/shard-{}' --quiet; \
     fi"

shard_dirs=()
for i in $(seq 1 "$shards"); do shard_dirs+=("$out/shard-$i"); done
# --replace: a merge from an earlier run of this script is replaced only
# once the new one is complete.
"$NGOLA" merge "${shard_dirs[@]}" --out "$out/merged" --replace

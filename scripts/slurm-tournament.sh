#!/usr/bin/env bash
# Runs a tournament as a Slurm job array, one shard per array task, then
# merges the shards in a job that starts when every shard has succeeded.
#
# Usage (on the cluster's login node, from the repository):
#   cargo build --release -p ngola
#   scripts/slurm-tournament.sh EXPERIMENT.toml SHARDS [OUT] [-- extra sbatch options]
#
#   EXPERIMENT.toml  an experiment file (see experiments/); no `shard`
#   SHARDS           number of array tasks (shards); each plays about 1/SHARDS
#                    of the colour-swapped pairs, the same games whatever SHARDS is
#   OUT              results folder [results/runs/<experiment name>-slurm]:
#                    OUT/shard-<i>/ per task, OUT/merged/ for the whole run
#
# Environment: NGOLA (the binary, default target/release/ngola, which must be
# on a file system the compute nodes see), CPUS (threads per task, default 2).
# A task that is preempted or requeued resumes its shard (--resume), so no
# game is lost or played twice. If a task failed for good, rerun this script
# with the same arguments: finished shards resume instantly, the merge
# follows.
set -euo pipefail

NGOLA=${NGOLA:-target/release/ngola}
CPUS=${CPUS:-2}

if [[ -n "${SLURM_ARRAY_TASK_ID:-}" ]]; then
    # Inside one array task: play (or finish) shard i of n.
    experiment=$1 shards=$2 out=$3
    i=$SLURM_ARRAY_TASK_ID
    dir="$out/shard-$i"
    threads=${SLURM_CPUS_PER_TASK:-$CPUS}
    if [[ -f "$dir/experiment.toml" ]]; then
        exec "$NGOLA" tournament --resume "$dir" --threads "$threads" --quiet
    fi
    exec "$NGOLA" tournament "$experiment" --shard "$i/$shards" --threads "$threads" --out "$dir" --quiet
fi

if [[ $# -lt 2 ]]; then
    sed -n '2,22p' "$0" >&2
    exit 2
fi
experiment=$1 shards=$2
shift 2
name=$(basename "$experiment" .toml)
out=results/runs/$name-slurm
if [[ $# -gt 0 && "$1" != "--" ]]; then
    out=$1
    shift
fi
[[ "${1:-}" == "--" ]] && shift
[[ -x "$NGOLA" ]] || { echo "no binary at $NGOLA: cargo build --release -p ngola" >&2; exit 1; }
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "SHARDS must be a positive integer" >&2; exit 2; }
mkdir -p "$out/logs"

array=$(sbatch --parsable --job-name="ngola-$name" --array="1-$shards" \
    --cpus-per-task="$CPUS" --requeue --output="$out/logs/shard-%a.out" "$@" \
    --export=ALL,NGOLA="$NGOLA" "$0" "$experiment" "$shards" "$out")
merge=$(sbatch --parsable --job-name="ngola-$name-merge" --dependency="afterok:$array" \
    --output="$out/logs/merge.out" "$@" \
    --wrap="'$NGOLA' merge $(for i in $(seq 1 "$shards"); do printf "'%s' " "$out/shard-$i"; done) --out '$out/merged' --replace")
echo "submitted array job $array ($shards shards) and merge job $merge"
echo "results: $out/merged (shards in $out/shard-*, logs in $out/logs)"

#!/usr/bin/env bash
# Runs a tournament as a Slurm job array, one shard per array task, then
# merges the shards in a job that starts when every shard has succeeded.
#
# Usage (on the cluster's login node, from the repository):
#   cargo build --release -p ngola
#   scripts/slurm-tournament.sh EXPERIMENT.toml SHARDS [OUT] [-- extra sbatch options]
#
#   EXPERIMENT.toml  an experiment file (see experiments/); no `shard`
#   SHARDS           number of shards; each plays about 1/SHARDS of the
#                    colour-swapped pairs, the same games whatever SHARDS is
#   OUT              results folder [results/runs/<experiment name>-slurm]:
#                    OUT/shard-<i>/ per shard, OUT/merged/ for the whole run,
#                    OUT/logs/shard-<i>.out what each shard's task said
#
# Environment: NGOLA (the binary, default target/release/ngola, on a file
# system the compute nodes see), CPUS (threads per task, default 2),
# NGOLA_ATTEMPTS (runs of ngola per task before the task fails, default 3),
# NGOLA_RETRY_DELAY (seconds between them, default 30).
#
# A task whose ngola fails (killed, out of memory, a file system error)
# resumes its shard, up to NGOLA_ATTEMPTS times; a task that Slurm requeues
# (node failure, preemption, `scontrol requeue`) resumes it too. No game is
# lost or played twice. If a task fails for good, Slurm cancels the merge
# job (--kill-on-invalid-dep); rerun this script with the same arguments:
# finished shards resume instantly and a new merge follows. It refuses to
# submit while jobs of the earlier submission are still queued, and names
# them (`squeue -j ID`, `scancel ID`). More shards than the cluster's
# MaxArraySize allows in one array (1,000 by default) go into several arrays.
set -euo pipefail

NGOLA=${NGOLA:-target/release/ngola}
CPUS=${CPUS:-2}

if [[ -n "${SLURM_ARRAY_TASK_ID:-}" ]]; then
    # Inside one array task: play (or finish) shard i of n, retrying.
    experiment=$1 shards=$2 out=$3
    i=$((SLURM_ARRAY_TASK_ID + ${NGOLA_SHARD_OFFSET:-0}))
    dir="$out/shard-$i"
    threads=${SLURM_CPUS_PER_TASK:-$CPUS}
    attempts=${NGOLA_ATTEMPTS:-3}
    exec >>"$out/logs/shard-$i.out" 2>&1
    say() { echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) shard $i/$shards: $*"; }
    say "job ${SLURM_JOB_ID:-?} (array ${SLURM_ARRAY_JOB_ID:-?} task $SLURM_ARRAY_TASK_ID) on $(hostname), restart ${SLURM_RESTART_COUNT:-0}"
    for ((attempt = 1; ; attempt++)); do
        status=0
        if [[ -f "$dir/experiment.toml" ]]; then
            say "attempt $attempt of $attempts: resuming $dir"
            "$NGOLA" tournament --resume "$dir" --threads "$threads" --quiet || status=$?
        else
            say "attempt $attempt of $attempts: starting $dir"
            "$NGOLA" tournament "$experiment" --shard "$i/$shards" --threads "$threads" \
                --out "$dir" --quiet || status=$?
        fi
        if ((status == 0)); then
            say "done"
            exit 0
        fi
        say "ngola exited with status $status"
        if ((attempt >= attempts)); then
            say "failed $attempts times: giving up (rerun scripts/slurm-tournament.sh to resume)"
            exit "$status"
        fi
        sleep "${NGOLA_RETRY_DELAY:-30}"
    done
fi

if [[ $# -lt 2 ]]; then
    # The comment block above, without its '#'.
    sed -n '1d; /^#/!q; s/^# \{0,1\}//p' "$0" >&2
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
[[ -f "$experiment" ]] || { echo "no experiment file $experiment" >&2; exit 2; }
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "SHARDS must be a positive integer" >&2; exit 2; }
[[ -x "$NGOLA" ]] || { echo "no binary at $NGOLA: cargo build --release -p ngola" >&2; exit 1; }
mkdir -p "$out/logs"
# Absolute paths: the tasks may start in another folder (--chdir).
out=$(realpath "$out") experiment=$(realpath "$experiment") NGOLA=$(realpath "$NGOLA")
jobs_file="$out/logs/jobs"

# Jobs of an earlier submission still queued (running, pending, or a
# merge left waiting on a task that failed): never run two at once.
if [[ -s "$jobs_file" ]]; then
    ids=$(cut -d' ' -f2 "$jobs_file" | paste -sd, -)
    queued=$(squeue --noheader --jobs="$ids" --format='%i %j %T %r' 2>/dev/null || true)
    if [[ -n "$queued" ]]; then
        {
            echo "jobs of an earlier submission into $out are still queued:"
            echo "$queued" | sed 's/^/    /'
            echo "wait for them (squeue --jobs=$ids), or cancel them first:"
            echo "    scancel $(echo "$ids" | tr , ' ')"
            echo "then run this again: finished shards resume instantly."
        } >&2
        exit 1
    fi
fi

# A job array holds at most MaxArraySize - 1 tasks (1,000 by default):
# more shards go into several arrays, the shard number offset in each.
max_array=$(scontrol show config 2>/dev/null | sed -n 's/^MaxArraySize *= *//p')
per_array=$((${max_array:-1001} - 1))
((per_array >= 1)) || per_array=1

: >"$jobs_file"
arrays=()
for ((offset = 0; offset < shards; offset += per_array)); do
    count=$((shards - offset < per_array ? shards - offset : per_array))
    array=$(sbatch --parsable --job-name="ngola-$name" --array="1-$count" \
        --cpus-per-task="$CPUS" --requeue --open-mode=append \
        --output="$out/logs/slurm-%A_%a.out" "$@" \
        --export=ALL,NGOLA="$NGOLA",NGOLA_SHARD_OFFSET="$offset" \
        "$0" "$experiment" "$shards" "$out")
    array=${array%%;*}
    arrays+=("$array")
    echo "array $array shards $((offset + 1))-$((offset + count))" >>"$jobs_file"
done
dependency="afterok$(printf ':%s' "${arrays[@]}")"
shard_dirs=$(for i in $(seq 1 "$shards"); do printf "'%s' " "$out/shard-$i"; done)
# --replace: a merge from an earlier submission is replaced only once the
# new one is complete.
merge=$(sbatch --parsable --job-name="ngola-$name-merge" --dependency="$dependency" \
    --kill-on-invalid-dep=yes --output="$out/logs/merge.out" --open-mode=append "$@" \
    --wrap="'$NGOLA' merge $shard_dirs --out '$out/merged' --replace")
merge=${merge%%;*}
echo "merge $merge" >>"$jobs_file"
echo "submitted array job(s) ${arrays[*]} ($shards shards) and merge job $merge"
echo "watch: squeue --jobs=$(cut -d' ' -f2 "$jobs_file" | paste -sd, -)"
echo "results: $out/merged (shards in $out/shard-*, logs in $out/logs)"

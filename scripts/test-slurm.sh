#!/usr/bin/env bash
# The cluster test: scripts/slurm-tournament.sh on a real, single-node
# Slurm started on this machine, against a single-machine run.
#
#   scripts/test-slurm.sh        (as root; scripts/test.sh runs it)
#
# Installs Slurm and munge from Debian's packages if they are missing
# (apt-get: slurmctld slurmd slurm-client munge), starts munged, slurmctld
# and slurmd directly (no systemd) on localhost with a configuration of its
# own in $NGOLA_SLURM_DIR (default /tmp/ngola-slurm-test; non-cgroup
# plugins, ports 16817/16818), then:
#   1. runs a 4-shard experiment through the script, with MaxArraySize=3 so
#      that it takes two job arrays; requeues one task mid-run (scontrol
#      requeue) and kills another task's ngola (kill -9) mid-run: the first
#      resumes when Slurm restarts it, the second when its task retries;
#   2. runs it again with one attempt per task and kills a task's ngola:
#      the task fails, Slurm cancels the merge job, a rerun of the script
#      is refused while the first submission's jobs are queued, and once
#      they are gone (scancel), rerunning the script finishes the run;
# and checks each time that the merged games.csv equals the single-machine
# run's, apart from the time_s column. It stops every daemon it started
# when it ends (and removes $NGOLA_SLURM_DIR if it passed; a failure keeps
# it, logs in log/ and munge/), and cleans up what an interrupted earlier
# run left.
# Skips (exit 0, saying why) only where Slurm is missing and cannot be
# installed: not root, or no apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
NGOLA=${NGOLA:-$repo/target/release/ngola}
state=${NGOLA_SLURM_DIR:-/tmp/ngola-slurm-test}
ctld_port=${NGOLA_SLURMCTLD_PORT:-16817}
slurmd_port=${NGOLA_SLURMD_PORT:-16818}
start_time=$SECONDS
# One cluster test at a time on a machine (several checkouts may run the
# test command at once; they would share the state folder and the ports).
exec 9>"${TMPDIR:-/tmp}/ngola-slurm-test.lock"
flock 9

say() { echo "test-slurm: $*"; }
fail() {
    echo "test-slurm: FAILED: $*" >&2
    for log in "$state"/log/*.log; do
        [[ -f "$log" ]] && { echo "--- $log (last lines)" >&2; tail -n 20 "$log" >&2; }
    done
    exit 1
}

# --- Usage texts (need no Slurm) -------------------------------------------
for script in scripts/slurm-tournament.sh scripts/parallel-tournament.sh; do
    status=0
    usage=$("$script" 2>&1) || status=$?
    [[ $status -eq 2 && $usage == Runs* && $usage == *Usage* && $usage != *"set -euo"* ]] &&
        ! grep -q '^#' <<<"$usage" || fail "$script without arguments: exit $status, printed:
$usage"
done

# --- Packages -----------------------------------------------------------
have_slurm() {
    command -v munged && command -v slurmctld && command -v slurmd && command -v sbatch
} >/dev/null 2>&1
if ! have_slurm; then
    if [[ $(id -u) -ne 0 ]]; then
        say "SKIPPED: Slurm/munge are not installed and installing them needs root (apt-get install slurmctld slurmd slurm-client munge)"
        exit 0
    fi
    if ! command -v apt-get >/dev/null; then
        say "SKIPPED: Slurm/munge are not installed and there is no apt-get to install them"
        exit 0
    fi
    say "installing slurmctld slurmd slurm-client munge (apt-get)"
    # Keep the packages' init scripts from starting system daemons.
    policy=/usr/sbin/policy-rc.d
    made_policy=no
    if [[ ! -e $policy ]]; then
        printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod 755 "$policy" && made_policy=yes
    fi
    apt_install() {
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
            slurmctld slurmd slurm-client munge
    }
    installed=yes
    apt_install >"${TMPDIR:-/tmp}/ngola-slurm-apt.log" 2>&1 ||
        { apt-get update -q && apt_install; } >>"${TMPDIR:-/tmp}/ngola-slurm-apt.log" 2>&1 ||
        installed=no
    [[ $made_policy == yes ]] && rm -f "$policy"
    if [[ $installed == no ]]; then
        tail -n 20 "${TMPDIR:-/tmp}/ngola-slurm-apt.log" >&2
        fail "apt-get could not install Slurm and munge"
    fi
    have_slurm || fail "Slurm and munge were installed but their programs are not on PATH"
fi
[[ -x "$NGOLA" ]] || fail "no binary at $NGOLA: cargo build --release -p ngola"

# --- The cluster ----------------------------------------------------------
# Stops what an earlier run started (pid files in $state), by pid.
stop_daemon() {
    local pidfile=$1 name=$2 pid
    [[ -f "$pidfile" ]] || return 0
    pid=$(cat "$pidfile" 2>/dev/null || true)
    if [[ -n "$pid" && -d /proc/$pid ]] && grep -q "$name" "/proc/$pid/comm" 2>/dev/null; then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do [[ -d /proc/$pid ]] || break; sleep 0.1; done
        [[ -d /proc/$pid ]] && kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$pidfile"
}
stop_cluster() {
    if [[ -f "$state/etc/slurm.conf" ]] && [[ -f "$state/run/slurmctld.pid" ]]; then
        SLURM_CONF="$state/etc/slurm.conf" scancel --user=root 2>/dev/null || true
        # Let the tasks end before their slurmd goes.
        for _ in $(seq 50); do
            [[ -z "$(SLURM_CONF="$state/etc/slurm.conf" squeue --noheader 2>/dev/null)" ]] && break
            sleep 0.2
        done
    fi
    stop_daemon "$state/run/slurmd.pid" slurmd
    stop_daemon "$state/run/slurmctld.pid" slurmctld
    stop_daemon "$state/munge/munged.pid" munged
}
stop_cluster
trap 'stop_cluster' EXIT
rm -rf "$state"
mkdir -p "$state"/{etc,run,log,ctld,spool,munge,work}
chmod 755 "$state"

# munge, as the munge user, with its own key and socket.
mungekey --create --keyfile="$state/munge/munge.key" 2>/dev/null ||
    dd if=/dev/urandom of="$state/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$state/munge/munge.key"
chown -R munge:munge "$state/munge"
chmod 755 "$state/munge"
socket=$state/munge/munge.socket
runuser -u munge -- munged --socket="$socket" --key-file="$state/munge/munge.key" \
    --pid-file="$state/munge/munged.pid" --log-file="$state/munge/munged.log" \
    --seed-file="$state/munge/munged.seed" ||
    fail "munged did not start: $(tail -n 3 "$state/munge/munged.log" 2>/dev/null)"

host=$(hostname -s)
cpus=$(nproc)
cat >"$state/etc/slurm.conf" <<EOF
ClusterName=ngolatest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/run/slurmctld.pid
SlurmdPidFile=$state/run/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
ReturnToService=2
MaxArraySize=3
MinJobAge=600
KillWait=5
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$state/etc/slurm.conf
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start"
for _ in $(seq 150); do
    [[ "$(sinfo --noheader --format=%T 2>/dev/null)" == idle ]] && break
    sleep 0.2
done
[[ "$(sinfo --noheader --format=%T 2>/dev/null)" == idle ]] ||
    fail "the node did not come up: $(sinfo 2>&1 | tail -n 2)"
say "single-node Slurm up on $host ($cpus CPUs) after $((SECONDS - start_time)) s"

# --- The experiment and its single-machine run ----------------------------
work=$state/work
cat >"$work/exp.toml" <<'EOF'
name = "slurmtest"
game = "mangola"
agents = ["alphabeta:depth=5", "greedy"]
games = 9600
seed = 14
opening_plies = 8
EOF
"$NGOLA" tournament "$work/exp.toml" --threads "$cpus" --out "$work/single" --quiet ||
    fail "the single-machine run failed"

# games.csv without the time_s column (found by its header).
games_without_time() {
    python3 -c '
import csv, sys
rows = csv.reader(open(sys.argv[1], newline=""))
header = next(rows)
t = header.index("time_s")
w = csv.writer(sys.stdout, lineterminator="\n")
for row in [header, *rows]:
    w.writerow(row[:t] + row[t + 1:])
' "$1"
}
same_games() {
    local merged=$1/merged/games.csv
    [[ -f "$merged" ]] || fail "no $merged"
    cmp -s <(games_without_time "$work/single/games.csv") <(games_without_time "$merged") ||
        fail "$merged differs from the single-machine run's games.csv"
    say "$merged: $(($(wc -l <"$merged") - 1)) games, the same as the single-machine run's"
}

# Shards stop themselves mid-run: every ngola of the arrays below runs
# with NGOLA_PAUSE_AT=20:$pausedir/%p, so that once 20 of its games are
# in games.csv it writes its process id to $pausedir/PID and stops
# (SIGSTOP), a point the test need not guess with a clock. A resumed
# shard that has its 20 games already never stops.
pausedir=$work/paused
mkdir -p "$pausedir"
# The shard folders whose stopped ngola the test keeps for itself, one a
# line; every other stopped ngola is continued by release_others.
held=$work/held
: >"$held"
pause_env=NGOLA_PAUSE_AT=20:$pausedir/%p

# The pid of the ngola holding shard folder $1 (its lock file), if any.
holder() { cat "$1/.lock" 2>/dev/null || true; }

# Runs in the background for the whole test: continues (SIGCONT) every
# stopped ngola whose shard folder is not held.
release_others() {
    local file pid dir keep
    while :; do
        for file in "$pausedir"/*; do
            [[ -f $file && $file != *.partial ]] || continue
            pid=$(cat "$file")
            keep=no
            while read -r dir; do
                [[ -n $dir && "$(holder "$dir")" == "$pid" ]] && keep=yes
            done <"$held"
            if [[ $keep == no ]]; then
                kill -CONT "$pid" 2>/dev/null || true
                rm -f "$file"
            fi
        done
        sleep 0.2
    done
}
release_others &
releaser=$!
trap 'kill "$releaser" 2>/dev/null; stop_cluster' EXIT

# Waits until the ngola of every shard folder given (held: list them in
# $held first) has stopped itself mid-run; prints their pids in the order
# given. The limit only keeps a broken run from hanging the test.
stopped_mid_run() {
    local dir pid pids
    for _ in $(seq 3000); do
        pids=()
        for dir in "$@"; do
            pid=$(holder "$dir")
            [[ -n "$pid" && -f "$pausedir/$pid" ]] || break
            pids+=("$pid")
        done
        if ((${#pids[@]} == $#)); then
            echo "${pids[@]}"
            return 0
        fi
        sleep 0.2
    done
    fail "$* never stopped themselves mid-run"
}

# Waits (up to $2 s) until job $1 has left the queue.
wait_gone() {
    for _ in $(seq $(($2 * 5))); do
        [[ -z "$(squeue --noheader --jobs="$1" 2>/dev/null)" ]] && return 0
        sleep 0.2
    done
    fail "job $1 still queued after $2 s: $(squeue --jobs="$1" 2>&1)"
}
job_state() { scontrol show job "$1" 2>/dev/null | tr ' ' '\n' | sed -n "/^$2=/{s///p;q}"; }

submit() {
    local out=$1
    shift
    env CPUS=1 NGOLA="$NGOLA" NGOLA_RETRY_DELAY=1 "$@" \
        scripts/slurm-tournament.sh "$work/exp.toml" 4 "$out" >"$out.submit" 2>&1
}

# --- 1. A requeued task and a killed ngola --------------------------------
a=$work/a
mkdir -p "$a"
printf '%s\n' "$a/shard-1" "$a/shard-2" >"$held"
submit "$a" NGOLA_ATTEMPTS=3 "$pause_env" || fail "submitting: $(cat "$a.submit")"
arrays=($(sed -n 's/^array \([^ ]*\).*/\1/p' "$a/logs/jobs"))
merge=$(sed -n 's/^merge //p' "$a/logs/jobs")
((${#arrays[@]} == 2)) || fail "4 shards with MaxArraySize=3 should take 2 arrays: $(cat "$a/logs/jobs")"
# Shards 1 and 2 run side by side (two CPUs); both stop themselves
# mid-run, so that neither can finish while the other is being handled.
pids=($(stopped_mid_run "$a/shard-1" "$a/shard-2"))
pid=${pids[1]}
kill -9 "$pid"
say "killed shard 2's ngola (pid $pid) mid-run"
scontrol requeue "${arrays[0]}_1" || fail "scontrol requeue ${arrays[0]}_1"
say "requeued task ${arrays[0]}_1 (shard 1) mid-run"
# Nothing is held any more: shards 3 and 4 go on past their pause.
: >"$held"
# Slurm holds a requeued job back for about two minutes (its BeginTime);
# moving that to now keeps the test short and changes nothing else.
for _ in $(seq 150); do
    [[ "$(job_state "${arrays[0]}_1" JobState)" == PENDING ]] && break
    sleep 0.2
done
say "task ${arrays[0]}_1: $(job_state "${arrays[0]}_1" JobState) ($(job_state "${arrays[0]}_1" Reason)); StartTime=now"
scontrol update JobId="${arrays[0]}_1" StartTime=now || fail "cannot move the requeued task's begin time"
wait_gone "$merge" 240
[[ "$(job_state "$merge" JobState)" == COMPLETED ]] ||
    fail "merge job $merge: $(job_state "$merge" JobState); $(cat "$a/logs/merge.out")"
same_games "$a"
[[ "$(job_state "${arrays[0]}_1" Restarts)" -ge 1 ]] || fail "task ${arrays[0]}_1 was not restarted"
grep -q "restart 1" "$a/logs/shard-1.out" && grep -q "resuming" "$a/logs/shard-1.out" ||
    fail "shard 1 did not resume after its requeue: $(cat "$a/logs/shard-1.out")"
grep -q "attempt 2 of 3: resuming" "$a/logs/shard-2.out" ||
    fail "shard 2 was not retried: $(cat "$a/logs/shard-2.out")"
leftovers=$(find "$a" -name .lock -o -name '.*merging*')
[[ -z "$leftovers" ]] || fail "left behind: $leftovers"
say "requeued task resumed, killed ngola retried by its task"

# --- 2. A task that fails for good, and the documented recovery -----------
b=$work/b
mkdir -p "$b"
printf '%s\n' "$b/shard-1" >"$held"
submit "$b" NGOLA_ATTEMPTS=1 "$pause_env" || fail "submitting: $(cat "$b.submit")"
merge=$(sed -n 's/^merge //p' "$b/logs/jobs")
pid=$(stopped_mid_run "$b/shard-1")
kill -9 "$pid"
say "killed shard 1's ngola (pid $pid) mid-run, one attempt per task"
: >"$held"
# The merge job never runs: Slurm cancels it (--kill-on-invalid-dep). A
# cluster that left it pending (DependencyNeverSatisfied) needs scancel.
for _ in $(seq 150); do
    [[ "$(job_state "$merge" Reason)" == DependencyNeverSatisfied ]] && break
    [[ -z "$(squeue --noheader --jobs="$merge" 2>/dev/null)" ]] && break
    sleep 0.2
done
state_now=$(job_state "$merge" JobState)
[[ $state_now == CANCELLED || $state_now == PENDING ]] || fail "merge job $merge is $state_now"
say "merge job $merge: $state_now ($(job_state "$merge" Reason))"
# Rerunning while the first submission is queued is refused, naming it.
if [[ -n "$(squeue --noheader --jobs="$(cut -d' ' -f2 "$b/logs/jobs" | paste -sd, -)")" ]]; then
    if submit "$b" NGOLA_ATTEMPTS=1 "$pause_env"; then fail "a rerun with jobs still queued was not refused"; fi
    grep -q scancel "$b.submit" || fail "the refusal does not say how to cancel: $(cat "$b.submit")"
    say "a rerun while jobs are queued is refused: $(head -n 1 "$b.submit")"
fi
# The documented recovery: scancel what is left, rerun the script.
scancel $(cut -d' ' -f2 "$b/logs/jobs")
for job in $(cut -d' ' -f2 "$b/logs/jobs"); do wait_gone "$job" 60; done
[[ ! -e "$b/merged" ]] || fail "a merge ran although shard 1 failed"
submit "$b" NGOLA_ATTEMPTS=1 "$pause_env" || fail "the rerun was refused: $(cat "$b.submit")"
merge=$(sed -n 's/^merge //p' "$b/logs/jobs")
wait_gone "$merge" 240
[[ "$(job_state "$merge" JobState)" == COMPLETED ]] ||
    fail "merge job $merge after the rerun: $(job_state "$merge" JobState); $(cat "$b/logs/merge.out")"
same_games "$b"
say "recovered by scancel and a rerun"
kill "$releaser" 2>/dev/null || true
stop_cluster
trap - EXIT
rm -rf "$state"
say "passed in $((SECONDS - start_time)) s"

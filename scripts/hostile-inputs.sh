#!/usr/bin/env bash
# Hostile inputs against the file surfaces of the `ngola` program: damaged
# endgame databases and networks, outputs aimed at what is not ours,
# training that diverges, archives that decompress without end, report
# tables that claim what their evidence does not prove, studies far
# larger than any real one. Each case states what ngola must do (refuse
# with exit 2 naming the cause, stop with an error keeping its last good
# state, answer within its bound) and checks that nothing panicked and no
# file that was there was changed.
#
#   scripts/hostile-inputs.sh [NGOLA]    # default: a release build
#
# Prints one line per case and a count; exits 1 if any case failed.
set -uo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
if [ $# -ge 1 ]; then
  ngola=$(realpath "$1")
else
  cargo build --quiet --locked --release -p ngola || exit 1
  ngola=$repo/${CARGO_TARGET_DIR:-target}/release/ngola
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok    $1"; }
fail() { failed=$((failed + 1)); echo "FAIL  $1: $2"; }

# expect NAME CODE NEEDLE -- COMMAND...: COMMAND exits with CODE, says
# NEEDLE on stderr, and panics nowhere.
expect() {
  local name=$1 code=$2 needle=$3
  shift 4
  local out status
  out=$("$@" 2>&1 >/dev/null)
  status=$?
  if [ "$status" -ne "$code" ]; then
    fail "$name" "exit $status, not $code: ${out:0:300}"
  elif [[ "$out" == *panicked* ]]; then
    fail "$name" "a panic: ${out:0:300}"
  elif [[ "$out" != *"$needle"* ]]; then
    fail "$name" "no \`$needle\` in: ${out:0:300}"
  else
    pass "$name"
  fi
}

# same NAME FILE DIGEST: FILE still has the SHA-256 DIGEST.
same() {
  if [ "$(sha256sum "$2" | cut -d' ' -f1)" = "$3" ]; then
    pass "$1"
  else
    fail "$1" "$2 changed"
  fi
}
digest() { sha256sum "$1" | cut -d' ' -f1; }

# --- Endgame databases: damaged entries and missing levels --------------
"$ngola" tablebase build kalah --rule pits=2 --seeds 6 --threads 1 -o db >/dev/null 2>&1
cp -r db good
# One entry byte of the top level changed (the header is the first 4096
# bytes; the entries follow).
python3 - <<'EOF'
path = "db/level-006.tb"
data = bytearray(open(path, "rb").read())
data[-3] ^= 0x5A
open(path, "wb").write(data)
EOF
position="kalah 2,1/1,2 S 0 0,0"
expect "database: a changed entry, probe" 2 "level-006" -- "$ngola" tablebase probe db "$position"
expect "database: a changed entry, verify" 1 "damaged" -- "$ngola" tablebase verify db
expect "database: a changed entry, tb= agent" 2 "level-006" -- \
  "$ngola" tournament --game kalah --rule pits=2 --rule seeds=1 --agent "alphabeta:depth=2,tb=db" \
  --agent random --games 2 --quiet --out t1
expect "database: a changed entry, --adjudicate" 2 "level-006" -- \
  "$ngola" tournament --game kalah --rule pits=2 --rule seeds=1 --agent random --agent greedy \
  --games 2 --adjudicate tablebase=db --quiet --out t2
expect "database: a changed entry, --accuracy" 2 "level-006" -- \
  "$ngola" tournament --game kalah --rule pits=2 --rule seeds=1 --agent random --agent greedy \
  --games 2 --accuracy db --quiet --out t3
expect "database: a changed entry, engine" 2 "level-006" -- \
  "$ngola" engine kalah --rule pits=2 --rule seeds=1 --agent "alphabeta:depth=2,tb=db"
expect "database: a changed entry, prove --tb" 2 "level-006" -- \
  "$ngola" prove kalah --rule pits=2 --rule seeds=1 --rule max_plies=0 --tb db
rm -rf db && cp -r good db && rm db/level-003.tb
expect "database: a missing level, verify" 2 "level-003" -- "$ngola" tablebase verify db
expect "database: a missing level, info" 2 "level-003" -- "$ngola" tablebase info db
expect "database: a missing level, probe" 2 "level-003" -- "$ngola" tablebase probe db "$position"
rm -rf db && cp -r good db && rm db/level-004.tb && mkdir db/level-004.tb
expect "database: a level that is a folder" 2 "level-004" -- "$ngola" tablebase info db
rm -rf db && cp -r good db
before=$(cat db/level-*.tb | sha256sum)
expect "database: build --seeds 4 into a folder of 6 levels" 2 "levels" -- \
  "$ngola" tablebase build kalah --rule pits=2 --seeds 4 --threads 1 -o db
if [ "$(cat db/level-*.tb | sha256sum)" = "$before" ]; then
  pass "database: the folder of 6 levels unchanged"
else
  fail "database: the folder of 6 levels unchanged" "a level changed"
fi
expect "database: an engine on other rules" 2 "other rules of play" -- \
  "$ngola" engine kalah --rule pits=3 --agent "alphabeta:depth=2,tb=db"
expect "database: play on other rules" 2 "other rules of play" -- \
  "$ngola" play kalah --rule pits=3 --agent "alphabeta:depth=2,tb=db"

# --- Outputs that are not ours ------------------------------------------
if [ "$(id -u)" = 0 ] && [ -c /dev/null ]; then
  expect "output: --certificate /dev/null" 2 "/dev/null" -- \
    "$ngola" prove kalah --rule pits=2 --rule seeds=1 --certificate /dev/null
  if [ -c /dev/null ]; then pass "output: /dev/null still a device"; else fail "output: /dev/null still a device" "replaced"; fi
fi
mkdir cert-dir
expect "output: --certificate a folder" 2 "cert-dir" -- \
  "$ngola" prove kalah --rule pits=2 --rule seeds=1 --certificate cert-dir
if [ -e cert-dir.tmp ]; then fail "output: no leftover beside the folder" "cert-dir.tmp"; else pass "output: no leftover beside the folder"; fi
mkdir foreign && echo "a researcher's notes" > foreign/summary.txt
notes=$(digest foreign/summary.txt)
expect "output: --out a folder holding other files" 2 "foreign" -- \
  "$ngola" tournament --game kalah --agent random --agent greedy --games 2 --quiet --out foreign
same "output: the other files unchanged" foreign/summary.txt "$notes"
expect "output: --out /" 2 "--out" -- \
  "$ngola" tournament --game kalah --agent random --agent greedy --games 2 --quiet --out /
cat > dots.toml <<'EOF'
name = "dots"
[base]
game = "kalah"
games = 2
[[axis]]
key = "agent"
values = [{ label = "..", agent = "random" }]
EOF
expect "output: a study cell named .." 2 ".." -- "$ngola" study dots.toml --out dots -q

# --- Networks and training ----------------------------------------------
tiny=(--rule pits=3 --rule seeds=2 --games 8 --games-in-flight 4 --hidden 16 --sims 8
  --fast-sims 4 --batch-size 16 --replay 1000 --eval-pairs 1 --threads 2)
"$ngola" train kalah --generations 1 -o net "${tiny[@]}" >/dev/null 2>&1
python3 - <<'EOF'
import json, struct
data = bytearray(open("net/network.safetensors", "rb").read())
size = struct.unpack("<Q", data[:8])[0]
header = json.loads(data[8 : 8 + size])
name, tensor = next((k, v) for k, v in header.items() if k != "__metadata__")
start = 8 + size + tensor["data_offsets"][0]
data[start : start + 4] = struct.pack("<f", float("nan"))
open("nan.safetensors", "wb").write(data)
EOF
for agent in "az:net=nan.safetensors,sims=8" "policy:net=nan.safetensors" "alphabeta:depth=2,eval=net:nan.safetensors"; do
  expect "network: NaN weights, $agent" 2 "finite" -- \
    "$ngola" tournament --game kalah --rule pits=3 --rule seeds=2 --agent "$agent" --agent random \
    --games 2 --quiet --out "nan-${agent%%:*}"
done
expect "network: NaN weights, engine" 2 "finite" -- \
  "$ngola" engine kalah --rule pits=3 --rule seeds=2 --agent "az:net=nan.safetensors,sims=8"
expect "training: --lr 1e30 stops" 1 "training diverged" -- \
  "$ngola" train kalah --generations 3 --lr 1e30 -o diverged "${tiny[@]}"
if grep -qi nan diverged/train.csv; then fail "training: no NaN logged" "train.csv"; else pass "training: no NaN logged"; fi
expect "training: --eval-pairs 1000000000 refused up front" 2 "--eval-pairs" -- \
  "$ngola" train kalah --generations 1 -o huge "${tiny[@]}" --eval-pairs 1000000000
: > net/train.csv
expect "training: a resume with train.csv emptied" 2 "train.csv" -- \
  "$ngola" train kalah --generations 2 -o net "${tiny[@]}"

# --- Unbounded work from small inputs -----------------------------------
"$ngola" tournament --game kalah --rule pits=3 --rule seeds=2 --agent random --agent greedy --games 4 \
  --quiet --out run >/dev/null 2>&1
rm -f run/games.csv run/games.csv.gz
head -c 300000000 /dev/zero | gzip -1 > run/games.csv.gz
bomb=$(digest run/games.csv.gz)
expect "archive: a bomb, --resume" 2 "games.csv.gz" -- "$ngola" tournament --resume run --quiet
same "archive: the bomb left as it was" run/games.csv.gz "$bomb"
if [ -e run/games.csv ]; then fail "archive: no games.csv written" "run/games.csv"; else pass "archive: no games.csv written"; fi
mkdir -p study/runs && cp -r run study/runs/cell
expect "archive: a bomb, report" 2 "games.csv.gz" -- "$ngola" report study --no-solved
cat > loop.toml <<'EOF'
name = "loop"
[base]
game = "kalah"
agent = "random"
games = 2
threads = 1
EOF
"$ngola" study loop.toml --out loop -q >/dev/null 2>&1
printf '{%% for a in range(100000) %%}{%% for b in range(100000) %%}x{%% endfor %%}{%% endfor %%}\n' > loop/report.md.j2
expect "report: a template that loops without end" 1 "template" -- "$ngola" report loop --no-solved
if [ -e loop/REPORT.md ] && [ "$(stat -c %s loop/REPORT.md)" -gt 1000000 ]; then
  fail "report: no report without limit" "$(stat -c %s loop/REPORT.md) bytes"
else
  pass "report: no report without limit"
fi
python3 - <<'EOF'
lines = ['name = "wide"', "[base]", 'game = "kalah"', 'agent = "random"', "games = 2"]
lines += ["[[axis]]", 'key = "seed"', "values = [" + ", ".join(str(s) for s in range(40000)) + "]"]
open("wide.toml", "w").write("\n".join(lines) + "\n")
EOF
start=$(date +%s.%N)
expect "study: --list of 40,000 cells" 0 "" -- "$ngola" study wide.toml --list
echo "      (--list of 40,000 cells: $(echo "$(date +%s.%N) - $start" | bc) s)"

# --- Reports that trust their inputs ------------------------------------
expect "report: --solved a folder that does not exist" 2 "/typo" -- \
  "$ngola" report loop --solved /typo
mkdir -p solved/certificates
cp "$repo/results/solved/certificates/kalah-2-3.txt.gz" solved/certificates/
sed 's/^kalah,pits=2 seeds=3 empty_capture=true max_plies=0,loss,-2,/kalah,pits=2 seeds=3 empty_capture=true max_plies=0,loss,-99,/' \
  "$repo/results/solved/boards.csv" > solved/boards.csv
expect "report: a claim its certificate does not prove" 2 "proves another claim" -- \
  "$ngola" report loop --solved solved
mkdir -p empty/runs
expect "report: a study with no run" 2 "empty" -- "$ngola" report empty --no-solved

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/bin/sh
# Um el-Bagara, 7 houses, 2 counters, no ply cap, proved over the endgame database umelbagara-h7-l16
# (experiments/tablebase-study.sh builds it). Resumable: the checkpoint is
# continued when the command is run again.
# Usage: results/tablebase/prove/umelbagara-h7-c2.sh NGOLA DB CHECKPOINT
NGOLA=${1:-ngola}
DB=${2:-results/tablebase/db/umelbagara-h7-l16}
CKPT=${3:-umelbagara-h7-c2.ckpt}
OUT=$(dirname "$0")
exec nice -n 19 /usr/bin/time -v "$NGOLA" prove umelbagara --rule houses=7 --rule counters=2 \
  --rule max_plies=0 --tb "$DB" --threads 1 --tt 2048 \
  --time 15m --progress 60s --checkpoint "$CKPT" --checkpoint-every 5m \
  --certificate "$OUT/umelbagara-h7-c2.cert.gz" >"$OUT/umelbagara-h7-c2.out" 2>"$OUT/umelbagara-h7-c2.err"

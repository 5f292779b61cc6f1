#!/bin/sh
# Um el-Bagara, 5 houses, 4 counters, no ply cap, proved over the endgame database umelbagara-h5-l26
# (experiments/tablebase-study.sh builds it). Resumable: the checkpoint is
# continued when the command is run again.
# Usage: results/tablebase/prove/umelbagara-h5-c4.sh NGOLA DB CHECKPOINT
NGOLA=${1:-ngola}
DB=${2:-results/tablebase/db/umelbagara-h5-l26}
CKPT=${3:-umelbagara-h5-c4.ckpt}
OUT=$(dirname "$0")
exec nice -n 19 /usr/bin/time -v "$NGOLA" prove umelbagara --rule houses=5 --rule counters=4 \
  --rule max_plies=0 --tb "$DB" --threads 1 --tt 2048 \
  --time 20m --progress 60s --checkpoint "$CKPT" --checkpoint-every 5m \
  --certificate "$OUT/umelbagara-h5-c4.cert.gz" >"$OUT/umelbagara-h5-c4.out" 2>"$OUT/umelbagara-h5-c4.err"

#!/bin/sh
# Kalah (6,5), empty-capture rule, no ply cap, proved over the endgame
# database of every position with at most 20 seeds on the board
# (experiments/tablebase-study.sh builds it). Resumable: the checkpoint is
# continued when the command is run again.
# Usage: results/tablebase/prove/kalah-6-5.sh NGOLA DB CHECKPOINT
NGOLA=${1:-ngola}
DB=${2:-results/tablebase/db/kalah-6-3-l20}
CKPT=${3:-kalah-6-5.ckpt}
OUT=$(dirname "$0")
exec nice -n 19 /usr/bin/time -v "$NGOLA" prove kalah --rule pits=6 --rule seeds=5 \
  --rule empty_capture=true --rule max_plies=0 --tb "$DB" --threads 1 --tt 2048 \
  --time 30m --progress 60s --checkpoint "$CKPT" --checkpoint-every 5m \
  --certificate "$OUT/kalah-6-5.cert.gz" >"$OUT/kalah-6-5.out" 2>"$OUT/kalah-6-5.err"

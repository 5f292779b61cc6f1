#!/bin/sh
# Kalah (6,5), empty-capture rule, no ply cap, proved over its endgame database: prove.sh holds
# every board's rules, database and time limit.
# Usage: results/tablebase/prove/kalah-6-5.sh [NGOLA [DB [CHECKPOINT]]]
exec "$(dirname "$0")/prove.sh" kalah-6-5 "$@"

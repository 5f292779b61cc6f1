#!/bin/sh
# Um el-Bagara, 5 houses of 4 counters, no ply cap, proved over its endgame database: prove.sh holds
# every board's rules, database and time limit.
# Usage: results/tablebase/prove/umelbagara-h5-c4.sh [NGOLA [DB [CHECKPOINT]]]
exec "$(dirname "$0")/prove.sh" umelbagara-h5-c4 "$@"

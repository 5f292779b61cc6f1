#!/bin/sh
# Um el-Bagara, the standard board: 5 houses of 5 counters, no ply cap, proved over its endgame database: prove.sh holds
# every board's rules, database and time limit.
# Usage: results/tablebase/prove/umelbagara-h5-c5.sh [NGOLA [DB [CHECKPOINT]]]
exec "$(dirname "$0")/prove.sh" umelbagara-h5-c5 "$@"

#!/bin/sh
# Um el-Bagara, 7 houses of 2 counters, no ply cap, proved over its endgame database: prove.sh holds
# every board's rules, database and time limit.
# Usage: results/tablebase/prove/umelbagara-h7-c2.sh [NGOLA [DB [CHECKPOINT]]]
exec "$(dirname "$0")/prove.sh" umelbagara-h7-c2 "$@"

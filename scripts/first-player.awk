# Helpers of the first-player study (scripts/first-player-study.sh and
# scripts/first-player-tables.sh), POSIX awk (mawk, gawk, busybox).
# The mode is chosen with -v mode=...:
#
#   openings    games.csv on input: each pair's opening, one per line.
#   experiment  a resolved experiment.toml: game<TAB>rule args<TAB>opening plies<TAB>agent.
#   summarize   games.csv on input, -v toml=experiment.toml -v map=OPENINGS
#               (opening<TAB>position lines) -v fp=first_player.csv: one
#               line of summary.csv.
#   plotrows    games.csv on input, -v level=I -v label=TEXT -v one=0|1:
#               the rows renumbered as pairing I (ids 2I, 2I+1) with the
#               agents named LABEL, for a combined `ngola plot` folder;
#               one=1 keeps only the first game of each pair.
#
# games.csv columns: game,pair,pairing,south_id,north_id,south,north,seed,
# result,plies,south_total,north_total,reason,time_s,opening.

# Splits one CSV line into f[1..n] (double-quoted fields may hold commas
# and "" for a quote); returns n.
function split_csv(line, f,    n, i, c, field, quoted) {
    n = 0; field = ""; quoted = 0
    for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (quoted) {
            if (c == "\"") {
                if (substr(line, i + 1, 1) == "\"") { field = field "\""; i++ }
                else quoted = 0
            } else field = field c
        } else if (c == "\"") quoted = 1
        else if (c == ",") { f[++n] = field; field = "" }
        else field = field c
    }
    f[++n] = field
    return n
}

function csv_quote(s) {
    if (s ~ /[",]/) { gsub(/"/, "\"\"", s); return "\"" s "\"" }
    return s
}

# Wilson score interval (95%, z = 1.96) of a proportion p over n units.
function wilson_low(p, n,    z) {
    z = 1.96
    if (n == 0) return ""
    return (p + z * z / (2 * n) - z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / (1 + z * z / n)
}
function wilson_high(p, n,    z) {
    z = 1.96
    if (n == 0) return ""
    return (p + z * z / (2 * n) + z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / (1 + z * z / n)
}

function south_points(result) {
    if (result == "S") return 1
    if (result == "draw") return 0.5
    return 0
}

# --- experiment.toml ------------------------------------------------------
function toml_value(line,    v) {
    v = line
    sub(/^[^=]*= */, "", v)
    gsub(/^"|"$/, "", v)
    return v
}
function toml_line(line,    key) {
    if (line ~ /^\[rules\]/) { in_rules = 1; return }
    if (line ~ /^\[/) { in_rules = 0; return }
    if (line ~ /^#/ || line !~ /=/) return
    key = line
    sub(/ *=.*/, "", key)
    if (in_rules) {
        rules = rules (rules == "" ? "" : " ") key "=" toml_value(line)
        rule[key] = toml_value(line)
    } else if (key == "game") game = toml_value(line)
    else if (key == "opening_plies") kplies = toml_value(line)
    else if (key == "name") ename = toml_value(line)
    else if (key == "seed") eseed = toml_value(line)
    else if (key == "agents") {
        agent = line
        sub(/^[^"]*"/, "", agent)
        sub(/".*/, "", agent)
    }
}
function rule_args(    n, parts, i, s) {
    n = split(rules, parts, " ")
    s = ""
    for (i = 1; i <= n; i++) s = s (s == "" ? "" : " ") "--rule " parts[i]
    return s
}

mode == "openings" && NR > 1 {
    split_csv($0, f)
    if (!(f[2] in seen_pair)) { seen_pair[f[2]] = 1; print f[15] }
}

mode == "experiment" { toml_line($0) }

# --- summarize ---------------------------------------------------------------
# -v toml=FILE -v map=FILE -v fp=FILE; games.csv on input.
mode == "summarize" && FNR == 1 {
    while ((getline line < toml) > 0) toml_line(line)
    while ((getline line < map) > 0) {
        tab = index(line, "\t")
        position_of[substr(line, 1, tab - 1)] = substr(line, tab + 1)
    }
    while ((getline line < fp) > 0)
        if (line ~ /^(all)?,/) { split_csv(line, g); runner_low = g[10]; runner_high = g[11] }
}
mode == "summarize" && FNR > 1 {
    split_csv($0, f)
    games++
    pts = south_points(f[9])
    if (f[9] == "S") sw++
    else if (f[9] == "draw") dr++
    else nw++
    plies += f[10]
    reason[f[13]]++
    sig = f[9] "|" f[10] "|" f[11] "|" f[12] "|" f[13]
    if (!((f[15] "|" sig) in seen_sig)) { seen_sig[f[15] "|" sig] = 1; distinct_sig++ }
    if (!(f[15] in seen_open)) { seen_open[f[15]] = 1; distinct_open++ }
    if (!(f[15] in position_of)) missing_position++
    else if (!(position_of[f[15]] in seen_pos)) { seen_pos[position_of[f[15]]] = 1; distinct_pos++ }
    if (f[2] in pair_sig) {
        if (pair_sig[f[2]] == sig) identical++
        pair_pts[f[2]] += pts
    } else {
        pairs++
        pair_sig[f[2]] = sig
        pair_pts[f[2]] = pts
        if (f[15] in position_of) pair_pos[f[2]] = position_of[f[15]]
    }
}
END {
    if (mode == "experiment") {
        printf "%s\t%s\t%s\t%s\n", game, rule_args(), kplies, agent
    }
    if (mode == "summarize") {
        deterministic = (agent ~ /^(alphabeta|solver)/) ? 1 : 0
        # South's score over the unit (column `unit`): the games, or the
        # distinct openings of deterministic agents (each counted once).
        score = (sw + dr / 2) / games
        if (deterministic && !missing_position) {
            # The two games of a pair repeat, and so does every pair from
            # a position an earlier pair started from: the unit is the
            # distinct opening position, each counted once.
            unit = "opening"; n = 0
            sum = 0
            for (p in pair_pts) {
                if (pair_pos[p] in opening_pts) {
                    if (opening_pts[pair_pos[p]] != pair_pts[p])
                        print "warning: " ename ": two pairs from one opening scored differently" > "/dev/stderr"
                    continue
                }
                opening_pts[pair_pos[p]] = pair_pts[p]
                sum += pair_pts[p] / 2
                n++
            }
            p_hat = sum / n
            distinct_games = distinct_pos
        } else if (deterministic) {
            # Openings not replayed: the pair is the best unit known.
            unit = "pair"; n = pairs
            sum = 0
            for (p in pair_pts) sum += pair_pts[p] / 2
            p_hat = sum / n
            distinct_games = distinct_pos
        } else {
            unit = "game"; n = games; p_hat = score
            distinct_games = distinct_sig
        }
        if (missing_position) distinct_games = ""
        # Where the unit is the game this is the runner's interval: a check.
        if (unit == "game" && runner_low != "" && \
            (wilson_low(p_hat, n) - runner_low > 0.00006 || runner_low - wilson_low(p_hat, n) > 0.00006 || \
             wilson_high(p_hat, n) - runner_high > 0.00006 || runner_high - wilson_high(p_hat, n) > 0.00006))
            print "warning: " ename ": Wilson interval differs from first_player.csv" > "/dev/stderr"
        printf "%s,%s,%s,%s,%s,%d,%d,%d,%d,%d,%d,%.4f,%s,%d,%.4f,%.4f,%s,%s,%d,%s,%s,%d,%.1f,%d,%d,%d,%d,%d\n",
            ename, game, csv_quote(rules), kplies, csv_quote(agent), deterministic,
            games, pairs, sw, dr, nw, p_hat, unit, n,
            wilson_low(p_hat, n), wilson_high(p_hat, n), runner_low, runner_high,
            distinct_open, (missing_position ? "" : distinct_pos), distinct_games, identical,
            plies / games, reason["ply-cap"], reason["endless-sowing"], reason["immobilised"],
            reason["natural"], reason["repetition"]
    }
}

# --- plotrows ----------------------------------------------------------------
mode == "plotrows" && NR > 1 {
    n = split_csv($0, f)
    if (one && f[1] % 2 == 1) next
    pair = level * 1000000 + f[2]
    printf "%d,%d,%d,%d,%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n",
        2 * pair + f[1] % 2, pair, level, 2 * level + f[4], 2 * level + f[5],
        csv_quote(label), csv_quote(label), f[8], f[9], f[10], f[11], f[12], f[13], f[14], f[15]
}

# --- report --------------------------------------------------------------------
# -v summary=summary.csv -v solver=solver.csv -v runtime=runtime.csv
# -v study=study-time.txt -v machine=machine.txt; the report template on
# input. Lines `@@TABLE run ...@@`, `@@SOLVER@@`, `@@RUNTIME@@` become
# tables; `@@V run field@@` inside a line becomes a value of summary.csv
# (fields as its header, plus `score_ci`: score with its interval);
# `@@SUM field@@` the field's total over all runs;
# `@@STUDY@@` and `@@MACHINE@@` the files' text, `@@FILE name@@` the text
# of OUT/name (-v outdir=OUT), `@@ADDED@@` the runs added after the last
# full run (-v added=FILE). Sentences that state a direction or a size
# come from the tokens of `sentences()` below.
function pct(x) { return sprintf("%.1f%%", 100 * x) }
function thousands(n,    s, out) {
    s = sprintf("%d", n); out = ""
    while (length(s) > 3) { out = "," substr(s, length(s) - 2) out; s = substr(s, 1, length(s) - 3) }
    return s out
}
function agent_label(spec,    v) {
    if (spec ~ /^alphabeta:/) { v = spec; sub(/^alphabeta:depth=/, "", v); sub(/,.*/, "", v); return "alpha-beta depth " v }
    if (spec ~ /^mcts:/) { v = spec; sub(/^mcts:sims=/, "", v); sub(/,.*/, "", v); return "MCTS " thousands(v) " sims" }
    if (spec ~ /^greedy/) return "greedy"
    return spec
}
function rules_label(r,    n, parts, i, kv, s) {
    n = split(r, parts, " ")
    s = ""
    for (i = 1; i <= n; i++) {
        split(parts[i], kv, "=")
        if ((kv[1] in default_rule) && default_rule[kv[1]] == kv[2]) continue
        s = s (s == "" ? "" : ", ") parts[i]
    }
    return s == "" ? "default" : s
}
function load_summary(    line, n, i, h, f, name) {
    getline line < summary
    ncol = split_csv(line, h)
    for (i = 1; i <= ncol; i++) colname[i] = h[i]
    while ((getline line < summary) > 0) {
        n = split_csv(line, f)
        name = f[1]
        have[name] = 1
        for (i = 1; i <= n; i++) S[name, colname[i]] = f[i]
    }
}
function score_ci(r) {
    return pct(S[r, "south_score"]) " [" pct(S[r, "wilson_low"]) ", " pct(S[r, "wilson_high"]) "]"
}
function value(r, field) {
    if (!(r in have)) return "(missing run " r ")"
    if (field == "score_ci") return score_ci(r)
    if (field == "south_score" || field == "wilson_low" || field == "wilson_high") return pct(S[r, field])
    if (field == "agent") return agent_label(S[r, "agent"])
    if (field == "rules") return rules_label(S[r, "rules"])
    if (field == "halfwidth") return sprintf("%.1f", 50 * (S[r, "wilson_high"] - S[r, "wilson_low"]))
    if (S[r, field] ~ /^[0-9]+$/) return thousands(S[r, field])
    return S[r, field]
}
function table(line,    n, runs, i, r) {
    n = split(line, runs, " ")
    print "| run | agent | rules | k | games | distinct games | South wins | draws | North wins | South score [Wilson 95%] | over | ply cap | endless | mean plies |"
    print "|---|---|---|--:|--:|--:|--:|--:|--:|---|---|--:|--:|--:|"
    for (i = 1; i <= n; i++) {
        r = runs[i]
        if (!(r in have)) { print "| " r " | (not run) |||||||||||||"; continue }
        printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s %s | %s | %s | %s |\n",
            r, value(r, "agent"), value(r, "rules"), S[r, "opening_plies"], value(r, "games"),
            (S[r, "unit"] == "game" ? "≥ " : "") value(r, "distinct_games"), value(r, "south_wins"), value(r, "draws"), value(r, "north_wins"),
            score_ci(r), value(r, "n"), S[r, "unit"] (S[r, "n"] == 1 ? "" : "s"), value(r, "ply_cap"), value(r, "endless_sowing"),
            S[r, "mean_plies"]
    }
}
function solver_table(    line, f, key, order, nkeys, i, k) {
    getline line < solver
    while ((getline line < solver) > 0) {
        split_csv(line, f)
        key = f[1] " | " f[2]
        if (!(key in last)) order[++nkeys] = key
        last[key] = line
        tried[key] = tried[key] (tried[key] == "" ? "" : " ") f[3] (f[4] == "solved" ? "" : " (" f[4] ")")
        if (f[4] == "solved" && f[5] == "draw") drawn[key] = f[3]
    }
    close(solver)
    print "| game | rules | ply caps tried | value for South (first player) | margin | PV plies | nodes | solver time |"
    print "|---|---|---|---|--:|--:|--:|--:|"
    for (i = 1; i <= nkeys; i++) {
        k = order[i]
        split_csv(last[k], f)
        printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", f[1], f[2], tried[k],
            (f[4] == "solved" ? f[5] " (cap " f[3] ")" : \
             "not decided" (k in drawn ? ": no forced win within " drawn[k] " plies" : "") "; " f[4] " at cap " f[3]),
            f[6], f[7], (f[8] == "" ? "" : thousands(f[8])), (f[9] == "" ? "" : f[9] " s")
    }
}
# One line per board: each rule set's final value, e.g.
# "- Mangola columns=4: lap-start win, after-capture win, ludii win (31 plies)".
function solver_summary(    line, f, key, board, reading, order, nboards, i, text, v) {
    getline line < solver
    while ((getline line < solver) > 0) {
        split_csv(line, f)
        board = f[1]; reading = f[2]
        if (f[1] == "mangola") {
            board = f[2]; sub(/ .*/, "", board)
            reading = f[2]; sub(/.*capture_sowing=/, "", reading)
            board = "Mangola " board
        } else board = "Um el-Bagara " f[2]
        if (!(board in seen_board)) { seen_board[board] = 1; order[++nboards] = board }
        key = board SUBSEP reading
        if (!(key in final_reading)) readings[board] = readings[board] (readings[board] == "" ? "" : SUBSEP) reading
        final_reading[key] = line
        if (f[4] == "solved" && f[5] == "draw") deepest_draw[key] = f[3]
    }
    close(solver)
    for (i = 1; i <= nboards; i++) {
        board = order[i]
        n = split(readings[board], rl, SUBSEP)
        text = ""
        for (j = 1; j <= n; j++) {
            key = board SUBSEP rl[j]
            split_csv(final_reading[key], f)
            if (f[4] == "solved" && f[5] != "draw") v = "South " (f[5] == "win" ? "wins" : "loses") (f[1] == "umelbagara" ? " by " f[6] : " in " f[7] " plies")
            else if (f[4] == "solved") v = "draw" (f[1] == "mangola" ? " within the cap of " f[3] : "")
            else v = "not decided" (key in deepest_draw ? ", no forced win within " deepest_draw[key] " plies (the next cap timed out" : " (timed out") " after " f[10] " s)"
            text = text (text == "" ? "" : "; ") (f[1] == "mangola" ? rl[j] ": " : "") v
        }
        print "  - " board ": " text
    }
}
function runtime_table(    line, f, total, games) {
    getline line < runtime
    print "| run | games | threads | wall time (s) |"
    print "|---|--:|--:|--:|"
    while ((getline line < runtime) > 0) {
        split_csv(line, f)
        printf "| %s | %s | %s | %s |\n", f[1], thousands(f[2]), f[3], f[4]
        total += f[4]; games += f[2]
    }
    printf "| **all runs** | %s | | %s |\n", thousands(games), total
}
# Deterministic runs: are the two games of every pair the same game?
function check_identical(    r, runs, pairs, same, bad) {
    for (r in have) {
        if (S[r, "deterministic"] + 0 == 0) continue
        runs++; pairs += S[r, "pairs"]; same += S[r, "identical_pairs"]
        if (S[r, "identical_pairs"] != S[r, "pairs"]) bad = bad " " r
    }
    return sprintf("In the %d runs of deterministic agents, %s of %s colour-swapped pairs were two identical games (same result, length, totals and ending)%s.",
        runs, thousands(same), thousands(pairs), (bad == "" ? "" : "; not in:" bad))
}
# --- sentences from the numbers ----------------------------------------------
# Every word of the report that states a direction (South, North, even) or
# a size (a few points, more, less) comes from these, never from the
# template: a rerun with other numbers says what its numbers say.
#
# A run favours South when its whole 95% interval lies above 50%, North
# when below; otherwise it is even within its interval (a 50.0% score
# always reads as even).
function side(r) {
    if (S[r, "wilson_low"] + 0 > 0.5) return "South"
    if (S[r, "wilson_high"] + 0 < 0.5) return "North"
    return "even"
}
function lean(r,    s) {
    if (!(r in have)) return "(missing run " r ")"
    s = side(r)
    return s == "even" ? "is even within its interval" : "favours " s
}
function names_of(list, n,    i, s) {
    s = ""
    for (i = 1; i <= n; i++) s = s (s == "" ? "" : ", ") list[i]
    return s
}
# "all 9 favour South" / "7 of 9 favour South; 2 are even within their
# intervals (a, b)"; runs not run are left out.
function sides(line,    n, runs, i, r, k, cnt, who, total, parts, order, c, o) {
    n = split(line, runs, " ")
    split("South North even", order, " ")
    for (i = 1; i <= n; i++) {
        r = runs[i]
        if (!(r in have)) continue
        total++
        k = side(r)
        cnt[k]++
        who[k] = who[k] (who[k] == "" ? "" : ", ") r
    }
    if (total == 0) return "(no runs)"
    for (o = 1; o <= 3; o++) {
        k = order[o]
        if (cnt[k] + 0 == total) return (total == 1 ? "it " : "all " total " ") (k == "even" ? (total == 1 ? "is even within its interval" : "are even within their intervals") : (total == 1 ? "favours " : "favour ") k)
    }
    parts = ""
    for (o = 1; o <= 3; o++) {
        k = order[o]
        if (cnt[k] + 0 == 0) continue
        c = cnt[k] " of " total " " (k == "even" ? (cnt[k] == 1 ? "is even within its interval" : "are even within their intervals") : (cnt[k] == 1 ? "favours " : "favour ") k) " (" who[k] ")"
        parts = parts (parts == "" ? "" : "; ") c
    }
    return parts
}
function minmax(line,    n, runs, i, r, x) {
    n = split(line, runs, " ")
    lo = ""; hi = ""
    for (i = 1; i <= n; i++) {
        r = runs[i]
        if (!(r in have)) continue
        x = S[r, "south_score"] + 0
        if (lo == "" || x < lo) lo = x
        if (hi == "" || x > hi) hi = x
    }
}
# "from 49.5% to 75.2%" (South's point estimates).
function range_of(line) {
    minmax(line)
    if (lo == "") return "(no runs)"
    if (pct(lo) == pct(hi)) return pct(lo)
    return "from " pct(lo) " to " pct(hi)
}
# Largest minus smallest point estimate, in points (one decimal).
function spread(line) {
    minmax(line)
    if (lo == "") return 0
    return 100 * (hi - lo)
}
function spread_text(line) { return sprintf("%.1f points", spread(line)) }
# The largest spread over groups separated by `;`.
function max_spread(text,    n, groups, i, x, m) {
    n = split(text, groups, ";")
    m = 0
    for (i = 1; i <= n; i++) { x = spread(groups[i]); if (x > m) m = x }
    return m
}
# "more than", "less than" or "about as much as" (within 1 point).
function spread_cmp(text,    halves, a, b) {
    split(text, halves, "[|][|]")
    a = max_spread(halves[1]); b = max_spread(halves[2])
    if (a - b > 1) return "more than"
    if (b - a > 1) return "less than"
    return "about as much as"
}
# Run a against run b: disjoint intervals are a difference, with its size.
function cmp(a, b,    d) {
    if (!(a in have) || !(b in have)) return "(missing run)"
    d = 100 * (S[a, "south_score"] - S[b, "south_score"])
    if (S[a, "wilson_low"] + 0 > S[b, "wilson_high"] + 0) return sprintf("%.1f points above", d)
    if (S[a, "wilson_high"] + 0 < S[b, "wilson_low"] + 0) return sprintf("%.1f points below", -d)
    return sprintf("not clearly different from (%+.1f points, the intervals overlap)", d)
}
# Point estimates in the order given: "rise", "fall" or "do not move in one direction".
function monotone(line,    n, runs, i, r, prev, up, down, m) {
    n = split(line, runs, " ")
    for (i = 1; i <= n; i++) {
        r = runs[i]
        if (!(r in have)) continue
        if (m++ > 0) {
            if (S[r, "south_score"] + 0 > prev) up++
            else if (S[r, "south_score"] + 0 < prev) down++
        }
        prev = S[r, "south_score"] + 0
    }
    if (up && !down) return "rise"
    if (down && !up) return "fall"
    if (!up && !down) return "stay the same"
    return "do not move in one direction"
}
# Whether the runs' intervals all overlap one another.
function overlap(line,    n, runs, i, r, low, high) {
    n = split(line, runs, " ")
    low = ""; high = ""
    for (i = 1; i <= n; i++) {
        r = runs[i]
        if (!(r in have)) continue
        if (low == "" || S[r, "wilson_low"] + 0 > low) low = S[r, "wilson_low"] + 0
        if (high == "" || S[r, "wilson_high"] + 0 < high) high = S[r, "wilson_high"] + 0
    }
    return (low != "" && low <= high) ? "do not differ beyond their intervals (all share a common range)" : "differ beyond their intervals"
}
# Single games from the start (deterministic, k = 0): who won each.
function k0(line,    n, runs, i, r, res, by, order, m, k, text, cnt, total) {
    n = split(line, runs, " ")
    for (i = 1; i <= n; i++) {
        r = runs[i]
        if (!(r in have)) continue
        if (S[r, "south_wins"] == S[r, "games"]) res = "South wins"
        else if (S[r, "north_wins"] == S[r, "games"]) res = "North wins"
        else if (S[r, "draws"] == S[r, "games"]) res = "drawn"
        else res = "split between the colours"
        if (!(res in by)) order[++m] = res
        by[res] = by[res] (by[res] == "" ? "" : ", ") value(r, "agent")
        cnt[res]++; total++
    }
    if (m == 1) {
        res = order[1]
        if (res == "drawn") res = "the game is drawn"
        else if (res ~ /wins$/) res = "the game is won by " substr(res, 1, 5)
        else res = "the two games are " res
        return res " at every level tried (" by[order[1]] ")"
    }
    text = ""
    for (k = 1; k <= m; k++) text = text (text == "" ? "" : "; ") order[k] " with " by[order[k]]
    return text
}
# Draws as a share of all games of the runs.
function draws(line,    n, runs, i, r, d, g) {
    n = split(line, runs, " ")
    for (i = 1; i <= n; i++) {
        r = runs[i]
        if (!(r in have)) continue
        d += S[r, "draws"]; g += S[r, "games"]
    }
    return g ? pct(d / g) : "(no games)"
}
# A summary.csv field's total over the runs of one game.
function sum_game(field, g,    r, total) {
    for (r in have) if (S[r, "game"] == g) total += S[r, field]
    return thousands(total)
}
# The solver's final value of each board (and reading) of `g`:
# "South wins (columns=2 lap-start, ...); North wins (...); not decided (...)".
function solver_values(g,    line, f, key, order, n, i, k, v, by, vo, m, text) {
    getline line < solver
    while ((getline line < solver) > 0) {
        split_csv(line, f)
        if (f[1] != g) continue
        key = f[2]
        if (!(key in final_v)) order[++n] = key
        final_v[key] = (f[4] == "solved" ? (f[5] == "win" ? "South wins" : f[5] == "loss" ? "North wins" : "drawn" (g == "mangola" ? " within the cap" : "")) : "not decided")
    }
    close(solver)
    for (i = 1; i <= n; i++) {
        v = final_v[order[i]]
        if (!(v in by)) vo[++m] = v
        by[v] = by[v] (by[v] == "" ? "" : ", ") order[i]
        if (v != "not decided") decided[v] = 1
    }
    text = ""
    for (k = 1; k <= m; k++) text = text (text == "" ? "" : "; ") vo[k] ": " by[vo[k]]
    distinct_decided = 0
    for (v in decided) distinct_decided++
    delete final_v
    return text == "" ? "(no solver results)" : text
}
# The solver's last value for one board: `GAME RULES...` as in solver.csv.
function solved(args,    g, key, line, f, v) {
    g = args; sub(/ .*/, "", g)
    key = args; sub(/^[^ ]+ /, "", key)
    v = "not tried"
    getline line < solver
    while ((getline line < solver) > 0) {
        split_csv(line, f)
        if (f[1] != g || f[2] != key) continue
        v = (f[4] == "solved" ? (f[5] == "win" ? "South wins" : f[5] == "loss" ? "North wins" : "drawn" (g == "mangola" ? " within the cap of " f[3] " plies" : "")) : "not decided")
    }
    close(solver)
    return v
}
function solver_variety(g,    t) {
    t = solver_values(g)
    if (distinct_decided > 1) return "the decided boards differ in value, so a larger board's value cannot be read off them"
    if (distinct_decided == 1) return "every decided board has the same value"
    return "no board is decided"
}
# Replaces every `@@WORD args@@` sentence token of a template line.
function sentences(l,    out, tok, word, args, sp) {
    out = ""
    while (match(l, /@@(LEAN|LEANS|SIDES|RANGE|SPREAD|CMP|MONOTONE|OVERLAP|K0|DRAWS|SUMGAME|SOLVER_VALUES|SOLVER_VARIETY|SOLVED|SPREAD_CMP|MAXSPREAD) [^@]+@@/)) {
        tok = substr(l, RSTART + 2, RLENGTH - 4)
        sp = index(tok, " ")
        word = substr(tok, 1, sp - 1); args = substr(tok, sp + 1)
        out = out substr(l, 1, RSTART - 1)
        l = substr(l, RSTART + RLENGTH)
        if (word == "LEAN") out = out lean(args)
        else if (word == "LEANS") out = out lean(args) " (" value(args, "score_ci") ")"
        else if (word == "SIDES") out = out sides(args)
        else if (word == "RANGE") out = out range_of(args)
        else if (word == "SPREAD") out = out spread_text(args)
        else if (word == "MAXSPREAD") out = out sprintf("%.1f points", max_spread(args))
        else if (word == "SPREAD_CMP") out = out spread_cmp(args)
        else if (word == "CMP") { split(args, ab, " "); out = out cmp(ab[1], ab[2]) }
        else if (word == "MONOTONE") out = out monotone(args)
        else if (word == "OVERLAP") out = out overlap(args)
        else if (word == "K0") out = out k0(args)
        else if (word == "DRAWS") out = out draws(args)
        else if (word == "SUMGAME") { split(args, ab, " "); out = out sum_game(ab[1], ab[2]) }
        else if (word == "SOLVER_VALUES") out = out solver_values(args)
        else if (word == "SOLVER_VARIETY") out = out solver_variety(args)
        else if (word == "SOLVED") out = out solved(args)
    }
    return out l
}
function cat_file(path,    line) { while ((getline line < path) > 0) print line }
mode == "report" && NR == 1 {
    split("capture_sowing=lap-start endless_sowing=illegal lap_limit=10000 max_plies=1000 columns=8 skip_origin=false houses=5 counters=5", d, " ")
    for (i in d) { split(d[i], kv, "="); default_rule[kv[1]] = kv[2] }
    load_summary()
}
mode == "report" && /^@@TABLE .*@@$/ { l = $0; gsub(/^@@TABLE |@@$/, "", l); table(l); next }
mode == "report" && /^@@SOLVER_SUMMARY@@$/ { solver_summary(); next }
mode == "report" && /^@@SOLVER@@$/ { solver_table(); next }
mode == "report" && /^@@RUNTIME@@$/ { runtime_table(); next }
mode == "report" && /^@@STUDY@@$/ { cat_file(study); next }
mode == "report" && /^@@ADDED@@$/ {
    list = ""
    while ((getline line < added) > 0) if (line != "") list = list (list == "" ? "" : ", ") "`" line "`"
    if (list != "")
        print "The full run above played every run except these, added afterwards with `FP_ONLY` (same script): " list ". Their times are in the table below; a complete rerun of the script takes about the full run's time plus theirs."
    next
}
mode == "report" && /^@@MACHINE@@$/ { cat_file(machine); next }
mode == "report" && /^@@FILE [^@]+@@$/ { l = $0; gsub(/^@@FILE |@@$/, "", l); cat_file(outdir "/" l); next }
mode == "report" {
    out = ""; l = sentences($0)
    if (index(l, "@@CHECK_IDENTICAL@@")) sub(/@@CHECK_IDENTICAL@@/, check_identical(), l)
    while (match(l, /@@SUM [a-z_]+@@/)) {
        tok = substr(l, RSTART + 6, RLENGTH - 8)
        total = 0
        for (r in have) total += S[r, tok]
        l = substr(l, 1, RSTART - 1) thousands(total) substr(l, RSTART + RLENGTH)
    }
    while (match(l, /@@V [^@]+@@/)) {
        tok = substr(l, RSTART + 4, RLENGTH - 6)
        split(tok, tp, " ")
        out = out substr(l, 1, RSTART - 1) value(tp[1], tp[2])
        l = substr(l, RSTART + RLENGTH)
    }
    print out l
}

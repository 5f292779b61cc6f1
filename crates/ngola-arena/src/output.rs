//! The statistics files of an output folder and the summary table.
//!
//! `standings.csv`: `rank,id,agent,games,wins,draws,losses,points,score,
//! score_low,score_high,elo,elo_low,elo_high,pairs` — score is the
//! fraction of points (draws half), `*_low`/`*_high` the 95% interval,
//! Elo the performance against the field of the agent's opponents,
//! `pairs` the colour-swapped pairs the interval rests on.
//!
//! `pairs.csv`: `pairing,a_id,a,b_id,b,games,a_wins,draws,b_wins,a_points,
//! a_score,elo,elo_low,elo_high,los,a_south_wins,a_south_draws,
//! a_south_losses,a_north_wins,a_north_draws,a_north_losses,pairs,p0,p1,
//! p2,p3,p4` — everything from agent `a`'s side; `pK` counts the pairs in
//! which `a` scored K/2 points (the pentanomial), `los` the likelihood of
//! superiority of `a`.
//!
//! `ratings.csv`: `rank,id,agent,elo,elo_low,elo_high,se,pairs,games` —
//! the joint fit of [`crate::stats::ratings`], anchor 0; `inf`/`-inf`
//! for agents separated from the anchor by perfect scores, empty where no
//! rating relative to the anchor exists.
//!
//! `first_player.csv`: `pairing,a,b,games,south_wins,draws,north_wins,
//! south_points,south_score,wilson_low,wilson_high` — one line per
//! pairing, then the line over all games, whose `pairing`, `a` and `b` are
//! empty (so that `pairing` stays a numeric column).
//!
//! `sprt.csv` (runs with an SPRT): `elo0,elo1,alpha,beta,lower,upper,llr,
//! pairs,p0,p1,p2,p3,p4,decision` — one line: the test's parameters, its
//! LLR bounds, the LLR after `pairs` complete pairs with their pentanomial
//! counts, and `H0`, `H1` or `continue`.
//!
//! Numbers: scores with 4 decimals, Elo with 1; `inf`/`-inf` for an Elo
//! of a perfect or null score; empty where undefined (no games).

use std::path::Path;

use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::openings::OpeningsNote;
use crate::runner::{files, SprtStatus};
use crate::stats::sprt;
use crate::stats::Statistics;

/// A number for CSV files and tables: `inf`/`-inf`, empty for NaN.
pub fn number(x: f64, decimals: usize) -> String {
    if x.is_nan() {
        String::new()
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.to_string()
    } else {
        format!("{x:.decimals$}")
    }
}

fn signed(x: f64, decimals: usize) -> String {
    if x.is_finite() && x >= 0.0 {
        format!("+{}", number(x, decimals))
    } else if x == f64::INFINITY {
        "+inf".to_string()
    } else {
        number(x, decimals)
    }
}

fn percent(x: f64) -> String {
    if x.is_nan() {
        "-".to_string()
    } else {
        format!("{:.1}%", 100.0 * x)
    }
}

fn write_csv(dir: &Path, name: &str, header: &[&str], rows: Vec<Vec<String>>) -> Result<()> {
    let path = dir.join(name);
    // Writing plain rows to a file fails only for I/O reasons: not the
    // user's input (exit code 1, not 2).
    let io = |e: csv::Error| ArenaError::io(&path, e.into());
    let mut writer = csv::Writer::from_path(&path).map_err(io)?;
    writer.write_record(header).map_err(io)?;
    for row in rows {
        writer.write_record(&row).map_err(io)?;
    }
    writer.flush().map_err(|e| ArenaError::io(&path, e))
}

/// Writes `standings.csv`, `pairs.csv` and `first_player.csv` into `dir`.
pub fn write_statistics(dir: &Path, stats: &Statistics) -> Result<()> {
    let standings = stats
        .standings
        .iter()
        .enumerate()
        .map(|(rank, s)| {
            let e = &s.estimate;
            vec![
                (rank + 1).to_string(),
                s.id.to_string(),
                s.agent.clone(),
                s.wdl.games().to_string(),
                s.wdl.wins.to_string(),
                s.wdl.draws.to_string(),
                s.wdl.losses.to_string(),
                number(s.wdl.points(), 1),
                number(e.score, 4),
                number(e.score_low, 4),
                number(e.score_high, 4),
                number(e.elo, 1),
                number(e.elo_low, 1),
                number(e.elo_high, 1),
                e.units.to_string(),
            ]
        })
        .collect();
    write_csv(
        dir,
        files::STANDINGS,
        &[
            "rank",
            "id",
            "agent",
            "games",
            "wins",
            "draws",
            "losses",
            "points",
            "score",
            "score_low",
            "score_high",
            "elo",
            "elo_low",
            "elo_high",
            "pairs",
        ],
        standings,
    )?;

    let pairs = stats
        .pairings
        .iter()
        .map(|p| {
            let e = &p.estimate;
            let mut row = vec![
                p.index.to_string(),
                p.a_id.to_string(),
                p.a.clone(),
                p.b_id.to_string(),
                p.b.clone(),
                p.a_total.games().to_string(),
                p.a_total.wins.to_string(),
                p.a_total.draws.to_string(),
                p.a_total.losses.to_string(),
                number(p.a_total.points(), 1),
                number(e.score, 4),
                number(e.elo, 1),
                number(e.elo_low, 1),
                number(e.elo_high, 1),
                number(e.los(), 4),
            ];
            for wdl in [p.a_south, p.a_north] {
                row.extend([wdl.wins, wdl.draws, wdl.losses].map(|n| n.to_string()));
            }
            row.push(p.pentanomial.iter().sum::<u64>().to_string());
            row.extend(p.pentanomial.iter().map(u64::to_string));
            row
        })
        .collect();
    write_csv(
        dir,
        files::PAIRS,
        &[
            "pairing",
            "a_id",
            "a",
            "b_id",
            "b",
            "games",
            "a_wins",
            "draws",
            "b_wins",
            "a_points",
            "a_score",
            "elo",
            "elo_low",
            "elo_high",
            "los",
            "a_south_wins",
            "a_south_draws",
            "a_south_losses",
            "a_north_wins",
            "a_north_draws",
            "a_north_losses",
            "pairs",
            "p0",
            "p1",
            "p2",
            "p3",
            "p4",
        ],
        pairs,
    )?;

    let ratings = stats
        .ratings
        .ratings
        .iter()
        .enumerate()
        .map(|(rank, r)| {
            vec![
                (rank + 1).to_string(),
                r.id.to_string(),
                r.agent.clone(),
                number(r.elo, 1),
                number(r.elo_low, 1),
                number(r.elo_high, 1),
                if r.elo.is_finite() {
                    number(r.std_error, 1)
                } else {
                    String::new()
                },
                r.pairs.to_string(),
                r.games.to_string(),
            ]
        })
        .collect();
    write_csv(
        dir,
        files::RATINGS,
        &[
            "rank", "id", "agent", "elo", "elo_low", "elo_high", "se", "pairs", "games",
        ],
        ratings,
    )?;

    let first = stats
        .first_player
        .iter()
        .map(|f| {
            vec![
                f.pairing.map_or(String::new(), |p| p.to_string()),
                f.agents.0.clone(),
                f.agents.1.clone(),
                f.south.games().to_string(),
                f.south.wins.to_string(),
                f.south.draws.to_string(),
                f.south.losses.to_string(),
                number(f.south.points(), 1),
                number(f.score, 4),
                number(f.wilson.0, 4),
                number(f.wilson.1, 4),
            ]
        })
        .collect();
    write_csv(
        dir,
        files::FIRST_PLAYER,
        &[
            "pairing",
            "a",
            "b",
            "games",
            "south_wins",
            "draws",
            "north_wins",
            "south_points",
            "south_score",
            "wilson_low",
            "wilson_high",
        ],
        first,
    )
}

/// Writes `sprt.csv`: the test's state at the end of the run.
pub fn write_sprt(dir: &Path, status: &SprtStatus) -> Result<()> {
    let (lower, upper) = sprt::bounds(&status.config);
    let c = &status.config;
    let mut row: Vec<String> = [c.elo0, c.elo1, c.alpha, c.beta]
        .iter()
        .map(|x| x.to_string())
        .collect();
    row.extend([number(lower, 6), number(upper, 6), number(status.llr, 6)]);
    row.push(status.pairs.to_string());
    row.extend(status.pentanomial.iter().map(u64::to_string));
    row.push(status.decision.code().to_string());
    write_csv(
        dir,
        files::SPRT,
        &[
            "elo0", "elo1", "alpha", "beta", "lower", "upper", "llr", "pairs", "p0", "p1", "p2",
            "p3", "p4", "decision",
        ],
        vec![row],
    )
}

/// The summary table printed at the end of a run (and kept in
/// `summary.txt`): the openings, standings, joint ratings, pairings, first
/// player, endings, distinct games, SPRT.
pub fn summary(
    experiment: &Experiment,
    stats: &Statistics,
    sprt_status: Option<&SprtStatus>,
    openings: &OpeningsNote,
) -> String {
    let mut out = String::new();
    out += &format!(
        "{} on {}: {} agents, {}, {} games per pairing, seed {}{}\n",
        experiment.name,
        experiment.game,
        experiment.agents.len(),
        experiment.format,
        experiment.games,
        experiment.seed,
        experiment
            .shard
            .map_or(String::new(), |s| format!(", shard {s}")),
    );
    let distinct = stats
        .distinct_games
        .map_or(String::new(), |d| format!(" ({d} distinct)"));
    out += &format!(
        "{} games{distinct}, {:.1} plies per game\n",
        stats.games, stats.mean_plies
    );
    out += &openings.lines();
    out += "\n";

    // Tables show each agent's short name (its spec when it has none).
    let display = experiment.display_names();
    let label = |id: u32, agent: &str| {
        let name = display.get(id as usize).map_or(agent, String::as_str);
        format!("{name} #{id}")
    };
    let width = stats
        .standings
        .iter()
        .map(|s| label(s.id, &s.agent).len())
        .max()
        .unwrap_or(5)
        .max(5);
    out += &format!(
        "{:>4}  {:<width$}  {:>6} {:>6} {:>6} {:>6}  {:>6}  {:>7}  95% interval\n",
        "rank", "agent", "games", "wins", "draws", "losses", "score", "Elo"
    );
    for (rank, s) in stats.standings.iter().enumerate() {
        let e = &s.estimate;
        out += &format!(
            "{:>4}  {:<width$}  {:>6} {:>6} {:>6} {:>6}  {:>6}  {:>7}  [{}, {}]\n",
            rank + 1,
            label(s.id, &s.agent),
            s.wdl.games(),
            s.wdl.wins,
            s.wdl.draws,
            s.wdl.losses,
            percent(e.score),
            signed(e.elo, 1),
            signed(e.elo_low, 1),
            signed(e.elo_high, 1),
        );
    }
    out += "Elo: logistic, each agent's score against the field of its opponents; \
            95% interval over colour-swapped pairs.\n\n";

    let ratings = &stats.ratings;
    let anchor = stats
        .standings
        .iter()
        .find(|s| s.id == ratings.anchor)
        .map_or(String::new(), |s| label(s.id, &s.agent));
    out += &format!(
        "joint ratings (maximum likelihood over all pairs, {anchor} = 0; 95% interval):\n"
    );
    for r in &ratings.ratings {
        let rating = if r.elo.is_nan() {
            "none (no games linking it to the anchor's)".to_string()
        } else if r.elo.is_finite() {
            format!(
                "{:>7}  [{}, {}]",
                signed(r.elo, 1),
                signed(r.elo_low, 1),
                signed(r.elo_high, 1)
            )
        } else {
            format!("{:>7}  (perfect scores)", signed(r.elo, 1))
        };
        out += &format!("  {:<width$}  {rating}\n", label(r.id, &r.agent));
    }
    out += "\n";

    out += "pairing (a vs b)  a's wins-draws-losses, score, Elo [95%], as South / as North\n";
    for p in &stats.pairings {
        let e = &p.estimate;
        let wdl = |w: &crate::stats::Wdl| format!("{}-{}-{}", w.wins, w.draws, w.losses);
        out += &format!(
            "  {} vs {}: {}, {} {} [{}, {}], {} / {}\n",
            label(p.a_id, &p.a),
            label(p.b_id, &p.b),
            wdl(&p.a_total),
            percent(e.score),
            signed(e.elo, 1),
            signed(e.elo_low, 1),
            signed(e.elo_high, 1),
            wdl(&p.a_south),
            wdl(&p.a_north),
        );
    }
    let repeated = stats.pairings.iter().filter(|p| p.repeated).count();
    if repeated > 0 {
        out += &format!(
            "note: in {repeated} pairing(s) the games repeat (same result, length and totals for \
             each colour): deterministic agents from one start replay one game; vary the starts \
             with opening_plies\n"
        );
    }
    if let Some(f) = stats.overall_first_player() {
        out += &format!(
            "\nfirst player (South): {} wins, {} draws, {} losses in {} games: score {} [{}, {}] (Wilson 95%)\n",
            f.south.wins,
            f.south.draws,
            f.south.losses,
            f.south.games(),
            percent(f.score),
            percent(f.wilson.0),
            percent(f.wilson.1),
        );
    }
    let endings: Vec<String> = stats
        .terminations
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(reason, n)| format!("{} {n}", reason.as_str()))
        .collect();
    out += &format!("endings: {}\n", endings.join(", "));
    if let Some(s) = sprt_status {
        let (lower, upper) = sprt::bounds(&s.config);
        out += &format!(
            "SPRT ({}; logistic Elo, pentanomial GSPRT): LLR {:.3} in [{:.3}, {:.3}] after {} pairs: {}\n",
            s.config,
            s.llr,
            lower,
            upper,
            s.pairs,
            s.decision.as_str(),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_infinities_and_gaps() {
        assert_eq!(number(f64::INFINITY, 1), "inf");
        assert_eq!(number(f64::NEG_INFINITY, 1), "-inf");
        assert_eq!(number(f64::NAN, 1), "");
        assert_eq!(number(0.123_456, 4), "0.1235");
        assert_eq!(signed(12.34, 1), "+12.3");
        assert_eq!(signed(-12.34, 1), "-12.3");
    }
}

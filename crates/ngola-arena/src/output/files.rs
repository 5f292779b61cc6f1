//! The statistics files of an output folder, one function a file.

use std::path::Path;

use crate::error::Result;
use crate::runner::{files, SprtStatus};
use crate::stats::sprt;
use crate::stats::Statistics;

use super::{number, write_csv};

/// Writes `standings.csv`, `pairs.csv`, `ratings.csv` and
/// `first_player.csv` into `dir`.
pub fn write_statistics(dir: &Path, stats: &Statistics) -> Result<()> {
    write_standings(dir, stats)?;
    write_pairs(dir, stats)?;
    write_ratings(dir, stats)?;
    write_first_player(dir, stats)
}

/// `standings.csv`: one line per agent, best score first.
fn write_standings(dir: &Path, stats: &Statistics) -> Result<()> {
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
    )
}

/// `pairs.csv`: one line per pairing.
fn write_pairs(dir: &Path, stats: &Statistics) -> Result<()> {
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
    )
}

/// `ratings.csv`: the joint fit, best rating first.
fn write_ratings(dir: &Path, stats: &Statistics) -> Result<()> {
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
    )
}

/// `first_player.csv`: each pairing, then all games.
fn write_first_player(dir: &Path, stats: &Statistics) -> Result<()> {
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

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

mod files;
mod summary;

pub use files::{write_sprt, write_statistics};
pub use summary::summary;

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

pub(crate) fn signed(x: f64, decimals: usize) -> String {
    if x.is_finite() && x >= 0.0 {
        format!("+{}", number(x, decimals))
    } else if x == f64::INFINITY {
        "+inf".to_string()
    } else {
        number(x, decimals)
    }
}

pub(crate) fn percent(x: f64) -> String {
    if x.is_nan() {
        "-".to_string()
    } else {
        format!("{:.1}%", 100.0 * x)
    }
}

pub(crate) fn write_csv(
    dir: &Path,
    name: &str,
    header: &[&str],
    rows: Vec<Vec<String>>,
) -> Result<()> {
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

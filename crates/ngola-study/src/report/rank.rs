//! The rankings of a study's cells: the most balanced (South's score
//! nearest one half), the most decisive (fewest draws) and the one where
//! skill counts most (the highest ladder score), each with its interval,
//! and the full orderings behind them. Ties keep the cells' order.

use ngola_arena::stats::elo::wilson;

use super::table::{MeasureRow, SkillRow};
use super::words::{interval, or_nan, plural, side};
use super::Ranked;

fn imbalance(r: &MeasureRow) -> f64 {
    (or_nan(r.south_score) - 0.5).abs()
}

fn draws(r: &MeasureRow) -> f64 {
    or_nan(r.draw_rate)
}

/// The draw rate with its Wilson interval over the games.
fn draws_text(r: &MeasureRow) -> String {
    let (low, high) = wilson(r.draws as f64, r.games);
    interval(draws(r), low, high)
}

fn score_text(r: &MeasureRow) -> String {
    interval(
        or_nan(r.south_score),
        or_nan(r.south_low),
        or_nan(r.south_high),
    )
}

fn skill_text(r: &MeasureRow) -> String {
    interval(or_nan(r.skill), or_nan(r.skill_low), or_nan(r.skill_high))
}

/// The rows with a value of `key`, sorted by it (stable: ties keep the
/// cells' order), as places of a ranking.
fn ranked(
    rows: &[MeasureRow],
    keep: impl Fn(&MeasureRow) -> bool,
    key: impl Fn(&MeasureRow) -> f64,
    text: impl Fn(&MeasureRow) -> String,
) -> (Vec<&MeasureRow>, Vec<Ranked>) {
    let mut sorted: Vec<&MeasureRow> = rows.iter().filter(|r| keep(r)).collect();
    sorted.sort_by(|a, b| key(a).total_cmp(&key(b)));
    let places = sorted
        .iter()
        .enumerate()
        .map(|(i, r)| Ranked {
            rank: i + 1,
            name: r.cell.clone(),
            board: r.board.clone(),
            value: text(r),
        })
        .collect();
    (sorted, places)
}

/// Every scored cell, South's score nearest one half first.
pub(super) fn by_balance(rows: &[MeasureRow]) -> Vec<Ranked> {
    ranked(rows, |r| r.south_score.is_some(), imbalance, score_text).1
}

/// Every cell with games, fewest draws first.
pub(super) fn by_draws(rows: &[MeasureRow]) -> Vec<Ranked> {
    ranked(rows, |r| r.draw_rate.is_some(), draws, draws_text).1
}

/// Every cell with a ladder, highest skill first.
pub(super) fn by_skill(rows: &[MeasureRow]) -> Vec<Ranked> {
    ranked(
        rows,
        |r| r.skill.is_some(),
        |r| -or_nan(r.skill),
        skill_text,
    )
    .1
}

/// "Most balanced: **cell** (South s [l, h]); k of the n cells are even
/// within their intervals".
pub(super) fn most_balanced(rows: &[MeasureRow]) -> Option<String> {
    let (sorted, _) = ranked(rows, |r| r.south_score.is_some(), imbalance, score_text);
    let best = sorted.first()?;
    let even = sorted
        .iter()
        .filter(|r| side(or_nan(r.south_low), or_nan(r.south_high)).is_none())
        .count();
    Some(format!(
        "Most balanced: **{}** (South {}); {even} of the {} cells are even within their intervals",
        best.cell,
        score_text(best),
        sorted.len()
    ))
}

/// "Most decisive (fewest draws): **cell** (draws d [l, h])", and how
/// many cells share that draw rate.
pub(super) fn most_decisive(rows: &[MeasureRow]) -> Option<String> {
    let (sorted, _) = ranked(rows, |r| r.south_score.is_some(), draws, draws_text);
    let best = sorted.first()?;
    let ties = sorted.iter().filter(|r| draws(r) == draws(best)).count();
    let tied = match ties {
        0 | 1 => String::new(),
        2 => "; 1 other cell ties with it".to_string(),
        n => format!("; {} tie with it", plural(n as u64 - 1, "other cell")),
    };
    Some(format!(
        "Most decisive (fewest draws): **{}** (draws {}){tied}",
        best.cell,
        draws_text(best)
    ))
}

/// "Skill counts most: **cell** (the stronger agents' score over n ladder
/// pairs: s [l, h])".
pub(super) fn most_skill(rows: &[MeasureRow], steps: &[SkillRow]) -> Option<String> {
    let (sorted, _) = ranked(
        rows,
        |r| r.skill.is_some(),
        |r| -or_nan(r.skill),
        skill_text,
    );
    let best = sorted.first()?;
    let pairs: u64 = steps
        .iter()
        .filter(|s| s.cell == best.cell)
        .map(|s| s.pairs)
        .sum();
    Some(format!(
        "Skill counts most: **{}** (the stronger agent's score over {}: {})",
        best.cell,
        plural(pairs, "ladder pair"),
        skill_text(best)
    ))
}

//! The rankings of a study's cells: the most balanced (South's score
//! nearest one half), the most decisive (fewest draws, then the earliest
//! lead for good) and the one where skill counts most (the highest ladder
//! score), each with its interval, and the full orderings behind them.
//! Ties keep the cells' order.

use std::cmp::Ordering;

use ngola_arena::stats::elo::wilson;

use serde::Serialize;

use super::table::{MeasureRow, SkillRow};
use super::words::{count, interval, or_nan, pct, plural, side};

/// One place of a ranking, as the report's template shows it.
#[derive(Clone, Serialize)]
pub(super) struct Ranked {
    rank: usize,
    /// The cell.
    pub(super) name: String,
    board: String,
    /// The ranked measure with its interval.
    value: String,
}

fn imbalance(r: &MeasureRow) -> f64 {
    (or_nan(r.south_score) - 0.5).abs()
}

fn draws(r: &MeasureRow) -> f64 {
    or_nan(r.draw_rate)
}

/// The decisiveness measure: the mean share of a decisive game played
/// before its winner leads for good (NaN without a decisive game).
fn lead(r: &MeasureRow) -> f64 {
    or_nan(r.lead_for_good)
}

/// The order of decisiveness: fewest draws first; among equal draw rates
/// the earliest lead for good (the winner ahead for good from a smaller
/// share of the game), cells without a decisive game last among them.
fn decisive_order(a: &MeasureRow, b: &MeasureRow) -> Ordering {
    draws(a)
        .total_cmp(&draws(b))
        .then_with(|| lead(a).total_cmp(&lead(b)))
}

/// The draw rate with its Wilson interval over the games.
fn draws_text(r: &MeasureRow) -> String {
    let (low, high) = wilson(r.draws as f64, r.games);
    interval(draws(r), low, high)
}

/// The draw rate with its interval, then the lead for good.
fn decisive_text(r: &MeasureRow) -> String {
    format!("{}, lead for good {}", draws_text(r), pct(lead(r)))
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

/// The rows `keep` accepts, sorted by `order` (stable: ties keep the
/// cells' order), as places of a ranking.
fn ranked(
    rows: &[MeasureRow],
    keep: impl Fn(&MeasureRow) -> bool,
    order: impl Fn(&MeasureRow, &MeasureRow) -> Ordering,
    text: impl Fn(&MeasureRow) -> String,
) -> (Vec<&MeasureRow>, Vec<Ranked>) {
    let mut sorted: Vec<&MeasureRow> = rows.iter().filter(|r| keep(r)).collect();
    sorted.sort_by(|a, b| order(a, b));
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

/// South's score nearest one half first.
fn balance_order(a: &MeasureRow, b: &MeasureRow) -> Ordering {
    imbalance(a).total_cmp(&imbalance(b))
}

/// The highest skill first.
fn skill_order(a: &MeasureRow, b: &MeasureRow) -> Ordering {
    (-or_nan(a.skill)).total_cmp(&-or_nan(b.skill))
}

/// Every scored cell, South's score nearest one half first.
pub(super) fn by_balance(rows: &[MeasureRow]) -> Vec<Ranked> {
    ranked(rows, |r| r.south_score.is_some(), balance_order, score_text).1
}

/// Every cell with games, the most decisive first: fewest draws, then the
/// earliest lead for good.
pub(super) fn by_draws(rows: &[MeasureRow]) -> Vec<Ranked> {
    ranked(
        rows,
        |r| r.draw_rate.is_some(),
        decisive_order,
        decisive_text,
    )
    .1
}

/// Every cell with a ladder, highest skill first.
pub(super) fn by_skill(rows: &[MeasureRow]) -> Vec<Ranked> {
    ranked(rows, |r| r.skill.is_some(), skill_order, skill_text).1
}

/// "Most balanced: **cell** (South s [l, h]); k of the n cells are even
/// within their intervals".
pub(super) fn most_balanced(rows: &[MeasureRow]) -> Option<String> {
    let (sorted, _) = ranked(rows, |r| r.south_score.is_some(), balance_order, score_text);
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

/// "Most decisive (fewest draws, then the earliest lead for good):
/// **cell** (draws d [l, h], lead for good t)", how many other cells
/// share that draw rate, and how many of them that lead for good too.
pub(super) fn most_decisive(rows: &[MeasureRow]) -> Option<String> {
    let (sorted, _) = ranked(
        rows,
        |r| r.draw_rate.is_some(),
        decisive_order,
        decisive_text,
    );
    let (best, others) = sorted.split_first()?;
    let same_draws: Vec<&&MeasureRow> = others
        .iter()
        .filter(|r| draws(r).total_cmp(&draws(best)).is_eq())
        .collect();
    let same_lead = same_draws
        .iter()
        .filter(|r| lead(r).total_cmp(&lead(best)).is_eq())
        .count();
    let shared = match same_draws.len() {
        0 => String::new(),
        1 => "; 1 other cell shares its draw rate".to_string(),
        n => format!("; {} share its draw rate", plural(n as u64, "other cell")),
    };
    let tied = match same_lead {
        0 => String::new(),
        n => format!(", {} of them its lead for good too", count(n as u64)),
    };
    Some(format!(
        "Most decisive (fewest draws, then the earliest lead for good): **{}** (draws {}){shared}{tied}",
        best.cell,
        decisive_text(best)
    ))
}

/// "Skill counts most: **cell** (the stronger agents' score over n ladder
/// pairs: s [l, h])".
pub(super) fn most_skill(rows: &[MeasureRow], steps: &[SkillRow]) -> Option<String> {
    let (sorted, _) = ranked(rows, |r| r.skill.is_some(), skill_order, skill_text);
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

//! The openings of a run from an opening suite.

use std::collections::HashSet;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use thiserror::Error;

use ngola_rules::{Game, PositionError};

use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::suite::{OpeningSuite, OpeningsOrder, SUITE_FILE};

use super::source::{shortage, OpeningsNote, Plan, Source, SuiteOpening};
use super::text::moves_text;
use ngola_records::keys::position_key;

/// A line of a suite that is no opening of the run's game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SuiteLineError {
    /// A position text that does not read.
    #[error("{0}")]
    Position(#[from] PositionError),
    /// The game is over in the line's position.
    #[error("the game is over in this position")]
    OverInPosition,
    /// A move that does not play (its ply from 1, and why).
    #[error("ply {ply}: {error}")]
    Move {
        /// The move's ply, from 1.
        ply: usize,
        /// Why it does not play.
        error: ngola_rules::PlayTextError,
    },
    /// A move after the game's end (its ply from 1).
    #[error("ply {0}: the game is already over")]
    AlreadyOver(usize),
    /// The game is over after the line's moves.
    #[error("the game is over after this opening")]
    OverAfter,
}

/// Reads one line of a suite: a position text (starting with the game's
/// name) or moves from the start.
fn suite_opening<G: Game>(start: &G, text: &str) -> Result<SuiteOpening<G>, SuiteLineError> {
    let first = text.split_whitespace().next().unwrap_or("");
    if first == G::NAME {
        let position = G::from_position(text, *start.rules())?;
        if position.outcome().is_some() {
            return Err(SuiteLineError::OverInPosition);
        }
        return Ok(SuiteOpening {
            position,
            moves: Vec::new(),
            text: text.to_string(),
            from_position: true,
        });
    }
    let mut position = start.clone();
    let mut moves = Vec::new();
    for (i, word) in text.split_whitespace().enumerate() {
        if position.outcome().is_some() {
            return Err(SuiteLineError::AlreadyOver(i + 1));
        }
        let mv = position
            .play_text(word)
            .map_err(|error| SuiteLineError::Move { ply: i + 1, error })?;
        moves.push(mv);
    }
    if position.outcome().is_some() {
        return Err(SuiteLineError::OverAfter);
    }
    Ok(SuiteOpening {
        text: moves_text(&moves),
        position,
        moves,
        from_position: false,
    })
}

/// Pair `r` of each pairing plays the suite's `r`-th opening (in the
/// experiment's order).
pub(super) fn plan<G: Game>(
    experiment: &Experiment,
    suite: &OpeningSuite,
    start: &G,
    rounds: u64,
) -> Result<Plan<G>> {
    let allow = experiment.allow_repeated_openings;
    let mut openings = Vec::with_capacity(suite.len());
    let mut first_line: std::collections::HashMap<u128, usize> = Default::default();
    for (line, text) in &suite.entries {
        let opening = suite_opening(start, text)
            .map_err(|e| ArenaError::bad_file(&suite.path, format!("line {line}: {e}")))?;
        let key = position_key(&opening.position);
        if let Some(earlier) = first_line.get(&key) {
            if !allow {
                return Err(ArenaError::bad_file(
                    &suite.path,
                    format!(
                        "line {line}: the same position as line {earlier}; every pair of a \
                         pairing must start from a distinct position (or give \
                         --allow-repeated-openings)"
                    ),
                ));
            }
        } else {
            first_line.insert(key, *line);
        }
        openings.push(opening);
    }
    let distinct = first_line.len() as u64;
    let size = openings.len() as u64;
    if rounds > size && !allow {
        return Err(ArenaError::field(
            "games",
            shortage(
                &format!("the suite {}", suite.path.display()),
                distinct,
                rounds,
                "give a larger suite",
            ),
        ));
    }
    // Each round takes the next opening of the order; past the end, the
    // suite again (shuffled afresh in random order).
    let mut rng = ChaCha8Rng::seed_from_u64(experiment.seed);
    rng.set_stream(3);
    let mut order = Vec::with_capacity(rounds as usize);
    while (order.len() as u64) < rounds {
        let mut cycle: Vec<u32> = (0..size as u32).collect();
        if experiment.openings_order == OpeningsOrder::Random {
            cycle.shuffle(&mut rng);
        }
        let wanted = (rounds - order.len() as u64).min(size) as usize;
        order.extend_from_slice(&cycle[..wanted]);
    }
    let used: HashSet<u128> = order
        .iter()
        .map(|&i| position_key(&openings[i as usize].position))
        .collect();
    let mut note = OpeningsNote {
        description: format!(
            "a suite of {size} openings ({} order; copied to {SUITE_FILE}), one per pair of \
             each pairing",
            experiment.openings_order
        ),
        ..OpeningsNote::default()
    };
    if (used.len() as u64) < rounds {
        note.repeats_matter = true;
        for p in 0..crate::schedule::pairings(experiment.agents.len(), experiment.format).len() {
            note.repeated.push((p as u32, rounds, used.len() as u64));
        }
    }
    Ok((Source::Suite { openings, order }, note))
}

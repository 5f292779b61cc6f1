//! Search scores shared by greedy, alpha-beta and the solver's move order: evaluations in [`SEED`]
//! points, finished games as "win in n plies" scores far above them.
//!
//! [`SEED`]: crate::eval::SEED

use ngola_rules::{Outcome, Player};

use crate::eval::{EvalKind, Evaluate};

/// The score of a game won at the current node (before distance).
pub const WIN: i32 = 1_000_000;

/// Scores at or above `WIN - MAX_DISTANCE` (or at or below its negation)
/// are finished games; evaluations are clamped well inside this band.
pub const MAX_DISTANCE: i32 = 10_000;

/// The largest evaluation a search uses; larger heuristic values are
/// clamped so that they never look like a finished game.
pub const MAX_EVAL: i32 = WIN / 2;

/// The score of a finished game for `to_move`, `distance` plies from the
/// search root: a win sooner and a loss later score higher.
#[inline]
pub fn terminal(outcome: Outcome, to_move: Player, distance: i32) -> i32 {
    match outcome.sign_for(to_move) {
        1 => WIN - distance,
        -1 => -WIN + distance,
        _ => 0,
    }
}

/// How far below [`WIN`] a position of known exact value scores: a forced
/// result at an unknown distance, beyond every finished game the search
/// sees but still decisive ([`is_decisive`]).
pub const EXACT_OFFSET: i32 = MAX_DISTANCE / 2;

/// The score of a position whose final margin under perfect play is
/// `margin` for the side to move (an endgame database's value): decisive
/// for a win or a loss, larger margins scoring higher, 0 for a draw.
#[inline]
pub fn exact_margin(margin: i32) -> i32 {
    match margin.signum() {
        1 => WIN - EXACT_OFFSET + margin.min(EXACT_OFFSET / 2),
        -1 => -WIN + EXACT_OFFSET + margin.max(-EXACT_OFFSET / 2),
        _ => 0,
    }
}

/// True for the score of a finished game (win or loss).
#[inline]
pub fn is_decisive(score: i32) -> bool {
    score.abs() >= WIN - MAX_DISTANCE
}

/// Clamps an evaluation into the band of non-final scores.
#[inline]
pub fn clamp_eval(value: i32) -> i32 {
    value.clamp(-MAX_EVAL, MAX_EVAL)
}

/// The static value for `mover` of `child`, a position just reached by
/// `mover`'s move: a finished game as won or lost in one ply, otherwise the
/// clamped evaluation, negated if the opponent moves next. Greedy plays by
/// it; alpha-beta and the solver order moves by it.
#[inline]
pub fn child_value<G: Evaluate>(eval: EvalKind, mover: Player, child: &G) -> i32 {
    if let Some(outcome) = child.outcome() {
        return terminal(outcome, mover, 1);
    }
    let value = clamp_eval(eval.eval(child));
    if child.to_move() == mover {
        value
    } else {
        -value
    }
}

//! The exact chances of each result under uniform random play: both sides
//! draw every move uniformly among the legal ones, as the `random` agent
//! does. An expectation over the positions reachable from the start,
//! memoised on the whole position (board, scores, side to move, ply and,
//! for Oware, the boards since the last capture), so that it is exact for
//! the rules as written, ply cap included. Feasible for small boards only;
//! the number of positions is bounded by the caller.
//!
//! Sampled first-player scores are checked against these values: they are
//! the yardstick that tells an honest interval from a biased one.

use std::collections::HashMap;
use std::hash::Hash;

use ngola_rules::{Game, MoveList, Outcome, Player};
use thiserror::Error;

/// The probability of each result of a game from one position under
/// uniform random play (to double precision; the three add up to one).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Chances {
    /// South (the first player) wins.
    pub south_wins: f64,
    /// A draw.
    pub draws: f64,
    /// North wins.
    pub north_wins: f64,
    /// Distinct positions (with their histories) whose chances were
    /// computed: every position reachable that is not over.
    pub positions: u64,
}

impl Chances {
    /// South's expected score, a draw counting half: the quantity a
    /// tournament's first-player line estimates.
    pub fn south_score(&self) -> f64 {
        self.south_wins + self.draws / 2.0
    }

    fn of_outcome(outcome: Outcome) -> [f64; 3] {
        match outcome.winner {
            Some(Player::South) => [1.0, 0.0, 0.0],
            None => [0.0, 1.0, 0.0],
            Some(Player::North) => [0.0, 0.0, 1.0],
        }
    }
}

/// More positions are reachable than the caller allowed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Error)]
#[error("more than {limit} positions are reachable under random play; choose a smaller board or allow more positions")]
pub struct TooManyPositions {
    /// The number of positions allowed.
    pub limit: u64,
}

/// One position being expanded: its moves, the next one to try, and the
/// sum of its children's chances so far.
struct Frame<G: Game> {
    position: G,
    moves: MoveList<G::Move>,
    next: usize,
    sum: [f64; 3],
}

impl<G: Game> Frame<G> {
    fn new(position: G) -> Frame<G> {
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        Frame {
            position,
            moves,
            next: 0,
            sum: [0.0; 3],
        }
    }
}

/// The exact chances of each result from `start` under uniform random
/// play, computing the chances of at most `max_positions` positions.
///
/// Iterative (a game of a thousand plies needs no deep call stack); each
/// position's chances are the mean of its children's, and a position met
/// again by another move order is looked up, not walked again.
pub fn exact_chances<G: Game + Eq + Hash>(
    start: &G,
    max_positions: u64,
) -> Result<Chances, TooManyPositions> {
    let chances = |sum: [f64; 3], positions: u64| Chances {
        south_wins: sum[0],
        draws: sum[1],
        north_wins: sum[2],
        positions,
    };
    if let Some(outcome) = start.outcome() {
        return Ok(chances(Chances::of_outcome(outcome), 0));
    }
    let mut known: HashMap<G, [f64; 3]> = HashMap::new();
    let mut stack = vec![Frame::new(start.clone())];
    loop {
        let top = stack.last_mut().expect("the start's frame is popped last");
        if let Some(&mv) = top.moves.get(top.next) {
            top.next += 1;
            let mut child = top.position.clone();
            child.play(mv);
            let value = match child.outcome() {
                Some(outcome) => Chances::of_outcome(outcome),
                None => match known.get(&child) {
                    Some(&value) => value,
                    None => {
                        if known.len() as u64 + stack.len() as u64 >= max_positions {
                            return Err(TooManyPositions {
                                limit: max_positions,
                            });
                        }
                        stack.push(Frame::new(child));
                        continue;
                    }
                },
            };
            add(&mut top.sum, value);
            continue;
        }
        // Every move tried: the position's chances are their mean. A
        // position that is not over has a legal move (the rules' contract).
        let frame = stack.pop().expect("a frame is on the stack");
        debug_assert!(
            !frame.moves.is_empty(),
            "{}: not over, no move",
            frame.position
        );
        let n = frame.moves.len() as f64;
        let value = frame.sum.map(|p| p / n);
        match stack.last_mut() {
            Some(parent) => {
                add(&mut parent.sum, value);
                known.insert(frame.position, value);
            }
            None => return Ok(chances(value, known.len() as u64 + 1)),
        }
    }
}

fn add(sum: &mut [f64; 3], value: [f64; 3]) {
    for (s, v) in sum.iter_mut().zip(value) {
        *s += v;
    }
}

//! Per-call search limits and time management.
//!
//! An agent has its own budget from its spec (`alphabeta:depth=8`,
//! `mcts:sims=20000`); a caller may add a [`SearchLimit`] for one move
//! (a UGI `go movetime 500`, `go nodes N`, `go depth N`, or the share of a
//! clock that [`move_budget`] allots). The search stops at whichever limit
//! it reaches first, its own or the call's. An agent whose spec names no
//! budget of its own (`alphabeta`, `mcts`: the `auto` budget of
//! [`crate::spec`]) has its default budget only when the call adds no
//! limit; with one, the call's limit alone stops it, so that under a clock
//! it searches by the clock.
//!
//! Time management ([`move_budget`]): a move gets a share of the time left
//! on the mover's clock plus most of the increment, never more than half
//! of what is left, so that a clock is never run out by the search itself;
//! what the search adds beyond its budget (the time checks run every few
//! hundred nodes or simulations) is far below the arena's margin.

use std::time::Duration;

/// A limit on one search, added to the agent's own budget: the search
/// stops at the first limit reached. `None` fields add nothing.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimit {
    /// Wall time for this move.
    pub time: Option<Duration>,
    /// Nodes (alpha-beta) or simulations (MCTS) for this move.
    pub nodes: Option<u64>,
    /// Plies: alpha-beta's deepest iteration, MCTS's deepest path into its
    /// tree.
    pub depth: Option<u32>,
}

impl SearchLimit {
    /// No limit beyond the agent's own budget.
    pub const NONE: SearchLimit = SearchLimit {
        time: None,
        nodes: None,
        depth: None,
    };

    /// True if the limit adds nothing.
    pub fn is_none(&self) -> bool {
        *self == SearchLimit::NONE
    }

    /// A time limit only.
    pub fn time(time: Duration) -> SearchLimit {
        SearchLimit {
            time: Some(time),
            ..SearchLimit::NONE
        }
    }

    /// A node (or simulation) limit only.
    pub fn nodes(nodes: u64) -> SearchLimit {
        SearchLimit {
            nodes: Some(nodes),
            ..SearchLimit::NONE
        }
    }

    /// A depth limit only.
    pub fn depth(depth: u32) -> SearchLimit {
        SearchLimit {
            depth: Some(depth),
            ..SearchLimit::NONE
        }
    }
}

/// The smaller of two optional limits (`None` is no limit).
pub fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// One player's clock: the time left and what each move adds after it is
/// played (Fischer increment).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left before this move.
    pub remaining: Duration,
    /// Added after each move.
    pub increment: Duration,
}

/// The share of the remaining time a move gets: 1 / `MOVES_TO_GO`.
///
/// Mancala games between the built-in agents are short (Mangola 4 x 8:
/// 20 to 40 plies, so 10 to 20 moves a side), and a share of 1/20 left
/// about half of each clock unused. At 2+0.05 on Mangola, 1/12 against
/// 1/20 (the older build as an external engine, colour-swapped pairs):
/// MCTS +41.9 Elo [+5.3, +79.4] over 200 games, alpha-beta +9.3
/// [+0.3, +18.2] over 300, no game lost on time.
pub const MOVES_TO_GO: u32 = 12;

/// The least budget a move gets, however little is left (a move must be
/// answered; the arena's margin covers it).
pub const MIN_BUDGET: Duration = Duration::from_millis(1);

/// The time to spend on a move with `clock`: 1/[`MOVES_TO_GO`] of the time
/// left plus three quarters of the increment, at most half the time left
/// (and at least [`MIN_BUDGET`]).
///
/// With an increment the time left settles where a move's budget equals
/// the increment (about 5 increments), so the clock never runs down to the
/// wire; without one it shrinks geometrically and never reaches zero.
pub fn move_budget(clock: Clock) -> Duration {
    let share = clock.remaining / MOVES_TO_GO + clock.increment * 3 / 4;
    share.min(clock.remaining / 2).max(MIN_BUDGET)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn budgets_take_a_share_plus_most_of_the_increment_and_never_half_the_clock() {
        let clock = |remaining, increment| Clock {
            remaining: ms(remaining),
            increment: ms(increment),
        };
        assert_eq!(move_budget(clock(12_000, 0)), ms(1000));
        assert_eq!(move_budget(clock(12_000, 100)), ms(1075));
        // Little left: half of it, however big the increment.
        assert_eq!(move_budget(clock(100, 1000)), ms(50));
        assert_eq!(move_budget(clock(0, 0)), MIN_BUDGET);
    }

    #[test]
    fn a_clock_spent_by_its_budgets_never_runs_out() {
        for (base, inc) in [(1000, 0), (1000, 10), (50, 100), (0, 20)] {
            let mut remaining = ms(base);
            for _ in 0..1000 {
                let budget = move_budget(Clock {
                    remaining,
                    increment: ms(inc),
                });
                // Spending the budget exactly leaves time, unless the
                // clock is at the floor where the margin takes over.
                assert!(budget <= remaining.max(MIN_BUDGET), "{base}+{inc}");
                remaining = remaining.saturating_sub(budget) + ms(inc);
            }
        }
    }

    #[test]
    fn tighter_takes_the_smaller_limit() {
        assert_eq!(tighter(Some(3), Some(5)), Some(3));
        assert_eq!(tighter(None, Some(5)), Some(5));
        assert_eq!(tighter(Some(3), None), Some(3));
        assert_eq!(tighter::<u32>(None, None), None);
    }
}

//! What an entry holds and what a position is worth.
//!
//! # The two values of a position
//! Every margin here is over the seeds still on the board, from the side
//! to move's view: what he will bank from now on minus what his opponent
//! will (the final difference of the game's totals, less the difference of
//! the seeds already banked). For a position `p`:
//!
//! - `lower(p)`: the best margin the side to move can force when a line
//!   that never ends counts as the worst result for him (he must force the
//!   game to end);
//! - `upper(p)`: the best margin he can force when a line that never ends
//!   counts as the best result for him (his opponent must force the end).
//!
//! `lower <= upper`, and they differ only where endless play matters. When
//! every line ends (Kalah) they are equal and an entry holds one byte. A
//! side that cannot force the end at all has `lower = -inf` (and his
//! opponent, in the same position seen from there, `upper = +inf`).
//!
//! # The value, as `ngola prove` defines it
//! With `s` the seeds the side to move has banked minus his opponent's,
//! `ngola prove` without a ply cap answers "can the side to move force the
//! game to end with a final margin of at least `m`?" for `m >= 1`, and for
//! `m <= 0` asks instead whether the opponent can force the end with a
//! margin of at least `1 - m`: a line that never ends fails the player who
//! needs it. That makes the value
//!
//! ```text
//! value = lower + s   if lower + s >= 1      (a win the mover can force to an end)
//!       = upper + s   if upper + s <= -1     (a loss the opponent can force to an end)
//!       = 0           otherwise               (neither can: a draw)
//! ```
//!
//! the median of `lower + s`, `0` and `upper + s`. It equals the value of
//! the game in which endless play scores a draw (margin 0), which is what
//! `ngola solve` assumes, so prover, solver and database agree.
//!
//! # Oware: the repetition rule
//! Oware's rules end the game at the first repetition of a position since
//! the last capture, each side collecting its own row; the outcome then
//! depends on the positions seen before. The database holds for each
//! position the same two values, and they bound the outcome under the
//! repetition rule from a position whose history is only itself (as a
//! position read from text starts, and as every position right after a
//! capture is): the side to move can force `lower` by a strategy that
//! never repeats a position (it only ever moves closer to an end), and his
//! opponent can hold him to `upper` likewise, whatever the other does. So
//! where `lower = upper` the value is exact under the repetition rule;
//! elsewhere the value lies between the bounds.

use crate::games::Semantics;

/// The byte of minus infinity: the side cannot force the game to end.
pub const MINUS_INFINITY: i8 = i8::MIN;
/// The byte of plus infinity: the opponent cannot force the game to end.
pub const PLUS_INFINITY: i8 = i8::MAX;
/// Minus infinity in arithmetic (far beyond every margin).
pub const NEG_INF: i32 = -1_000;
/// Plus infinity in arithmetic.
pub const POS_INF: i32 = 1_000;

/// A margin (or an infinity) as an `i32` from its byte.
#[inline]
pub fn decode(byte: i8) -> i32 {
    match byte {
        MINUS_INFINITY => NEG_INF,
        PLUS_INFINITY => POS_INF,
        m => m as i32,
    }
}

/// The byte of a margin (`|m| <= 126`) or an infinity (`|m| >= NEG_INF`).
#[inline]
pub fn encode(m: i32) -> i8 {
    if m <= NEG_INF / 2 {
        MINUS_INFINITY
    } else if m >= POS_INF / 2 {
        PLUS_INFINITY
    } else {
        debug_assert!(m.abs() <= 126, "margin {m} out of range");
        m as i8
    }
}

/// Adds a finite gain to a margin, keeping infinities.
#[inline]
pub fn add(m: i32, gain: i32) -> i32 {
    if m <= NEG_INF / 2 {
        NEG_INF
    } else if m >= POS_INF / 2 {
        POS_INF
    } else {
        m + gain
    }
}

/// The two values of an entry (see the module documentation).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Endless play counts against the side to move.
    pub lower: i32,
    /// Endless play counts for him.
    pub upper: i32,
}

/// What a position is worth to the side to move, banked seeds included.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Worth {
    /// The final margin under perfect play.
    Exact(i32),
    /// Oware where the repetition rule decides: the final margin lies in
    /// `lower..=upper`.
    Between(i32, i32),
}

impl Worth {
    /// `win`, `loss`, `draw`, or `unknown` for bounds.
    pub fn word(&self) -> &'static str {
        match self {
            Worth::Exact(m) if *m > 0 => "win",
            Worth::Exact(m) if *m < 0 => "loss",
            Worth::Exact(_) => "draw",
            Worth::Between(..) => "unknown",
        }
    }
}

impl Bounds {
    /// What the position is worth with `banked` (the mover's banked seeds
    /// minus the opponent's) and `on_board` seeds on the board, under
    /// `semantics`.
    pub fn worth(&self, semantics: Semantics, banked: i32, on_board: i32) -> Worth {
        let clamp = |m: i32| m.clamp(-on_board, on_board) + banked;
        match semantics {
            Semantics::Acyclic => Worth::Exact(clamp(self.lower)),
            Semantics::Endless => {
                let (lo, hi) = (add(self.lower, banked), add(self.upper, banked));
                Worth::Exact(if lo >= 1 {
                    lo
                } else if hi <= -1 {
                    hi
                } else {
                    0
                })
            }
            Semantics::Repetition if self.lower == self.upper => Worth::Exact(clamp(self.lower)),
            Semantics::Repetition => Worth::Between(clamp(self.lower), clamp(self.upper)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip() {
        for m in -126..=126 {
            assert_eq!(decode(encode(m)), m);
        }
        assert_eq!(encode(NEG_INF), MINUS_INFINITY);
        assert_eq!(encode(POS_INF), PLUS_INFINITY);
        assert_eq!(decode(MINUS_INFINITY), NEG_INF);
        assert_eq!(add(NEG_INF, 5), NEG_INF);
        assert_eq!(add(-POS_INF, 5), NEG_INF);
    }

    #[test]
    fn endless_value_is_the_median() {
        let b = |lower, upper| Bounds { lower, upper };
        let e = Semantics::Endless;
        // Neither side can force the end: a draw whatever was banked.
        assert_eq!(b(NEG_INF, POS_INF).worth(e, 7, 4), Worth::Exact(0));
        // The mover forces +3 over the board, 2 banked behind: +1.
        assert_eq!(b(3, POS_INF).worth(e, -2, 4), Worth::Exact(1));
        // ... 3 behind: the opponent cannot force the end, so a draw.
        assert_eq!(b(3, POS_INF).worth(e, -3, 4), Worth::Exact(0));
        assert_eq!(b(NEG_INF, -2).worth(e, 1, 4), Worth::Exact(-1));
        assert_eq!(b(2, 2).worth(e, -2, 4), Worth::Exact(0));
        let r = Semantics::Repetition;
        assert_eq!(b(NEG_INF, 2).worth(r, 1, 4), Worth::Between(-3, 3));
        assert_eq!(b(2, 2).worth(r, 1, 4), Worth::Exact(3));
    }
}

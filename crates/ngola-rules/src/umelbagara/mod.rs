//! Um el-Bagara, the Sudanese 2 x 5 game (docs/src/rules.md, "Um el-Bagara").
//!
//! [`UmElBagara`] is a 40-byte `Copy` position; the board is one byte per
//! house in loop order (module `board`), a sowing is one table lookup and one
//! lane-wise addition, the movable houses are a bit mask computed with SWAR,
//! and a random playout never builds a move list.
//!
//! Decisions where docs/src/rules.md is silent (each checked against Ludii's 150
//! recorded games where Ludii has an opinion):
//! - **Capture chain.** It walks back against the sowing from the last
//!   house and stops at the first house that is not an *opponent's* house
//!   holding 2 or 4; reaching the mover's own row ends it. So it never
//!   leaves the opponent's row, captures never happen in the mover's own
//!   row, and a chain never meets a house twice. Ludii agrees on all 150
//!   games; the readings "skip over own houses" and "own houses can be
//!   captured too" each contradict it on some recorded moves.
//! - **Lapping** (10 or more counters on the 5-house board). Counts are
//!   judged after the whole sowing; since the chain stays in the opponent's
//!   row, "the houses this sowing reached" are simply the opponent's houses
//!   from the last one back to the row's start (all were reached). 237
//!   Ludii moves lap and capture, all reproduced.
//! - **Lapping without `skip_origin`** (the default, as Ludii): the origin
//!   gets a counter on every lap, so exactly `2n` counters end in the
//!   origin itself (the mover's own house: no capture).
//! - **`skip_origin=true`** makes one lap `2n - 1` houses long: the origin
//!   stays empty however many laps, and a multiple of `2n - 1` counters
//!   ends in the last house before the origin (e.g. a2 for a1 clockwise).
//! - **Pass.** Legal only when the mover has no house with 2 or more and
//!   his opponent has one; when neither has, the game is over (Ludii plays
//!   two passes there, we play none).
//! - **Position text.** The row width must equal the rule option `houses`
//!   (an error naming `rows` otherwise: options are not part of the text, so
//!   they are not silently changed), and the counters on the board plus the
//!   taken ones must equal `2 * houses * counters`.
//! - **Zobrist** covers board, side to move and taken counts, not the ply
//!   (so positions differing only in how close they are to `max_plies`
//!   share a hash).

mod board;
mod moves;
mod position;
mod rules;
mod text;
mod zobrist;

pub use moves::{Direction, UmElBagaraMove};
pub use position::UmElBagara;
pub use rules::{UmElBagaraRules, MAX_COUNTERS, MAX_HOUSES, MIN_HOUSES};

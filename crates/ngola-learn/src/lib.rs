//! ngola for learning code: a fixed action space and a fixed-size
//! observation vector per game and rule set ([`Encode`]), and self-play
//! data generated on Rust threads ([`selfplay()`]), and many games stepped
//! at once against a fixed opponent for training loops ([`vector`]).
//!
//! Everything here is defined on top of the games of `ngola-rules` and the
//! agents of `ngola-agents`; it adds no rule of its own. The Python
//! bindings (`crates/ngola-py`) expose it as `Game.num_actions`,
//! `State.observation()`, `State.legal_actions()` and `ngola.selfplay`, and
//! the environments for PettingZoo, Gymnasium and OpenSpiel are built on
//! the same ids and observations.
//!
//! # Action ids
//! - **Kalah**: OpenSpiel's `mancala` ids (`2 * pits + 2` actions, the
//!   index of the emptied pit in OpenSpiel's board: `ak` is `k`, `bk` is
//!   `2 * pits + 2 - k`; the two store indices are never legal).
//! - **Oware**: OpenSpiel's `oware` ids (`houses` actions, relative to
//!   the mover: action `j` empties the mover's `j`-th house from his left).
//! - **Mangola**: `2 * columns` actions relative to the mover: action
//!   `r * columns + j` starts from the mover's outer row (`r = 0`; South
//!   `a`, North `d`) or inner row (`r = 1`; South `b`, North `c`), `j`-th
//!   hole from his left (South: column `j + 1`; North: column `columns - j`).
//! - **Um el-Bagara**: `houses + 2` actions relative to the mover, in the
//!   order of its legal-move list: his houses from his left, the middle
//!   house twice (clockwise `<`, then anticlockwise `>`), then `pass` (the
//!   last id).
//!
//! # Observations
//! A flat `f32` vector of fixed length per game and rules, from one
//! player's view (the side to move's, usually); see [`Encode::observe`] and
//! [`Encode::observation_fields`].

pub mod encode;
pub mod selfplay;
pub mod vector;

pub use encode::{Encode, ObservationField};
pub use selfplay::{selfplay, SelfPlayConfig, SelfPlayData, SelfPlayError};
pub use vector::{Batch, PlayAs, VecError, VecGames};

//! ngola's networks: the fixed action space and observation vector of
//! every game ([`Encode`]), the policy-and-value function that learned
//! agents consult a batch at a time ([`Evaluator`]), a small network on
//! candle that is one ([`Network`], saved as safetensors in the layout of
//! [`format`](mod@format)), its training step ([`Trainer`]), and the errors of all
//! of them ([`NnError`]).
//!
//! This crate knows the rules and nothing else of the workspace: agents
//! built on networks live in `ngola-agents`, self-play data in
//! `ngola-learn`.
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
mod error;
pub mod evaluator;
pub mod format;
pub mod inputs;
mod network;
mod trainer;

pub use encode::{Encode, ObservationField};
pub use error::NnError;
pub use evaluator::{Evaluator, Uniform};
pub use format::Header;
pub use inputs::Inputs;
pub use network::Network;
pub use trainer::{Loss, TrainBatch, TrainConfig, Trainer};

/// The tensor library the networks are built on (its `Tensor` and `Var`
/// appear in [`Network::forward`] and [`Network::vars`]).
pub use candle_core;

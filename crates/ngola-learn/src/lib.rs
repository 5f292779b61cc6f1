//! ngola for learning code: a fixed action space and a fixed-size
//! observation vector per game and rule set ([`Encode`]), and self-play
//! data generated on Rust threads ([`selfplay()`]), many games stepped
//! at once against a fixed opponent for training loops ([`vector`]), and
//! AlphaZero-style training by self-play ([`train()`]).
//!
//! Everything here is defined on top of the games of `ngola-rules` and the
//! agents of `ngola-agents`; it adds no rule of its own. The Python
//! bindings (`crates/ngola-py`) expose it as `Game.num_actions`,
//! `State.observation()`, `State.legal_actions()` and `ngola.selfplay`, and
//! the environments for PettingZoo, Gymnasium and OpenSpiel are built on
//! the same ids and observations.
//!
//! The action ids and observations are those of `ngola-nn` ([`Encode`],
//! re-exported here with its module [`encode`]).

pub use ngola_nn::encode;
pub mod selfplay;
pub mod train;
pub mod vector;

pub use ngola_nn::{Encode, ObservationField};
pub use selfplay::{selfplay, SelfPlayConfig, SelfPlayData, SelfPlayError};
pub use train::{train, Budget, TrainError, TrainSettings, Trained};
pub use vector::{Batch, PlayAs, VecError, VecGames};

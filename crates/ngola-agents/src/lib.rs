//! Game-playing agents, generic over [`ngola_rules::Game`].
//!
//! Every agent implements [`Agent`] and is built from a spec string
//! ([`AgentSpec`], e.g. `alphabeta:depth=8` or `mcts:sims=20000,c=1.4`):
//! [`random`], [`greedy`], [`alphabeta`], [`mcts`], the network-guided
//! [`az`] and the exact [`solver`]; beside them the proof-number [`prover`]. They play any game
//! implementing [`Evaluate`] (the four games of `ngola-rules` do, in
//! [`eval`]'s submodules). Stochastic agents draw
//! only from the RNG seeded at construction, so a game is reproducible
//! from its seed (unless an agent has a `time` budget).

pub mod agent;
pub mod alphabeta;
pub mod az;
pub mod bench;
pub mod build_error;
pub mod eval;
pub mod greedy;
pub mod limit;
pub mod mcts;
pub mod memory;
pub mod network;
pub mod play;
pub mod prover;
pub mod random;
pub mod resources;
pub mod rng;
pub mod score;
pub mod solver;
pub mod spec;
pub mod tablebase;

pub use agent::Agent;
pub use build_error::BuildError;
pub use eval::{EvalKind, Evaluate};
pub use limit::{move_budget, Clock, SearchLimit};
pub use resources::Resources;
pub use spec::{AgentSpec, SpecError};
pub use tablebase::Oracle;

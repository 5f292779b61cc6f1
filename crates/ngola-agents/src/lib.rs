//! Game-playing agents, generic over [`ngola_rules::Game`].
//!
//! Every agent implements [`Agent`] and is built from a spec string
//! ([`AgentSpec`], e.g. `alphabeta:depth=8` or `mcts:sims=20000,c=1.4`).
//! Stochastic agents draw only from the RNG seeded at construction, so a
//! game is reproducible from its seed.

pub mod agent;
pub mod eval;
pub mod random;
pub mod spec;

pub use agent::Agent;
pub use eval::Evaluate;
pub use spec::{AgentSpec, SpecError};

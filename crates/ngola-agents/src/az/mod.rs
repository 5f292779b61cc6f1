//! Network-guided Monte Carlo tree search (PUCT, as in AlphaZero).
//!
//! - Selection: `Q + c * P * sqrt(N) / (1 + n)`, where `P` is the
//!   network's prior of the move, `N` the visits of the parent and `n` of
//!   the child, and `Q` the child's mean value for the side to move in
//!   `[-1, 1]`; an unvisited child's `Q` is its parent's mean value (first-
//!   play urgency). Ties go to the earlier move of the legal-move list.
//! - Expansion and evaluation: a leaf is expanded at its first visit with
//!   priors the softmax of the network's logits over its legal moves, and
//!   the network's value is backed up. There are no rollouts; a finished
//!   game is scored by its result (+1, 0, -1) without the network.
//! - Batching: a simulation stops at the leaf that needs the network
//!   ([`Tree::descend`]) and goes on when its answer comes
//!   ([`Tree::expand`]), so [`run_batched`] searches many trees at once and
//!   sends one leaf of each to the evaluator in a single batch per round.
//!   Each tree's search depends on its own leaves alone: searching trees
//!   together or one at a time gives the same trees.
//! - The move: the most visited root move, ties to the higher prior, then
//!   to the earlier move. Nothing is random, so the agent plays the same
//!   game from the same position whatever its seed; self-play adds its
//!   randomness (root noise, temperature) from outside the tree.
//!
//! The agent (spec `az:net=PATH,sims=N,c=C`) searches a fresh tree at
//! every move.

pub mod batch;
pub mod tree;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ngola_nn::{Encode, Evaluator};

use crate::agent::Agent;
use crate::limit::SearchLimit;

pub use batch::{evaluate_leaves, run_batched, BatchScratch};
pub use tree::{Descent, RootChild, Tree};

/// The exploration constant of a spec that names none.
pub const DEFAULT_C: f64 = 1.5;

/// The simulations of a spec that names none.
pub const DEFAULT_SIMS: u32 = 200;

/// The most simulations a spec may ask for per move.
pub const MAX_SIMS: u32 = 10_000_000;

/// Bytes of tree one simulation may add at most: one expansion of up to
/// 64 children (the largest action space of the games' usual boards) of a
/// few dozen bytes each.
const BYTES_PER_SIM: u64 = 64 * 32;

/// The most memory (MiB, at least 1) a tree of `sims` simulations takes.
pub fn tree_mb(sims: u32) -> u64 {
    (u64::from(sims) * BYTES_PER_SIM).div_ceil(1 << 20).max(1)
}

/// Simulations run between two looks at the clock under a time limit.
const CLOCK_CHUNK: u32 = 8;

/// The parameters of the `az` agent (spec `az:net=PATH,sims=N,c=C`).
#[derive(Clone, Debug, PartialEq)]
pub struct AzConfig {
    /// The network's file (safetensors, as `ngola-nn` writes it).
    pub net: PathBuf,
    /// Simulations per move.
    pub sims: u32,
    /// The PUCT exploration constant.
    pub c: f64,
}

/// The `az` agent: a PUCT search guided by an [`Evaluator`].
pub struct AzAgent<G: Encode> {
    evaluator: Arc<dyn Evaluator<G>>,
    sims: u32,
    c: f32,
    name: String,
    trees: Vec<Tree<G>>,
    scratch: BatchScratch<G>,
}

impl<G: Encode> AzAgent<G> {
    /// An agent running `sims` simulations per move with constant `c`,
    /// asking `evaluator`; `name` is its canonical spec.
    pub fn new(evaluator: Arc<dyn Evaluator<G>>, sims: u32, c: f64, name: String) -> Self {
        AzAgent {
            evaluator,
            sims: sims.max(1),
            c: c as f32,
            name,
            trees: Vec::with_capacity(1),
            scratch: BatchScratch::default(),
        }
    }

    /// Searches `game` with at most `sims` simulations and until
    /// `deadline`, returning the tree. An evaluator that fails leaves the
    /// search where it stopped (its move is then the best so far, or the
    /// first legal move).
    pub fn search(&mut self, game: &G, sims: u32, deadline: Option<Instant>) -> &Tree<G> {
        match self.trees.first_mut() {
            Some(tree) => tree.reset(game.clone()),
            None => self.trees.push(Tree::new(game.clone(), self.c)),
        }
        let mut left = sims.max(1);
        while left > 0 {
            let chunk = if deadline.is_some() {
                left.min(CLOCK_CHUNK)
            } else {
                left
            };
            self.trees[0].add_budget(chunk);
            let done = run_batched(&mut self.trees, &*self.evaluator, &mut self.scratch);
            left -= chunk;
            if done.is_err() || deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
        }
        &self.trees[0]
    }
}

impl<G: Encode> Agent<G> for AzAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn select(&mut self, game: &G) -> G::Move {
        let sims = self.sims;
        self.search(game, sims, None).best_move()
    }

    fn select_limited(&mut self, game: &G, limit: &SearchLimit) -> G::Move {
        let sims = limit.nodes.map_or(self.sims, |n| {
            self.sims.min(n.clamp(1, u32::MAX as u64) as u32)
        });
        let deadline = limit.time.map(|t: Duration| Instant::now() + t);
        self.search(game, sims, deadline).best_move()
    }
}

#[cfg(test)]
mod tests;

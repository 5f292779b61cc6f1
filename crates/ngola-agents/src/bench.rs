//! Timed searches from a position, shared by `ngola bench search` and
//! `cargo bench -p ngola-agents`: each runs a warm-up search of a tenth of
//! the budget first, then times one search on a fresh searcher.

use std::time::Instant;

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig, MAX_DEPTH};
use crate::eval::{EvalKind, Evaluate};
use crate::mcts::{Mcts, MctsConfig};

/// One timed search.
#[derive(Debug, Clone)]
pub struct Timing {
    /// The search as a spec-like label, e.g. `mcts:sims=10000,c=1.4,solver=false`.
    pub label: String,
    /// Nodes (alpha-beta) or simulations (MCTS) done.
    pub work: u64,
    /// The unit of `work`: `nodes` or `sims`.
    pub unit: &'static str,
    /// Extra detail, e.g. the depth reached.
    pub detail: String,
    /// Wall time of the timed search.
    pub seconds: f64,
}

impl Timing {
    /// Work per second (0 if the search took no measurable time).
    pub fn per_second(&self) -> u64 {
        if self.seconds > 0.0 {
            (self.work as f64 / self.seconds).round() as u64
        } else {
            0
        }
    }
}

/// Alpha-beta by iterative deepening until `nodes` nodes, from `game`.
pub fn time_alphabeta<G: Evaluate>(game: &G, nodes: u64, eval: EvalKind) -> Timing {
    let config = AlphaBetaConfig {
        depth: MAX_DEPTH,
        nodes: Some(nodes),
        eval,
        ..AlphaBetaConfig::default()
    };
    AlphaBeta::<G>::new(AlphaBetaConfig {
        nodes: Some((nodes / 10).max(1)),
        ..config.clone()
    })
    .search(game);
    let mut searcher = AlphaBeta::<G>::new(config);
    let start = Instant::now();
    let info = searcher.search(game);
    let seconds = start.elapsed().as_secs_f64();
    Timing {
        label: format!("alphabeta:nodes={nodes},eval={eval}"),
        work: info.nodes,
        unit: "nodes",
        detail: format!("depth {}", info.depth),
        seconds,
    }
}

/// MCTS with `sims` simulations (one full random rollout each, fresh tree,
/// no reuse) and exploration constant `c`, from `game`.
pub fn time_mcts<G: Evaluate>(game: &G, sims: u64, c: f64, solver: bool, seed: u64) -> Timing {
    let config = MctsConfig {
        c,
        sims: Some(sims),
        solver,
        reuse: false,
        ..MctsConfig::default()
    };
    Mcts::<G>::new(
        MctsConfig {
            sims: Some((sims / 10).max(1)),
            ..config.clone()
        },
        seed,
    )
    .search(game);
    let mut mcts = Mcts::<G>::new(config, seed);
    let start = Instant::now();
    let info = mcts.search(game);
    let seconds = start.elapsed().as_secs_f64();
    Timing {
        label: format!("mcts:sims={sims},c={c},solver={solver}"),
        work: info.sims,
        unit: "sims",
        detail: String::new(),
        seconds,
    }
}

//! The solver as an agent, with its alpha-beta fallback.

use std::sync::Arc;
use std::time::Instant;

use super::{Solver, SolverConfig};
use crate::agent::Agent;
use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::eval::Evaluate;
use crate::limit::{SearchLimit, MIN_BUDGET};
use crate::memory::MemoryError;
use crate::tablebase::Oracle;

/// The depth of the alpha-beta search the solver agent falls back on when
/// the solver gives up on a position.
pub const FALLBACK_DEPTH: u32 = 8;

/// The solver as an agent: plays a best move by solving every position.
/// Where the solver gives up (no ply cap and a line past its limit), it
/// plays the move of an alpha-beta search of depth [`FALLBACK_DEPTH`].
/// Under a caller's limit (a clock's share, a UGI `go movetime`, `nodes`
/// or `depth`) the solver gets three quarters of it; if it does not finish,
/// the fallback searches by what is left of the limit (its depth then no
/// cap of its own), so the agent answers in time.
pub struct SolverAgent<G: Evaluate> {
    solver: Solver<G>,
    fallback: Option<AlphaBeta<G>>,
    tt_mb: u32,
    name: String,
    oracle: Option<Arc<dyn Oracle<G>>>,
}

impl<G: Evaluate> SolverAgent<G> {
    /// An agent with `config`; `name` is its canonical spec.
    ///
    /// # Panics
    /// If the machine cannot hold its table ([`SolverAgent::try_new`]).
    pub fn new(config: &SolverConfig, name: String) -> Self {
        SolverAgent::try_new(config, name, None).unwrap_or_else(|e| panic!("{e}"))
    }

    /// An agent with `config`, or an error naming the memory limit
    /// `memory` if its table does not fit (and, should the solver give up on a
    /// position, its alpha-beta fallback's table of the same size).
    pub fn try_new(
        config: &SolverConfig,
        name: String,
        memory: Option<crate::memory::MemoryLimit>,
    ) -> Result<Self, MemoryError> {
        crate::memory::check(memory, 2 * config.tt_mb as u64, || {
            format!("the two tables of {name} (solver, fallback)")
        })?;
        Ok(SolverAgent {
            solver: Solver::try_new(config, memory)?,
            fallback: None,
            tt_mb: config.tt_mb,
            name,
            oracle: None,
        })
    }

    /// The same agent whose solver (and alpha-beta fallback) take the
    /// exact values of the positions `oracle` covers.
    pub fn with_oracle(mut self, oracle: Arc<dyn Oracle<G>>) -> Self {
        self.solver = self.solver.with_oracle(oracle.clone());
        self.oracle = Some(oracle);
        self
    }

    /// The same agent whose solver gives up on lines longer than `plies`
    /// (see [`Solver::with_max_line_plies`]).
    pub fn with_max_line_plies(mut self, plies: u32) -> Self {
        self.solver = self.solver.with_max_line_plies(plies);
        self
    }
}

impl<G: Evaluate> Agent<G> for SolverAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn select(&mut self, game: &G) -> G::Move {
        if let Some(mv) = self.solver.solve(game).best {
            return mv;
        }
        self.fallback().search(game).best
    }

    fn select_limited(&mut self, game: &G, limit: &SearchLimit) -> G::Move {
        if limit.is_none() {
            return self.select(game);
        }
        let start = Instant::now();
        let share = SearchLimit {
            time: limit.time.map(|t| t * 3 / 4),
            nodes: limit.nodes.map(|n| n - n / 4),
            depth: limit.depth,
        };
        let solution = self.solver.solve_limited(game, &share);
        if let Some(mv) = solution.best {
            return mv;
        }
        let rest = SearchLimit {
            time: limit
                .time
                .map(|t| t.saturating_sub(start.elapsed()).max(MIN_BUDGET)),
            nodes: limit.nodes.map(|n| n.saturating_sub(solution.nodes).max(1)),
            depth: limit.depth,
        };
        self.fallback().search_limited(game, &rest).best
    }
}

impl<G: Evaluate> SolverAgent<G> {
    /// The alpha-beta fallback, made at its first use: depth
    /// [`FALLBACK_DEPTH`] with no limit, else the limit alone.
    fn fallback(&mut self) -> &mut AlphaBeta<G> {
        let tt_mb = self.tt_mb;
        let oracle = self.oracle.clone();
        self.fallback.get_or_insert_with(|| {
            let searcher = AlphaBeta::new(AlphaBetaConfig {
                depth: FALLBACK_DEPTH,
                tt_mb,
                auto: true,
                ..AlphaBetaConfig::default()
            });
            match oracle {
                Some(oracle) => searcher.with_oracle(oracle),
                None => searcher,
            }
        })
    }
}

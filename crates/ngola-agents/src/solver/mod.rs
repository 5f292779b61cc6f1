//! The exact solver: alpha-beta to the end of the game with a
//! transposition table, for boards small enough to solve.
//!
//! # Values
//! Scored games ([`Evaluate::SCORED`]: Kalah, Oware, Um el-Bagara): the
//! value is the result first, then the final margin (difference of
//! [`Game::totals`](ngola_rules::Game::totals), side to move's minus opponent's): the winner maximises
//! the margin, the loser minimises the loss. Unscored games (Mangola): the
//! result first, then the length, the winner winning as fast as he can
//! and the loser holding out as long as he can; the margin is reported as 0.
//!
//! # Cycles and the ply cap
//! Positions can recur in Mangola (seeds never leave the board) and in Um
//! el-Bagara and Oware between captures. The solver decides the game under
//! the rules as configured, ply cap included: a line that reaches the cap
//! ends there, scored as the game scores it (Mangola: a draw; Um el-Bagara:
//! as a natural end; Kalah and Oware: as their rules say). Because a
//! position's value then depends on how many plies are left, each table
//! entry records the height of the tree searched below it and whether some
//! line in it reached the cap: an entry whose lines all ended naturally is
//! reused at any ply from which its height stays below the cap; an entry
//! that touched the cap is reused only at the ply where it was found. So
//! the value is exact, and on games without reachable cycles (Kalah, small
//! Um el-Bagara) the table works as an ordinary one. Deciding a cyclic
//! position to the cap can be slow: `--rule max_plies=N` shortens it.
//!
//! With no cap (`max_plies=0`) a position repeating one on the current
//! line is scored a draw (margin 0), i.e. the value of the game in which
//! endless play is a draw. An entry whose value depended on a repetition
//! above its own position is not stored, except for a proven win or loss
//! of an unscored game, which no repetition can change (graph-game
//! argument: a proof tree of a win contains no repetition draw). For a
//! scored game without cap the reported value is exact when no repetition
//! was met (see [`Solution::repetitions`]).
//!
//! # Limits
//! [`Solver::solve_limited`] stops at a caller's time or node limit (the
//! [`Solution`] then says [`Solution::stopped`]) and treats a depth limit
//! as the longest line it follows. The [`SolverAgent`] under a limit gives
//! the solver three quarters of it and, when the solver did not finish,
//! plays its alpha-beta fallback's move within what is left, so it answers
//! in time on any board. Once a search stops or gives up, it stores
//! nothing more in the table: the entries it keeps are exact.
//!
//! Oware's repetition rule depends on the positions since the last capture
//! ([`Evaluate::PATH_HISTORY`]): the table key then adds a hash of the set of
//! positions on the current line since [`Game::totals`](ngola_rules::Game::totals) last changed. The
//! positions the root's history holds from before the search are common to
//! every position searched before the first capture, so the key stays exact
//! within one solve; the table is cleared between solves of such games.

mod agent;
mod search;
pub mod table;

pub use agent::{SolverAgent, FALLBACK_DEPTH};

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::eval::Evaluate;
use crate::limit::SearchLimit;
use crate::memory::MemoryError;
use crate::tablebase::Oracle;
use table::Table;

/// Default table size in MiB.
pub const DEFAULT_TT_MB: u32 = 64;

/// The stack of the thread the solver runs on (lines can be as long as the
/// ply cap, one frame per ply).
const SOLVER_STACK_BYTES: usize = 2 << 30;

/// The longest line the solver follows. Without a ply cap a line can run
/// for a very long time before a position repeats; past this the search
/// gives up (see [`Solution::too_deep`]) instead of overflowing its stack.
pub const MAX_LINE_PLIES: u32 = ngola_rules::MAX_GAME_PLIES;

/// A won game scores `BIG` (plus margin, or minus distance).
const BIG: i32 = 1 << 24;
/// Beyond every score.
const INF: i32 = BIG * 2;
/// Unscored games: scores within this of `BIG` carry a distance.
const MAX_PLIES: i32 = 1 << 20;

/// The solver's parameters (spec `solver:tt=..`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// Table size in MiB.
    pub tt_mb: u32,
    /// An endgame database whose exact values are leaves of the search
    /// (`tb=DIR`; used only for games without a ply cap).
    pub tb: Option<PathBuf>,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            tt_mb: DEFAULT_TT_MB,
            tb: None,
        }
    }
}

/// The exact value of a position and how it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// +1 the side to move wins, 0 draw, -1 loses, under perfect play.
    pub result: i32,
    /// Final margin (side to move's total minus the opponent's) under
    /// perfect play; 0 for unscored games.
    pub margin: i32,
    /// Plies to the end under perfect play, for unscored games (shortest
    /// win, longest loss); `None` for scored games and draws.
    pub plies: Option<u32>,
    /// A best move (`None` if the game is already over).
    pub best: Option<M>,
    /// A principal variation (best moves for both sides).
    pub pv: Vec<M>,
    /// Positions searched.
    pub nodes: u64,
    /// Repetitions met (only counted without ply cap, where they are draws).
    pub repetitions: u64,
    /// Wall-clock time of the search.
    pub time: Duration,
    /// The search met a line longer than [`MAX_LINE_PLIES`] (or the
    /// solver's own limit, [`Solver::with_max_line_plies`]) and gave up:
    /// the other fields mean nothing. Set a ply cap (`max_plies`) instead.
    pub too_deep: bool,
    /// The search reached the time or node limit of
    /// [`Solver::solve_limited`] before it finished: the other fields
    /// (but `nodes` and `time`) mean nothing.
    pub stopped: bool,
}

impl<M> Solution<M> {
    /// `win`, `draw` or `loss`.
    pub fn result_word(&self) -> &'static str {
        match self.result {
            1 => "win",
            -1 => "loss",
            _ => "draw",
        }
    }
}

/// What a search below a node reports besides the value.
#[derive(Copy, Clone)]
struct Found {
    value: i32,
    height: u32,
    capped: bool,
    /// The shallowest line index of a repetition used (no-cap mode only);
    /// `u32::MAX` if none.
    repetition_at: u32,
}

/// Where a node sits: its table key, its history hash, its ply below the root.
#[derive(Copy, Clone)]
struct At {
    key: u64,
    history: u64,
    ply: u32,
}

/// An exact solver that keeps its table between calls.
pub struct Solver<G: Evaluate> {
    tt: Table<G::Move>,
    nodes: u64,
    repetitions: u64,
    /// Keys of the positions on the current line, each with its index on
    /// the line (no-cap mode only; a key is on the line at most once).
    line: HashMap<u64, u32>,
    /// Set when a line ran past `max_line_plies`.
    too_deep: bool,
    /// The longest line followed ([`MAX_LINE_PLIES`] unless set).
    max_line_plies: u32,
    /// The endgame database, and whether it holds for the current solve.
    oracle: Option<Arc<dyn Oracle<G>>>,
    use_oracle: bool,
    /// The node limit of the current search, if any.
    node_limit: Option<u64>,
    /// The end of the current search's time, if any.
    deadline: Option<Instant>,
    /// Set when the current search reached its node limit or deadline.
    stopped: bool,
}

impl<G: Evaluate> Solver<G> {
    /// A solver with the given parameters.
    ///
    /// # Panics
    /// If the machine cannot hold its table; [`Solver::try_new`] reports
    /// that instead.
    pub fn new(config: &SolverConfig) -> Self {
        Solver::try_new(config, None).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A solver with the given parameters, or an error naming the memory
    /// limit `memory` if its table does not fit.
    pub fn try_new(
        config: &SolverConfig,
        memory: Option<crate::memory::MemoryLimit>,
    ) -> Result<Self, MemoryError> {
        Ok(Solver {
            tt: Table::try_new(config.tt_mb, memory)?,
            nodes: 0,
            repetitions: 0,
            line: HashMap::new(),
            too_deep: false,
            max_line_plies: MAX_LINE_PLIES,
            oracle: None,
            use_oracle: false,
            node_limit: None,
            deadline: None,
            stopped: false,
        })
    }

    /// The same solver taking the exact values of the positions `oracle`
    /// covers as leaves, only where they are the game's: under the
    /// database's rules with no ply cap ([`Oracle::covers_exactly`]); under a
    /// cap it solves without them.
    pub fn with_oracle(mut self, oracle: Arc<dyn Oracle<G>>) -> Self {
        self.oracle = Some(oracle);
        self
    }

    /// The same solver giving up on lines longer than `plies` (at most
    /// [`MAX_LINE_PLIES`], which the stack is sized for).
    pub fn with_max_line_plies(mut self, plies: u32) -> Self {
        self.max_line_plies = plies.min(MAX_LINE_PLIES);
        self
    }

    /// Solves `game` on a thread with a large stack.
    pub fn solve(&mut self, game: &G) -> Solution<G::Move> {
        let on_worker = std::thread::scope(|scope| {
            let worker = std::thread::Builder::new()
                .stack_size(SOLVER_STACK_BYTES)
                .spawn_scoped(scope, || self.solve_here(game))
                .ok()?;
            Some(match worker.join() {
                Ok(solution) => solution,
                Err(panic) => std::panic::resume_unwind(panic),
            })
        });
        // No thread to be had: solve on this one.
        on_worker.unwrap_or_else(|| self.solve_here(game))
    }

    /// Solves `game` (on a thread with a large stack) within `limit`: the
    /// search stops after `limit.time` or about `limit.nodes` positions
    /// ([`Solution::stopped`]), and gives up on lines longer than
    /// `limit.depth` plies ([`Solution::too_deep`]).
    pub fn solve_limited(&mut self, game: &G, limit: &SearchLimit) -> Solution<G::Move> {
        let max_line_plies = self.max_line_plies;
        if let Some(depth) = limit.depth {
            // A line of `depth` plies may end at ply `depth`.
            self.max_line_plies = max_line_plies.min(depth.saturating_add(1));
        }
        self.node_limit = limit.nodes;
        self.deadline = limit.time.map(|t| Instant::now() + t);
        let solution = self.solve(game);
        self.max_line_plies = max_line_plies;
        self.node_limit = None;
        self.deadline = None;
        solution
    }

    /// Solves `game` on the calling thread.
    pub fn solve_here(&mut self, game: &G) -> Solution<G::Move> {
        let start = Instant::now();
        self.nodes = 0;
        self.repetitions = 0;
        self.too_deep = false;
        self.stopped = false;
        self.line.clear();
        if G::PATH_HISTORY {
            self.tt.clear();
        }
        self.use_oracle = G::SCORED
            && self
                .oracle
                .as_ref()
                .is_some_and(|o| o.covers_exactly(game.rules()));
        let found = self.negamax(game, -INF, INF, 0, 0);
        let value = found.value;
        let mut solution = Solution {
            result: value.signum(),
            margin: 0,
            plies: None,
            best: None,
            pv: Vec::new(),
            nodes: self.nodes,
            repetitions: self.repetitions,
            time: Duration::ZERO,
            too_deep: self.too_deep,
            stopped: self.stopped,
        };
        if self.too_deep || self.stopped {
            solution.time = start.elapsed();
            return solution;
        }
        if G::SCORED {
            solution.result = if value >= BIG / 2 {
                1
            } else if value <= -BIG / 2 {
                -1
            } else {
                0
            };
            solution.margin = value - solution.result * BIG;
        } else if value != 0 {
            solution.plies = Some((BIG - value.abs()) as u32);
        }
        solution.pv = self.principal_variation(game);
        solution.best = solution.pv.first().copied();
        solution.time = start.elapsed();
        solution
    }
}

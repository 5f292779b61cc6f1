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

pub mod table;

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use ngola_rules::{EndReason, MoveList, Outcome, MAX_MOVES};

use crate::agent::Agent;
use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::eval::{EvalKind, Evaluate};
use crate::limit::{SearchLimit, MIN_BUDGET};
use crate::memory::MemoryError;
use crate::tablebase::Oracle;
use table::{Entry, Table, UNCAPPED};

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
        Solver::try_new(config).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A solver with the given parameters, or an error naming the memory
    /// limit if the machine cannot hold its table.
    pub fn try_new(config: &SolverConfig) -> Result<Self, MemoryError> {
        Ok(Solver {
            tt: Table::try_new(config.tt_mb)?,
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

    /// The table key of `game`, reached with `history` (the hash of the
    /// positions since the last capture on the line, or 0).
    fn key(game: &G, history: u64) -> u64 {
        game.zobrist() ^ history
    }

    /// The history hash of a child of `game` (whose own history hash is
    /// `history`): empty after a change of totals, else with `game` added.
    fn child_history(game: &G, key: u64, child: &G, history: u64) -> u64 {
        if !G::PATH_HISTORY || child.totals() != game.totals() {
            0
        } else {
            history.wrapping_add(mix(key))
        }
    }

    /// The score of a finished game for the side to move, `ply` plies below
    /// the root.
    fn terminal(game: &G, outcome: Outcome, ply: u32) -> i32 {
        let me = game.to_move();
        let sign = outcome.sign_for(me);
        if G::SCORED {
            let totals = game.totals();
            let margin = totals[me.index()] as i32 - totals[1 - me.index()] as i32;
            sign * BIG + margin
        } else {
            sign * (BIG - ply as i32)
        }
    }

    /// Root-relative score to node-relative (unscored games carry the
    /// distance from the root).
    fn to_node(value: i32, ply: u32) -> i32 {
        if !G::SCORED && value.abs() > BIG - MAX_PLIES && value.abs() <= BIG {
            value + value.signum() * ply as i32
        } else {
            value
        }
    }

    fn from_node(value: i32, ply: u32) -> i32 {
        if !G::SCORED && value.abs() > BIG - MAX_PLIES && value.abs() <= BIG {
            value - value.signum() * ply as i32
        } else {
            value
        }
    }

    /// May `entry` (found at some ply) be used at `ply`?
    fn usable(entry: &Entry<G::Move>, game: &G) -> bool {
        let ply = game.ply();
        if entry.capped_ply != UNCAPPED {
            return entry.capped_ply == ply;
        }
        match game.ply_cap() {
            Some(cap) => ply as u64 + (entry.height as u64) < cap as u64,
            None => true,
        }
    }

    /// True once the search has given up or stopped (its values from then
    /// on mean nothing).
    fn ended(&self) -> bool {
        self.too_deep || self.stopped
    }

    /// Has the search reached its node limit or deadline? (The clock is
    /// read every 1024 positions.)
    fn out_of_budget(&self) -> bool {
        self.node_limit.is_some_and(|limit| self.nodes >= limit)
            || self
                .deadline
                .is_some_and(|d| self.nodes & 1023 == 0 && Instant::now() >= d)
    }

    fn negamax(
        &mut self,
        game: &G,
        mut alpha: i32,
        mut beta: i32,
        ply: u32,
        history: u64,
    ) -> Found {
        let gave_up = Found {
            value: 0,
            height: 0,
            capped: true,
            repetition_at: u32::MAX,
        };
        if self.ended() {
            return gave_up;
        }
        if ply >= self.max_line_plies {
            self.too_deep = true;
            return gave_up;
        }
        if self.out_of_budget() {
            self.stopped = true;
            return gave_up;
        }
        self.nodes += 1;
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            let outcome = game.outcome().unwrap_or(Outcome::draw(EndReason::Natural));
            let at_cap = game.ply_cap().is_some_and(|cap| game.ply() >= cap);
            return Found {
                value: Self::terminal(game, outcome, ply),
                height: 0,
                capped: at_cap || outcome.reason == EndReason::PlyCap,
                repetition_at: u32::MAX,
            };
        }
        // A database's value holds for a position whose history is only
        // itself (Oware's repetition rule): at the root or after a capture.
        if ply > 0 && self.use_oracle && (!G::PATH_HISTORY || history == 0) {
            if let Some(m) = self.oracle.as_ref().and_then(|o| o.exact(game)) {
                return Found {
                    value: m.signum() * BIG + m,
                    height: 0,
                    capped: game.ply_cap().is_some(),
                    repetition_at: u32::MAX,
                };
            }
        }
        if !G::SCORED {
            // Distance pruning: from here the game ends one ply later at
            // the soonest, which bounds the value both ways.
            let soonest = BIG - (ply as i32 + 1);
            alpha = alpha.max(-soonest);
            beta = beta.min(soonest);
            if alpha >= beta {
                return Found {
                    value: alpha,
                    height: 0,
                    capped: false,
                    repetition_at: u32::MAX,
                };
            }
        }
        let key = Self::key(game, history);
        let no_cap = game.ply_cap().is_none();
        if no_cap {
            if let Some(&at) = self.line.get(&key) {
                self.repetitions += 1;
                return Found {
                    value: 0,
                    height: 0,
                    capped: false,
                    repetition_at: at,
                };
            }
            let index = self.line.len() as u32;
            self.line.insert(key, index);
        }
        let at = At { key, history, ply };
        let found = self.search_children(game, &moves, at, &mut alpha, &mut beta);
        if no_cap {
            self.line.remove(&key);
        }
        found
    }

    fn search_children(
        &mut self,
        game: &G,
        moves: &MoveList<G::Move>,
        at: At,
        alpha: &mut i32,
        beta: &mut i32,
    ) -> Found {
        let At { key, history, ply } = at;
        let mut tt_move = None;
        let mut known = (-INF, INF);
        let mut height = 0u32;
        let mut capped = false;
        if let Some(entry) = self.tt.probe(key) {
            tt_move = entry.best;
            if Self::usable(&entry, game) {
                let lower = Self::from_node(entry.lower, ply);
                let upper = Self::from_node(entry.upper, ply);
                height = entry.height;
                capped = entry.capped_ply != UNCAPPED;
                let hit = Found {
                    value: 0,
                    height,
                    capped,
                    repetition_at: u32::MAX,
                };
                if lower >= *beta || lower == upper {
                    return Found {
                        value: lower,
                        ..hit
                    };
                }
                if upper <= *alpha {
                    return Found {
                        value: upper,
                        ..hit
                    };
                }
                known = (lower, upper);
                *alpha = (*alpha).max(lower);
                *beta = (*beta).min(upper);
            }
        }
        let alpha_start = *alpha;

        let to_move = game.to_move();
        let mut children: ArrayVec<(G::Move, G), MAX_MOVES> = ArrayVec::new();
        let mut order: ArrayVec<(i32, u8), MAX_MOVES> = ArrayVec::new();
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = game.clone();
            child.play(mv);
            let key = if Some(mv) == tt_move {
                i32::MAX
            } else {
                // (All finished children tie with each other and rank above
                // or below every evaluation, as the solver needs.)
                crate::score::child_value(EvalKind::Heuristic, to_move, &child)
            };
            children.push((mv, child));
            order.push((key, i as u8));
        }
        order.sort_by_key(|&(key, _)| std::cmp::Reverse(key));

        let own = if G::PATH_HISTORY { game.zobrist() } else { 0 };
        let mut best = -INF;
        let mut best_move = None;
        let mut repetition_at = u32::MAX;
        for &(_, i) in &order {
            let (mv, ref child) = children[i as usize];
            let same_side = child.to_move() == to_move;
            let child_history = Self::child_history(game, own, child, history);
            let f = if same_side {
                self.negamax(child, *alpha, *beta, ply + 1, child_history)
            } else {
                let f = self.negamax(child, -*beta, -*alpha, ply + 1, child_history);
                Found {
                    value: -f.value,
                    ..f
                }
            };
            height = height.max(f.height.saturating_add(1));
            capped |= f.capped;
            repetition_at = repetition_at.min(f.repetition_at);
            if f.value > best {
                best = f.value;
                best_move = Some(mv);
            }
            if best > *alpha {
                *alpha = best;
            }
            if *alpha >= *beta || self.ended() {
                break;
            }
        }
        if self.ended() {
            // The values below this node mean nothing: store none.
            return Found {
                value: best,
                height,
                capped: true,
                repetition_at,
            };
        }

        // Bounds this search proved (fail-soft), joined with the table's.
        let (lower, upper) = if best >= *beta {
            (best.max(known.0), known.1)
        } else if best > alpha_start {
            (best, best)
        } else {
            (known.0, best.min(known.1))
        };

        // No-cap mode: a value that used a repetition above this position
        // holds only on this line; a proven win or loss of an unscored game
        // holds everywhere (see the module docs).
        let depends = repetition_at < self.line.len().saturating_sub(1) as u32;
        let stored = if !depends {
            Some((lower, upper))
        } else if G::SCORED {
            None
        } else if lower > 0 {
            Some((lower, INF))
        } else if upper < 0 {
            Some((-INF, upper))
        } else {
            None
        };
        if let Some((lower, upper)) = stored {
            self.tt.store(Entry {
                key,
                lower: Self::to_node(lower, ply),
                upper: Self::to_node(upper, ply),
                best: best_move,
                height,
                capped_ply: if capped { game.ply() } else { UNCAPPED },
            });
        }
        Found {
            value: best,
            height,
            capped,
            repetition_at,
        }
    }

    /// Best moves from the table, from `game` on, while they stay legal,
    /// the game goes on and no position repeats.
    fn principal_variation(&self, game: &G) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut pos = game.clone();
        let mut history = 0;
        let mut seen = HashSet::new();
        while pos.outcome().is_none() && pv.len() < 10_000 {
            let key = Self::key(&pos, history);
            if !seen.insert((key, pos.ply())) {
                break;
            }
            let Some(mv) = self.tt.probe(key).and_then(|e| e.best) else {
                break;
            };
            if pos.check_move(mv).is_err() {
                break;
            }
            let before = pos.clone();
            pos.play(mv);
            history = Self::child_history(&before, before.zobrist(), &pos, history);
            pv.push(mv);
        }
        pv
    }
}

/// A strong 64-bit mixer (SplitMix64's finaliser).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

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
        SolverAgent::try_new(config, name).unwrap_or_else(|e| panic!("{e}"))
    }

    /// An agent with `config`, or an error naming the memory limit if the
    /// machine cannot hold its table (and, should the solver give up on a
    /// position, its alpha-beta fallback's table of the same size).
    pub fn try_new(config: &SolverConfig, name: String) -> Result<Self, MemoryError> {
        crate::memory::check(2 * config.tt_mb as u64, || {
            format!("the two tables of {name} (solver, fallback)")
        })?;
        Ok(SolverAgent {
            solver: Solver::try_new(config)?,
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

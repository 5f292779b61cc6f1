//! The alpha-beta agent: negamax with principal-variation search,
//! iterative deepening and a transposition table.
//!
//! - Budget: a depth limit, a node limit, a time limit, or any mix (the
//!   first one reached stops the search). Depth and node limits make games
//!   reproducible; a time limit makes them depend on the machine's speed
//!   and load, so a game played with `time=` cannot be replayed exactly.
//!   A spec that names no budget (`depth=auto`, [`AlphaBetaConfig::auto`])
//!   searches to the default depth when the caller gives no limit, and by
//!   the caller's limit alone (a clock's share, a UGI `go movetime`,
//!   `nodes` or `depth`) when it gives one.
//! - Move ordering: the transposition table's move, then the two killer
//!   moves of the ply, then the rest by the static evaluation of the
//!   position each leads to (every child is played anyway to be searched,
//!   so this costs one evaluation per child; measured to cut the tree
//!   more than a history table would).
//! - Moves that leave the same player to move (Kalah's extra turn, a pass
//!   answered by a pass) are searched without negating the score.
//! - The table is keyed by [`Game::zobrist`](ngola_rules::Game::zobrist) alone. Where the rules make
//!   the future depend on the path (Oware's repetition rule, the ply cap),
//!   this is the usual approximation of game-playing programs; the exact
//!   solver ([`crate::solver`]) does not make it.

pub mod tt;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use ngola_rules::{MoveList, MAX_MOVES};

use crate::agent::Agent;
use crate::eval::{EvalKind, Evaluate};
use crate::limit::{tighter, SearchLimit};
use crate::memory::MemoryError;
use crate::score::{self, is_decisive, WIN};
use crate::tablebase::Oracle;
use tt::{from_table, Bound, Table};

/// The deepest iteration alpha-beta runs (plies).
pub const MAX_DEPTH: u32 = 100;

/// Default transposition-table size in MiB.
pub const DEFAULT_TT_MB: u32 = 16;

/// Alpha-beta's parameters (spec `alphabeta:depth=..,nodes=..,time=..,eval=..,tt=..`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlphaBetaConfig {
    /// The deepest iteration, in plies (1..=[`MAX_DEPTH`]).
    pub depth: u32,
    /// Stop after about this many nodes (checked at every node).
    pub nodes: Option<u64>,
    /// Stop after this much time (checked every 1024 nodes).
    pub time: Option<Duration>,
    /// The evaluation at the leaves (and of the children, to order moves).
    pub eval: EvalKind,
    /// A network whose value replaces `eval` at the leaves
    /// (`eval=net:PATH`, [`crate::network`]); `eval` still orders moves.
    pub net: Option<PathBuf>,
    /// Transposition-table size in MiB.
    pub tt_mb: u32,
    /// An endgame database whose exact values end the search at the
    /// positions it covers (`tb=DIR`).
    pub tb: Option<PathBuf>,
    /// The spec named no budget (`depth=auto`): `depth` serves only when
    /// the caller gives no limit; a caller's limit replaces it (and `nodes`
    /// and `time` are `None`). `false` in [`Default`]: its depth is a budget.
    pub auto: bool,
}

/// The depth of a spec that names no budget, searched when no caller's
/// limit replaces it.
pub const DEFAULT_DEPTH: u32 = 6;

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            depth: DEFAULT_DEPTH,
            nodes: None,
            time: None,
            eval: EvalKind::Heuristic,
            net: None,
            tt_mb: DEFAULT_TT_MB,
            tb: None,
            auto: false,
        }
    }
}

/// What one search found.
#[derive(Clone, Debug)]
pub struct SearchInfo<M> {
    /// The move to play.
    pub best: M,
    /// Its score for the side to move (see [`crate::score`]); 0 when the
    /// position has a single legal move, which is played unsearched.
    pub score: i32,
    /// The last iteration completed (or partly searched, if the budget ran
    /// out after its first move).
    pub depth: u32,
    /// Nodes visited in this search.
    pub nodes: u64,
    /// The principal variation, from the transposition table.
    pub pv: Vec<M>,
}

/// An alpha-beta searcher that keeps its table between searches.
pub struct AlphaBeta<G: Evaluate> {
    config: AlphaBetaConfig,
    tt: Table<G::Move>,
    killers: Vec<[Option<G::Move>; 2]>,
    nodes: u64,
    /// The node limit of the current search (spec and call together).
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    aborted: bool,
    /// The root's best move and score in the current iteration.
    root_best: Option<(G::Move, i32)>,
    /// The endgame database, and whether it holds for the current search.
    oracle: Option<Arc<dyn Oracle<G>>>,
    use_oracle: bool,
    /// The network whose value is the leaves' evaluation, if any.
    net: Option<Arc<ngola_nn::Network<G>>>,
}

impl<G: Evaluate> AlphaBeta<G> {
    /// A searcher with the given parameters.
    ///
    /// # Panics
    /// If the machine cannot hold its table; [`AlphaBeta::try_new`]
    /// reports that instead.
    pub fn new(config: AlphaBetaConfig) -> Self {
        AlphaBeta::try_new(config, None).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A searcher with the given parameters, or an error naming the
    /// memory limit `memory` if its table does not fit.
    pub fn try_new(
        config: AlphaBetaConfig,
        memory: Option<crate::memory::MemoryLimit>,
    ) -> Result<Self, MemoryError> {
        Ok(AlphaBeta {
            tt: Table::try_new(config.tt_mb, memory)?,
            killers: vec![[None; 2]; MAX_DEPTH as usize + 2],
            config,
            nodes: 0,
            node_limit: None,
            deadline: None,
            aborted: false,
            root_best: None,
            oracle: None,
            use_oracle: false,
            net: None,
        })
    }

    /// The same searcher evaluating its leaves by `net`'s value.
    pub fn with_network(mut self, net: Arc<ngola_nn::Network<G>>) -> Self {
        self.net = Some(net);
        self
    }

    /// The static value of `game` (not over) for its side to move.
    fn leaf_value(&self, game: &G) -> i32 {
        let by_net = self
            .net
            .as_ref()
            .and_then(|net| crate::network::value(net, game));
        score::clamp_eval(by_net.unwrap_or_else(|| self.config.eval.eval(game)))
    }

    /// The same searcher ending its lines at the positions `oracle`
    /// covers, scored by their exact values (under a ply cap, the values of
    /// the game without it: [`Oracle::covers_rules`]).
    pub fn with_oracle(mut self, oracle: Arc<dyn Oracle<G>>) -> Self {
        self.oracle = Some(oracle);
        self
    }

    /// The parameters.
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// Searches `game` (which must not be over) within the budget.
    pub fn search(&mut self, game: &G) -> SearchInfo<G::Move> {
        self.search_limited(game, &SearchLimit::NONE)
    }

    /// Searches `game` (which must not be over) within the budget and
    /// `limit`, whichever is reached first; with no budget of its own
    /// ([`AlphaBetaConfig::auto`]) and a `limit`, within `limit` alone.
    pub fn search_limited(&mut self, game: &G, limit: &SearchLimit) -> SearchInfo<G::Move> {
        let start = Instant::now();
        let own = if self.config.auto && !limit.is_none() {
            SearchLimit::NONE
        } else {
            SearchLimit {
                time: self.config.time,
                nodes: self.config.nodes,
                depth: Some(self.config.depth),
            }
        };
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = tighter(own.nodes, limit.nodes);
        self.deadline = tighter(own.time, limit.time).map(|t| start + t);
        let max_depth = tighter(own.depth, limit.depth)
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_DEPTH);
        self.use_oracle = self
            .oracle
            .as_ref()
            .is_some_and(|o| o.covers_rules(game.rules()));
        self.tt.new_search();
        for k in &mut self.killers {
            *k = [None; 2];
        }
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "search called on a finished game");
        let mut best = SearchInfo {
            best: moves[0],
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![moves[0]],
        };
        if moves.len() == 1 {
            return best;
        }
        for depth in 1..=max_depth {
            self.root_best = None;
            let value = self.negamax(game, depth as i32, 0, -WIN - 1, WIN + 1);
            if self.aborted {
                // The first root move searched is the previous best, so a
                // partly searched iteration's best is at least as informed.
                if let Some((mv, s)) = self.root_best {
                    best.best = mv;
                    best.score = s;
                    best.depth = depth;
                }
                break;
            }
            if let Some((mv, _)) = self.root_best {
                best.best = mv;
            }
            best.score = value;
            best.depth = depth;
            // A forced result within the horizon is final: iterative
            // deepening finds the shortest win first.
            if is_decisive(value) {
                break;
            }
        }
        best.nodes = self.nodes;
        best.pv = self.principal_variation(game, best.best, best.depth as usize + 4);
        best
    }

    /// A finished game's score; with a database, by its final margin as
    /// the database's positions are scored, so that both compare.
    fn terminal(&self, game: &G, outcome: ngola_rules::Outcome, ply: i32) -> i32 {
        if self.use_oracle && G::SCORED {
            let totals = game.totals();
            let me = game.to_move().index();
            score::exact_margin(totals[me] as i32 - totals[1 - me] as i32)
        } else {
            score::terminal(outcome, game.to_move(), ply)
        }
    }

    fn out_of_budget(&self) -> bool {
        if let Some(limit) = self.node_limit {
            if self.nodes >= limit {
                return true;
            }
        }
        if let Some(deadline) = self.deadline {
            if self.nodes & 1023 == 0 && Instant::now() >= deadline {
                return true;
            }
        }
        false
    }

    fn negamax(&mut self, game: &G, depth: i32, ply: i32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if ply > 0 && !self.aborted && self.out_of_budget() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if ply > 0 && self.use_oracle {
            if let Some(m) = self.oracle.as_ref().and_then(|o| o.exact(game)) {
                return score::exact_margin(m);
            }
        }
        let to_move = game.to_move();
        if depth <= 0 || ply as u32 >= MAX_DEPTH {
            return match game.outcome() {
                Some(outcome) => self.terminal(game, outcome, ply),
                None => self.leaf_value(game),
            };
        }
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return match game.outcome() {
                Some(outcome) => self.terminal(game, outcome, ply),
                None => 0,
            };
        }

        // Distance pruning: the game ends one ply later at the soonest.
        if ply > 0 {
            let soonest = WIN - (ply + 1);
            alpha = alpha.max(-soonest);
            beta = beta.min(soonest);
            if alpha >= beta {
                return alpha;
            }
        }

        let key = game.zobrist();
        let mut tt_move = None;
        if let Some(entry) = self.tt.probe(key) {
            tt_move = entry.best;
            if ply > 0 && entry.depth as i32 >= depth {
                let s = from_table(entry.score, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        // Play every child once; order by TT move, killers, then by the
        // child's static value for the mover (skipped just above the
        // leaves, where the children are evaluated anyway).
        let mut children: ArrayVec<(G::Move, G), MAX_MOVES> = ArrayVec::new();
        let mut order: ArrayVec<(i32, u8), MAX_MOVES> = ArrayVec::new();
        let killers = self.killers[ply as usize];
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = game.clone();
            child.play(mv);
            let key = if Some(mv) == tt_move {
                i32::MAX
            } else if Some(mv) == killers[0] {
                i32::MAX - 1
            } else if Some(mv) == killers[1] {
                i32::MAX - 2
            } else if depth >= 2 {
                score::child_value(self.config.eval, to_move, &child)
            } else {
                0
            };
            children.push((mv, child));
            order.push((key, i as u8));
        }
        // Stable: equal keys keep move-generation order (reproducible).
        order.sort_by_key(|&(key, _)| std::cmp::Reverse(key));

        let alpha_orig = alpha;
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        for (n, &(_, i)) in order.iter().enumerate() {
            let (mv, ref child) = children[i as usize];
            let same_side = child.to_move() == to_move;
            let search = |this: &mut Self, lo: i32, hi: i32| {
                if same_side {
                    this.negamax(child, depth - 1, ply + 1, lo, hi)
                } else {
                    -this.negamax(child, depth - 1, ply + 1, -hi, -lo)
                }
            };
            let s = if n == 0 {
                search(self, alpha, beta)
            } else {
                // Principal-variation search: prove the move worse with a
                // null window, search it fully only if it is not.
                let s = search(self, alpha, alpha + 1);
                if s > alpha && s < beta {
                    search(self, alpha, beta)
                } else {
                    s
                }
            };
            if self.aborted {
                return 0;
            }
            if s > best_score {
                best_score = s;
                best_move = Some(mv);
                if ply == 0 {
                    self.root_best = Some((mv, s));
                }
            }
            if s > alpha {
                alpha = s;
            }
            if alpha >= beta {
                let k = &mut self.killers[ply as usize];
                if k[0] != Some(mv) {
                    k[1] = k[0];
                    k[0] = Some(mv);
                }
                break;
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, best_score, depth.min(255) as u8, bound, ply);
        best_score
    }

    /// Follows the table's best moves from `game`, starting with `first`.
    fn principal_variation(&self, game: &G, first: G::Move, max_len: usize) -> Vec<G::Move> {
        let mut pv = vec![first];
        let mut pos = game.clone();
        pos.play(first);
        while pv.len() < max_len && pos.outcome().is_none() {
            let Some(mv) = self.tt.probe(pos.zobrist()).and_then(|e| e.best) else {
                break;
            };
            if pos.check_move(mv).is_err() {
                break;
            }
            pos.play(mv);
            pv.push(mv);
        }
        pv
    }
}

/// The alpha-beta agent (a searcher behind the [`Agent`] trait).
pub struct AlphaBetaAgent<G: Evaluate> {
    searcher: AlphaBeta<G>,
    name: String,
}

impl<G: Evaluate> AlphaBetaAgent<G> {
    /// An agent searching with `config`; `name` is its canonical spec.
    ///
    /// # Panics
    /// If the machine cannot hold its table ([`AlphaBetaAgent::try_new`]).
    pub fn new(config: AlphaBetaConfig, name: String) -> Self {
        AlphaBetaAgent::try_new(config, name, None).unwrap_or_else(|e| panic!("{e}"))
    }

    /// An agent searching with `config`, or an error naming the memory
    /// limit `memory` if its table does not fit.
    pub fn try_new(
        config: AlphaBetaConfig,
        name: String,
        memory: Option<crate::memory::MemoryLimit>,
    ) -> Result<Self, MemoryError> {
        Ok(AlphaBetaAgent {
            searcher: AlphaBeta::try_new(config, memory)?,
            name,
        })
    }

    /// The same agent evaluating its leaves by `net` (see
    /// [`AlphaBeta::with_network`]).
    pub fn with_network(mut self, net: Arc<ngola_nn::Network<G>>) -> Self {
        self.searcher = self.searcher.with_network(net);
        self
    }

    /// The same agent using `oracle`'s exact values (see
    /// [`AlphaBeta::with_oracle`]).
    pub fn with_oracle(mut self, oracle: Arc<dyn Oracle<G>>) -> Self {
        self.searcher = self.searcher.with_oracle(oracle);
        self
    }
}

impl<G: Evaluate> Agent<G> for AlphaBetaAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn select(&mut self, game: &G) -> G::Move {
        self.searcher.search(game).best
    }

    fn select_limited(&mut self, game: &G, limit: &SearchLimit) -> G::Move {
        self.searcher.search_limited(game, limit).best
    }
}

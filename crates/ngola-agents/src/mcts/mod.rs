//! Monte Carlo tree search: UCT with random rollouts, MCTS-Solver and tree
//! reuse.
//!
//! - Selection: UCT, `Q + c * sqrt(ln N / n)` with rewards in `[0, 1]`
//!   (1 win, 0.5 draw, 0 loss), unvisited children first in an order
//!   shuffled at expansion.
//! - Expansion: a leaf gets all its children at its second visit (its
//!   first visit is a rollout), so the tree holds about one expanded node
//!   per simulation. Past [`MAX_TREE_NODES`] nodes the tree stops growing
//!   and simulations go on from its leaves.
//! - Rollouts: uniformly random moves with [`Game::play_random`] to the end
//!   (`rollout=full`, at most [`MAX_ROLLOUT_PLIES`]), or cut off after `k`
//!   plies (`rollout=k`) and scored by the evaluation through a logistic
//!   (`1 / (1 + e^(-v / EVAL_SCALE))`).
//!   `rollout=0` scores the new leaf by the evaluation alone.
//! - MCTS-Solver (`solver=true`, Winands, Björnsson and Saito 2008):
//!   finished games are proven results; a node with a child proven won for
//!   its mover is proven won, a node whose children are all proven takes
//!   the best of them (draws included). Proven-lost children are never
//!   selected, simulations stop at proven nodes, and the search ends as
//!   soon as the root is proven.
//! - Tree reuse (`reuse=true`): the subtree of the position actually
//!   reached is kept, found either through [`Agent::observe`] or, at the
//!   next `select`, by looking up to four plies below the old root.
//! - Budget: `sims` simulations or `time`, whichever comes first. With a
//!   `sims` budget a game is reproducible from the seed; a `time` budget
//!   depends on the machine's speed and load. A spec that names no budget
//!   (`sims=auto`, [`MctsConfig::auto`]) runs the default simulations when
//!   the caller gives no limit, and by the caller's time or simulation
//!   limit alone (a clock's share, a UGI `go movetime` or `nodes`) when it
//!   gives one.
//!
//! A simulation allocates nothing: the position is copied into a scratch
//! value with `clone_from`, the path and move list are reused buffers, and
//! nodes live in one `Vec` with index links.

pub mod tree;

use std::time::{Duration, Instant};

use ngola_rules::{Game, MoveList, Outcome, Player};
use rand::Rng;

use crate::agent::Agent;
use crate::eval::{EvalKind, Evaluate};
use crate::limit::{tighter, SearchLimit};
use crate::rng::FastRng;
use tree::{compact_into, proven_for, Node, DRAW, LOSS, UNKNOWN, WIN};

/// The tree stops growing at this many nodes (16 bytes each: 128 MiB).
pub const MAX_TREE_NODES: usize = 1 << 23;

/// The most memory (MiB) the tree's vector takes: its nodes, and as much
/// again while it grows.
pub const MAX_TREE_MB: u64 = 2 * ((MAX_TREE_NODES as u64 * 16) >> 20);

/// The longest rollout, in plies: a full rollout (`rollout=full`) still
/// going then is scored by the evaluation, as a cut-off one is, so that a
/// simulation ends under rules where a game need not (Mangola with
/// `endless_sowing=stop` and no ply cap). `rollout=k` takes k up to this.
pub const MAX_ROLLOUT_PLIES: u32 = 10_000;

/// How deep below the old root `select` looks for the new position.
const REUSE_SEARCH_PLIES: usize = 4;

/// The most tree nodes a search reserves room for before it starts
/// (4 Mi nodes, 64 MiB of Kalah nodes); a larger tree grows as it needs.
pub const RESERVED_NODES: usize = 1 << 22;

/// MCTS's parameters (spec `mcts:sims=..,time=..,c=..,solver=..,rollout=..,eval=..,reuse=..`).
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Simulations per move.
    pub sims: Option<u64>,
    /// Time per move.
    pub time: Option<Duration>,
    /// The UCT exploration constant.
    pub c: f64,
    /// MCTS-Solver on or off.
    pub solver: bool,
    /// Rollout plies before the evaluation scores it; `None` plays to the end.
    pub rollout: Option<u32>,
    /// The evaluation that scores cut-off rollouts.
    pub eval: EvalKind,
    /// Keep the relevant subtree between moves.
    pub reuse: bool,
    /// An endgame database: a position it covers is proven by its exact
    /// value when first reached, instead of rolled out (`tb=DIR`).
    pub tb: Option<std::path::PathBuf>,
    /// The spec named no budget (`sims=auto`): `sims` serves only when the
    /// caller gives no time or simulation limit; such a limit replaces it
    /// (and `time` is `None`). `false` in [`Default`]: its sims are a budget.
    pub auto: bool,
}

/// The simulations of a spec that names no budget, run when no caller's
/// limit replaces them.
pub const DEFAULT_SIMS: u64 = 10_000;

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            sims: Some(DEFAULT_SIMS),
            time: None,
            c: 1.4,
            solver: true,
            rollout: None,
            eval: EvalKind::Heuristic,
            reuse: true,
            tb: None,
            auto: false,
        }
    }
}

/// What one search found.
#[derive(Clone, Debug)]
pub struct MctsInfo<M> {
    /// The move to play.
    pub best: M,
    /// Simulations run in this search.
    pub sims: u64,
    /// Visits of the root after the search (includes reused ones).
    pub root_visits: u32,
    /// Mean reward of the chosen move for the mover.
    pub value: f64,
    /// The root's proven result for the side to move, if proven:
    /// `Some(1)` win, `Some(0)` draw, `Some(-1)` loss.
    pub proven: Option<i32>,
    /// Nodes in the tree.
    pub tree_nodes: usize,
}

/// A Monte Carlo tree searcher.
pub struct Mcts<G: Evaluate> {
    config: MctsConfig,
    rng: FastRng,
    nodes: Vec<Node<G::Move>>,
    spare: Vec<Node<G::Move>>,
    root_state: Option<G>,
    scratch: Option<G>,
    path: Vec<u32>,
    /// The endgame database, and whether it holds for the current search.
    oracle: Option<std::sync::Arc<dyn crate::tablebase::Oracle<G>>>,
    use_oracle: bool,
}

impl<G: Evaluate> Mcts<G> {
    /// A searcher with `config`, drawing from an RNG seeded with `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        Mcts {
            config,
            rng: FastRng::new(seed),
            nodes: Vec::new(),
            spare: Vec::new(),
            root_state: None,
            scratch: None,
            path: Vec::with_capacity(256),
            oracle: None,
            use_oracle: false,
        }
    }

    /// The parameters.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The same searcher proving the positions `oracle` covers by their
    /// exact values when it first reaches them (under a ply cap, the values
    /// of the game without it: [`Oracle::covers_rules`](crate::tablebase::Oracle::covers_rules)).
    pub fn with_oracle(mut self, oracle: std::sync::Arc<dyn crate::tablebase::Oracle<G>>) -> Self {
        self.oracle = Some(oracle);
        self
    }

    /// Searches `game` (which must not be over) within the budget.
    pub fn search(&mut self, game: &G) -> MctsInfo<G::Move> {
        self.search_limited(game, &SearchLimit::NONE)
    }

    /// Searches `game` (which must not be over) within the budget and
    /// `limit`, whichever is reached first: `limit.nodes` counts
    /// simulations, `limit.depth` stops the search once a simulation has
    /// descended that many plies into the tree. With no budget of its own
    /// ([`MctsConfig::auto`]), a `limit` with a time or simulations
    /// replaces the default simulations (a depth alone need not stop a
    /// search, so it does not).
    pub fn search_limited(&mut self, game: &G, limit: &SearchLimit) -> MctsInfo<G::Move> {
        let start = Instant::now();
        self.use_oracle = self
            .oracle
            .as_ref()
            .is_some_and(|o| o.covers_rules(game.rules()));
        self.set_root(game);
        let mut sims = 0u64;
        let by_limit = self.config.auto && (limit.time.is_some() || limit.nodes.is_some());
        let own_sims = if by_limit { None } else { self.config.sims };
        let max_sims = tighter(own_sims, limit.nodes).unwrap_or(u64::MAX);
        self.reserve_for(game, max_sims);
        let deadline = tighter(self.config.time, limit.time).map(|t| start + t);
        // The tree path holds the root: a path of d + 1 nodes is d plies.
        let max_path = limit.depth.map(|d| d as usize + 1);
        while sims < max_sims {
            if let Some(d) = deadline {
                if sims & 63 == 0 && Instant::now() >= d {
                    break;
                }
            }
            if self.config.solver && self.nodes[0].proven() != UNKNOWN {
                break;
            }
            self.simulate();
            sims += 1;
            if max_path.is_some_and(|max| self.path.len() >= max) {
                break;
            }
        }
        self.info(sims)
    }

    /// Reserves room for the nodes `sims` simulations can add (each expands
    /// one node into about as many children as the root has moves), up to
    /// [`RESERVED_NODES`]. Grown by doubling instead, the tree would be
    /// copied at every step and every page touched twice; in this machine's
    /// profile of a 200,000-simulation Kalah search, the kernel zeroing the
    /// pages of the growing tree was a fifth of the time. Reserved pages that
    /// the search never reaches cost no memory.
    fn reserve_for(&mut self, game: &G, sims: u64) {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let wanted = usize::try_from(sims)
            .unwrap_or(usize::MAX)
            .saturating_mul(moves.len().max(1))
            .saturating_add(1)
            .min(RESERVED_NODES);
        // Only an optimisation: where the address space is short (a
        // `ulimit -v`), the tree grows as it needs instead.
        let _ = self
            .nodes
            .try_reserve(wanted.saturating_sub(self.nodes.len()));
    }

    /// Puts `game` at the root, keeping the matching subtree if any.
    fn set_root(&mut self, game: &G) {
        if self.config.reuse {
            // A node proven by the database before it was expanded has no
            // children to search: such a root starts afresh.
            let found = self
                .find_in_tree(game)
                .filter(|&i| self.nodes[i].is_expanded() || self.nodes[i].proven() == UNKNOWN);
            if let Some(index) = found {
                if index != 0 {
                    compact_into(&self.nodes, index, &mut self.spare);
                    std::mem::swap(&mut self.nodes, &mut self.spare);
                }
                self.root_state = Some(game.clone());
                return;
            }
        }
        self.nodes.clear();
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "search called on a finished game");
        self.nodes
            .push(Node::new(moves[0], game.to_move().opponent()));
        self.root_state = Some(game.clone());
    }

    /// The node of the current tree whose position is `game`, looking
    /// through expanded nodes up to a few plies below the root.
    fn find_in_tree(&self, game: &G) -> Option<usize> {
        let root = self.root_state.as_ref()?;
        if self.nodes.is_empty() {
            return None;
        }
        let key = game.zobrist();
        // Same hash, then same text (the hash may collide); callers check
        // the ply first.
        let text = game.to_string();
        let same = |pos: &G| pos.zobrist() == key && pos.to_string() == text;
        let mut frontier = vec![(0usize, root.clone())];
        for _ in 0..=REUSE_SEARCH_PLIES {
            let mut next = Vec::new();
            for (index, pos) in frontier {
                if pos.ply() == game.ply() && same(&pos) {
                    return Some(index);
                }
                let node = &self.nodes[index];
                if !node.is_expanded() || pos.ply() >= game.ply() {
                    continue;
                }
                for child in node.children() {
                    let mut p = pos.clone();
                    p.play(self.nodes[child].mv);
                    next.push((child, p));
                }
            }
            frontier = next;
        }
        None
    }

    /// Re-roots the tree at the child reached by `mv` from `before`, if
    /// `before` is the root's position and that child exists.
    pub fn advance(&mut self, before: &G, mv: G::Move) {
        let Some(root) = &self.root_state else {
            return;
        };
        if !self.config.reuse
            || root.zobrist() != before.zobrist()
            || root.ply() != before.ply()
            || self.nodes.is_empty()
        {
            return;
        }
        let node = self.nodes[0];
        if !node.is_expanded() {
            return;
        }
        let Some(child) = node.children().find(|&c| self.nodes[c].mv == mv) else {
            return;
        };
        let mut next = before.clone();
        next.play(mv);
        compact_into(&self.nodes, child, &mut self.spare);
        std::mem::swap(&mut self.nodes, &mut self.spare);
        self.root_state = Some(next);
    }

    fn info(&self, sims: u64) -> MctsInfo<G::Move> {
        let root = &self.nodes[0];
        // The root's position says who moves: after a reused extra-turn
        // move the root node's mover is the same player, not the other.
        let to_move = self
            .root_state
            .as_ref()
            .map_or(1 - root.mover(), |game| game.to_move().index() as u8);
        let children = root.children();
        let pick = |filter: &dyn Fn(&Node<G::Move>) -> bool| {
            children
                .clone()
                .filter(|&i| filter(&self.nodes[i]))
                .max_by_key(|&i| (self.nodes[i].visits, std::cmp::Reverse(i)))
        };
        let best = pick(&|n| n.proven() == WIN)
            .or_else(|| pick(&|n| n.proven() != LOSS))
            .or_else(|| pick(&|_| true));
        let (best_move, value) = match best {
            Some(i) => {
                let n = &self.nodes[i];
                let value = match n.proven() {
                    WIN => 1.0,
                    DRAW => 0.5,
                    LOSS => 0.0,
                    _ => n.mean as f64,
                };
                (n.mv, value)
            }
            None => (root.mv, 0.5),
        };
        let proven = match proven_for(root.proven(), root.mover(), to_move) {
            WIN => Some(1),
            DRAW => Some(0),
            LOSS => Some(-1),
            _ => None,
        };
        MctsInfo {
            best: best_move,
            sims,
            root_visits: root.visits,
            value,
            proven,
            tree_nodes: self.nodes.len(),
        }
    }

    /// One simulation: select, expand, roll out, back up.
    fn simulate(&mut self) {
        let Some(root_state) = self.root_state.as_ref() else {
            return;
        };
        // The scratch position is taken out of `self` for the simulation
        // (a move, no copy) and put back after.
        let mut state = match self.scratch.take() {
            Some(mut s) => {
                s.clone_from(root_state);
                s
            }
            None => root_state.clone(),
        };
        self.path.clear();
        self.path.push(0);
        let mut index = 0usize;
        let solver = self.config.solver;
        let reward_south: f64;
        loop {
            let node = self.nodes[index];
            if node.is_terminal() || (solver && node.proven() != UNKNOWN) {
                reward_south = proven_reward_south(node.proven(), node.mover());
                break;
            }
            if !node.is_expanded() {
                if index != 0 && node.visits == 0 && self.use_oracle {
                    if let Some(m) = self.oracle.as_ref().and_then(|o| o.exact(&state)) {
                        // The value is the side to move's; the node keeps
                        // its mover's result.
                        let m = if state.to_move().index() == node.mover() as usize {
                            m
                        } else {
                            -m
                        };
                        let result = match m.signum() {
                            1 => WIN,
                            -1 => LOSS,
                            _ => DRAW,
                        };
                        self.nodes[index].set_proven(result);
                        reward_south = proven_reward_south(result, node.mover());
                        break;
                    }
                }
                if index != 0 && node.visits == 0 {
                    reward_south = rollout(
                        &mut state,
                        &mut self.rng,
                        &self.config,
                        &mut self.nodes[index],
                    );
                    break;
                }
                let mut moves = MoveList::new();
                state.legal_moves(&mut moves);
                if moves.is_empty() {
                    reward_south = mark_terminal(&state, &mut self.nodes[index]);
                    break;
                }
                if self.nodes.len() + moves.len() > MAX_TREE_NODES {
                    reward_south = rollout(
                        &mut state,
                        &mut self.rng,
                        &self.config,
                        &mut self.nodes[index],
                    );
                    break;
                }
                // Shuffle once, so "first unvisited child" is a uniform draw.
                for i in (1..moves.len()).rev() {
                    moves.swap(i, self.rng.random_range(0..=i));
                }
                let mover = state.to_move();
                let first = self.nodes.len() as u32;
                self.nodes
                    .extend(moves.iter().map(|&mv| Node::new(mv, mover)));
                self.nodes[index].set_children(first, moves.len() as u8);
            }
            index = self.select_child(index);
            state.play(self.nodes[index].mv);
            self.path.push(index as u32);
        }
        self.scratch = Some(state);
        self.backup(reward_south);
    }

    /// The UCT choice among the children of `index` (in `f32`: the
    /// choice needs no more precision, and it is the hot loop).
    #[inline]
    fn select_child(&self, index: usize) -> usize {
        let node = &self.nodes[index];
        let children = node.children();
        let explore = self.config.c as f32 * (node.visits.max(1) as f32).ln().sqrt();
        let skip_lost = self.config.solver;
        let mut best = children.start;
        let mut best_score = f32::NEG_INFINITY;
        for i in children {
            let child = &self.nodes[i];
            if child.visits == 0 {
                return i;
            }
            if skip_lost && child.proven() == LOSS {
                continue;
            }
            let score = child.mean + explore / (child.visits as f32).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Adds the reward along the path and propagates proofs.
    fn backup(&mut self, reward_south: f64) {
        let south = reward_south as f32;
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            let reward = if node.mover() == 0 {
                south
            } else {
                1.0 - south
            };
            node.add(reward);
        }
        if !self.config.solver {
            return;
        }
        // Walk up from the leaf while each step proves the parent.
        for k in (1..self.path.len()).rev() {
            let child = self.nodes[self.path[k] as usize];
            if child.proven() == UNKNOWN {
                break;
            }
            let parent_index = self.path[k - 1] as usize;
            let parent = self.nodes[parent_index];
            if parent.proven() != UNKNOWN {
                break;
            }
            // The children's mover is the player to move at the parent.
            let player = child.mover();
            let result = if child.proven() == WIN {
                WIN
            } else {
                let mut best = LOSS;
                let mut all = true;
                for c in parent.children() {
                    match self.nodes[c].proven() {
                        UNKNOWN => {
                            all = false;
                            break;
                        }
                        WIN => best = WIN,
                        DRAW if best == LOSS => best = DRAW,
                        _ => {}
                    }
                }
                if !all {
                    break;
                }
                best
            };
            self.nodes[parent_index].set_proven(proven_for(result, player, parent.mover()));
        }
    }
}

/// South's reward for a result proven for `mover`.
#[inline]
fn proven_reward_south(proven: u8, mover: u8) -> f64 {
    let for_mover = match proven {
        WIN => 1.0,
        LOSS => 0.0,
        _ => 0.5,
    };
    if mover == 0 {
        for_mover
    } else {
        1.0 - for_mover
    }
}

/// South's reward for a finished game.
#[inline]
fn outcome_reward_south(outcome: Outcome) -> f64 {
    outcome.score_for(Player::South)
}

/// Records that `node`'s position (`state`) is a finished game.
fn mark_terminal<G: Game, M: Copy>(state: &G, node: &mut Node<M>) -> f64 {
    let outcome = state
        .outcome()
        .unwrap_or(Outcome::draw(ngola_rules::EndReason::Natural));
    let mover = Player::from_index(node.mover() as usize);
    node.set_terminal(match outcome.sign_for(mover) {
        1 => WIN,
        -1 => LOSS,
        _ => DRAW,
    });
    outcome_reward_south(outcome)
}

/// Plays the rollout from `state` (the position of `node`, visited for the
/// first time) and returns South's reward.
#[inline]
fn rollout<G: Evaluate, M: Copy>(
    state: &mut G,
    rng: &mut FastRng,
    config: &MctsConfig,
    node: &mut Node<M>,
) -> f64 {
    let limit = config
        .rollout
        .unwrap_or(MAX_ROLLOUT_PLIES)
        .min(MAX_ROLLOUT_PLIES);
    let mut plies = 0u32;
    while plies < limit {
        if state.play_random(rng).is_none() {
            if plies == 0 {
                return mark_terminal(state, node);
            }
            return state.outcome().map_or(0.5, outcome_reward_south);
        }
        plies += 1;
    }
    if let Some(outcome) = state.outcome() {
        if plies == 0 {
            return mark_terminal(state, node);
        }
        return outcome_reward_south(outcome);
    }
    let value = config.eval.eval(state) as f64 / G::EVAL_SCALE;
    let p = 1.0 / (1.0 + (-value).exp());
    if state.to_move() == Player::South {
        p
    } else {
        1.0 - p
    }
}

/// The MCTS agent (a searcher behind the [`Agent`] trait).
pub struct MctsAgent<G: Evaluate> {
    searcher: Mcts<G>,
    name: String,
}

impl<G: Evaluate> MctsAgent<G> {
    /// An agent searching with `config` and an RNG seeded with `seed`;
    /// `name` is its canonical spec.
    pub fn new(config: MctsConfig, seed: u64, name: String) -> Self {
        MctsAgent {
            searcher: Mcts::new(config, seed),
            name,
        }
    }

    /// The same agent using `oracle`'s exact values (see
    /// [`Mcts::with_oracle`]).
    pub fn with_oracle(mut self, oracle: std::sync::Arc<dyn crate::tablebase::Oracle<G>>) -> Self {
        self.searcher = self.searcher.with_oracle(oracle);
        self
    }
}

impl<G: Evaluate> Agent<G> for MctsAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn select(&mut self, game: &G) -> G::Move {
        self.searcher.search(game).best
    }

    fn select_limited(&mut self, game: &G, limit: &SearchLimit) -> G::Move {
        self.searcher.search_limited(game, limit).best
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        self.searcher.advance(before, mv);
    }
}

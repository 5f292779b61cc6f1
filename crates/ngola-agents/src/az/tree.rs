//! One PUCT search tree: nodes in one `Vec` with index links (as in
//! [`crate::mcts::tree`]), a simulation split in two halves so that many
//! trees can hand their leaves to one batched evaluation: [`Tree::descend`]
//! walks to a leaf that needs the network, [`Tree::expand`] takes the
//! network's answer for it and backs the value up.

use ngola_nn::Encode;
use ngola_rules::{MoveList, Outcome, Player};

/// Node state: children not yet created.
const FRESH: u8 = 0;
/// Node state: children created, priors set.
const EXPANDED: u8 = 1;
/// Node state: the position is a finished game.
const TERMINAL: u8 = 2;

/// One node: the move into it, its prior and its statistics.
#[derive(Copy, Clone, Debug)]
pub struct Node<M> {
    /// The policy's probability of the move into this node.
    pub prior: f32,
    /// Sum of backed-up values, for the player who moved into the node.
    pub value_sum: f32,
    /// Simulations through this node.
    pub visits: u32,
    /// Index of the first child (valid once expanded).
    first_child: u32,
    /// The move that leads here (unused at the root).
    pub mv: M,
    /// Number of children.
    n_children: u8,
    /// [`Player::index`] of the player who moved into the node.
    mover: u8,
    /// [`FRESH`], [`EXPANDED`] or [`TERMINAL`].
    state: u8,
    /// A terminal node's value for the mover (+1, 0, -1).
    terminal: i8,
}

impl<M: Copy> Node<M> {
    fn new(mv: M, mover: Player, prior: f32) -> Node<M> {
        Node {
            prior,
            value_sum: 0.0,
            visits: 0,
            first_child: 0,
            mv,
            n_children: 0,
            mover: mover.index() as u8,
            state: FRESH,
            terminal: 0,
        }
    }

    /// The mean value for the player who moved into the node (0 unvisited).
    #[inline]
    pub fn q(&self) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            self.value_sum / self.visits as f32
        }
    }

    /// The range of the children's indices (empty until expanded).
    #[inline]
    pub fn children(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.n_children as usize
    }

    /// The position of this node is a finished game.
    #[inline]
    pub fn is_terminal(&self) -> bool {
        self.state == TERMINAL
    }
}

/// What [`Tree::descend`] left the tree waiting for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Descent {
    /// A leaf needs the network: [`Tree::leaf`] is its position, and
    /// [`Tree::expand`] must be called next.
    Leaf,
    /// The simulation budget is spent (some simulations may have ended in
    /// finished games, which need no network).
    Done,
}

/// One move's statistics at the root.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RootChild<M> {
    /// The move.
    pub mv: M,
    /// Its visits.
    pub visits: u32,
    /// Its prior (after any root noise).
    pub prior: f32,
    /// Its mean value for the side to move at the root.
    pub q: f32,
}

/// A PUCT search tree over `G`, rooted at one position.
#[derive(Clone, Debug)]
pub struct Tree<G: Encode> {
    root: G,
    nodes: Vec<Node<G::Move>>,
    /// The current simulation's path of node indices, root first.
    path: Vec<u32>,
    /// The position at the end of `path`, waiting for the network.
    leaf: Option<G>,
    c_puct: f32,
    /// Simulations still to run in the current budget.
    remaining: u32,
}

impl<G: Encode> Tree<G> {
    /// A tree of the position `root`, exploring with constant `c_puct`.
    ///
    /// # Panics
    /// If the game is over at `root` (there is nothing to search).
    pub fn new(root: G, c_puct: f32) -> Tree<G> {
        let mut tree = Tree {
            root: root.clone(),
            nodes: Vec::new(),
            path: Vec::with_capacity(64),
            leaf: None,
            c_puct,
            remaining: 0,
        };
        tree.reset(root);
        tree
    }

    /// Starts afresh at `root`, keeping the allocations.
    ///
    /// # Panics
    /// If the game is over at `root`.
    pub fn reset(&mut self, root: G) {
        self.nodes.clear();
        let mover = root.to_move().opponent();
        let mut moves = MoveList::new();
        root.legal_moves(&mut moves);
        let mv = *moves.first().expect("a search tree of a finished game");
        self.nodes.push(Node::new(mv, mover, 1.0));
        self.root = root;
        self.leaf = None;
        self.remaining = 0;
    }

    /// The root position.
    pub fn root(&self) -> &G {
        &self.root
    }

    /// Simulations through the root (those of earlier moves kept by
    /// [`Tree::advance`] included).
    pub fn root_visits(&self) -> u32 {
        self.nodes[0].visits
    }

    /// The root's mean value for its side to move (0 before any simulation).
    pub fn root_value(&self) -> f32 {
        let root = &self.nodes[0];
        if root.mover as usize == self.root.to_move().index() {
            root.q()
        } else {
            -root.q()
        }
    }

    /// Nodes in the tree.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True for a tree of the root alone, never expanded.
    pub fn is_empty(&self) -> bool {
        self.nodes[0].state == FRESH
    }

    /// True once the root's children exist (its first simulation is done).
    pub fn root_expanded(&self) -> bool {
        self.nodes[0].state == EXPANDED
    }

    /// Gives the tree `sims` more simulations to run.
    pub fn add_budget(&mut self, sims: u32) {
        self.remaining = self.remaining.saturating_add(sims);
    }

    /// Simulations left in the budget.
    pub fn remaining(&self) -> u32 {
        self.remaining
    }

    /// The leaf [`Tree::descend`] stopped at, waiting for [`Tree::expand`].
    pub fn leaf(&self) -> Option<&G> {
        self.leaf.as_ref()
    }

    /// Runs simulations until one reaches a leaf that needs the network
    /// ([`Descent::Leaf`]) or the budget is spent ([`Descent::Done`]).
    /// Simulations that end in a finished game are backed up at once.
    pub fn descend(&mut self) -> Descent {
        if self.leaf.is_some() {
            return Descent::Leaf;
        }
        while self.remaining > 0 {
            let mut state = self.root.clone();
            self.path.clear();
            self.path.push(0);
            let mut index = 0usize;
            loop {
                let node = self.nodes[index];
                match node.state {
                    TERMINAL => break,
                    EXPANDED => {
                        index = self.select_child(index, state.to_move());
                        state.play(self.nodes[index].mv);
                        self.path.push(index as u32);
                    }
                    _ => {
                        if let Some(outcome) = state.outcome() {
                            self.mark_terminal(index, outcome);
                            break;
                        }
                        self.leaf = Some(state);
                        return Descent::Leaf;
                    }
                }
            }
            let node = self.nodes[index];
            let value = node.terminal as f32;
            self.backup(value, Player::from_index(node.mover as usize));
        }
        Descent::Done
    }

    /// Expands the waiting leaf with the network's answer for it: `logits`
    /// over every action id (their softmax over the legal moves gives the
    /// priors) and `value` in [-1, 1] for its side to move; backs the value
    /// up. Does nothing if no leaf is waiting.
    pub fn expand(&mut self, logits: &[f32], value: f32) {
        let Some(state) = self.leaf.take() else {
            return;
        };
        let index = *self.path.last().unwrap_or(&0) as usize;
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        let to_move = state.to_move();
        if moves.is_empty() {
            // A position with no move that the rules do not call over:
            // scored a draw, as the other searches do.
            self.nodes[index].state = TERMINAL;
            self.nodes[index].terminal = 0;
            let mover = Player::from_index(self.nodes[index].mover as usize);
            self.backup(0.0, mover);
            return;
        }
        let first = self.nodes.len() as u32;
        let priors = softmax_over(&state, &moves, logits);
        self.nodes.extend(
            moves
                .iter()
                .zip(priors.iter())
                .map(|(&mv, &p)| Node::new(mv, to_move, p)),
        );
        let node = &mut self.nodes[index];
        node.first_child = first;
        node.n_children = moves.len() as u8;
        node.state = EXPANDED;
        let value = if value.is_finite() {
            value.clamp(-1.0, 1.0)
        } else {
            0.0
        };
        self.backup(value, to_move);
    }

    /// Mixes `noise` (one weight per root child, in the order of
    /// [`Tree::root_children`], summing to 1) into the root's priors with
    /// weight `epsilon`: `p = (1 - epsilon) p + epsilon noise`.
    pub fn mix_root_noise(&mut self, noise: &[f32], epsilon: f32) {
        let children = self.nodes[0].children();
        for (i, &n) in children.zip(noise) {
            let p = &mut self.nodes[i].prior;
            *p = (1.0 - epsilon) * *p + epsilon * n;
        }
    }

    /// Number of root children (0 before the root is expanded).
    pub fn root_degree(&self) -> usize {
        self.nodes[0].children().len()
    }

    /// The root's moves with their statistics, in the order of the legal
    /// move list.
    pub fn root_children(&self) -> impl Iterator<Item = RootChild<G::Move>> + '_ {
        self.nodes[0].children().map(|i| {
            let n = &self.nodes[i];
            RootChild {
                mv: n.mv,
                visits: n.visits,
                prior: n.prior,
                q: if n.mover as usize == self.root.to_move().index() {
                    n.q()
                } else {
                    -n.q()
                },
            }
        })
    }

    /// The most visited root move; ties go to the higher prior, then to the
    /// earlier move. Before any expansion, the first legal move.
    pub fn best_move(&self) -> G::Move {
        let mut best: Option<RootChild<G::Move>> = None;
        for child in self.root_children() {
            let better = match &best {
                None => true,
                Some(b) => (child.visits, child.prior) > (b.visits, b.prior),
            };
            if better {
                best = Some(child);
            }
        }
        best.map_or(self.nodes[0].mv, |b| b.mv)
    }

    /// Re-roots the tree at the position after `mv`, keeping its subtree;
    /// starts afresh there if `mv` is not a root child. A waiting leaf is
    /// dropped. Returns `false` (and leaves the tree alone) if the game is
    /// over after `mv`.
    pub fn advance(&mut self, mv: G::Move) -> bool {
        let mut next = self.root.clone();
        next.play(mv);
        if next.outcome().is_some() {
            return false;
        }
        let child = self.nodes[0]
            .children()
            .find(|&i| self.nodes[i].mv == mv && self.nodes[i].state == EXPANDED);
        match child {
            Some(index) => {
                let mut kept = Vec::with_capacity(self.nodes.len());
                compact_into(&self.nodes, index, &mut kept);
                self.nodes = kept;
                self.root = next;
                self.leaf = None;
                self.remaining = 0;
            }
            None => self.reset(next),
        }
        true
    }

    /// The PUCT choice among the children of `index`, whose side to move
    /// is `to_move`: `Q + c * P * sqrt(N) / (1 + n)`, with an unvisited
    /// child's `Q` the parent's own mean value for `to_move` (first-play
    /// urgency); ties go to the earlier child.
    fn select_child(&self, index: usize, to_move: Player) -> usize {
        let node = &self.nodes[index];
        let parent_q = if node.mover as usize == to_move.index() {
            node.q()
        } else {
            -node.q()
        };
        let explore = self.c_puct * (node.visits.max(1) as f32).sqrt();
        let mut best = node.first_child as usize;
        let mut best_score = f32::NEG_INFINITY;
        for i in node.children() {
            let child = &self.nodes[i];
            let q = if child.visits == 0 {
                parent_q
            } else {
                child.q()
            };
            let score = q + explore * child.prior / (1.0 + child.visits as f32);
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Marks node `index` a finished game with `outcome`.
    fn mark_terminal(&mut self, index: usize, outcome: Outcome) {
        let node = &mut self.nodes[index];
        node.state = TERMINAL;
        node.terminal = outcome.sign_for(Player::from_index(node.mover as usize)) as i8;
    }

    /// Adds `value`, which is `holder`'s, to every node of the path (each
    /// node keeps it for its own mover) and spends one simulation.
    fn backup(&mut self, value: f32, holder: Player) {
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            node.value_sum += if node.mover as usize == holder.index() {
                value
            } else {
                -value
            };
        }
        self.remaining = self.remaining.saturating_sub(1);
    }
}

/// The softmax of `logits` over the action ids of `moves` (in their
/// order). Logits that are not finite count as very unlikely.
fn softmax_over<G: Encode>(state: &G, moves: &MoveList<G::Move>, logits: &[f32]) -> MoveList<f32> {
    let mut out: MoveList<f32> = moves
        .iter()
        .map(|&mv| {
            let x = logits.get(state.action(mv)).copied().unwrap_or(0.0);
            if x.is_finite() {
                x
            } else {
                -1e30
            }
        })
        .collect();
    let max = out.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for x in out.iter_mut() {
        *x = (*x - max).exp();
        sum += *x;
    }
    for x in out.iter_mut() {
        *x /= sum;
    }
    out
}

/// Copies the subtree rooted at `root` of `from` into `to` (cleared first)
/// so that it becomes `to[0]`, relinking the children.
fn compact_into<M: Copy>(from: &[Node<M>], root: usize, to: &mut Vec<Node<M>>) {
    to.clear();
    to.push(from[root]);
    let mut next = 0;
    while next < to.len() {
        let node = to[next];
        if node.state == EXPANDED {
            let first = to.len() as u32;
            to.extend_from_slice(&from[node.children()]);
            to[next].first_child = first;
        }
        next += 1;
    }
}

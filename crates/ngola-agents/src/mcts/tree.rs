//! The MCTS tree: every node in one `Vec`, children of a node contiguous
//! and linked by index, so a simulation allocates nothing and re-rooting
//! the tree between moves is one compacting copy. A node is 16 bytes for
//! moves of up to 2 bytes (every ngola game's), four to a cache line.

use ngola_rules::Player;

/// Nothing proven about the node.
pub const UNKNOWN: u8 = 0;
/// Proven win for the player who moved into the node.
pub const WIN: u8 = 1;
/// Proven draw.
pub const DRAW: u8 = 2;
/// Proven loss for the player who moved into the node.
pub const LOSS: u8 = 3;

const MOVER_BIT: u8 = 1;
const PROVEN_SHIFT: u8 = 1;
const PROVEN_MASK: u8 = 0b110;
const EXPANDED_BIT: u8 = 8;
const TERMINAL_BIT: u8 = 16;

/// One node: the move into it and its statistics.
#[derive(Copy, Clone, Debug)]
pub struct Node<M> {
    /// Mean reward (1 win, 0.5 draw, 0 loss) for the player who moved
    /// into the node, kept as a running mean so that it stays exact to
    /// `f32` precision at any visit count.
    pub mean: f32,
    /// Simulations through this node.
    pub visits: u32,
    /// Index of the first child (valid once expanded).
    pub first_child: u32,
    /// The move that leads here from the parent (unused at the root).
    pub mv: M,
    /// Number of children.
    pub n_children: u8,
    /// Mover, proven result, expanded and terminal flags.
    bits: u8,
}

impl<M: Copy> Node<M> {
    /// A fresh node reached by `mv`, played by `mover`.
    #[inline]
    pub fn new(mv: M, mover: Player) -> Node<M> {
        Node {
            mean: 0.0,
            visits: 0,
            first_child: 0,
            mv,
            n_children: 0,
            bits: mover.index() as u8,
        }
    }

    /// Index ([`Player::index`]) of the player who played `mv`.
    #[inline]
    pub fn mover(&self) -> u8 {
        self.bits & MOVER_BIT
    }

    /// What is proven for the mover: [`UNKNOWN`], [`WIN`], [`DRAW`], [`LOSS`].
    #[inline]
    pub fn proven(&self) -> u8 {
        (self.bits & PROVEN_MASK) >> PROVEN_SHIFT
    }

    /// Records a proven result for the mover.
    #[inline]
    pub fn set_proven(&mut self, result: u8) {
        self.bits = (self.bits & !PROVEN_MASK) | (result << PROVEN_SHIFT);
    }

    /// The children have been created.
    #[inline]
    pub fn is_expanded(&self) -> bool {
        self.bits & EXPANDED_BIT != 0
    }

    /// Marks the node expanded with `count` children from `first`.
    #[inline]
    pub fn set_children(&mut self, first: u32, count: u8) {
        self.first_child = first;
        self.n_children = count;
        self.bits |= EXPANDED_BIT;
    }

    /// The node's position is a finished game (its result is proven).
    #[inline]
    pub fn is_terminal(&self) -> bool {
        self.bits & TERMINAL_BIT != 0
    }

    /// Marks the node a finished game with `result` for the mover.
    #[inline]
    pub fn set_terminal(&mut self, result: u8) {
        self.set_proven(result);
        self.bits |= TERMINAL_BIT;
    }

    /// Adds one simulation's reward for the mover.
    #[inline]
    pub fn add(&mut self, reward: f32) {
        self.visits += 1;
        self.mean += (reward - self.mean) / self.visits as f32;
    }

    /// The range of the children's indices.
    #[inline]
    pub fn children(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.n_children as usize
    }
}

/// Translates a result proven for `from` into the view of `to`.
#[inline]
pub fn proven_for(result: u8, from: u8, to: u8) -> u8 {
    if from == to || result == DRAW || result == UNKNOWN {
        result
    } else if result == WIN {
        LOSS
    } else {
        WIN
    }
}

/// Copies the subtree rooted at `root` of `from` into `to` (cleared
/// first), so that it becomes `to[0]`; keeps `to`'s allocation.
pub fn compact_into<M: Copy>(from: &[Node<M>], root: usize, to: &mut Vec<Node<M>>) {
    to.clear();
    to.push(from[root]);
    let mut next = 0;
    // Breadth-first: each copied node's children are copied as one block.
    while next < to.len() {
        let node = to[next];
        if node.is_expanded() {
            let first = to.len() as u32;
            to.extend_from_slice(&from[node.children()]);
            to[next].first_child = first;
        }
        next += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_of_a_small_move_is_16_bytes() {
        assert_eq!(std::mem::size_of::<Node<u8>>(), 16);
        assert_eq!(std::mem::size_of::<Node<[u8; 2]>>(), 16);
    }

    #[test]
    fn bits_keep_mover_proof_and_flags_apart() {
        let mut n = Node::new(3u8, Player::North);
        assert_eq!(
            (n.mover(), n.proven(), n.is_expanded(), n.is_terminal()),
            (1, UNKNOWN, false, false)
        );
        n.set_children(7, 2);
        n.set_proven(LOSS);
        assert_eq!(
            (n.mover(), n.proven(), n.is_expanded(), n.children()),
            (1, LOSS, true, 7..9)
        );
        n.set_terminal(DRAW);
        assert_eq!((n.mover(), n.proven(), n.is_terminal()), (1, DRAW, true));
    }

    #[test]
    fn the_running_mean_is_the_mean() {
        let mut n = Node::new(0u8, Player::South);
        for r in [1.0, 0.0, 0.5, 1.0] {
            n.add(r);
        }
        assert_eq!(n.visits, 4);
        assert!((n.mean - 0.625).abs() < 1e-6);
    }

    #[test]
    fn compacting_keeps_the_subtree_and_relinks_it() {
        // root(0) -> [1, 2]; 2 -> [3, 4]
        let mut from = vec![Node::new(0u8, Player::North); 5];
        for (i, n) in from.iter_mut().enumerate() {
            n.mv = i as u8;
        }
        from[0].set_children(1, 2);
        from[2].set_children(3, 2);
        let mut to = Vec::new();
        compact_into(&from, 2, &mut to);
        assert_eq!(to.len(), 3);
        assert_eq!(to[0].mv, 2);
        assert_eq!(to[0].children(), 1..3);
        assert_eq!((to[1].mv, to[2].mv), (3, 4));
    }
}

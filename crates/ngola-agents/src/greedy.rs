//! The greedy agent: one ply of look-ahead by the static evaluation.

use ngola_rules::MoveList;
use rand::Rng;

use crate::agent::Agent;
use crate::eval::{EvalKind, Evaluate};
use crate::rng::FastRng;
use crate::score;

/// Plays the move whose resulting position evaluates best for the mover;
/// a move that wins at once beats any evaluation and one that loses at
/// once is played only when every move does. Ties are broken uniformly at
/// random. After a move that gives the mover another turn (Kalah) or a
/// pass, the evaluation is read from the mover's side, not negated.
pub struct GreedyAgent {
    rng: FastRng,
    eval: EvalKind,
}

impl GreedyAgent {
    /// A greedy agent with evaluation `eval`, breaking ties with an RNG
    /// seeded with `seed`.
    pub fn new(eval: EvalKind, seed: u64) -> GreedyAgent {
        GreedyAgent {
            rng: FastRng::new(seed),
            eval,
        }
    }

    /// The value of playing `mv` from `game` for the player to move.
    fn value_of<G: Evaluate>(&self, game: &G, mv: G::Move) -> i32 {
        let mut child = game.clone();
        child.play(mv);
        score::child_value(self.eval, game.to_move(), &child)
    }
}

impl<G: Evaluate> Agent<G> for GreedyAgent {
    fn name(&self) -> String {
        format!("greedy:eval={}", self.eval)
    }

    fn select(&mut self, game: &G) -> G::Move {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "select called on a finished game");
        let mut best = moves[0];
        let mut best_value = i32::MIN;
        let mut ties = 0u32;
        for &mv in &moves {
            let value = self.value_of(game, mv);
            if value > best_value {
                best_value = value;
                best = mv;
                ties = 1;
            } else if value == best_value {
                // Reservoir sampling: each of the k tied moves ends up
                // chosen with probability 1/k.
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    best = mv;
                }
            }
        }
        best
    }
}

//! Static evaluation of positions, per game.

use ngola_rules::Game;

/// A game with a static evaluation, used by greedy, alpha-beta and the
/// cut-off rollouts of MCTS.
pub trait Evaluate: Game {
    /// The value of the position for the side to move, in the game's
    /// natural unit (seeds); larger is better. Only called on positions
    /// where the game goes on.
    fn evaluate(&self) -> i32;
}

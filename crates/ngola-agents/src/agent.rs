//! The [`Agent`] trait.

use ngola_rules::Game;

/// A player of game `G`.
pub trait Agent<G: Game>: Send {
    /// The agent's name with its parameters (e.g. `alphabeta:depth=8`).
    fn name(&self) -> String;

    /// Chooses a move in `game`, which is not over.
    fn select(&mut self, game: &G) -> G::Move;

    /// Tells the agent that `mv` was played from `before` (by either side),
    /// so that it can keep its search tree. The default ignores it.
    fn observe(&mut self, _before: &G, _mv: G::Move) {}
}

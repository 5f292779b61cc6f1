//! The [`Agent`] trait.

use ngola_rules::Game;

/// A player of game `G`.
pub trait Agent<G: Game>: Send {
    /// The agent's name with its parameters (e.g. `alphabeta:depth=8`).
    fn name(&self) -> String;

    /// Chooses a move in `game`, which is not over.
    fn select(&mut self, game: &G) -> G::Move;

    /// [`select`](Agent::select), and the position after the move when the
    /// agent reached it while choosing (a random agent plays its move on a
    /// copy), so that the caller need not play the move again. It must be
    /// exactly `game` with the move played. The default returns `None`.
    fn select_with_position(&mut self, game: &G) -> (G::Move, Option<G>) {
        (self.select(game), None)
    }

    /// Tells the agent that `mv` was played from `before` (by either side),
    /// so that it can keep its search tree. The default ignores it.
    fn observe(&mut self, _before: &G, _mv: G::Move) {}
}

//! The [`Agent`] trait.

use ngola_rules::Game;

/// A player of game `G`.
pub trait Agent<G: Game>: Send {
    /// The agent's name with its parameters (e.g. `alphabeta:depth=8`).
    fn name(&self) -> String;

    /// Chooses a move in `game`, which is not over.
    fn select(&mut self, game: &G) -> G::Move;

    /// [`select`](Agent::select), and, when the agent reached the position
    /// after its move while choosing (a random agent plays its move on a
    /// copy), that position written into `after` (which may hold anything
    /// before) and `true`, so that the caller need not play the move again.
    /// `after` must then be exactly `game` with the move played. The default
    /// leaves `after` alone and returns `false`.
    fn select_into(&mut self, game: &G, _after: &mut G) -> (G::Move, bool) {
        (self.select(game), false)
    }

    /// Tells the agent that `mv` was played from `before` (by either side),
    /// so that it can keep its search tree. The default ignores it.
    fn observe(&mut self, _before: &G, _mv: G::Move) {}
}

//! The [`Agent`] trait.

use ngola_rules::Game;

use crate::limit::SearchLimit;

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

    /// [`select`](Agent::select) under an extra limit for this move only
    /// (a UGI `go movetime`/`nodes`/`depth`, or a clock's share from
    /// [`crate::limit::move_budget`]): the search stops at the first limit
    /// reached, the call's or its spec's own; an agent whose spec names no
    /// budget searches by the call's limit alone (see [`crate::spec`]).
    /// Searching agents (alpha-beta, MCTS, the solver) override it; the
    /// default ignores the limit, which is right for agents that answer at
    /// once (random, greedy).
    fn select_limited(&mut self, game: &G, _limit: &SearchLimit) -> G::Move {
        self.select(game)
    }

    /// Tells the agent that `mv` was played from `before` (by either side),
    /// so that it can keep its search tree. The default ignores it.
    fn observe(&mut self, _before: &G, _mv: G::Move) {}
}

//! The uniform random agent.

use ngola_rules::Game;

use crate::agent::Agent;
use crate::rng::FastRng;

/// Plays a uniformly random legal move.
pub struct RandomAgent {
    rng: FastRng,
}

impl RandomAgent {
    /// A random agent drawing from an RNG seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: FastRng::new(seed),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn select(&mut self, game: &G) -> G::Move {
        self.select_with_position(game).0
    }

    fn select_with_position(&mut self, game: &G) -> (G::Move, Option<G>) {
        let mut copy = game.clone();
        let mv = copy
            .play_random(&mut self.rng)
            .expect("select is only called on positions where the game goes on");
        (mv, Some(copy))
    }
}

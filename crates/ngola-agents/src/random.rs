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

impl RandomAgent {
    /// Plays a random move on `game` and returns it.
    fn play_on<G: Game>(&mut self, game: &mut G) -> G::Move {
        game.play_random(&mut self.rng)
            .expect("select is only called on positions where the game goes on")
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn select(&mut self, game: &G) -> G::Move {
        self.play_on(&mut game.clone())
    }

    fn select_into(&mut self, game: &G, after: &mut G) -> (G::Move, bool) {
        // `clone_from` reuses `after`'s buffers (Oware's history).
        after.clone_from(game);
        (self.play_on(after), true)
    }
}

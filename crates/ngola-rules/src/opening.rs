//! Random openings: a few uniformly random plies from a start position, so
//! that games (tournament pairs, self-play) start from varied positions.
//! Tournaments and self-play both draw them here, so that the same seed
//! gives the same opening everywhere.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use crate::game::Game;

/// The most random opening plies accepted (tournaments and self-play).
pub const MAX_OPENING_PLIES: u32 = 200;

/// How many draws of one opening may end the game within the opening
/// before the opening length is refused.
pub const OPENING_ATTEMPTS: u32 = 1000;

/// No draw of an opening of this length left the game going on.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "no opening of {plies} random plies out of {attempts} draws leaves the game going on; \
     choose fewer opening_plies"
)]
pub struct OpeningError {
    /// The opening length asked for.
    pub plies: u32,
    /// The draws made ([`OPENING_ATTEMPTS`]).
    pub attempts: u32,
}

/// One draw of a random opening: `plies` uniformly random plies from
/// `start` (each [`Game::play_random`]), drawn again (the RNG going on)
/// while the game ends within them, at most [`OPENING_ATTEMPTS`] times.
/// Returns the position reached and the moves from `start`.
pub fn draw_opening<G: Game>(
    start: &G,
    plies: u32,
    rng: &mut ChaCha8Rng,
) -> Result<(G, Vec<G::Move>), OpeningError> {
    if plies == 0 {
        return Ok((start.clone(), Vec::new()));
    }
    let mut moves = Vec::with_capacity(plies as usize);
    for _ in 0..OPENING_ATTEMPTS {
        let mut game = start.clone();
        moves.clear();
        for _ in 0..plies {
            match game.play_random(rng) {
                Some(mv) => moves.push(mv),
                None => break,
            }
        }
        if moves.len() == plies as usize && game.outcome().is_none() {
            return Ok((game, moves));
        }
    }
    Err(OpeningError {
        plies,
        attempts: OPENING_ATTEMPTS,
    })
}

/// The position after `plies` uniformly random plies from `start`, drawn
/// from a `ChaCha8Rng` seeded with `seed` (one [`draw_opening`]), and the
/// moves from `start`.
pub fn random_opening<G: Game>(
    start: &G,
    plies: u32,
    seed: u64,
) -> Result<(G, Vec<G::Move>), OpeningError> {
    draw_opening(start, plies, &mut ChaCha8Rng::seed_from_u64(seed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kalah::Kalah;

    #[test]
    fn an_opening_is_its_moves_played_from_the_start() {
        let start = Kalah::start(Default::default());
        let (game, moves) = random_opening(&start, 6, 3).unwrap();
        assert_eq!(moves.len(), 6);
        let mut replay = start;
        for &mv in &moves {
            replay.check_move(mv).unwrap();
            replay.play(mv);
        }
        assert_eq!(replay.to_string(), game.to_string());
        assert!(game.outcome().is_none());
        assert_eq!(random_opening(&start, 6, 3).unwrap().1, moves);
        assert_ne!(random_opening(&start, 6, 4).unwrap().1, moves);
    }

    #[test]
    fn no_plies_is_the_start() {
        let start = Kalah::start(Default::default());
        let (game, moves) = random_opening(&start, 0, 9).unwrap();
        assert!(moves.is_empty());
        assert_eq!(game.to_string(), start.to_string());
    }

    #[test]
    fn an_opening_longer_than_any_game_is_refused() {
        let start = Kalah::start(Default::default());
        let error = random_opening(&start, MAX_OPENING_PLIES, 1).unwrap_err();
        assert_eq!(
            error,
            OpeningError {
                plies: MAX_OPENING_PLIES,
                attempts: OPENING_ATTEMPTS
            }
        );
        assert!(error.to_string().contains("choose fewer opening_plies"));
    }
}

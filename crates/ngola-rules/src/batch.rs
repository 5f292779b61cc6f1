//! Random playouts of several independent games stepped together on one
//! core. A random game is one chain of dependent steps (each ply reads the
//! board the last one wrote), so one game at a time leaves most of a core's
//! execution units idle; with `LANES` games in flight, each round plays one
//! ply of every game, and the processor overlaps the independent chains.
//!
//! Game `i` draws its moves from its own generator, `R::seed_from_u64(seed
//! of i)`, so every game is the one [`Game::play_random`] plays alone from
//! that seed, whatever the number of lanes (tested), and the order in which
//! games finish is all the lanes change.

use rand::{Rng, SeedableRng};

use crate::game::Game;

/// One finished random playout.
#[derive(Clone, Debug)]
pub struct Playout<G> {
    /// The game's index (0 for the first game asked for).
    pub index: u64,
    /// The position it ended in.
    pub game: G,
    /// Plies played.
    pub plies: u32,
}

/// A game in flight.
struct Lane<G, R> {
    index: u64,
    game: G,
    rng: R,
    plies: u32,
}

/// Plays `count` random games from `start`, `LANES` at a time: game `i`
/// with the generator `R::seed_from_u64(seed(i))`, stopped after
/// `max_plies` plies if it has not ended. Each finished game is handed to
/// `done` (in the order they finish).
pub fn interleaved_playouts<G, R, const LANES: usize>(
    start: &G,
    count: u64,
    max_plies: u32,
    seed: impl Fn(u64) -> u64,
    mut done: impl FnMut(Playout<G>),
) where
    G: Game,
    R: Rng + SeedableRng,
{
    let mut next = 0u64;
    let fresh = |next: &mut u64| -> Option<Lane<G, R>> {
        (*next < count).then(|| {
            let index = *next;
            *next += 1;
            Lane {
                index,
                game: start.clone(),
                rng: R::seed_from_u64(seed(index)),
                plies: 0,
            }
        })
    };
    let mut lanes: [Option<Lane<G, R>>; LANES] = std::array::from_fn(|_| fresh(&mut next));
    loop {
        let mut busy = false;
        for slot in lanes.iter_mut() {
            let Some(lane) = slot else {
                continue;
            };
            busy = true;
            if lane.plies < max_plies && lane.game.play_random(&mut lane.rng).is_some() {
                lane.plies += 1;
                continue;
            }
            let replacement = fresh(&mut next);
            if let Some(finished) = std::mem::replace(slot, replacement) {
                done(Playout {
                    index: finished.index,
                    game: finished.game,
                    plies: finished.plies,
                });
            }
        }
        if !busy {
            break;
        }
    }
}

/// The one-game-at-a-time path of [`interleaved_playouts`]: the same games,
/// in index order.
pub fn single_playouts<G, R>(
    start: &G,
    count: u64,
    max_plies: u32,
    seed: impl Fn(u64) -> u64,
    mut done: impl FnMut(Playout<G>),
) where
    G: Game,
    R: Rng + SeedableRng,
{
    for index in 0..count {
        let mut game = start.clone();
        let mut rng = R::seed_from_u64(seed(index));
        let mut plies = 0;
        while plies < max_plies && game.play_random(&mut rng).is_some() {
            plies += 1;
        }
        done(Playout { index, game, plies });
    }
}

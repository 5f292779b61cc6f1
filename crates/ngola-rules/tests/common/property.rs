//! Helpers shared by the property tests that compare a fast engine with its
//! plain reference.
//!
//! Included with `#[path]` by those tests, so some items are unused in some
//! of them.
#![allow(dead_code)]

use ngola_rules::{Game, MoveList};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How many random positions to check: `NGOLA_PROPERTY_POSITIONS`, else
/// `default`.
pub fn positions_to_check(default: usize) -> usize {
    std::env::var("NGOLA_PROPERTY_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The same seed gives the same game from `start` whether the fast
/// `play_random` or the generic legal-list draw (a uniform index into the
/// list) plays it.
pub fn assert_play_random_draws_like_the_generic_one<G: Game + PartialEq>(start: &G, seed: u64) {
    let mut fast_rng = ChaCha8Rng::seed_from_u64(seed);
    let mut slow_rng = ChaCha8Rng::seed_from_u64(seed);
    let mut fast = start.clone();
    let mut slow = start.clone();
    loop {
        let mut moves = MoveList::new();
        slow.legal_moves(&mut moves);
        let drawn = fast.play_random(&mut fast_rng);
        if moves.is_empty() {
            assert_eq!(drawn, None);
            break;
        }
        let mv = moves[slow_rng.random_range(0..moves.len())];
        slow.play(mv);
        assert_eq!(drawn, Some(mv));
        assert_eq!(fast, slow);
    }
}

/// The number of move sequences of `depth` plies from a reference
/// position, given its `legal` actions and how to `apply` one.
pub fn reference_perft<S: Clone, A>(
    game: &S,
    depth: u32,
    legal: &impl Fn(&S) -> Vec<A>,
    apply: &impl Fn(&mut S, A),
) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal(game)
        .into_iter()
        .map(|action| {
            let mut child = game.clone();
            apply(&mut child, action);
            reference_perft(&child, depth - 1, legal, apply)
        })
        .sum()
}

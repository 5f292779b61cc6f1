//! Perft: the number of move sequences of exactly `depth` plies.
//!
//! A game that ends earlier contributes nothing beyond its end. The root's
//! children are counted in parallel (rayon); each subtree runs sequentially.

use rayon::prelude::*;

use crate::game::{Game, MoveList};

/// Number of move sequences of exactly `depth` plies from `game`.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_split(game, depth, ROOT_SPLIT_DEPTH)
}

/// The root's children are counted in parallel from this depth on.
const ROOT_SPLIT_DEPTH: u32 = 4;
/// Below the root, a level is split in parallel only from this depth on,
/// so that a root with few moves (two Mangola openings) still keeps every
/// core busy while shallow subtrees stay sequential.
const INNER_SPLIT_DEPTH: u32 = 6;

fn perft_split<G: Game>(game: &G, depth: u32, split_from: u32) -> u64 {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    if depth < split_from {
        return perft_sequential(game, depth, &moves);
    }
    moves
        .par_iter()
        .map(|&mv| {
            let mut child = game.clone();
            child.play(mv);
            perft_split(&child, depth - 1, INNER_SPLIT_DEPTH)
        })
        .sum()
}

fn perft_sequential<G: Game>(game: &G, depth: u32, moves: &MoveList<G::Move>) -> u64 {
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    let mut child_moves = MoveList::new();
    // One child, reset with `clone_from` (no allocation for Oware's history).
    let mut child = game.clone();
    for &mv in moves {
        child.clone_from(game);
        child.play(mv);
        child_moves.clear();
        child.legal_moves(&mut child_moves);
        total += perft_sequential(&child, depth - 1, &child_moves);
    }
    total
}

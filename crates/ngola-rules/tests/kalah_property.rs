//! The fast Kalah (packed board, table-driven sowing) against the plain
//! per-seed reference in `ngola_rules::reference::kalah` (itself checked
//! against OpenSpiel's recorded games): every legal move of 250,000 random
//! positions over all board sizes and both capture rules, thousands of
//! random games played in lockstep, perft on small boards, and the fast
//! `play_random` against the generic one. Seeds are conserved throughout.
//! `NGOLA_PROPERTY_POSITIONS` overrides the number of random positions.

use crate::common::property;
use ngola_rules::reference::kalah as kalah_reference;

use kalah_reference::RefKalah;
use ngola_rules::kalah::{openspiel, Kalah, KalahRules};
use ngola_rules::perft::perft;
use ngola_rules::{EndReason, Game, MoveList, Player};
use property::{
    assert_play_random_draws_like_the_generic_one, positions_to_check, reference_perft,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_rules(rng: &mut impl Rng) -> KalahRules {
    KalahRules {
        pits: if rng.random_bool(0.4) {
            6
        } else {
            rng.random_range(1..=8)
        },
        seeds: rng.random_range(1..=8),
        empty_capture: rng.random_bool(0.5),
        max_plies: [1000, 0, 5][rng.random_range(0..3)],
        swap: false,
    }
}

/// A random pit count: often empty or small, sometimes a pile big enough to lap.
fn random_count(rng: &mut impl Rng) -> u32 {
    match rng.random_range(0..10) {
        0..=2 => 0,
        3..=7 => rng.random_range(1..=6),
        _ => rng.random_range(0..=30),
    }
}

/// A random OpenSpiel board for `pits` (None if it holds too many seeds).
fn random_board(rng: &mut impl Rng, pits: usize) -> Option<Vec<u32>> {
    let mut board: Vec<u32> = (0..2 * pits + 2).map(|_| random_count(rng)).collect();
    board[0] = rng.random_range(0..=40);
    board[pits + 1] = rng.random_range(0..=40);
    (board.iter().sum::<u32>() <= 255).then_some(board)
}

fn fast_actions(game: &Kalah) -> Vec<u32> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| openspiel::move_to_action(mv, game.pits()))
        .collect()
}

/// Everything observable must agree.
fn assert_same(fast: &Kalah, reference: &RefKalah, context: &dyn Fn() -> String) {
    assert_eq!(
        openspiel::to_board(fast),
        reference.board,
        "board: {}",
        context()
    );
    assert_eq!(fast.ply(), reference.ply, "ply: {}", context());
    assert_eq!(
        fast_actions(fast),
        reference.legal_actions(),
        "legal: {}",
        context()
    );
    assert_eq!(fast.totals(), reference.totals(), "totals: {}", context());
    match fast.outcome() {
        None => {
            assert!(!reference.is_terminal(), "terminal: {}", context());
            assert_eq!(
                fast.to_move().index(),
                reference.player,
                "to move: {}",
                context()
            );
        }
        Some(outcome) => {
            assert!(reference.is_terminal(), "terminal: {}", context());
            let signs = [
                outcome.sign_for(Player::South),
                outcome.sign_for(Player::North),
            ];
            assert_eq!(signs, reference.returns(), "result: {}", context());
            let p = reference.pits;
            let rows_empty = (1..=p).all(|i| reference.board[i] == 0)
                || (p + 2..=2 * p + 1).all(|i| reference.board[i] == 0);
            let expected = if rows_empty {
                EndReason::Natural
            } else {
                EndReason::PlyCap
            };
            assert_eq!(outcome.reason, expected, "reason: {}", context());
        }
    }
}

#[test]
fn every_move_of_random_positions_matches_the_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x006b_616c_6168);
    let wanted = positions_to_check(250_000);
    let (mut checked, mut moves, mut captures, mut laps) = (0usize, 0usize, 0usize, 0usize);
    while checked < wanted {
        let rules = random_rules(&mut rng);
        let p = rules.pits as usize;
        let Some(board) = random_board(&mut rng, p) else {
            continue;
        };
        let side = Player::from_index(rng.random_range(0..2));
        let ply = rng.random_range(0..=7);
        let fast = openspiel::from_board(&board, side, ply, rules).expect("a valid board");
        let reference = RefKalah {
            pits: p,
            board: board.clone(),
            player: side.index(),
            ply,
            max_plies: rules.max_plies,
            empty_capture: rules.empty_capture,
        };
        let context = || format!("{fast} {rules:?}");
        assert_same(&fast, &reference, &context);
        if checked % 64 == 0 {
            assert_eq!(Kalah::from_position(&fast.to_string(), rules), Ok(fast));
        }
        let seeds: u32 = board.iter().sum();
        for action in reference.legal_actions() {
            let mv = openspiel::action_to_move(action, p).expect("a pit");
            let mut next_fast = fast;
            next_fast.play(mv);
            let mut next_ref = reference.clone();
            next_ref.apply(action);
            let context = || format!("{fast} {mv} {rules:?}");
            assert_same(&next_fast, &next_ref, &context);
            assert_eq!(
                next_fast.totals().iter().sum::<u32>(),
                seeds,
                "conserved: {}",
                context()
            );
            let stores = |b: &[u32]| b[0] + b[p + 1];
            captures += (stores(&next_ref.board) > stores(&reference.board) + 1) as usize;
            laps += (board[action as usize] as usize > 2 * p + 1) as usize;
            moves += 1;
        }
        checked += 1;
    }
    // The sample exercised what it should.
    assert!(moves > checked, "{moves} moves");
    assert!(
        captures > 1000 && laps > 1000,
        "{captures} captures, {laps} laps"
    );
}

#[test]
fn random_games_in_lockstep_match_the_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut ends = [0usize; 2];
    for game_index in 0..4000 {
        let mut rules = random_rules(&mut rng);
        rules.max_plies = if game_index % 4 == 0 { 20 } else { 1000 };
        let mut fast = Kalah::start(rules);
        let mut reference = RefKalah::new(
            rules.pits as usize,
            rules.seeds as u32,
            rules.empty_capture,
            rules.max_plies,
        );
        let seeds = 2 * rules.pits as u32 * rules.seeds as u32;
        while let Some(mv) = fast.play_random(&mut rng) {
            reference.apply(openspiel::move_to_action(mv, rules.pits as usize));
            let context = || format!("game {game_index} after {mv}: {fast} {rules:?}");
            assert_same(&fast, &reference, &context);
            assert_eq!(fast.totals().iter().sum::<u32>(), seeds);
        }
        assert!(reference.is_terminal());
        let reason = fast.outcome().expect("over").reason;
        ends[(reason == EndReason::PlyCap) as usize] += 1;
    }
    assert!(
        ends[0] > 0 && ends[1] > 0,
        "natural ends and caps: {ends:?}"
    );
}

#[test]
fn fast_play_random_draws_like_the_generic_one() {
    for seed in 0..500 {
        let rules = random_rules(&mut ChaCha8Rng::seed_from_u64(seed));
        assert_play_random_draws_like_the_generic_one(&Kalah::start(rules), seed);
    }
}

#[test]
fn perft_on_small_boards_matches_the_reference() {
    for pits in 1..=4u8 {
        for seeds in 1..=3u8 {
            for empty_capture in [false, true] {
                let rules = KalahRules {
                    pits,
                    seeds,
                    empty_capture,
                    max_plies: 1000,
                    swap: false,
                };
                let reference = RefKalah::new(pits as usize, seeds as u32, empty_capture, 1000);
                let depth = 7;
                assert_eq!(
                    perft(&Kalah::start(rules), depth),
                    reference_perft(
                        &reference,
                        depth,
                        &RefKalah::legal_actions,
                        &RefKalah::apply
                    ),
                    "{rules:?}"
                );
            }
        }
    }
}

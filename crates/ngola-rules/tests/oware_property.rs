//! The fast Oware (packed board, table-driven sowing, compact repetition
//! history) against the plain per-seed reference in
//! `ngola_rules::reference::oware` (itself checked against OpenSpiel's recorded
//! games): every legal move of 250,000 random positions over all board
//! sizes, thousands of random games played in lockstep (where repetitions
//! happen), perft on small boards, and the fast `play_random` against the
//! generic one. Seeds are conserved throughout.
//! `NGOLA_PROPERTY_POSITIONS` overrides the number of random positions.

use crate::common::property;
use ngola_rules::reference::oware as oware_reference;

use ngola_rules::oware::{openspiel, Oware, OwareRules};
use ngola_rules::perft::perft;
use ngola_rules::{EndReason, Game, MoveList, Player};
use oware_reference::RefOware;
use property::{
    assert_play_random_draws_like_the_generic_one, positions_to_check, reference_perft,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_rules(rng: &mut impl Rng) -> OwareRules {
    OwareRules {
        houses: if rng.random_bool(0.4) {
            6
        } else {
            rng.random_range(2..=8)
        },
        seeds: rng.random_range(1..=8),
        max_plies: [1000, 0, 5][rng.random_range(0..3)],
        swap: false,
    }
}

/// A random house count: often 0..3 (captures), sometimes a pile that laps.
fn random_count(rng: &mut impl Rng) -> u32 {
    match rng.random_range(0..10) {
        0..=2 => 0,
        3..=7 => rng.random_range(1..=3),
        _ => rng.random_range(0..=30),
    }
}

fn fast_actions(game: &Oware) -> Vec<u32> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| openspiel::move_to_action(mv, game.houses()))
        .collect()
}

fn reason_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Repetition => "repetition",
        EndReason::PlyCap => "cap",
        _ => "natural",
    }
}

/// Everything observable must agree.
fn assert_same(fast: &Oware, reference: &RefOware, context: &dyn Fn() -> String) {
    assert_eq!(
        openspiel::to_seeds(fast),
        reference.seeds,
        "seeds: {}",
        context()
    );
    assert_eq!(fast.totals(), reference.scores, "scores: {}", context());
    assert_eq!(fast.ply(), reference.ply, "ply: {}", context());
    assert_eq!(
        fast.to_move().index(),
        reference.player,
        "to move: {}",
        context()
    );
    assert_eq!(
        fast_actions(fast),
        reference.legal_actions(),
        "legal: {}",
        context()
    );
    match fast.outcome() {
        None => assert!(!reference.is_terminal(), "terminal: {}", context()),
        Some(outcome) => {
            assert_eq!(
                Some(reason_name(outcome.reason)),
                reference.end,
                "end: {}",
                context()
            );
            let signs = [
                outcome.sign_for(Player::South),
                outcome.sign_for(Player::North),
            ];
            assert_eq!(signs, reference.returns(), "result: {}", context());
        }
    }
}

#[test]
fn every_move_of_random_positions_matches_the_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x006f_7761_7265);
    let wanted = positions_to_check(250_000);
    let (mut checked, mut refused, mut moves) = (0usize, 0usize, 0usize);
    let (mut captures, mut grand_slam_candidates, mut feeding, mut laps) = (0, 0, 0, 0);
    while checked < wanted {
        let rules = random_rules(&mut rng);
        let h = rules.houses as usize;
        let seeds: Vec<u32> = (0..2 * h).map(|_| random_count(&mut rng)).collect();
        let scores = [rng.random_range(0..=30), rng.random_range(0..=30)];
        let total = seeds.iter().sum::<u32>() + scores[0] + scores[1];
        if total > 255 {
            continue;
        }
        let side = Player::from_index(rng.random_range(0..2));
        let ply = rng.random_range(0..=7);
        let reference =
            RefOware::from_state(seeds.clone(), scores, side.index(), ply, rules.max_plies);
        let fast = match openspiel::from_state(&seeds, scores, side, ply, rules) {
            Ok(fast) => fast,
            Err(err) => {
                // Refused only when the mover is stuck and the scores do not end the game.
                assert!(
                    !reference.is_terminal() && reference.legal_actions().is_empty(),
                    "{err}"
                );
                refused += 1;
                continue;
            }
        };
        let context = || format!("{fast} {rules:?}");
        assert_same(&fast, &reference, &context);
        if checked % 64 == 0 {
            assert_eq!(
                Oware::from_position(&fast.to_string(), rules).as_ref(),
                Ok(&fast)
            );
        }
        let opponent_empty = (0..h).all(|i| seeds[(1 - side.index()) * h + i] == 0);
        for action in reference.legal_actions() {
            let mv = openspiel::action_to_move(action, side, h).expect("a house");
            let mut next_fast = fast.clone();
            next_fast.play(mv);
            let mut next_ref = reference.clone();
            next_ref.apply(action);
            let context = || format!("{fast} {mv} {rules:?}");
            assert_same(&next_fast, &next_ref, &context);
            let on_board: u32 = openspiel::to_seeds(&next_fast).iter().sum();
            assert_eq!(
                on_board + next_fast.totals().iter().sum::<u32>(),
                total,
                "conserved: {}",
                context()
            );
            let origin = side.index() * h + action as usize;
            captures += (next_ref.scores[side.index()] > scores[side.index()]
                && !next_ref.is_terminal()) as usize;
            grand_slam_candidates += (next_ref.seeds[(1 - side.index()) * h..][..h]
                .iter()
                .all(|&c| c == 2 || c == 3 || c == 0))
                as usize;
            feeding += opponent_empty as usize;
            laps += (seeds[origin] as usize >= 2 * h) as usize;
            moves += 1;
        }
        checked += 1;
    }
    assert!(moves > checked, "{moves} moves");
    assert!(refused > 0, "stuck positions were drawn and refused");
    assert!(
        captures > 1000 && grand_slam_candidates > 1000 && feeding > 1000 && laps > 1000,
        "{captures} captures, {grand_slam_candidates} near grand slams, {feeding} must-feed, {laps} laps"
    );
}

#[test]
fn random_games_in_lockstep_match_the_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut ends = std::collections::BTreeMap::new();
    for game_index in 0..4000 {
        let mut rules = random_rules(&mut rng);
        rules.max_plies = if game_index % 8 == 0 { 30 } else { 1000 };
        let mut fast = Oware::start(rules);
        let h = rules.houses as usize;
        let mut reference = RefOware::new(h, rules.seeds as u32, rules.max_plies);
        let seeds = fast.total_seeds();
        while let Some(mv) = fast.play_random(&mut rng) {
            reference.apply(openspiel::move_to_action(mv, h));
            let context = || format!("game {game_index} after {mv}: {fast} {rules:?}");
            assert_same(&fast, &reference, &context);
            let on_board: u32 = openspiel::to_seeds(&fast).iter().sum();
            assert_eq!(on_board + fast.totals().iter().sum::<u32>(), seeds);
        }
        let reason = fast.outcome().expect("over").reason;
        *ends.entry(reason.as_str()).or_insert(0) += 1;
    }
    for reason in ["natural", "repetition", "ply-cap"] {
        assert!(ends.get(reason).copied().unwrap_or(0) > 10, "{ends:?}");
    }
}

#[test]
fn fast_play_random_draws_like_the_generic_one() {
    for seed in 0..500 {
        let rules = random_rules(&mut ChaCha8Rng::seed_from_u64(seed));
        assert_play_random_draws_like_the_generic_one(&Oware::start(rules), seed);
    }
}

#[test]
fn perft_on_small_boards_matches_the_reference() {
    for houses in 2..=4u8 {
        for seeds in 1..=3u8 {
            let rules = OwareRules {
                houses,
                seeds,
                max_plies: 1000,
                swap: false,
            };
            let reference = RefOware::new(houses as usize, seeds as u32, 1000);
            let depth = 8;
            assert_eq!(
                perft(&Oware::start(rules), depth),
                reference_perft(
                    &reference,
                    depth,
                    &RefOware::legal_actions,
                    &RefOware::apply
                ),
                "{rules:?}"
            );
        }
    }
}

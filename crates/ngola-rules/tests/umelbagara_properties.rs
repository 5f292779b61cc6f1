//! The fast engine against the plain per-counter reference
//! (ngola_rules::reference::umelbagara) on random positions reached by
//! random play under mixed rule options, and games that must end.

use ngola_rules::reference::umelbagara as umelbagara_reference;

use ngola_rules::umelbagara::{UmElBagara, UmElBagaraMove, UmElBagaraRules};
use ngola_rules::{EndReason, Game, MoveList, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use umelbagara_reference::{RefMove, Reference};

/// Random rule options on a board of `houses` houses per row.
fn random_rules(rng: &mut ChaCha8Rng, houses: u32) -> UmElBagaraRules {
    let counters = rng.random_range(1..=12);
    let skip_origin = rng.random_bool(0.5);
    let max_plies = match rng.random_range(0..4) {
        0 => 0,
        1 => rng.random_range(1..40),
        _ => 1000,
    };
    UmElBagaraRules::new(houses, counters, skip_origin, max_plies).expect("valid options")
}

/// Checks one position against the reference: legal moves, every child,
/// the outcome, counter conservation, the text round trip and the fast
/// random move. Returns the number of children checked.
fn check_position(game: &UmElBagara, rng: &mut ChaCha8Rng) -> usize {
    let reference = Reference::from_engine(game);
    let rules = *game.rules();
    assert_eq!(
        reference.counters_in_play(),
        rules.total_counters(),
        "{game}: counters lost"
    );

    let mut ours = MoveList::new();
    game.legal_moves(&mut ours);
    let ref_moves = reference.legal_moves();
    let theirs: Vec<UmElBagaraMove> = ref_moves.iter().map(|&m| Reference::to_engine(m)).collect();
    let mut sorted_ours = ours.to_vec();
    let mut sorted_theirs = theirs.clone();
    sorted_ours.sort_by_key(|m| m.to_string());
    sorted_theirs.sort_by_key(|m| m.to_string());
    assert_eq!(sorted_ours, sorted_theirs, "{game}: legal moves");

    // The outcome: over exactly when the reference is, scored alike.
    assert_eq!(game.outcome().is_some(), reference.game_over(), "{game}");
    assert_eq!(game.totals(), reference.totals(), "{game}");
    if let Some(outcome) = game.outcome() {
        let [s, n] = reference.totals();
        let winner = match s.cmp(&n) {
            std::cmp::Ordering::Greater => Some(Player::South),
            std::cmp::Ordering::Less => Some(Player::North),
            std::cmp::Ordering::Equal => None,
        };
        assert_eq!(outcome.winner, winner, "{game}");
        let natural = !reference.can_move(0) && !reference.can_move(1);
        let reason = if natural {
            EndReason::Natural
        } else {
            EndReason::PlyCap
        };
        assert_eq!(outcome.reason, reason, "{game}");
    }

    for &mv in &ours {
        // No single counter (nor an empty house) ever moves.
        if let Some(row) = mv.row() {
            let count = game.count(row, mv.column() as usize).expect("on the board");
            assert!(count >= 2, "{game}: {mv} moves {count} counter(s)");
        }
        assert!(game.check_move(mv).is_ok(), "{game}: {mv}");
        let mut child = *game;
        child.play(mv);
        let mut ref_child = reference;
        let ref_mv = *ref_moves
            .iter()
            .find(|&&m| Reference::to_engine(m) == mv)
            .expect("the same move in the reference");
        ref_child.play(ref_mv);
        assert!(
            ref_child.same_as(&child),
            "{game}: {mv}: {child} vs {ref_child:?}"
        );
        assert_eq!(
            ref_child.counters_in_play(),
            rules.total_counters(),
            "{game}: {mv}"
        );
    }
    if matches!(ref_moves.first(), Some(RefMove::Pass)) {
        assert_eq!(ours.len(), 1, "{game}: a pass is the only move");
    }

    // The text round trip.
    let text = game.to_string();
    assert_eq!(
        UmElBagara::from_position(&text, rules).as_ref(),
        Ok(game),
        "{text}"
    );

    // The fast random move is the move of the list at the same drawn index.
    let mut fast_rng = rng.clone();
    let mut fast = *game;
    let drawn = fast.play_random(&mut fast_rng);
    if ours.is_empty() {
        assert_eq!(drawn, None, "{game}");
    } else {
        let index = rng.random_range(0..ours.len() as u32) as usize;
        assert_eq!(drawn, Some(ours[index]), "{game}");
        let mut slow = *game;
        slow.play(ours[index]);
        assert_eq!(fast, slow, "{game}");
    }
    ours.len()
}

/// Random games from the start under random options with `houses` houses
/// per row, checking every position on the way, until `positions` have
/// been checked.
fn random_positions_agree(houses: u32, positions: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut checked, mut children, mut games) = (0, 0, 0);
    while checked < positions {
        let rules = random_rules(&mut rng, houses);
        let mut game = UmElBagara::start(rules);
        loop {
            children += check_position(&game, &mut rng);
            checked += 1;
            if game.play_random(&mut rng).is_none() {
                break;
            }
            // Keep uncapped endless games from taking the whole budget.
            if game.ply() > 3000 {
                break;
            }
        }
        games += 1;
    }
    assert!(
        children > positions,
        "{children} children for {positions} positions"
    );
    assert!(games > 100, "{games} games");
}

#[test]
fn random_positions_agree_with_the_reference_3_houses() {
    random_positions_agree(3, 150_000, 3);
}

#[test]
fn random_positions_agree_with_the_reference_5_houses() {
    random_positions_agree(5, 400_000, 5);
}

#[test]
fn random_positions_agree_with_the_reference_7_houses() {
    random_positions_agree(7, 250_000, 7);
}

#[test]
fn random_positions_agree_with_the_reference_9_houses() {
    random_positions_agree(9, 250_000, 9);
}

/// Random games under every board size, counter count and skip_origin end:
/// within the default cap of 1000 plies, and also without a cap (random
/// games end naturally: the longest seen on the largest board is about 800
/// plies), and `legal_moves` is empty exactly when `outcome` says the game
/// is over.
#[test]
fn random_games_end_under_every_option() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut capped_games = 0;
    for houses in [3, 5, 7, 9] {
        for counters in 1..=12 {
            for skip_origin in [false, true] {
                for max_plies in [1000, 0] {
                    let rules = UmElBagaraRules::new(houses, counters, skip_origin, max_plies)
                        .expect("valid options");
                    for _ in 0..8 {
                        let mut game = UmElBagara::start(rules);
                        let mut moves = MoveList::new();
                        loop {
                            moves.clear();
                            game.legal_moves(&mut moves);
                            assert_eq!(moves.is_empty(), game.outcome().is_some(), "{game}");
                            if game.play_random(&mut rng).is_none() {
                                break;
                            }
                            assert!(game.ply() <= 10_000, "{rules:?}: no end in sight: {game}");
                        }
                        let outcome = game.outcome().expect("over");
                        if max_plies == 0 {
                            assert_eq!(outcome.reason, EndReason::Natural, "{game}");
                        } else {
                            assert!(game.ply() <= max_plies);
                            capped_games += (outcome.reason == EndReason::PlyCap) as u32;
                        }
                    }
                }
            }
        }
    }
    // Random play reaches the default cap only exceptionally.
    assert!(capped_games < 8, "{capped_games} games hit the cap");
}

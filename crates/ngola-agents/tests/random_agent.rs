//! The random agent writes the position it reached while choosing into the
//! caller's buffer (`select_into`), which the tournament runner uses instead
//! of playing the move again: that position must be exactly the game with
//! the move played, whatever the buffer held, and the move the one
//! `select` picks with the same seed.

use ngola_agents::random::RandomAgent;
use ngola_agents::Agent;
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, RuleOptions};

/// Plays `games` random games from `start`, checking every ply.
fn check_positions<G: Game + PartialEq>(start: &G, games: u64) {
    let mut plies = 0;
    let mut previous_end = start.clone();
    for seed in 0..games {
        let mut with_position = RandomAgent::new(seed);
        let mut plain = RandomAgent::new(seed);
        let mut game = start.clone();
        // The buffer starts as some other position: the previous game's end.
        let mut after = previous_end.clone();
        while game.outcome().is_none() {
            let (mv, played) = with_position.select_into(&game, &mut after);
            assert_eq!(mv, Agent::<G>::select(&mut plain, &game), "seed {seed}");
            game.play(mv);
            assert!(played, "seed {seed}");
            assert_eq!(after, game, "seed {seed}, after {mv}");
            plies += 1;
        }
        previous_end = game;
    }
    assert!(plies > 10 * games, "only {plies} plies in {games} games");
}

fn rules<R: RuleOptions>(assignments: &[&str]) -> R {
    match R::from_assignments(assignments) {
        Ok(rules) => rules,
        Err(e) => panic!("{assignments:?}: {e}"),
    }
}

#[test]
fn mangola_positions_equal_the_move_played() {
    for assignments in [
        &[][..],
        &["capture_sowing=after-capture", "endless_sowing=stop"][..],
        &["capture_sowing=ludii", "columns=4"][..],
    ] {
        check_positions(&Mangola::start(rules(assignments)), 300);
    }
}

#[test]
fn um_el_bagara_positions_equal_the_move_played() {
    check_positions(&UmElBagara::start(Default::default()), 300);
}

#[test]
fn kalah_positions_equal_the_move_played() {
    check_positions(&Kalah::start(Default::default()), 300);
}

#[test]
fn oware_positions_equal_the_move_played() {
    check_positions(&Oware::start(Default::default()), 300);
}

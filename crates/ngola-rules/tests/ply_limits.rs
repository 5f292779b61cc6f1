//! The ply counter and the ply cap, the same in all four games:
//!
//! - a position whose ply is past [`MAX_PLY`] (where the counter could not
//!   advance) is refused, naming the `ply` field;
//! - without a cap (`max_plies=0`) the counter still ends the game at
//!   [`MAX_PLY`], so it never wraps to 0 (which Mangola reads as the
//!   opening);
//! - a position at or past the cap is over with reason `ply-cap`, as the
//!   move that reaches the cap ends the game (Kalah, as OpenSpiel, ends
//!   once *more than* `max_plies` plies were played).

use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{EndReason, Game, MoveList, RuleOptions, MAX_PLY};
use rand::SeedableRng;

/// `G`'s rules with the given options.
fn rules<G: Game>(options: &[&str]) -> G::Rules {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    G::Rules::from_assignments(&options).expect("valid options")
}

/// The start position's text with its ply (the fourth field in every
/// game's text) replaced.
fn start_at<G: Game>(rules: G::Rules, ply: u64) -> String {
    let text = G::start(rules).to_string();
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    fields[3] = ply.to_string();
    fields.join(" ")
}

fn refuses_a_ply_past_the_counter<G: Game>() {
    let rules = rules::<G>(&["max_plies=0"]);
    for ply in [MAX_PLY as u64 + 1, u32::MAX as u64 + 1] {
        let err = G::from_position(&start_at::<G>(rules, ply), rules)
            .expect_err("a ply past the counter's last one");
        assert_eq!(err.field, "ply", "{}: {err}", G::NAME);
    }
    let last =
        G::from_position(&start_at::<G>(rules, MAX_PLY as u64), rules).expect("the last ply reads");
    assert_eq!(last.ply(), MAX_PLY);
}

/// Without a cap, a game one ply before the counter's last ply plays one
/// move and is over by the ply cap there; it never wraps.
fn the_counter_ends_an_uncapped_game<G: Game>() {
    let rules = rules::<G>(&["max_plies=0"]);
    let mut game = G::from_position(&start_at::<G>(rules, MAX_PLY as u64 - 1), rules)
        .expect("a position before the last ply");
    assert!(game.outcome().is_none(), "{}", G::NAME);
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    game.play(moves[0]);
    assert_eq!(game.ply(), MAX_PLY, "{}", G::NAME);
    let outcome = game.outcome().expect("over at the counter's last ply");
    assert_eq!(outcome.reason, EndReason::PlyCap, "{}", G::NAME);
    moves.clear();
    game.legal_moves(&mut moves);
    assert!(moves.is_empty(), "{}: no move past the last ply", G::NAME);
    let read = G::from_position(&game.to_string(), rules).expect("reads back");
    assert_eq!(read.outcome(), Some(outcome), "{}", G::NAME);
}

/// A position at the ply where the cap ends the game (`cap_ply`), or past
/// it, is over with `ply-cap`; one ply before it is not.
fn a_position_at_or_past_the_cap_is_over<G: Game>(cap_ply: u64) {
    let rules = rules::<G>(&["max_plies=40"]);
    for ply in [cap_ply, cap_ply + 1, cap_ply + 1000] {
        let game = G::from_position(&start_at::<G>(rules, ply), rules).expect("a capped position");
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("{} at ply {ply} (cap {cap_ply}) is over", G::NAME));
        assert_eq!(outcome.reason, EndReason::PlyCap, "{}", G::NAME);
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        assert!(moves.is_empty(), "{} at ply {ply}", G::NAME);
    }
    let before = G::from_position(&start_at::<G>(rules, cap_ply - 1), rules).expect("a position");
    assert!(before.outcome().is_none(), "{}", G::NAME);
}

#[test]
fn mangola_refuses_a_ply_past_the_counter() {
    refuses_a_ply_past_the_counter::<Mangola>();
}

#[test]
fn umelbagara_refuses_a_ply_past_the_counter() {
    refuses_a_ply_past_the_counter::<UmElBagara>();
}

#[test]
fn kalah_refuses_a_ply_past_the_counter() {
    refuses_a_ply_past_the_counter::<Kalah>();
}

#[test]
fn oware_refuses_a_ply_past_the_counter() {
    refuses_a_ply_past_the_counter::<Oware>();
}

#[test]
fn mangola_never_wraps_to_the_opening() {
    the_counter_ends_an_uncapped_game::<Mangola>();
    // Under rules where no game ends (endless sowings stopped, no cap)
    // random play from there stops at the counter's last ply too.
    let rules = rules::<Mangola>(&["max_plies=0", "endless_sowing=stop", "lap_limit=1"]);
    let mut played = Mangola::from_position(&start_at::<Mangola>(rules, MAX_PLY as u64 - 3), rules)
        .expect("a position");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    while played.play_random(&mut rng).is_some() {}
    assert!(played.ply() <= MAX_PLY);
}

#[test]
fn umelbagara_never_wraps() {
    the_counter_ends_an_uncapped_game::<UmElBagara>();
}

#[test]
fn kalah_never_wraps() {
    the_counter_ends_an_uncapped_game::<Kalah>();
}

#[test]
fn oware_never_wraps() {
    the_counter_ends_an_uncapped_game::<Oware>();
}

#[test]
fn mangola_is_over_at_the_cap() {
    a_position_at_or_past_the_cap_is_over::<Mangola>(40);
}

#[test]
fn umelbagara_is_over_at_the_cap() {
    a_position_at_or_past_the_cap_is_over::<UmElBagara>(40);
}

#[test]
fn kalah_is_over_past_the_cap() {
    // Kalah ends once more than `max_plies` plies were played.
    a_position_at_or_past_the_cap_is_over::<Kalah>(41);
}

#[test]
fn oware_is_over_at_the_cap_with_its_rows_collected() {
    a_position_at_or_past_the_cap_is_over::<Oware>(40);
    // Each side collects its own row, as when a move reaches the cap.
    let rules = rules::<Oware>(&["max_plies=40"]);
    let text = "oware 4,4,4,4,4,5/1,0,0,0,0,0 S 40 10,24";
    let game = Oware::from_position(text, rules).expect("a capped position");
    assert_eq!(game.totals(), [35, 25]);
    assert_eq!(game.to_string(), "oware 0,0,0,0,0,0/0,0,0,0,0,0 S 40 35,25");
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, EndReason::PlyCap);
    assert_eq!(outcome.winner, Some(ngola_rules::Player::South));
    // The same position one ply earlier plays on, and its next move
    // reaches the cap and collects the same way.
    let mut before = Oware::from_position("oware 4,4,4,4,4,5/1,0,0,0,0,0 N 39 10,24", rules)
        .expect("a position");
    assert!(before.outcome().is_none());
    before.play_text("b1").expect("North's only move");
    assert_eq!(before.outcome().map(|o| o.reason), Some(EndReason::PlyCap));
}

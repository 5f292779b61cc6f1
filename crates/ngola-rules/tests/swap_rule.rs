//! The swap rule (rule option `swap`), the same in all four games:
//!
//! - `swap` is offered exactly once, to North, on his first turn, and only
//!   under `swap=true`; after North's first move (or the swap) never again;
//! - the swap turns the board half round, gives the banks to the other
//!   side and hands the move to South (worked examples below);
//! - the position text records it (`swapped`, and `swap-open` where Kalah's
//!   extra turns keep the offer open past ply 1) and reads back as the
//!   same position; random playouts draw the swap like any other move;
//! - perft counts it: two plies with the swap are two plies without plus
//!   one swap after each first move.

use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::mangola::{Mangola, Phase};
use ngola_rules::oware::Oware;
use ngola_rules::perft::perft;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, MoveList, Player, RuleOptions, SwapStatus};
use rand::SeedableRng;

fn rules<G: Game>(options: &[&str]) -> G::Rules {
    G::Rules::from_assignments(options).expect("valid options")
}

fn moves<G: Game>(game: &G) -> Vec<String> {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    list.iter().map(|m| m.to_string()).collect()
}

fn play<G: Game>(game: &mut G, text: &str) {
    game.play_text(text)
        .unwrap_or_else(|e| panic!("{text} in {game}: {e}"));
}

/// Random games under `options`: `swap` is in the move list exactly when
/// the rule is on, North is to move and has not moved yet, and the game
/// goes on; the text of every position reads back as the same position.
fn offered_exactly_on_norths_first_turn<G: Game>(options: &[&str], swap_on: bool) {
    let rules = rules::<G>(options);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut swaps = 0;
    for _ in 0..300 {
        let mut game = G::start(rules);
        let mut north_moved = false;
        for _ in 0..60 {
            let list = moves(&game);
            let offered = list.iter().any(|m| m == "swap");
            let expected = swap_on && !north_moved && game.to_move() == Player::North;
            assert_eq!(offered, expected && !list.is_empty(), "{game}: {list:?}");
            assert!(list.iter().filter(|m| *m == "swap").count() <= 1);
            let swap = game.parse_move("swap").expect("swap reads");
            assert_eq!(game.check_move(swap).is_ok(), offered, "{game}");
            let back = G::from_position(&game.to_string(), rules).expect("reads back");
            assert_eq!(back.to_string(), game.to_string());
            assert_eq!(back.zobrist(), game.zobrist(), "{game}");
            assert_eq!(back.swap_status(), game.swap_status(), "{game}");
            assert_eq!(moves(&back), list, "{game}");
            let mover = game.to_move();
            let Some(mv) = game.play_random(&mut rng) else {
                break;
            };
            swaps += (mv.to_string() == "swap") as u32;
            north_moved |= mover == Player::North;
        }
    }
    assert_eq!(swaps > 0, swap_on, "{}: {swaps} swaps drawn", G::NAME);
}

#[test]
fn the_swap_is_offered_once_to_north_on_his_first_turn() {
    offered_exactly_on_norths_first_turn::<Mangola>(&["swap=true", "columns=4"], true);
    offered_exactly_on_norths_first_turn::<Mangola>(&["swap=false", "columns=4"], false);
    offered_exactly_on_norths_first_turn::<UmElBagara>(&["swap=true"], true);
    offered_exactly_on_norths_first_turn::<UmElBagara>(&[], false);
    offered_exactly_on_norths_first_turn::<Kalah>(&["swap=true"], true);
    offered_exactly_on_norths_first_turn::<Kalah>(&[], false);
    offered_exactly_on_norths_first_turn::<Oware>(&["swap=true"], true);
    offered_exactly_on_norths_first_turn::<Oware>(&[], false);
}

/// Plays `line`, checking the position text after each move.
fn line<G: Game>(options: &[&str], line: &[(&str, &str)]) -> G {
    let rules = rules::<G>(options);
    let mut game = G::start(rules);
    for (mv, text) in line {
        play(&mut game, mv);
        assert_eq!(game.to_string(), *text, "after {mv}");
        let back = G::from_position(text, rules).expect("reads back");
        assert_eq!(back.zobrist(), game.zobrist(), "{text}");
    }
    game
}

#[test]
fn kalah_turns_the_board_and_the_stores() {
    let game = line::<Kalah>(
        &["swap=true"],
        &[
            ("a6", "kalah 4,4,4,4,4,0/4,4,4,5,5,5 N 1 1,0"),
            // Row a is the old row b read from b6 to b1, and row b the old row a.
            ("swap", "kalah 5,5,5,4,4,4/0,4,4,4,4,4 S 2 0,1 swapped"),
        ],
    );
    assert!(game.swapped());
    assert_eq!(moves(&game), ["a1", "a2", "a3", "a4", "a5", "a6"]);
    assert!(game
        .parse_move("swap")
        .is_ok_and(|m| game.check_move(m).is_err()));
}

#[test]
fn kalah_offers_the_swap_after_souths_whole_first_turn() {
    let rules = rules::<Kalah>(&["swap=true"]);
    let game = line::<Kalah>(
        &["swap=true"],
        &[
            // a3 ends in the store: South moves again, the offer stays open.
            ("a3", "kalah 4,4,0,5,5,5/4,4,4,4,4,4 S 1 1,0"),
            ("a6", "kalah 4,4,0,5,5,0/4,4,5,5,5,5 N 2 2,0 swap-open"),
        ],
    );
    assert!(moves(&game).contains(&"swap".to_string()));
    // Without the field the same text is a position where North has moved.
    let closed = Kalah::from_position("kalah 4,4,0,5,5,0/4,4,5,5,5,5 N 2 2,0", rules).unwrap();
    assert_eq!(closed.swap_status(), SwapStatus::Closed);
    assert!(!moves(&closed).contains(&"swap".to_string()));
    assert_ne!(closed.zobrist(), game.zobrist());
}

#[test]
fn oware_turns_the_board() {
    let game = line::<Oware>(
        &["swap=true"],
        &[
            ("a6", "oware 4,4,4,4,4,0/4,4,5,5,5,5 N 1 0,0"),
            ("swap", "oware 5,5,5,5,4,4/0,4,4,4,4,4 S 2 0,0 swapped"),
        ],
    );
    assert_eq!(game.to_move(), Player::South);
    assert_eq!(moves(&game).len(), 6);
}

#[test]
fn umelbagara_turns_the_board_and_the_taken_counters() {
    line::<UmElBagara>(
        &["swap=true"],
        &[
            // a5 sows anticlockwise: b5 b4 b3 b2 b1 (the last makes 6, no capture).
            ("a5", "umelbagara 5,5,5,5,0/6,6,6,6,6 N 1 0,0"),
            ("swap", "umelbagara 6,6,6,6,6/0,5,5,5,5 S 2 0,0 swapped"),
        ],
    );
}

#[test]
fn mangola_swaps_after_souths_opening_and_each_phase_comes_one_ply_later() {
    let game = line::<Mangola>(
        &["swap=true", "columns=4"],
        &[
            ("a1", "mangola 0,4,0,4/4,0,4,0/2,2,2,2/2,2,2,2 N 1"),
            // a1 (South's circuit index 0) lands on d4 (North's index 4).
            (
                "swap",
                "mangola 2,2,2,2/2,2,2,2/0,4,0,4/4,0,4,0 S 2 swapped",
            ),
        ],
    );
    // South plays the opening of the side he now owns.
    assert_eq!(game.phase(), Phase::Opening);
    assert_eq!(moves(&game), ["a1", "b1"]);
    let mut game = game;
    play(&mut game, "a1");
    assert_eq!(game.phase(), Phase::SecondMove);
    assert_eq!(game.to_move(), Player::North);
    let first = moves(&game)[0].clone();
    play(&mut game, &first);
    assert_eq!(
        (game.phase(), game.to_move()),
        (Phase::SecondMove, Player::South)
    );
    let first = moves(&game)[0].clone();
    play(&mut game, &first);
    assert_eq!(game.phase(), Phase::Free);
    // Without the swap field, ply 2 is the second move.
    let rules = rules::<Mangola>(&["swap=true", "columns=4"]);
    let plain =
        Mangola::from_position("mangola 2,2,2,2/2,2,2,2/0,4,0,4/4,0,4,0 S 2", rules).unwrap();
    assert_eq!(plain.phase(), Phase::SecondMove);
}

#[test]
fn bad_swap_fields_are_refused_naming_the_field() {
    let on = rules::<Kalah>(&["swap=true"]);
    let off = rules::<Kalah>(&[]);
    for (text, rules) in [
        ("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 1 0,0 swapped", on),
        ("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 2 0,0 swapped", off),
        ("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 2 0,0 swop", on),
    ] {
        let err = Kalah::from_position(text, rules).unwrap_err();
        assert_eq!(err.field, "swap", "{text}: {err}");
    }
    let m = rules::<Mangola>(&["swap=true"]);
    let err = Mangola::from_position(
        "mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0 swapped",
        m,
    )
    .unwrap_err();
    assert_eq!(err.field, "swap");
    let u = rules::<UmElBagara>(&[]);
    let err =
        UmElBagara::from_position("umelbagara 5,5,5,5,5/5,5,5,5,5 S 4 0,0 swapped", u).unwrap_err();
    assert_eq!(err.field, "swap");
}

fn perft_counts_the_swap<G: Game>(options: &[&str]) {
    let with: Vec<&str> = options.iter().copied().chain(["swap=true"]).collect();
    let plain = G::start(rules::<G>(options));
    let swap = G::start(rules::<G>(&with));
    assert_eq!(perft(&swap, 1), perft(&plain, 1));
    assert_eq!(
        perft(&swap, 2),
        perft(&plain, 2) + perft(&plain, 1),
        "{}",
        G::NAME
    );
    assert!(perft(&swap, 4) > perft(&plain, 4));
}

#[test]
fn perft_counts_one_swap_after_each_first_move() {
    perft_counts_the_swap::<Mangola>(&[]);
    perft_counts_the_swap::<UmElBagara>(&[]);
    perft_counts_the_swap::<Oware>(&[]);
    // Kalah's first moves that end in the store leave South to move: those
    // get no swap at ply 2.
    let plain = Kalah::start(KalahRules::default());
    let swap = Kalah::start(rules::<Kalah>(&["swap=true"]));
    let mut first = MoveList::new();
    plain.legal_moves(&mut first);
    let to_north = first
        .iter()
        .filter(|&&m| {
            let mut g = plain;
            g.play(m);
            g.to_move() == Player::North
        })
        .count() as u64;
    assert_eq!(perft(&swap, 2), perft(&plain, 2) + to_north);
}

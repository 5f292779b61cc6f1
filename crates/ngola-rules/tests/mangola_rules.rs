//! Hand-worked Mangola positions, one rule of docs/src/rules.md each. Every expected
//! board carries the reasoning that makes it right.
//!
//! Circuits (docs/src/rules.md): South a1 a2 .. a8 b8 b7 .. b1, North c1 .. c8 d8 .. d1.
//! Inner hole bk faces ck and dk; ck faces bk and ak. Position text rows are
//! a/b/c/d, each in column order 1..n.

use ngola_rules::reference::mangola as reference;

use ngola_rules::mangola::{
    CaptureSowing, EndlessSowing, Mangola, MangolaMove, MangolaRules, MoveEnding, Phase,
};
use ngola_rules::{EndReason, Game, MoveList, Outcome, Player, RuleOptions};
use reference::{RefEnd, RefMangola};

fn rules(assignments: &[&str]) -> MangolaRules {
    MangolaRules::from_assignments(assignments).expect("valid rule options")
}

fn position(text: &str, rules: MangolaRules) -> Mangola {
    Mangola::from_position(text, rules).expect("a valid position")
}

fn mv(text: &str) -> MangolaMove {
    text.parse().expect("a hole")
}

/// The position text after playing `moves` (each checked legal) from `text`.
fn after(text: &str, moves: &[&str], rules: MangolaRules) -> String {
    let mut game = position(text, rules);
    for &m in moves {
        game.play_text(m).expect("a legal move");
    }
    game.to_string()
}

fn legal(game: &Mangola) -> Vec<String> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves.iter().map(|m| m.to_string()).collect()
}

fn illegal_reason(game: &Mangola, m: &str) -> String {
    game.check_move(mv(m)).expect_err("an illegal move").reason
}

const START: &str = "mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0";

// ---------------------------------------------------------------- opening

#[test]
fn south_opening_from_a1() {
    // a1 -> a2, then a3 -> a4, a5 -> a6, a7 -> a8, b8 -> b7, b6 -> b5,
    // b4 -> b3, b2 -> b1: the even columns of row a and the odd columns of
    // row b hold 4, the rest is empty; North untouched; no capture.
    assert_eq!(
        after(START, &["a1"], MangolaRules::default()),
        "mangola 0,4,0,4,0,4,0,4/4,0,4,0,4,0,4,0/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 N 1"
    );
}

#[test]
fn south_opening_from_b1() {
    // b1 -> a1, a2 -> a3, a4 -> a5, a6 -> a7, a8 -> b8, b7 -> b6, b5 -> b4,
    // b3 -> b2: the other checkering (Ludii game 0 opens this way).
    assert_eq!(
        after(START, &["b1"], MangolaRules::default()),
        "mangola 4,0,4,0,4,0,4,0/0,4,0,4,0,4,0,4/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 N 1"
    );
}

#[test]
fn north_opening_from_d8() {
    // North's leftmost holes as he sees the board are d8 and c8. From d8:
    // d8 -> d7, d6 -> d5, d4 -> d3, d2 -> d1, c1 -> c2, c3 -> c4, c5 -> c6,
    // c7 -> c8.
    assert_eq!(
        after(START, &["a1", "d8"], MangolaRules::default()),
        "mangola 0,4,0,4,0,4,0,4/4,0,4,0,4,0,4,0/0,4,0,4,0,4,0,4/4,0,4,0,4,0,4,0 S 2"
    );
}

#[test]
fn north_opening_from_c8() {
    // c8 -> d8, d7 -> d6, d5 -> d4, d3 -> d2, d1 -> c1, c2 -> c3, c4 -> c5,
    // c6 -> c7.
    assert_eq!(
        after(START, &["b1", "c8"], MangolaRules::default()),
        "mangola 4,0,4,0,4,0,4,0/0,4,0,4,0,4,0,4/4,0,4,0,4,0,4,0/0,4,0,4,0,4,0,4 S 2"
    );
}

#[test]
fn opening_moves_are_the_two_leftmost_holes() {
    let start = Mangola::start(MangolaRules::default());
    assert_eq!(start.phase(), Phase::Opening);
    assert_eq!(legal(&start), ["a1", "b1"]);
    assert_eq!(
        illegal_reason(&start, "a2"),
        "in the opening the move must be one of your two leftmost holes, a1 or b1"
    );
    let north = position(
        &after(START, &["a1"], MangolaRules::default()),
        MangolaRules::default(),
    );
    assert_eq!(legal(&north), ["c8", "d8"]);
    assert_eq!(
        illegal_reason(&north, "c1"),
        "in the opening the move must be one of your two leftmost holes, c8 or d8"
    );
    assert!(illegal_reason(&north, "a1").starts_with("not your hole"));
}

// ------------------------------------------------------------ second move

#[test]
fn second_move_starts_from_an_end_hole_with_two_seeds() {
    let game = position(
        &after(START, &["a1", "d8"], MangolaRules::default()),
        MangolaRules::default(),
    );
    assert_eq!(game.phase(), Phase::SecondMove);
    // After the a1 opening South's end holes hold a1 0, a8 4, b1 4, b8 0.
    assert_eq!(legal(&game), ["a8", "b1"]);
    assert_eq!(
        illegal_reason(&game, "a2"),
        "the second move must start from an end hole: a1, a8, b1 or b8"
    );
    assert_eq!(illegal_reason(&game, "a1"), "the hole is empty");
}

#[test]
fn second_move_without_an_end_hole_of_two_loses() {
    // South's end holes a1, a8, b1, b8 hold 1, 1, 0, 0 (say, after North's
    // captures): he holds 4s elsewhere but cannot make his second move.
    let game = position(
        "mangola 1,4,0,0,0,0,4,1/0,0,4,0,0,4,0,0/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 2",
        MangolaRules::default(),
    );
    assert!(legal(&game).is_empty());
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Player::North, EndReason::Immobilised))
    );
    // The same board in free play (ply 4) is not lost: a2 and others move.
    let free = position(
        "mangola 1,4,0,0,0,0,4,1/0,0,4,0,0,4,0,0/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 4",
        MangolaRules::default(),
    );
    assert_eq!(free.outcome(), None);
    assert_eq!(legal(&free), ["a2", "a7", "b3", "b6"]);
}

// --------------------------------------------------------- relay sowing

#[test]
fn last_seed_in_an_empty_hole_goes_to_sleep_in_the_next() {
    // a1 (2 seeds) sows a2, a3. a3 was empty: the seed moves on to a4
    // (3 -> 4) and the turn ends.
    let text = "mangola 2,0,0,3,0,0,0,0/0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 10";
    assert_eq!(
        after(text, &["a1"], MangolaRules::default()),
        "mangola 0,1,0,4,0,0,0,0/0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 N 11"
    );
    let report = position(text, MangolaRules::default())
        .move_report(mv("a1"))
        .expect("legal");
    assert_eq!((report.laps, report.captures), (1, 0));
}

#[test]
fn sleeping_seed_in_a_full_inner_hole_does_nothing_more() {
    // a6 (2) sows a7 (1 -> 2) and a8 (empty): the seed slides into b8 (3 -> 4).
    // b8 is an inner hole whose facing c8 and d8 hold seeds, but a sleeping
    // seed neither captures nor relays: the turn ends, North is untouched.
    let text = "mangola 0,0,0,0,0,2,1,0/0,0,0,0,0,0,0,3/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 10";
    assert_eq!(
        after(text, &["a6"], MangolaRules::default()),
        "mangola 0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,4/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 N 11"
    );
}

#[test]
fn sixteen_seeds_pass_the_origin() {
    // 16 seeds from a1: one in each of a2 .. b1 (15 holes) and the 16th in
    // a1 itself, which was emptied: it goes to sleep in a2 (1 -> 2).
    let text = "mangola 16,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 10";
    assert_eq!(
        after(text, &["a1"], MangolaRules::default()),
        "mangola 0,2,1,1,1,1,1,1/1,1,1,1,1,1,1,1/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 N 11"
    );
}

#[test]
fn seventeen_seeds_pass_the_origin_and_relay() {
    // 17 from a1: every hole gets one (a1 too), a2 a second: a2 was not
    // empty, so it relays. Then 2-seed laps: a2 -> a3 a4, a4 -> a5 a6,
    // a6 -> a7 a8, a8 -> b8 b7, b7 -> b6 b5, b5 -> b4 b3, b3 -> b2 b1,
    // b1 -> a1 a2; a2 was emptied in lap 2, so the seed sleeps in a3 (2 -> 3).
    // North holds seeds only in c2, c4, c6, c8: the inner landings b7, b5,
    // b3, b1 face an empty d hole, so nothing is captured. 9 laps.
    let text = "mangola 17,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,2,0,2,0,2,0,2/0,0,0,0,0,0,0,0 S 10";
    assert_eq!(
        after(text, &["a1"], MangolaRules::default()),
        "mangola 2,0,3,0,2,0,2,0/0,2,0,2,0,2,0,2/0,2,0,2,0,2,0,2/0,0,0,0,0,0,0,0 N 11"
    );
    let report = position(text, MangolaRules::default())
        .move_report(mv("a1"))
        .expect("legal");
    assert_eq!((report.laps, report.captures), (9, 0));
}

// ------------------------------------------------------------- captures

/// South a7 holds 3 and b7 one; North's c7 and d7 hold 2 and 3. a7 sows
/// a8, b8, b7: b7 held a seed and faces two full holes: capture (5 seeds).
const CAPTURE: &str =
    "mangola 0,0,0,0,0,0,3,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,2,0/0,0,0,0,0,0,3,0 S 10";

#[test]
fn capture_under_lap_start_sows_from_the_first_hole_of_the_lap() {
    // Take b7 (2) + c7 + d7 (5) = 7 seeds; the capturing lap began at a8:
    // a8 2, b8 2, b7 1, b6 1, b5 1, b4 1, b3 1. b3 was empty: sleep in b2.
    let rules = rules(&["capture_sowing=lap-start"]);
    assert_eq!(
        after(CAPTURE, &["a7"], rules),
        "mangola 0,0,0,0,0,0,0,2/0,1,0,1,1,1,1,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N 11"
    );
    let report = position(CAPTURE, rules)
        .move_report(mv("a7"))
        .expect("legal");
    assert_eq!(
        (report.laps, report.captures, report.seeds_captured),
        (2, 1, 5)
    );
}

#[test]
fn capture_under_after_capture_sows_from_the_hole_after_it() {
    // The same 7 seeds from the hole after b7: b6 b5 b4 b3 b2 b1 a1; a1 was
    // empty: sleep in a2. b7 stays empty, a8 and b8 keep the lap's seed.
    let rules = rules(&["capture_sowing=after-capture"]);
    assert_eq!(
        after(CAPTURE, &["a7"], rules),
        "mangola 0,1,0,0,0,0,0,1/1,1,1,1,1,1,0,1/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N 11"
    );
}

#[test]
fn capture_under_ludii_sows_the_opponent_seeds_after_the_last_empty_hole() {
    // The first empty hole behind b7 is a7 (the lap's origin); a8 keeps its
    // seed and c7 + d7 (5) go to b8 b7 b6 b5 b4 (b7 now 3). Then b7 (3) is
    // sown as a lap: b6 2, b5 2, b4 2; b4 held a seed and faces empty c4 and
    // d4, so it relays: b3 1, b2 1; b2 was empty, sleep in b1. 4 laps.
    let rules = rules(&["capture_sowing=ludii"]);
    assert_eq!(
        after(CAPTURE, &["a7"], rules),
        "mangola 0,0,0,0,0,0,0,1/1,0,1,0,2,2,0,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N 11"
    );
    let report = position(CAPTURE, rules)
        .move_report(mv("a7"))
        .expect("legal");
    assert_eq!(
        (report.laps, report.captures, report.seeds_captured),
        (4, 1, 5)
    );
}

#[test]
fn a_capture_that_empties_the_opponent_wins() {
    // After any of the three captures above North has no seed: he cannot
    // move and loses.
    for reading in ["lap-start", "after-capture", "ludii"] {
        let rules = rules(&[&format!("capture_sowing={reading}")]);
        let game = position(&after(CAPTURE, &["a7"], rules), rules);
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Player::South, EndReason::Immobilised)),
            "{reading}"
        );
    }
}

#[test]
fn ludii_capture_without_an_empty_hole_starts_at_the_third_hole() {
    // b8 holds 18: the lap passes the origin, every South hole gets one and
    // b7, b6 a second; b6 (held 1 before its last seed) faces c6 and d6 (1
    // each): capture. South now has no empty hole, so the 2 seeds fall into
    // a3 and a4 (the third and fourth holes of his circuit). Then b6 (2):
    // b5 b4 2 each; relays b4 -> b3 b2, b2 -> b1 a1, a1 -> a2 a3 (a3 3),
    // a3 -> a4 a5 a6 (a4 3), a6 -> a7 a8, a8 -> b8 b7 (b7 3), b7 -> b6 b5 b4;
    // b4 had been emptied: the seed sleeps in b3 (2 -> 3). 10 laps.
    let text = "mangola 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,18/0,0,0,0,0,1,0,0/0,0,0,0,0,1,0,0 S 10";
    let ludii = rules(&["capture_sowing=ludii"]);
    assert_eq!(
        after(text, &["b8"], ludii),
        "mangola 0,2,0,3,2,0,2,0/2,0,3,0,3,1,0,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N 11"
    );
    let report = position(text, ludii).move_report(mv("b8")).expect("legal");
    assert_eq!(
        (report.laps, report.captures, report.seeds_captured),
        (10, 1, 2)
    );
}

// ------------------------------------------------------ end of the game

#[test]
fn a_player_with_only_singletons_loses() {
    let game = position(
        "mangola 1,0,1,0,0,0,0,0/0,0,1,0,0,1,0,0/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 30",
        MangolaRules::default(),
    );
    assert!(legal(&game).is_empty());
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Player::North, EndReason::Immobilised))
    );
    assert!(illegal_reason(&game, "a1").starts_with("the game is over"));
    let mut copy = game;
    assert_eq!(copy.play_random(&mut rand::rng()), None);
}

#[test]
fn the_ply_cap_draws() {
    // North to move at ply 11 of 12: his move reaches the cap.
    let capped = rules(&["max_plies=12"]);
    let text = "mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,2 N 11";
    let game = position(text, capped);
    assert_eq!(game.outcome(), None);
    let next = position(&after(text, &["c8"], capped), capped);
    assert_eq!(next.ply(), 12);
    assert_eq!(next.outcome(), Some(Outcome::draw(EndReason::PlyCap)));
    assert!(legal(&next).is_empty());
    assert!(illegal_reason(&next, "a1").contains("ply-cap"));
    // Without a cap (max_plies=0) the same position goes on at any ply.
    let uncapped = position(
        "mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,2 S 100000",
        rules(&["max_plies=0"]),
    );
    assert_eq!(uncapped.outcome(), None);
    // A player who cannot move when the cap is reached has lost: the move
    // that immobilised him decided the game before the cap.
    let stuck = position(
        "mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/1,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 N 12",
        capped,
    );
    assert_eq!(
        stuck.outcome(),
        Some(Outcome::win(Player::South, EndReason::Immobilised))
    );
}

// --------------------------------------------------------- board sizes

#[test]
fn three_columns_opening_and_play() {
    let narrow = rules(&["columns=3"]);
    let start = Mangola::start(narrow);
    assert_eq!(start.to_string(), "mangola 2,2,2/2,2,2/2,2,2/2,2,2 S 0");
    // South's circuit a1 a2 a3 b3 b2 b1, three transfers: a1 -> a2,
    // a3 -> b3, b2 -> b1.
    assert_eq!(
        after(&start.to_string(), &["a1"], narrow),
        "mangola 0,4,0/4,0,4/2,2,2/2,2,2 N 1"
    );
    // From b1: b1 -> a1, a2 -> a3, b3 -> b2.
    assert_eq!(
        after(&start.to_string(), &["b1"], narrow),
        "mangola 4,0,4/0,4,0/2,2,2/2,2,2 N 1"
    );
    // North's circuit c1 c2 c3 d3 d2 d1; leftmost for him: d3 and c3.
    // From d3: d3 -> d2, d1 -> c1, c2 -> c3. From c3: c3 -> d3, d2 -> d1, c1 -> c2.
    assert_eq!(
        after(&start.to_string(), &["a1", "d3"], narrow),
        "mangola 0,4,0/4,0,4/4,0,4/0,4,0 S 2"
    );
    assert_eq!(
        after(&start.to_string(), &["a1", "c3"], narrow),
        "mangola 0,4,0/4,0,4/0,4,0/4,0,4 S 2"
    );
    let second = position("mangola 0,4,0/4,0,4/4,0,4/0,4,0 S 2", narrow);
    // End holes on three columns: a1, a3, b1, b3; a1 and a3 are empty.
    assert_eq!(legal(&second), ["b1", "b3"]);
    assert_eq!(
        illegal_reason(&second, "a2"),
        "the second move must start from an end hole: a1, a3, b1 or b3"
    );
    // Free play with a capture: a3 (2) sows b3, b2; b2 held one and faces
    // c2 and d2 (1 each): take b2 (2) + 2 = 4, sown from b3 (the lap's first
    // hole): b3 2, b2 1, b1 1, a1 1; a1 was empty: sleep in a2.
    assert_eq!(
        after("mangola 0,0,2/0,1,0/2,1,0/0,1,0 S 8", &["a3"], narrow),
        "mangola 0,1,0/1,1,2/2,0,0/0,0,0 N 9"
    );
    // A column beyond the board is not a move here.
    assert!(start.parse_move("a4").is_err());
}

// ------------------------------------------------------ endless sowings

/// North's d8 sows for ever (found by `examples/mangola_find_endless.rs`):
/// its lap boundaries cycle with period 1790 laps from the very first one.
const ENDLESS: &str =
    "mangola 1,0,1,0,2,0,1,0/0,0,0,0,0,0,0,1/6,0,4,3,4,1,2,1/0,8,7,3,4,1,4,10 N 49";

/// The reference's board after `m` under `rules`.
fn reference_after(
    text: &str,
    m: &str,
    rules: MangolaRules,
) -> ([[u8; 8]; 4], RefEnd, Option<u64>) {
    let game = position(text, rules);
    let mut reference = RefMangola {
        board: game.rows(),
        side: game.to_move(),
        ply: game.ply(),
        rules,
    };
    let report = reference.play((mv(m).row(), mv(m).column() - 1));
    (reference.board, report.end, report.cycle)
}

#[test]
fn endless_move_is_illegal_by_default() {
    let game = position(ENDLESS, MangolaRules::default());
    assert!(!legal(&game).contains(&"d8".to_string()));
    assert_eq!(legal(&game).len(), 10, "every other candidate ends");
    assert_eq!(
        illegal_reason(&game, "d8"),
        "the sowing never ends: it needs more than 10000 laps (lap_limit), and endless_sowing=illegal"
    );
    let report = game.move_report(mv("d8")).expect("a candidate");
    assert_eq!(report.ending, MoveEnding::LapLimit { limit: 10000 });
    assert_eq!(report.laps, 10000);
    assert!(game
        .describe_move(mv("d8"))
        .starts_with("endless sowing (more than 10000 laps), illegal"));
    assert_eq!(game.outcome(), None);
}

#[test]
fn endless_move_is_cut_after_lap_limit_under_stop() {
    let stop = rules(&["endless_sowing=stop"]);
    let game = position(ENDLESS, stop);
    assert!(legal(&game).contains(&"d8".to_string()));
    let cut = position(&after(ENDLESS, &["d8"], stop), stop);
    // The per-seed reference cuts after lap 10000 too.
    let (board, end, _) = reference_after(ENDLESS, "d8", stop);
    assert_eq!(end, RefEnd::Endless);
    assert_eq!(cut.rows(), board);
    // The sowing cycles with period 1790 from its first lap boundary, so
    // the board after lap 10000 is the board after lap 10000 - 5 * 1790 = 1050.
    let at_1050 = rules(&["endless_sowing=stop", "lap_limit=1050"]);
    assert_eq!(after(ENDLESS, &["d8"], at_1050), cut.to_string());
    // A small limit: the board after lap 5, as the reference has it.
    let at_5 = rules(&["endless_sowing=stop", "lap_limit=5"]);
    let (board, _, _) = reference_after(ENDLESS, "d8", at_5);
    assert_eq!(position(&after(ENDLESS, &["d8"], at_5), at_5).rows(), board);
    assert!(position(ENDLESS, at_5)
        .describe_move(mv("d8"))
        .contains("cut"));
}

#[test]
fn exact_detection_finds_the_cycle() {
    let exact = rules(&["lap_limit=0"]);
    let game = position(ENDLESS, exact);
    let report = game.move_report(mv("d8")).expect("a candidate");
    assert_eq!(report.ending, MoveEnding::Cycle { length: 1790 });
    let (_, end, cycle) = reference_after(ENDLESS, "d8", exact);
    assert_eq!((end, cycle), (RefEnd::Endless, Some(1790)));
    assert!(!legal(&game).contains(&"d8".to_string()));
    assert_eq!(
        illegal_reason(&game, "d8"),
        "the sowing never ends: its lap boundaries repeat every 1790 laps, and endless_sowing=illegal"
    );
    // Under stop the board is the first lap boundary reached again: here the
    // very first one (the cycle starts at lap 0), so only the turn passes.
    let exact_stop = rules(&["lap_limit=0", "endless_sowing=stop"]);
    let text = after(ENDLESS, &["d8"], exact_stop);
    assert_eq!(
        text,
        "mangola 1,0,1,0,2,0,1,0/0,0,0,0,0,0,0,1/6,0,4,3,4,1,2,1/0,8,7,3,4,1,4,10 S 50"
    );
    let (board, _, _) = reference_after(ENDLESS, "d8", exact_stop);
    assert_eq!(position(&text, exact_stop).rows(), board);
}

#[test]
fn exact_detection_on_a_narrow_board_after_captures() {
    // Three columns: South's only candidate b1 (10) captures twice (taking 13
    // seeds) and then cycles (2088 laps); the first repeated lap boundary
    // comes after lap 4, after the captures.
    let text = "mangola 0,0,1/10,0,0/4,0,1/3,0,5 S 20";
    let exact_stop = rules(&["columns=3", "lap_limit=0", "endless_sowing=stop"]);
    let game = position(text, exact_stop);
    let report = game.move_report(mv("b1")).expect("a candidate");
    assert_eq!(report.ending, MoveEnding::Cycle { length: 2088 });
    assert_eq!(
        (report.laps, report.captures, report.seeds_captured),
        (4, 2, 13)
    );
    let (board, end, cycle) = reference_after(text, "b1", exact_stop);
    assert_eq!((end, cycle), (RefEnd::Endless, Some(2088)));
    let played = after(text, &["b1"], exact_stop);
    assert_eq!(played, "mangola 5,1,7/2,5,4/0,0,0/0,0,0 N 21");
    assert_eq!(position(&played, exact_stop).rows(), board);
    // And another: North's c1 cycles every 12 laps.
    let short = "mangola 8,0,0/0,1,1/7,0,4/1,2,0 N 13";
    let (board, _, cycle) = reference_after(short, "c1", exact_stop);
    assert_eq!(cycle, Some(12));
    let report = position(short, exact_stop)
        .move_report(mv("c1"))
        .expect("a candidate");
    assert_eq!(report.cycle_length(), Some(12));
    assert_eq!(
        position(&after(short, &["c1"], exact_stop), exact_stop).rows(),
        board
    );
}

#[test]
fn a_player_whose_every_move_is_endless_loses_under_illegal() {
    // South's only candidate is b1 (the position above): endless under both
    // detection modes, so under `illegal` he cannot move and loses; under
    // `stop` he plays it.
    let text = "mangola 0,0,1/10,0,0/4,0,1/3,0,5 S 20";
    for limit in ["lap_limit=10000", "lap_limit=0"] {
        let game = position(text, rules(&["columns=3", limit]));
        assert!(legal(&game).is_empty(), "{limit}");
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Player::North, EndReason::EndlessSowing)),
            "{limit}"
        );
        let stop = position(text, rules(&["columns=3", limit, "endless_sowing=stop"]));
        assert_eq!(legal(&stop), ["b1"], "{limit}");
        assert_eq!(stop.outcome(), None, "{limit}");
    }
}

// ------------------------------------------------------------- notation

fn position_error(text: &str, rules: MangolaRules) -> (String, String) {
    let e = Mangola::from_position(text, rules).expect_err("a bad position");
    (e.field, e.reason)
}

#[test]
fn position_errors_name_the_field() {
    let default = MangolaRules::default();
    let field = |text: &str| position_error(text, default).0;
    assert_eq!(field("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0"), "game");
    assert_eq!(field(""), "game");
    assert_eq!(field("mangola"), "rows");
    assert_eq!(field("mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0"), "rows");
    assert_eq!(
        field("mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0"),
        "row b"
    );
    assert_eq!(
        field("mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,x,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0"),
        "row c, column 3"
    );
    assert_eq!(
        field("mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,-1 S 0"),
        "row d, column 8"
    );
    assert_eq!(
        field("mangola 9,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0"),
        "counts"
    );
    assert_eq!(
        field("mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2"),
        "side"
    );
    assert_eq!(
        field("mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 W 0"),
        "side"
    );
    assert_eq!(
        field("mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S"),
        "ply"
    );
    assert_eq!(
        field("mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S -3"),
        "ply"
    );
    // One field more can only be the swap field; two are too many.
    assert_eq!(
        field("mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0 0,0"),
        "swap"
    );
    assert_eq!(
        field("mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0 0,0 x"),
        "extra fields"
    );
}

#[test]
fn a_row_width_other_than_columns_is_an_error_naming_both() {
    // A 3-column position read under the default columns=8.
    let (field, reason) = position_error(
        "mangola 2,2,2/2,2,2/2,2,2/2,2,2 S 0",
        MangolaRules::default(),
    );
    assert_eq!(field, "row a");
    assert!(
        reason.contains("holds 3 holes") && reason.contains("columns is 8"),
        "{reason}"
    );
    assert!(reason.contains("columns=3"), "{reason}");
    // Read under columns=3 it is the 3-column start.
    let narrow = position("mangola 2,2,2/2,2,2/2,2,2/2,2,2 S 0", rules(&["columns=3"]));
    assert_eq!(narrow, Mangola::start(rules(&["columns=3"])));
}

#[test]
fn position_text_round_trips_with_side_and_ply() {
    let text = "mangola 0,1,0,4,0,0,0,0/0,0,0,0,0,0,0,5/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 N 7";
    let game = position(text, MangolaRules::default());
    assert_eq!(game.to_string(), text);
    assert_eq!(
        (game.to_move(), game.ply(), game.phase()),
        (Player::North, 7, Phase::Free)
    );
    assert_eq!(game.seeds(mv("b8")), 5);
    assert_eq!(game.totals(), [10, 32]);
    // Surrounding whitespace (a line read from a file) is ignored.
    assert_eq!(
        position(&format!("{text}\n"), MangolaRules::default()),
        game
    );
}

#[test]
fn move_text_errors() {
    let game = Mangola::start(MangolaRules::default());
    for bad in ["", "e1", "a0", "a9", "1a", "a", "aa", "b3x"] {
        let e = game.parse_move(bad).expect_err(bad);
        assert!(
            e.reason.contains("column") || e.reason.contains("row"),
            "{bad}: {}",
            e.reason
        );
    }
    assert_eq!(
        game.parse_move("b3").map(|m| m.to_string()),
        Ok("b3".to_string())
    );
    assert_eq!(
        game.parse_move("D8").map(|m| m.to_string()),
        Ok("d8".to_string())
    );
    assert_eq!(mv("c5").site(), 20, "Ludii's site of c5 is 8 * 2 + 4");
}

#[test]
fn rule_option_errors_name_key_and_values() {
    let error = |text: &str| {
        MangolaRules::from_assignments(&[text])
            .expect_err(text)
            .to_string()
    };
    let e = error("capture_sowing=before");
    assert!(
        e.contains("capture_sowing") && e.contains("lap-start, after-capture, ludii"),
        "{e}"
    );
    let e = error("endless_sowing=maybe");
    assert!(
        e.contains("endless_sowing") && e.contains("illegal, stop"),
        "{e}"
    );
    let e = error("columns=9");
    assert!(e.contains("columns") && e.contains("2 to 8"), "{e}");
    let e = error("lap_limit=-1");
    assert!(e.contains("lap_limit") && e.contains("exact"), "{e}");
    let e = error("max_plies=many");
    assert!(e.contains("max_plies"), "{e}");
    let e = error("seeds=3");
    assert!(e.contains("seeds") && e.contains("capture_sowing"), "{e}");
    let all = rules(&[
        "capture_sowing=ludii",
        "endless_sowing=stop",
        "lap_limit=0",
        "max_plies=0",
        "columns=5",
    ]);
    assert_eq!(
        all.to_pairs(),
        [
            ("capture_sowing", "ludii"),
            ("endless_sowing", "stop"),
            ("lap_limit", "0"),
            ("max_plies", "0"),
            ("columns", "5"),
        ]
        .map(|(k, v)| (k.to_string(), v.to_string()))
    );
    assert_eq!(MangolaRules::default(), rules(&[]));
    assert_eq!(
        MangolaRules::default().capture_sowing,
        CaptureSowing::LapStart
    );
    assert_eq!(
        MangolaRules::default().endless_sowing,
        EndlessSowing::Illegal
    );
}

#[test]
fn describe_move_reports_laps_and_captures() {
    let game = position(CAPTURE, MangolaRules::default());
    assert_eq!(game.describe_move(mv("a7")), "2 laps, 1 capture (5 seeds)");
    let start = Mangola::start(MangolaRules::default());
    assert_eq!(
        start.describe_move(mv("a1")),
        "opening: checkers the circuit, no capture"
    );
    assert_eq!(start.describe_move(mv("a2")), illegal_reason(&start, "a2"));
}

#[test]
fn zobrist_tells_board_side_and_phase_apart() {
    let a = position(CAPTURE, MangolaRules::default());
    let same = position(CAPTURE, MangolaRules::default());
    assert_eq!(a.zobrist(), same.zobrist());
    let other_side = position(&CAPTURE.replace(" S 10", " N 10"), MangolaRules::default());
    let other_phase = position(&CAPTURE.replace(" S 10", " S 2"), MangolaRules::default());
    let same_phase = position(&CAPTURE.replace(" S 10", " S 12"), MangolaRules::default());
    let other_board = position(
        &CAPTURE.replace("0,0,0,0,0,0,3,0/", "0,0,0,0,0,3,0,0/"),
        MangolaRules::default(),
    );
    assert_ne!(a.zobrist(), other_side.zobrist());
    assert_ne!(a.zobrist(), other_phase.zobrist());
    assert_ne!(a.zobrist(), other_board.zobrist());
    assert_eq!(
        a.zobrist(),
        same_phase.zobrist(),
        "the ply matters only through the phase"
    );
}

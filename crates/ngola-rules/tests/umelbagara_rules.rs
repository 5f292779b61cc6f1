//! Hand-worked Um el-Bagara tests. The loop of houses, anticlockwise, is
//! a1 a2 .. an bn .. b1 (then a1); clockwise is the reverse. Positions are
//! written as docs/src/rules.md's position text: row a then row b, each in column
//! order 1..n, side to move, ply, counters taken by South,North.

use ngola_rules::umelbagara::{Direction, UmElBagara, UmElBagaraMove, UmElBagaraRules};
use ngola_rules::{EndReason, Game, MoveList, Player, RuleOptions};

fn rules(assignments: &[&str]) -> UmElBagaraRules {
    UmElBagaraRules::from_assignments(assignments).expect("valid rule options")
}

fn position(text: &str, rules: UmElBagaraRules) -> UmElBagara {
    UmElBagara::from_position(text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position text after playing `mv` (checked) from `text`.
fn after_with(text: &str, mv: &str, rules: UmElBagaraRules) -> String {
    let mut game = position(text, rules);
    game.play_text(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    game.to_string()
}

fn after(text: &str, mv: &str) -> String {
    after_with(text, mv, UmElBagaraRules::default())
}

fn legal(game: &UmElBagara) -> Vec<String> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves.iter().map(|m| m.to_string()).collect()
}

fn illegal_reason(game: &UmElBagara, mv: &str) -> String {
    let mv = game.parse_move(mv).expect("well-formed move");
    game.check_move(mv).expect_err("the move is illegal").reason
}

const START: &str = "umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 0,0";
const START_NORTH: &str = "umelbagara 5,5,5,5,5/5,5,5,5,5 N 1 0,0";

#[test]
fn start_position_and_its_moves() {
    let game = UmElBagara::start(UmElBagaraRules::default());
    assert_eq!(game.to_string(), START);
    // South's five houses, the middle one in both directions, left to right as he sees it.
    assert_eq!(legal(&game), ["a1", "a2", "a3<", "a3>", "a4", "a5"]);
    // North sits opposite: from his left (b5) to his right (b1).
    let north = position(START_NORTH, UmElBagaraRules::default());
    assert_eq!(legal(&north), ["b5", "b4", "b3<", "b3>", "b2", "b1"]);
    // Small and `Copy` for search: 18 byte lanes in words, taken, side, ply, options.
    assert_eq!(std::mem::size_of::<UmElBagara>(), 40);
}

#[test]
fn south_left_houses_sow_clockwise_and_right_houses_anticlockwise() {
    // a1 is on South's left: clockwise, a1 -> b1 b2 b3 b4 b5 (5 counters).
    assert_eq!(after(START, "a1"), "umelbagara 0,5,5,5,5/6,6,6,6,6 N 1 0,0");
    // a2, clockwise: a1 b1 b2 b3 b4.
    assert_eq!(after(START, "a2"), "umelbagara 6,0,5,5,5/6,6,6,6,5 N 1 0,0");
    // a4 is on his right: anticlockwise, a5 b5 b4 b3 b2 (Ludii's game 0, move 1).
    assert_eq!(after(START, "a4"), "umelbagara 5,5,5,0,6/5,6,6,6,6 N 1 0,0");
    // a5, anticlockwise: b5 b4 b3 b2 b1.
    assert_eq!(after(START, "a5"), "umelbagara 5,5,5,5,0/6,6,6,6,6 N 1 0,0");
}

#[test]
fn north_left_houses_b5_b4_sow_clockwise_and_b2_b1_anticlockwise() {
    // North sees the board rotated: b5 and b4 are on his left, sowing
    // clockwise, which from b5 goes on to a5 a4 a3 a2 a1.
    assert_eq!(
        after(START_NORTH, "b5"),
        "umelbagara 6,6,6,6,6/5,5,5,5,0 S 2 0,0"
    );
    // b4, clockwise: b5 a5 a4 a3 a2.
    assert_eq!(
        after(START_NORTH, "b4"),
        "umelbagara 5,6,6,6,6/5,5,5,0,6 S 2 0,0"
    );
    // b2 is on his right, anticlockwise: b1 a1 a2 a3 a4.
    assert_eq!(
        after(START_NORTH, "b2"),
        "umelbagara 6,6,6,6,5/6,0,5,5,5 S 2 0,0"
    );
    // b1, anticlockwise: a1 a2 a3 a4 a5.
    assert_eq!(
        after(START_NORTH, "b1"),
        "umelbagara 6,6,6,6,6/0,5,5,5,5 S 2 0,0"
    );
}

#[test]
fn the_middle_house_sows_either_way() {
    // a3< clockwise: a2 a1 b1 b2 b3; a3> anticlockwise: a4 a5 b5 b4 b3.
    assert_eq!(
        after(START, "a3<"),
        "umelbagara 6,6,0,5,5/6,6,6,5,5 N 1 0,0"
    );
    assert_eq!(
        after(START, "a3>"),
        "umelbagara 5,5,0,6,6/5,5,6,6,6 N 1 0,0"
    );
    // b3< clockwise: b4 b5 a5 a4 a3; b3> anticlockwise: b2 b1 a1 a2 a3.
    assert_eq!(
        after(START_NORTH, "b3<"),
        "umelbagara 5,5,6,6,6/5,5,0,6,6 S 2 0,0"
    );
    assert_eq!(
        after(START_NORTH, "b3>"),
        "umelbagara 6,6,6,5,5/6,6,0,5,5 S 2 0,0"
    );
}

#[test]
fn a_sowing_of_ten_or_more_passes_the_origin() {
    // 10 counters from a1 clockwise: b1..b5, a5..a2, and the 10th back into
    // a1 itself (own house: no capture).
    let ten = "umelbagara 10,0,0,0,0/0,0,0,0,0 S 0 40,0";
    assert_eq!(after(ten, "a1"), "umelbagara 1,1,1,1,1/1,1,1,1,1 N 1 40,0");
    // 11: the 11th counter goes on to b1, which then holds 2: captured. The
    // house before it in the sowing is a1, South's own: the chain stops.
    let eleven = "umelbagara 11,0,0,0,0/0,0,0,0,0 S 0 39,0";
    assert_eq!(
        after(eleven, "a1"),
        "umelbagara 1,1,1,1,1/0,1,1,1,1 N 1 41,0"
    );
    // 21: two full laps (every house +2, the origin too), then b1: 3, no capture.
    let twenty_one = "umelbagara 21,0,0,0,0/0,0,0,0,0 S 0 29,0";
    assert_eq!(
        after(twenty_one, "a1"),
        "umelbagara 2,2,2,2,2/3,2,2,2,2 N 1 29,0"
    );
}

#[test]
fn skip_origin_leaves_the_origin_out_of_every_lap() {
    let skip = rules(&["skip_origin=true"]);
    // 10 counters from a1, skipping a1: b1..b5, a5..a2 (9), then b1 again,
    // which holds 2: captured; before it in the sowing comes a2 (own): stop.
    let ten = "umelbagara 10,0,0,0,0/0,0,0,0,0 S 0 40,0";
    assert_eq!(
        after_with(ten, "a1", skip),
        "umelbagara 0,1,1,1,1/0,1,1,1,1 N 1 42,0"
    );
    // 11: b1 and b2 get the 10th and 11th, both hold 2; the chain takes b2
    // then b1, then meets a2 (own): 4 taken.
    let eleven = "umelbagara 11,0,0,0,0/0,0,0,0,0 S 0 39,0";
    assert_eq!(
        after_with(eleven, "a1", skip),
        "umelbagara 0,1,1,1,1/0,0,1,1,1 N 1 43,0"
    );
    // 21 = 2 laps of the 9 other houses + 3: every house but a1 gets 2, then
    // b1 b2 b3 one more: last b3 holds 3, no capture; a1 stays empty.
    let twenty_one = "umelbagara 21,0,0,0,0/0,0,0,0,0 S 0 29,0";
    assert_eq!(
        after_with(twenty_one, "a1", skip),
        "umelbagara 0,2,2,2,2/3,3,3,2,2 N 1 29,0"
    );
    // 18 = exactly 2 laps of 9: the last counter falls in a2, the house just
    // before the origin in the sowing, not in the origin.
    let eighteen = "umelbagara 18,0,0,0,0/0,0,0,0,0 S 0 32,0";
    let game = position(eighteen, skip);
    assert_eq!(
        game.describe_move(game.parse_move("a1").expect("a move")),
        "sows 18 clockwise, last in a2 (laps the board)"
    );
    assert_eq!(
        after_with(eighteen, "a1", skip),
        "umelbagara 0,2,2,2,2/2,2,2,2,2 N 1 32,0"
    );
}

#[test]
fn a_single_capture_of_two_and_of_four() {
    // a5 (anticlockwise) sows b5 then b4. b4 held 1 and now holds 2: taken.
    // The house before it, b5, now holds 1: the chain stops there.
    let two = "umelbagara 3,3,0,0,2/3,3,0,1,0 S 10 20,15";
    assert_eq!(
        after(two, "a5"),
        "umelbagara 3,3,0,0,0/3,3,0,0,1 N 11 22,15"
    );
    // Same with b4 holding 3: it now holds 4, taken.
    let four = "umelbagara 3,3,0,0,2/3,3,0,3,0 S 10 20,13";
    assert_eq!(
        after(four, "a5"),
        "umelbagara 3,3,0,0,0/3,3,0,0,1 N 11 24,13"
    );
    let game = position(four, UmElBagaraRules::default());
    assert_eq!(
        game.describe_move(game.parse_move("a5").expect("a move")),
        "sows 2 anticlockwise, last in b4; captures b4 (4): 4 counters"
    );
}

#[test]
fn a_capture_chain_of_several_houses() {
    // a5's 3 counters go to b5, b4, b3, which then hold 2, 4, 2. The last
    // (b3) is taken, then b4 and b5 going back along the sowing; the next
    // house back is a5, South's own, which ends the chain: 8 taken.
    let text = "umelbagara 5,5,0,0,3/5,5,1,3,1 S 10 12,10";
    assert_eq!(
        after(text, "a5"),
        "umelbagara 5,5,0,0,0/5,5,0,0,0 N 11 20,10"
    );
    let game = position(text, UmElBagaraRules::default());
    assert_eq!(
        game.describe_move(game.parse_move("a5").expect("a move")),
        "sows 3 anticlockwise, last in b3; captures b3 (2), b4 (4), b5 (2): 8 counters"
    );
    // North, clockwise from b5: a5 a4 a3 become 2, 4, 4: all three taken.
    let north = "umelbagara 5,5,3,3,1/5,5,0,0,3 N 11 10,10";
    assert_eq!(
        after(north, "b5"),
        "umelbagara 5,5,0,0,0/5,5,0,0,0 S 12 10,20"
    );
    let game = position(north, UmElBagaraRules::default());
    assert_eq!(
        game.describe_move(game.parse_move("b5").expect("a move")),
        "sows 3 clockwise, last in a3; captures a3 (4), a4 (4), a5 (2): 10 counters"
    );
}

#[test]
fn a_chain_stops_at_the_first_house_that_does_not_qualify() {
    // a5's 3 counters: b5 1 -> 2, b4 2 -> 3, b3 3 -> 4. b3 (4) is taken;
    // b4 holds 3: the chain stops, and b5's 2 is left although it qualifies.
    let text = "umelbagara 5,5,0,0,3/5,5,3,2,1 S 10 11,10";
    assert_eq!(
        after(text, "a5"),
        "umelbagara 5,5,0,0,0/5,5,0,3,2 N 11 15,10"
    );
    // Nor does a capture start when the last house does not qualify (b3 0 -> 1).
    let text = "umelbagara 5,5,0,0,3/5,5,0,1,1 S 10 15,10";
    assert_eq!(
        after(text, "a5"),
        "umelbagara 5,5,0,0,0/5,5,1,2,2 N 11 15,10"
    );
}

#[test]
fn no_capture_in_the_movers_own_row() {
    // a3> with 2 counters: a4 3 -> 4 and a5 1 -> 2 (last). Both would
    // qualify, but they are South's own houses: nothing is taken.
    let text = "umelbagara 5,5,2,3,1/5,5,5,5,5 S 10 9,0";
    assert_eq!(
        after(text, "a3>"),
        "umelbagara 5,5,0,4,2/5,5,5,5,5 N 11 9,0"
    );
    // a4's 3 counters: a5 1 -> 2, b5 1 -> 2, b4 1 -> 2. b4 and b5 are taken;
    // the chain then reaches a5, South's own house, and stops (as in Ludii),
    // leaving its 2 on the board.
    let text = "umelbagara 5,5,5,3,1/5,5,5,1,1 S 10 10,4";
    assert_eq!(
        after(text, "a4"),
        "umelbagara 5,5,5,0,2/5,5,5,0,0 N 11 14,4"
    );
}

#[test]
fn a_player_who_cannot_move_passes_and_the_pass_is_a_ply() {
    // South has only singletons; North's b2 holds 2: South must pass.
    let text = "umelbagara 1,0,1,0,1/0,2,0,0,0 S 30 20,25";
    let mut game = position(text, UmElBagaraRules::default());
    assert_eq!(legal(&game), ["pass"]);
    assert_eq!(game.outcome(), None);
    let pass = game.parse_move("pass").expect("pass");
    assert_eq!(
        game.describe_move(pass),
        "South has no house with 2 or more counters and passes"
    );
    game.play_text("pass").expect("South may pass");
    // The pass is a ply: North to move at ply 31, nothing else changed.
    assert_eq!(
        game.to_string(),
        "umelbagara 1,0,1,0,1/0,2,0,0,0 N 31 20,25"
    );
    // North can move, so he may not pass.
    assert!(illegal_reason(&game, "pass").contains("may not pass"));
    // Perft counts the pass: one sequence of 1 ply, then North's only move.
    let start = position(text, UmElBagaraRules::default());
    assert_eq!(ngola_rules::perft::perft(&start, 1), 1);
    assert_eq!(ngola_rules::perft::perft(&start, 2), 1);
    // b2 is on North's right: anticlockwise, b1 then a1, which now holds 2
    // and is South's: North takes it. Then nobody can move.
    game.play_text("b2").expect("North's only move");
    assert_eq!(
        game.to_string(),
        "umelbagara 0,0,1,0,1/1,0,0,0,0 S 32 20,27"
    );
    assert_eq!(game.outcome().map(|o| o.winner), Some(Some(Player::North)));
}

#[test]
fn the_game_ends_when_neither_can_move_and_totals_decide() {
    // Only singletons on both sides: over, no pass. South has 3 + 20 = 23,
    // North 1 + 26 = 27: North wins.
    let game = position(
        "umelbagara 1,1,1,0,0/0,0,0,0,1 S 40 20,26",
        UmElBagaraRules::default(),
    );
    assert!(legal(&game).is_empty());
    assert_eq!(game.totals(), [23, 27]);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(Player::North));
    assert_eq!(outcome.reason, EndReason::Natural);
    assert!(illegal_reason(&game, "pass").contains("game is over"));
    // Equal totals, 2 + 23 each: a draw.
    let draw = position(
        "umelbagara 1,1,0,0,0/0,0,0,1,1 N 41 23,23",
        UmElBagaraRules::default(),
    );
    assert_eq!(draw.outcome().map(|o| o.winner), Some(None));
    // A move can end the game: a5 takes b4 (2) and leaves only b5's 1.
    let mut last = position(
        "umelbagara 0,0,0,0,2/0,0,0,1,0 S 40 24,23",
        UmElBagaraRules::default(),
    );
    last.play_text("a5").expect("legal");
    assert_eq!(
        last.to_string(),
        "umelbagara 0,0,0,0,0/0,0,0,0,1 N 41 26,23"
    );
    let outcome = last.outcome().expect("neither can move");
    // South 26, North 23 + 1 = 24.
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Player::South), EndReason::Natural)
    );
}

#[test]
fn the_ply_cap_is_scored_as_the_natural_end() {
    let capped = rules(&["max_plies=10"]);
    let mut game = position("umelbagara 5,5,5,5,5/5,5,5,5,5 S 9 0,0", capped);
    game.play_text("a1").expect("legal");
    // Ply 10 = the cap: over. South 0+5*4 = 20, North 6*5 = 30: North wins.
    assert!(legal(&game).is_empty());
    let outcome = game.outcome().expect("capped");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Player::North), EndReason::PlyCap)
    );
    assert!(illegal_reason(&game, "b5").contains("game is over"));
    // At the cap with nobody able to move, the natural end is the reason.
    let both = position("umelbagara 1,1,1,1,1/1,1,1,1,1 S 10 20,20", capped);
    assert_eq!(both.outcome().map(|o| o.reason), Some(EndReason::Natural));
    // max_plies=0: no cap at all.
    let uncapped = position(
        "umelbagara 5,5,5,5,5/5,5,5,5,5 S 4000000 0,0",
        rules(&["max_plies=0"]),
    );
    assert_eq!(uncapped.outcome(), None);
    // The default cap is 1000.
    let default = position(
        "umelbagara 5,5,5,5,5/5,5,5,5,5 S 1000 0,0",
        UmElBagaraRules::default(),
    );
    assert_eq!(default.outcome().map(|o| o.reason), Some(EndReason::PlyCap));
}

#[test]
fn three_houses_per_row() {
    let three = rules(&["houses=3", "counters=3"]);
    let game = UmElBagara::start(three);
    assert_eq!(game.to_string(), "umelbagara 3,3,3/3,3,3 S 0 0,0");
    // The middle house is a2.
    assert_eq!(legal(&game), ["a1", "a2<", "a2>", "a3"]);
    // a1 clockwise: b1 b2 b3 each 3 -> 4. b3 is last: taken, then b2 and b1
    // back along the sowing, then a1 (own) ends the chain: 12 taken.
    assert_eq!(
        after_with("umelbagara 3,3,3/3,3,3 S 0 0,0", "a1", three),
        "umelbagara 0,3,3/0,0,0 N 1 12,0"
    );
    // A 6-house loop: 7 counters from a3 (anticlockwise) go b3 b2 b1 a1 a2
    // a3 (the origin) b3, which ends with 2 (taken; before it: a3, own).
    let laps = "umelbagara 0,0,7/0,0,0 S 0 11,0";
    assert_eq!(
        after_with(laps, "a3", three),
        "umelbagara 1,1,1/1,1,0 N 1 13,0"
    );
}

#[test]
fn seven_houses_per_row() {
    let seven = rules(&["houses=7", "counters=4"]);
    let game = UmElBagara::start(seven);
    assert_eq!(
        game.to_string(),
        "umelbagara 4,4,4,4,4,4,4/4,4,4,4,4,4,4 S 0 0,0"
    );
    assert_eq!(
        legal(&game),
        ["a1", "a2", "a3", "a4<", "a4>", "a5", "a6", "a7"]
    );
    // a3 is left of the middle a4: clockwise, a2 a1 b1 b2.
    assert_eq!(
        after_with(
            "umelbagara 4,4,4,4,4,4,4/4,4,4,4,4,4,4 S 0 0,0",
            "a3",
            seven
        ),
        "umelbagara 5,5,0,4,4,4,4/5,5,4,4,4,4,4 N 1 0,0"
    );
    // North's left houses are b7 b6 b5. b5 clockwise: b6 b7 a7 a6.
    assert_eq!(
        after_with(
            "umelbagara 4,4,4,4,4,4,4/4,4,4,4,4,4,4 N 1 0,0",
            "b5",
            seven
        ),
        "umelbagara 4,4,4,4,4,5,5/4,4,4,4,0,5,5 S 2 0,0"
    );
    // b4 is North's middle house.
    let north = position("umelbagara 4,4,4,4,4,4,4/4,4,4,4,4,4,4 N 1 0,0", seven);
    assert_eq!(
        legal(&north),
        ["b7", "b6", "b5", "b4<", "b4>", "b3", "b2", "b1"]
    );
    // A lap of the 14-house loop: 15 from a7 (anticlockwise): b7 .. b1, a1 ..
    // a7 (origin) get 1 each, then b7 a 2nd: 2, taken; a7 before it is own.
    let lap = "umelbagara 0,0,0,0,0,0,15/0,0,0,0,0,0,0 S 0 41,0";
    assert_eq!(
        after_with(lap, "a7", seven),
        "umelbagara 1,1,1,1,1,1,1/1,1,1,1,1,1,0 N 1 43,0"
    );
}

#[test]
fn counters_option_and_the_largest_board() {
    let game = UmElBagara::start(rules(&["houses=9", "counters=12"]));
    assert_eq!(
        game.to_string(),
        "umelbagara 12,12,12,12,12,12,12,12,12/12,12,12,12,12,12,12,12,12 S 0 0,0"
    );
    assert_eq!(game.totals(), [108, 108]);
    let one = UmElBagara::start(rules(&["counters=1"]));
    // One counter per house: nobody can ever move; the game is a draw at once.
    assert_eq!(
        one.outcome().map(|o| (o.winner, o.reason)),
        Some((None, EndReason::Natural))
    );
    // 216 counters in one house of the 9-house board: 12 laps of 18.
    let big = rules(&["houses=9", "counters=12"]);
    let text = "umelbagara 216,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0 S 0 0,0";
    assert_eq!(
        after_with(text, "a1", big),
        "umelbagara 12,12,12,12,12,12,12,12,12/12,12,12,12,12,12,12,12,12 N 1 0,0"
    );
}

#[test]
fn position_text_errors_name_the_field() {
    let d = UmElBagaraRules::default();
    let field = |text: &str| UmElBagara::from_position(text, d).expect_err(text).field;
    assert_eq!(field("mangola 5,5,5,5,5/5,5,5,5,5 S 0 0,0"), "game");
    assert_eq!(field("umelbagara 5,5,5,5,x/5,5,5,5,5 S 0 0,0"), "rows");
    assert_eq!(field("umelbagara 5,5,5,5,5 S 0 0,0"), "rows");
    assert_eq!(field("umelbagara 5,5,5,5,5/5,5,5,5,5/5 S 0 0,0"), "rows");
    // The width must match the rule option `houses`.
    let err = UmElBagara::from_position("umelbagara 5,5,5/5,5,5 S 0 0,0", d).expect_err("width");
    assert_eq!(err.field, "rows");
    assert!(err.reason.contains("houses=5"), "{}", err.reason);
    assert_eq!(field("umelbagara 5,5,5,5/5,5,5,5,5 S 0 0,0"), "rows");
    // The counters must add up to 2 * houses * counters.
    let err =
        UmElBagara::from_position("umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 1,0", d).expect_err("51");
    assert_eq!(err.field, "rows");
    assert!(err.reason.contains("51"), "{}", err.reason);
    assert_eq!(field("umelbagara 5,5,5,5,5/5,5,5,5,5 X 0 0,0"), "side");
    assert_eq!(field("umelbagara 5,5,5,5,5/5,5,5,5,5 S -1 0,0"), "ply");
    assert_eq!(field("umelbagara 5,5,5,5,5/5,5,5,5,5 S x 0,0"), "ply");
    assert_eq!(field("umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 0"), "taken");
    assert_eq!(field("umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 a,0"), "taken");
    assert_eq!(field("umelbagara 5,5,5,5,5/5,5,5,5,5 S 0"), "taken");
    assert_eq!(field("umelbagara 5,5,5,5,5/5,5,5,5,5"), "side");
    assert_eq!(field("umelbagara"), "rows");
    assert_eq!(field(""), "game");
    // One field more can only be the swap field; two are too many.
    assert_eq!(
        field("umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 0,0 extra"),
        "swap"
    );
    assert_eq!(
        field("umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 0,0 extra text"),
        "taken"
    );
    assert_eq!(field("umelbagara  5,5,5,5,5/5,5,5,5,5 S 0 0,0"), "rows");
    // A huge count is refused, not truncated.
    assert_eq!(
        field("umelbagara 4294967295,5,5,5,5/5,5,5,5,5 S 0 0,0"),
        "rows"
    );
    assert_eq!(
        field("umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 4294967295,4294967295"),
        "taken"
    );
    assert_eq!(field("umelbagara 0,0,0,0,0/0,0,0,0,0 S 0 30,21"), "taken");
    // The 7-house board under houses=7 reads fine and prints back the same.
    let seven = rules(&["houses=7"]);
    let text = "umelbagara 5,5,5,5,5,5,5/5,5,5,0,5,5,5 S 3 5,0";
    assert_eq!(position(text, seven).to_string(), text);
}

#[test]
fn move_notation_and_parse_errors() {
    let game = UmElBagara::start(UmElBagaraRules::default());
    for text in ["a1", "b5", "a3<", "a3>", "b3<", "pass", "a1<"] {
        assert_eq!(game.parse_move(text).expect(text).to_string(), text);
    }
    let mv = game.parse_move("b3>").expect("b3>");
    assert_eq!(
        (mv.row(), mv.column(), mv.direction()),
        (Some(Player::North), 3, Some(Direction::Anticlockwise))
    );
    assert!(UmElBagaraMove::PASS.is_pass());
    for bad in [
        "", "a", "c1", "a0", "a6", "a1<<", "a<", "A1", "a1 ", "pas", "a+1", "a01x",
    ] {
        assert!(game.parse_move(bad).is_err(), "`{bad}` should not parse");
    }
    assert!(game
        .parse_move("a6")
        .expect_err("a6")
        .reason
        .contains("1 to 5"));
    // Columns up to 9 exist on the largest board.
    let nine = UmElBagara::start(rules(&["houses=9"]));
    assert_eq!(nine.parse_move("b9").expect("b9").to_string(), "b9");
}

#[test]
fn check_move_gives_precise_reasons() {
    let game = position(
        "umelbagara 1,0,5,5,5/5,5,5,5,0 S 10 14,0",
        UmElBagaraRules::default(),
    );
    assert!(illegal_reason(&game, "b1").contains("North's house"));
    assert!(illegal_reason(&game, "a1").contains("holds 1 counter;"));
    assert!(illegal_reason(&game, "a2").contains("holds 0 counters"));
    assert!(illegal_reason(&game, "a3").contains("middle house"));
    assert!(illegal_reason(&game, "a4<").contains("always sows anticlockwise"));
    assert!(illegal_reason(&game, "a4>").contains("without `<` or `>`"));
    assert!(illegal_reason(&game, "pass").contains("may not pass"));
    // A house beyond this board (a move read on a bigger board).
    let wide = UmElBagaraMove::house(Player::South, 7, None).expect("a7");
    assert!(game
        .check_move(wide)
        .expect_err("a7")
        .reason
        .contains("no house a7"));
    assert!(game
        .check_move(game.parse_move("a3<").expect("a3<"))
        .is_ok());
    // North's middle house too.
    let north = position(START_NORTH, UmElBagaraRules::default());
    assert!(illegal_reason(&north, "b3").contains("b3< (clockwise) or b3> (anticlockwise)"));
    assert!(illegal_reason(&north, "b4>").contains("always sows clockwise"));
}

#[test]
fn zobrist_covers_board_side_and_taken_but_not_ply() {
    let d = UmElBagaraRules::default();
    let hash = |text: &str| position(text, d).zobrist();
    let base = hash("umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 0,0");
    assert_eq!(base, hash("umelbagara 5,5,5,5,5/5,5,5,5,5 S 12 0,0"));
    assert_ne!(base, hash("umelbagara 5,5,5,5,5/5,5,5,5,5 N 0 0,0"));
    assert_ne!(base, hash("umelbagara 4,5,5,5,5/5,5,5,5,5 S 0 1,0"));
    assert_ne!(
        hash("umelbagara 4,5,5,5,5/5,5,5,5,5 S 0 1,0"),
        hash("umelbagara 4,5,5,5,5/5,5,5,5,5 S 0 0,1")
    );
    assert_ne!(base, hash("umelbagara 6,4,5,5,5/5,5,5,5,5 S 0 0,0"));
    assert_ne!(
        hash("umelbagara 6,4,5,5,5/5,5,5,5,5 S 0 0,0"),
        hash("umelbagara 4,6,5,5,5/5,5,5,5,5 S 0 0,0")
    );
}

#[test]
fn rule_options_read_and_reject() {
    let r = rules(&["houses=7", "counters=12", "skip_origin=true", "max_plies=0"]);
    assert_eq!(
        (r.houses(), r.counters(), r.skip_origin(), r.max_plies()),
        (7, 12, true, 0)
    );
    assert_eq!(r.get("houses").as_deref(), Some("7"));
    assert_eq!(
        UmElBagaraRules::default(),
        UmElBagaraRules::new(5, 5, false, 1000).expect("defaults")
    );
    for bad in [
        "houses=4",
        "houses=11",
        "houses=1",
        "counters=0",
        "counters=13",
        "skip_origin=maybe",
        "max_plies=-1",
        "colour=red",
        "houses",
    ] {
        assert!(UmElBagaraRules::from_assignments(&[bad]).is_err(), "{bad}");
    }
    assert!(UmElBagaraRules::new(6, 5, false, 0).is_err());
}

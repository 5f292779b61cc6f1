//! Kalah rules by hand: the worked examples of the OpenSpiel fixtures'
//! README (each position written out, with why the result is right), the
//! `empty_capture` option, small boards, the ply cap, perft, notation and
//! the errors that name what is wrong.

use ngola_rules::kalah::{openspiel, Kalah, KalahMove, KalahRules};
use ngola_rules::perft::perft;
use ngola_rules::{EndReason, Game, MoveList, PlayTextError, Player, RuleError, RuleOptions};

fn kalah(text: &str) -> Kalah {
    Kalah::from_position(text, KalahRules::default()).expect("a valid position")
}

fn kalah_with(text: &str, rules: KalahRules) -> Kalah {
    Kalah::from_position(text, rules).expect("a valid position")
}

fn played(game: &Kalah, mv: &str) -> Kalah {
    let mut next = *game;
    next.play_text(mv).expect("a legal move");
    next
}

fn moves(game: &Kalah) -> Vec<String> {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    list.iter().map(|m| m.to_string()).collect()
}

#[test]
fn start_position_and_its_text() {
    let game = Kalah::start(KalahRules::default());
    assert_eq!(game.to_string(), "kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0");
    assert_eq!(game.to_move(), Player::South);
    assert_eq!(moves(&game), ["a1", "a2", "a3", "a4", "a5", "a6"]);
    assert_eq!(game.totals(), [24, 24]);
    assert_eq!(game.outcome(), None);
}

#[test]
fn perft_from_the_start_equals_openspiel() {
    // OpenSpiel's counts; an extra-turn move is a ply of its own.
    let game = Kalah::start(KalahRules::default());
    let expected = [6, 35, 185, 942, 4690, 23233];
    for (depth, &count) in (1..).zip(expected.iter()) {
        assert_eq!(perft(&game, depth), count, "depth {depth}");
    }
}

#[test]
fn last_seed_in_own_store_gives_an_extra_turn() {
    // Fixture game 0, ply 3. a2's 5 seeds go to a3, a4, a5, a6 and the
    // store: the last one is in South's store, so South moves again.
    let before = kalah("kalah 0,5,5,5,5,4/5,5,5,5,0,4 S 2 0,0");
    let after = played(&before, "a2");
    assert_eq!(after.to_string(), "kalah 0,0,6,6,6,5/5,5,5,5,0,4 S 3 1,0");
    assert_eq!(after.to_move(), Player::South);
    assert!(before
        .describe_move(KalahMove::new(Player::South, 2))
        .contains("extra turn"));
}

#[test]
fn last_seed_in_own_empty_pit_captures_the_opposite_pit() {
    // Fixture game 0, ply 12. a1's single seed falls into empty a2; b2
    // (facing a2) holds 9, so 1 + 9 = 10 seeds go to South's store: 3 -> 13.
    let before = kalah("kalah 1,0,8,1,8,0/7,9,3,0,0,6 S 11 3,2");
    let after = played(&before, "a1");
    assert_eq!(after.to_string(), "kalah 0,0,8,1,8,0/7,0,3,0,0,6 N 12 13,2");
    let text = before.describe_move(KalahMove::new(Player::South, 1));
    assert!(text.contains("captures 10 seeds (a2 and b2)"), "{text}");
}

#[test]
fn no_capture_when_the_opposite_pit_is_empty() {
    // Fixture game 0, ply 16. North's b3 (1 seed) sows into empty b2, but a2
    // facing it is empty: OpenSpiel captures nothing and the seed stays.
    let before = kalah("kalah 0,0,8,1,8,0/10,0,1,1,1,0 N 15 13,5");
    let after = played(&before, "b3");
    assert_eq!(
        after.to_string(),
        "kalah 0,0,8,1,8,0/10,1,0,1,1,0 S 16 13,5"
    );
    assert!(before
        .describe_move(KalahMove::new(Player::North, 3))
        .contains("no capture"));
}

#[test]
fn empty_capture_option_sends_the_lone_seed_to_the_store() {
    // The same move under empty_capture=true (Irving-Donkers-Uiterwijk): the
    // seed landing in empty b2 goes to North's store alone (5 -> 6).
    let rules = KalahRules {
        empty_capture: true,
        ..KalahRules::default()
    };
    let before = kalah_with("kalah 0,0,8,1,8,0/10,0,1,1,1,0 N 15 13,5", rules);
    let after = played(&before, "b3");
    assert_eq!(
        after.to_string(),
        "kalah 0,0,8,1,8,0/10,0,0,1,1,0 S 16 13,6"
    );
    // With seeds opposite, the option changes nothing: 1 + 9 as before.
    let capture = kalah_with("kalah 1,0,8,1,8,0/7,9,3,0,0,6 S 11 3,2", rules);
    assert_eq!(
        played(&capture, "a1").to_string(),
        "kalah 0,0,8,1,8,0/7,0,3,0,0,6 N 12 13,2"
    );
}

#[test]
fn a_lap_refills_the_emptied_pit() {
    // Fixture game 1, ply 27. a3 holds 15 seeds; South's circuit has 13
    // slots (6 + store + 6), so every slot gets one (a3 included: the origin
    // is not skipped) and 2 more go to a4 and a5. a5 ends with 2: no capture.
    let before = kalah("kalah 1,0,15,12,0,3/0,0,1,0,0,0 S 26 7,9");
    let after = played(&before, "a3");
    assert_eq!(after.to_string(), "kalah 2,1,1,14,2,4/1,1,2,1,1,1 N 27 8,9");
}

#[test]
fn a_full_lap_ending_in_the_origin_captures() {
    // 13 seeds from a1 make exactly one lap: the last falls back into a1,
    // which was emptied and now holds 1, and b1 got a seed too: capture
    // 1 + (2 + 1) = 4 into the store, which also got 1 from the lap.
    let before = kalah("kalah 13,0,0,0,0,0/2,0,0,0,0,0 S 0 0,0");
    let after = played(&before, "a1");
    assert_eq!(after.to_string(), "kalah 0,1,1,1,1,1/0,1,1,1,1,1 N 1 5,0");
}

#[test]
fn game_ends_when_a_row_is_empty_without_sweeping() {
    // Fixture game 86, ply 44. North's b5 seed falls into empty b4 facing
    // a4's 2 seeds: 3 go to North's store (27 -> 30). Both rows are now
    // empty; the board stays as it is and South has 18, North 30.
    let before = kalah("kalah 0,0,0,2,0,0/0,0,0,0,1,0 N 43 18,27");
    let after = played(&before, "b5");
    assert_eq!(
        after.to_string(),
        "kalah 0,0,0,0,0,0/0,0,0,0,0,0 S 44 18,30"
    );
    let outcome = after.outcome().expect("over");
    assert_eq!(outcome.winner, Some(Player::North));
    assert_eq!(outcome.reason, EndReason::Natural);
    assert_eq!(after.totals(), [18, 30]);
    assert!(moves(&after).is_empty());
}

#[test]
fn seeds_left_in_a_row_count_for_its_owner() {
    // North's row is empty, so the game is over at once; South's 20 seeds
    // on the board count for South: 20 + 5 = 25 against North's 23.
    let game = kalah("kalah 0,0,0,0,0,20/0,0,0,0,0,0 N 30 5,23");
    assert_eq!(game.totals(), [25, 23]);
    assert_eq!(game.outcome().map(|o| o.winner), Some(Some(Player::South)));
    assert_eq!(game.to_string(), "kalah 0,0,0,0,0,20/0,0,0,0,0,0 N 30 5,23");
}

#[test]
fn the_ply_cap_ends_the_game_after_more_than_max_plies() {
    // OpenSpiel: terminal when more than max_plies plies were played. With
    // max_plies=1 the first ply (a1: no extra turn) leaves the game on, the
    // second ends it; it is scored on store + own pits as usual.
    let rules = KalahRules {
        max_plies: 1,
        ..KalahRules::default()
    };
    let mut game = Kalah::start(rules);
    game.play_text("a1").expect("legal");
    assert_eq!(game.outcome(), None);
    game.play_text("b1").expect("legal");
    let outcome = game.outcome().expect("capped");
    assert_eq!(outcome.reason, EndReason::PlyCap);
    // a1 -> a2..a5 (South row 0,5,5,5,5,4 = 24); b1 -> North's store and
    // a1..a3 (b1 is next to North's store): South 27, North 20 + 1.
    assert_eq!(game.totals(), [27, 21]);
    assert_eq!(outcome.winner, Some(Player::South));
}

#[test]
fn smallest_board_one_pit_one_seed() {
    // Kalah(1,1): a1's seed goes straight into South's store: extra turn,
    // but South's row is empty, so the game is over. Each side has 1: draw.
    let rules = KalahRules::from_assignments(&["pits=1", "seeds=1"]).expect("valid");
    let mut game = Kalah::start(rules);
    assert_eq!(game.to_string(), "kalah 1/1 S 0 0,0");
    assert_eq!(moves(&game), ["a1"]);
    game.play_text("a1").expect("legal");
    assert_eq!(game.to_string(), "kalah 0/1 S 1 1,0");
    assert_eq!(game.outcome().map(|o| o.winner), Some(None));
    assert_eq!(perft(&Kalah::start(rules), 1), 1);
    assert_eq!(perft(&Kalah::start(rules), 2), 0);
}

#[test]
fn small_board_three_pits_two_seeds() {
    // Kalah(3,2): South's a2 holds 2 -> a3 and the store: extra turn.
    let rules = KalahRules::from_assignments(&["pits=3", "seeds=2"]).expect("valid");
    let game = Kalah::start(rules);
    assert_eq!(game.to_string(), "kalah 2,2,2/2,2,2 S 0 0,0");
    let after = played(&game, "a2");
    assert_eq!(after.to_string(), "kalah 2,0,3/2,2,2 S 1 1,0");
    // North on 3 pits sows b3 -> b2 -> b1 -> store: b3's 2 seeds reach b2, b1.
    let north = kalah_with("kalah 2,0,3/2,2,2 N 1 1,0", rules);
    assert_eq!(
        played(&north, "b3").to_string(),
        "kalah 2,0,3/3,3,0 S 2 1,0"
    );
}

#[test]
fn check_move_says_why_a_move_is_illegal() {
    let game = kalah("kalah 0,5,5,5,5,4/5,5,5,5,0,4 S 2 0,0");
    let reason = |mv: KalahMove| game.check_move(mv).expect_err("illegal").reason;
    assert!(reason(KalahMove::new(Player::South, 1)).contains("empty"));
    assert!(reason(KalahMove::new(Player::North, 1)).contains("North's pit"));
    assert!(reason(KalahMove::new(Player::South, 7)).contains("no such pit"));
    let over = kalah("kalah 0,0,0,0,0,0/1,0,0,0,0,0 N 3 20,27");
    assert!(over
        .check_move(KalahMove::new(Player::North, 1))
        .expect_err("over")
        .reason
        .contains("over"));
    let mut copy = game;
    assert!(matches!(
        copy.play_text("a1"),
        Err(PlayTextError::Illegal(_))
    ));
    assert!(matches!(copy.play_text("z9"), Err(PlayTextError::Parse(_))));
    assert_eq!(copy, game, "a refused move leaves the position alone");
}

#[test]
fn moves_are_read_and_written_as_pits() {
    let game = Kalah::start(KalahRules::default());
    assert_eq!(game.parse_move("a3"), Ok(KalahMove::new(Player::South, 3)));
    assert_eq!(game.parse_move("b6"), Ok(KalahMove::new(Player::North, 6)));
    assert_eq!(KalahMove::new(Player::North, 6).to_string(), "b6");
    for bad in ["a0", "a7", "c1", "", "a", "b-1", "3"] {
        let err = game.parse_move(bad).expect_err(bad);
        assert_eq!(err.text, bad);
        assert!(err.reason.contains("column 1..6"), "{}", err.reason);
    }
}

#[test]
fn position_errors_name_the_field() {
    let field = |text: &str| {
        Kalah::from_position(text, KalahRules::default())
            .expect_err(text)
            .field
    };
    assert_eq!(field("oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0"), "game");
    assert_eq!(field("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0"), "fields");
    // A sixth field can only be the swap field.
    assert_eq!(field("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0 x"), "swap");
    assert_eq!(field("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0 x y"), "fields");
    assert_eq!(field("kalah 4,4,4,4,4,4 S 0 0,0"), "rows");
    assert_eq!(field("kalah 4,4,4,4,4/4,4,4,4,4,4 S 0 0,0"), "rows");
    assert_eq!(field("kalah 4,4,4,x,4,4/4,4,4,4,4,4 S 0 0,0"), "rows");
    // 250 + 11 * 4 = 294 seeds: more than a byte per count allows.
    assert_eq!(field("kalah 250,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0"), "rows");
    assert_eq!(field("kalah 256,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0"), "rows");
    assert_eq!(field("kalah 4,4,4,4,4,4/4,4,4,4,4,4 W 0 0,0"), "side");
    assert_eq!(field("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S -1 0,0"), "ply");
    assert_eq!(field("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0"), "stores");
    assert_eq!(field("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,z"), "stores");
    let width = Kalah::from_position("kalah 4,4,4,4/4,4,4,4 S 0 0,0", KalahRules::default())
        .expect_err("wrong width");
    assert!(width.reason.contains("pits=6"), "{}", width.reason);
    let four = KalahRules::from_assignments(&["pits=4"]).expect("valid");
    assert!(Kalah::from_position("kalah 4,4,4,4/4,4,4,4 S 0 0,0", four).is_ok());
}

#[test]
fn rule_options_are_read_checked_and_written() {
    let rules =
        KalahRules::from_assignments(&["pits=4", "seeds=3", "empty_capture=true", "max_plies=0"])
            .expect("valid");
    assert_eq!(
        rules,
        KalahRules {
            pits: 4,
            seeds: 3,
            empty_capture: true,
            max_plies: 0,
            swap: false,
        }
    );
    assert_eq!(rules.get("empty_capture").as_deref(), Some("true"));
    // `swap` is written only when on.
    let swap = KalahRules::from_assignments(&["swap=true"]).expect("valid");
    assert_eq!(swap.to_pairs().len(), 5);
    assert_eq!(swap.get("swap").as_deref(), Some("true"));
    assert_eq!(KalahRules::default().to_pairs().len(), 4);
    for (text, key) in [
        ("pits=9", "pits"),
        ("pits=0", "pits"),
        ("seeds=9", "seeds"),
        ("empty_capture=maybe", "empty_capture"),
    ] {
        match KalahRules::from_assignments(&[text]) {
            Err(RuleError::BadValue { key: k, .. }) => assert_eq!(k, key),
            other => panic!("{text}: {other:?}"),
        }
    }
    assert!(matches!(
        KalahRules::from_assignments(&["holes=6"]),
        Err(RuleError::UnknownKey { .. })
    ));
}

#[test]
fn openspiel_actions_and_boards_map_both_ways() {
    // 6 pits: action k is ak, action 14 - k is bk; 0 and 7 are stores.
    assert_eq!(
        openspiel::action_to_move(3, 6),
        Some(KalahMove::new(Player::South, 3))
    );
    assert_eq!(
        openspiel::action_to_move(8, 6),
        Some(KalahMove::new(Player::North, 6))
    );
    assert_eq!(
        openspiel::action_to_move(13, 6),
        Some(KalahMove::new(Player::North, 1))
    );
    assert_eq!(openspiel::action_to_move(0, 6), None);
    assert_eq!(openspiel::action_to_move(7, 6), None);
    assert_eq!(openspiel::action_to_move(14, 6), None);
    // 4 pits: board of 10, North's store 0, South's 5, bk = 10 - k.
    for action in [1, 2, 3, 4, 6, 7, 8, 9] {
        let mv = openspiel::action_to_move(action, 4).expect("a pit");
        assert_eq!(openspiel::move_to_action(mv, 4), action);
    }
    let game = kalah("kalah 1,2,3,4,5,6/7,8,9,10,11,12 N 5 13,14");
    let board = openspiel::to_board(&game);
    assert_eq!(board, [14, 1, 2, 3, 4, 5, 6, 13, 12, 11, 10, 9, 8, 7]);
    let back =
        openspiel::from_board(&board, Player::North, 5, KalahRules::default()).expect("valid");
    assert_eq!(back, game);
    assert_eq!(
        openspiel::from_board(&board[..13], Player::North, 5, KalahRules::default())
            .expect_err("short")
            .field,
        "board"
    );
}

#[test]
fn zobrist_tells_positions_apart() {
    let a = kalah("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0");
    let b = kalah("kalah 4,4,4,4,4,4/4,4,4,4,4,4 N 0 0,0");
    let c = kalah("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 1,0");
    let d = kalah("kalah 4,4,4,4,4,5/4,4,4,4,4,4 S 0 0,0");
    let e = kalah("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 7 0,0");
    let hashes = [a.zobrist(), b.zobrist(), c.zobrist(), d.zobrist()];
    for i in 0..hashes.len() {
        for j in i + 1..hashes.len() {
            assert_ne!(hashes[i], hashes[j], "{i} {j}");
        }
    }
    // The ply is not part of the hash.
    assert_eq!(a.zobrist(), e.zobrist());
}

/// South's row reads a1..a6 in sowing order, North's from b6 back to b1.
#[test]
fn sowing_rows_follow_each_side_s_sowing_direction() {
    let game = kalah("kalah 1,2,3,4,5,6/7,8,9,10,11,12 S 0 0,0");
    assert_eq!(game.row(Player::North).as_slice(), &[7, 8, 9, 10, 11, 12]);
    assert_eq!(game.sowing_row(Player::South), [1, 2, 3, 4, 5, 6, 0, 0]);
    assert_eq!(game.sowing_row(Player::North), [12, 11, 10, 9, 8, 7, 0, 0]);
}

//! Oware rules by hand: the worked examples of the OpenSpiel fixtures'
//! README (each position written out, with why the result is right), the
//! origin skipped on a lap, repetition on a small board, the ply cap, small
//! boards, perft, notation and the errors that name what is wrong.

use ngola_rules::oware::{openspiel, Oware, OwareMove, OwareRules};
use ngola_rules::perft::perft;
use ngola_rules::{EndReason, Game, MoveList, Player, RuleError, RuleOptions};

fn oware(text: &str) -> Oware {
    Oware::from_position(text, OwareRules::default()).expect("a valid position")
}

fn played(game: &Oware, mv: &str) -> Oware {
    let mut next = game.clone();
    next.play_text(mv).expect("a legal move");
    next
}

fn moves(game: &Oware) -> Vec<String> {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    list.iter().map(|m| m.to_string()).collect()
}

#[test]
fn start_position_and_its_text() {
    let game = Oware::start(OwareRules::default());
    assert_eq!(game.to_string(), "oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0");
    assert_eq!(moves(&game), ["a1", "a2", "a3", "a4", "a5", "a6"]);
    assert_eq!(game.totals(), [0, 0]);
    assert_eq!(game.total_seeds(), 48);
    let north = played(&game, "a1");
    // North's moves in sowing order: b6 first (OpenSpiel's action 0).
    assert_eq!(moves(&north), ["b6", "b5", "b4", "b3", "b2", "b1"]);
}

#[test]
fn perft_from_the_start_equals_openspiel() {
    let game = Oware::start(OwareRules::default());
    let expected = [6, 36, 190, 1014, 5219, 27332];
    for (depth, &count) in (1..).zip(expected.iter()) {
        assert_eq!(perft(&game, depth), count, "depth {depth}");
    }
}

#[test]
fn chain_capture_of_three_houses() {
    // Fixture game 0, ply 57. a1's 11 seeds go one each into a2..a6 and
    // b6..b1; the last lands in b1, which now holds 3. Going back: b1 = 3,
    // b2 = 2, b3 = 3 are taken (8 seeds: 5 -> 13), b4 = 1 stops the chain.
    let before = oware("oware 11,0,7,1,0,4/2,1,2,0,1,6 S 56 5,8");
    let after = played(&before, "a1");
    assert_eq!(after.to_string(), "oware 0,1,8,2,1,5/0,0,0,1,2,7 N 57 13,8");
    let text = before.describe_move(OwareMove::new(Player::South, 1));
    assert!(text.contains("captures 8 seeds from b1, b2, b3"), "{text}");
    // A capture clears the repetition history: only the new position is in it.
    assert_eq!(after.history_len(), 1);
}

#[test]
fn grand_slam_captures_nothing() {
    // Fixture game 5, ply 98. North's b2 (3 seeds) sows b1, a1, a2; a1 and
    // a2 now hold 2 each and a3..a6 are empty, so taking a2 and a1 would
    // leave South no seed: a grand slam, allowed but capturing nothing.
    let before = oware("oware 1,1,0,0,0,0/0,3,0,0,1,1 N 97 21,20");
    let after = played(&before, "b2");
    assert_eq!(
        after.to_string(),
        "oware 2,2,0,0,0,0/1,0,0,0,1,1 S 98 21,20"
    );
    let text = before.describe_move(OwareMove::new(Player::North, 2));
    assert!(text.contains("grand slam"), "{text}");
}

#[test]
fn not_a_grand_slam_when_a_seed_remains_beyond() {
    // As above but a3 holds a seed the sowing does not reach: a2 and a1 (2
    // each) are taken, 20 -> 24, and South keeps a3. 24 of 48 is not more
    // than half and South is not at 24 too, so the game goes on.
    let before = oware("oware 1,1,1,0,0,0/0,3,0,0,1,1 N 0 20,20");
    let after = played(&before, "b2");
    assert_eq!(after.to_string(), "oware 0,0,1,0,0,0/1,0,0,0,1,1 S 1 20,24");
    assert_eq!(after.outcome(), None);
}

#[test]
fn no_capture_when_the_last_seed_stays_home() {
    // a4's 2 seeds fall in a5, a6: the mover's own row, so even a 2 or 3
    // there captures nothing (a6 holds 3 afterwards).
    let before = oware("oware 4,4,4,2,1,2/4,4,4,4,4,4 S 0 3,4");
    let after = played(&before, "a4");
    assert_eq!(after.to_string(), "oware 4,4,4,0,2,3/4,4,4,4,4,4 N 1 3,4");
}

#[test]
fn must_feed_an_empty_opponent() {
    // Fixture game 4, ply 61. North's row is empty, so South must reach it:
    // a3's 3 seeds stop at a6 and a4's 1 at a5; only a5 (11 seeds) feeds.
    let before = oware("oware 0,0,3,1,11,0/0,0,0,0,0,0 S 60 11,22");
    assert_eq!(moves(&before), ["a5"]);
    let err = before
        .check_move(OwareMove::new(Player::South, 3))
        .expect_err("does not feed");
    assert!(
        err.reason.contains("must be fed") && err.reason.contains("a5"),
        "{}",
        err.reason
    );
    // a5's 11 seeds: a6, b6..b1 (7), then a1..a4 (4); the last in a4 is home.
    let after = played(&before, "a5");
    assert_eq!(
        after.to_string(),
        "oware 1,1,4,2,0,1/1,1,1,1,1,1 N 61 11,22"
    );
}

#[test]
fn player_who_cannot_be_fed_ends_the_game_by_collecting() {
    // Fixture game 2, ply 93. South's a6 (3 seeds) sows b6, b5, b4 (1 each:
    // no capture). Now South's row is empty and no North house reaches it
    // (b6..b4 hold 1 and are 6..4 houses from the end, b2 holds 1 and is 2
    // away), so North has no move: each side collects its row; North's 4
    // seeds make 21 -> 25 against 23.
    let before = oware("oware 0,0,0,0,0,3/0,1,0,0,0,0 S 92 23,21");
    let after = played(&before, "a6");
    assert_eq!(
        after.to_string(),
        "oware 0,0,0,0,0,0/0,0,0,0,0,0 N 93 23,25"
    );
    let outcome = after.outcome().expect("over");
    assert_eq!(outcome.winner, Some(Player::North));
    assert_eq!(outcome.reason, EndReason::Natural);
    let text = before.describe_move(OwareMove::new(Player::South, 6));
    assert!(text.contains("cannot move"), "{text}");
}

#[test]
fn win_by_capture_still_collects_the_leftovers() {
    // Fixture game 1, ply 70. North's b4 (5 seeds) sows b3, b2, b1, a1, a2;
    // a2 = 2 and a1 = 3 are taken (24 -> 29 > 24: North has won). a3 and a6
    // keep South's seeds, so it is no grand slam. Then, as OpenSpiel does,
    // each side collects its row: South +2 = 9, North +10 = 39.
    let before = oware("oware 2,1,1,0,0,1/1,0,3,5,2,1 N 69 7,24");
    let after = played(&before, "b4");
    assert_eq!(after.to_string(), "oware 0,0,0,0,0,0/0,0,0,0,0,0 S 70 9,39");
    let outcome = after.outcome().expect("over");
    assert_eq!(outcome.winner, Some(Player::North));
    assert_eq!(outcome.reason, EndReason::Natural);
}

#[test]
fn a_lap_skips_the_origin() {
    // 12 seeds from a1: the 11 other houses get one each, and the 12th seed
    // skips a1 and falls in a2 (2 seeds, South's own row: no capture).
    let before = oware("oware 12,0,0,0,0,0/0,0,0,0,0,0 S 0 18,18");
    let after = played(&before, "a1");
    assert_eq!(after.to_string(), "oware 0,2,1,1,1,1/1,1,1,1,1,1 N 1 18,18");
    // 23 seeds: two full laps of 11, then the 23rd seed in a2 again.
    let before = oware("oware 23,0,0,0,0,0/1,0,0,0,0,0 S 0 12,12");
    let after = played(&before, "a1");
    assert_eq!(after.to_string(), "oware 0,3,2,2,2,2/3,2,2,2,2,2 N 1 12,12");
}

#[test]
fn repetition_ends_the_game_and_each_side_collects() {
    // Oware(2 houses): circuit a1 a2 b2 b1. From a2 = b1 = 1 (scores 3,3),
    // every move is forced: a2 -> b2; South is empty, so North must feed:
    // b1 -> a1; a1 -> a2; b2 -> b1. That is the first position again with
    // South to move and no capture since: each side collects its row (1
    // each) and the game ends 4-4 by repetition.
    let rules = OwareRules::from_assignments(&["houses=2", "seeds=2"]).expect("valid");
    let mut game = Oware::from_position("oware 0,1/1,0 S 0 3,3", rules).expect("valid");
    for (mv, text) in [
        ("a2", "oware 0,0/1,1 N 1 3,3"),
        ("b1", "oware 1,0/0,1 S 2 3,3"),
        ("a1", "oware 0,1/0,1 N 3 3,3"),
    ] {
        assert_eq!(moves(&game), [mv], "forced");
        game.play_text(mv).expect("legal");
        assert_eq!(game.to_string(), text);
        assert_eq!(game.outcome(), None);
    }
    let text = game.describe_move(OwareMove::new(Player::North, 2));
    assert!(text.contains("repeats"), "{text}");
    game.play_text("b2").expect("legal");
    assert_eq!(game.to_string(), "oware 0,0/0,0 S 4 4,4");
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, EndReason::Repetition);
    assert_eq!(outcome.winner, None);
    // A position text starts a fresh history: the same position read back
    // from text after the third ply does not know the start position.
    let mut fresh = Oware::from_position("oware 0,1/0,1 N 3 3,3", rules).expect("valid");
    fresh.play_text("b2").expect("legal");
    assert_eq!(fresh.outcome(), None);
    assert_eq!(fresh.to_string(), "oware 0,1/1,0 S 4 3,3");
}

#[test]
fn the_ply_cap_collects_and_scores() {
    // max_plies=2: a1 (4 seeds to a2..a5), then b1 (4 seeds to a1..a4).
    // South's row holds 1+6+6+6+5+4 = 28, North's 20: collected at the cap.
    let rules = OwareRules::from_assignments(&["max_plies=2"]).expect("valid");
    let mut game = Oware::start(rules);
    game.play_text("a1").expect("legal");
    assert_eq!(game.outcome(), None);
    game.play_text("b1").expect("legal");
    let outcome = game.outcome().expect("capped");
    assert_eq!(outcome.reason, EndReason::PlyCap);
    assert_eq!(outcome.winner, Some(Player::South));
    assert_eq!(game.to_string(), "oware 0,0,0,0,0,0/0,0,0,0,0,0 S 2 28,20");
}

#[test]
fn small_board_two_houses_one_seed() {
    // Oware(2,1): 4 seeds on the circuit a1 a2 b2 b1; a win needs 3.
    let rules = OwareRules::from_assignments(&["houses=2", "seeds=1"]).expect("valid");
    let mut game = Oware::start(rules);
    assert_eq!(game.to_string(), "oware 1,1/1,1 S 0 0,0");
    assert_eq!(game.total_seeds(), 4);
    game.play_text("a2").expect("legal");
    // a2's seed lands in b2 (now 2, North's row): taking it would leave
    // North b1, so it is no grand slam: South takes 2 (2 of 4 is half, and
    // North has 0, so the game goes on).
    assert_eq!(game.to_string(), "oware 1,0/1,0 N 1 2,0");
    assert_eq!(game.outcome(), None);
    assert!(perft(&Oware::start(rules), 6) > 0);
}

#[test]
fn check_move_says_why_a_move_is_illegal() {
    let game = oware("oware 0,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0");
    let reason = |mv: OwareMove| game.check_move(mv).expect_err("illegal").reason;
    assert!(reason(OwareMove::new(Player::South, 1)).contains("empty"));
    assert!(reason(OwareMove::new(Player::North, 1)).contains("North's house"));
    assert!(reason(OwareMove::new(Player::South, 7)).contains("no such house"));
    let over = oware("oware 0,0,0,0,0,0/0,0,0,0,0,0 N 3 24,24");
    assert!(over.outcome().is_some());
    assert!(over
        .check_move(OwareMove::new(Player::North, 1))
        .expect_err("over")
        .reason
        .contains("over"));
}

#[test]
fn moves_are_read_and_written_as_houses() {
    let game = Oware::start(OwareRules::default());
    assert_eq!(game.parse_move("a3"), Ok(OwareMove::new(Player::South, 3)));
    assert_eq!(game.parse_move("b6"), Ok(OwareMove::new(Player::North, 6)));
    assert_eq!(OwareMove::new(Player::South, 2).to_string(), "a2");
    for bad in ["a0", "a7", "c1", "", "b", "x3"] {
        let err = game.parse_move(bad).expect_err(bad);
        assert!(err.reason.contains("house"), "{}", err.reason);
    }
}

#[test]
fn position_errors_name_the_field() {
    let field = |text: &str| {
        Oware::from_position(text, OwareRules::default())
            .expect_err(text)
            .field
    };
    assert_eq!(field("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0"), "game");
    assert_eq!(field("oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0"), "fields");
    assert_eq!(field("oware 4,4,4,4,4,4/4,4,4,4,4 S 0 0,0"), "rows");
    assert_eq!(field("oware 4,4,4,4,4,4/4,4,4,4,4,? S 0 0,0"), "rows");
    assert_eq!(field("oware 4,4,4,4,4,4/4,4,4,4,4,4 X 0 0,0"), "side");
    assert_eq!(field("oware 4,4,4,4,4,4/4,4,4,4,4,4 S many 0,0"), "ply");
    assert_eq!(field("oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0;0"), "scores");
    // South to move, North empty and nothing reaches it, scores not
    // decisive: such a position is never left by play (it is collected).
    let stuck = Oware::from_position(
        "oware 1,0,0,0,0,0/0,0,0,0,0,0 S 0 23,24",
        OwareRules::default(),
    )
    .expect_err("stuck");
    assert_eq!(stuck.field, "rows");
    assert!(stuck.reason.contains("no legal move"), "{}", stuck.reason);
    // A finished position reads back as finished.
    let over = oware("oware 0,0,0,0,0,0/0,0,0,0,0,0 S 70 9,39");
    assert_eq!(over.outcome().map(|o| o.winner), Some(Some(Player::North)));
}

#[test]
fn rule_options_are_read_checked_and_written() {
    let rules =
        OwareRules::from_assignments(&["houses=5", "seeds=3", "max_plies=0"]).expect("valid");
    assert_eq!(
        rules,
        OwareRules {
            houses: 5,
            seeds: 3,
            max_plies: 0,
            swap: false,
        }
    );
    assert_eq!(rules.get("houses").as_deref(), Some("5"));
    for (text, key) in [
        ("houses=1", "houses"),
        ("houses=9", "houses"),
        ("seeds=0", "seeds"),
        ("max_plies=-1", "max_plies"),
    ] {
        match OwareRules::from_assignments(&[text]) {
            Err(RuleError::BadValue { key: k, .. }) => assert_eq!(k, key),
            other => panic!("{text}: {other:?}"),
        }
    }
    let start = Oware::start(rules);
    assert_eq!(start.to_string(), "oware 3,3,3,3,3/3,3,3,3,3 S 0 0,0");
}

#[test]
fn openspiel_actions_and_boards_map_both_ways() {
    // Relative action j: South's a(j+1), North's b(6-j).
    assert_eq!(
        openspiel::action_to_move(0, Player::South, 6),
        Some(OwareMove::new(Player::South, 1))
    );
    assert_eq!(
        openspiel::action_to_move(0, Player::North, 6),
        Some(OwareMove::new(Player::North, 6))
    );
    assert_eq!(
        openspiel::action_to_move(5, Player::North, 6),
        Some(OwareMove::new(Player::North, 1))
    );
    assert_eq!(openspiel::action_to_move(6, Player::North, 6), None);
    for side in Player::BOTH {
        for action in 0..4 {
            let mv = openspiel::action_to_move(action, side, 4).expect("a house");
            assert_eq!(openspiel::move_to_action(mv, 4), action);
        }
    }
    // South's ak is house k - 1, North's bk is house 12 - k.
    let game = oware("oware 1,2,3,4,5,6/7,8,9,10,11,12 N 5 2,3");
    let seeds = openspiel::to_seeds(&game);
    assert_eq!(seeds, [1, 2, 3, 4, 5, 6, 12, 11, 10, 9, 8, 7]);
    let back = openspiel::from_state(&seeds, [2, 3], Player::North, 5, OwareRules::default())
        .expect("valid");
    assert_eq!(back, game);
}

#[test]
fn zobrist_tells_positions_apart() {
    let a = oware("oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0");
    let b = oware("oware 4,4,4,4,4,4/4,4,4,4,4,4 N 0 0,0");
    let c = oware("oware 4,4,4,4,4,3/4,4,4,4,4,4 S 0 1,0");
    let d = oware("oware 4,4,4,4,4,3/4,4,4,4,4,4 S 0 0,1");
    let hashes = [a.zobrist(), b.zobrist(), c.zobrist(), d.zobrist()];
    for i in 0..hashes.len() {
        for j in i + 1..hashes.len() {
            assert_ne!(hashes[i], hashes[j], "{i} {j}");
        }
    }
}

/// `clone_from` (hand-written, to reuse the history buffer) gives the same
/// position as `clone`, history included, whatever the target held before.
#[test]
fn clone_from_copies_everything_the_history_included() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let start = Oware::start(OwareRules::default());
    let mut positions = vec![start.clone()];
    let mut game = start;
    while game.play_random(&mut rng).is_some() {
        positions.push(game.clone());
    }
    assert!(positions.len() > 20);
    let longest = positions.iter().max_by_key(|p| p.history_len());
    let mut target = longest.expect("positions were played").clone();
    for (i, source) in positions.iter().enumerate().rev() {
        target.clone_from(source);
        assert_eq!(&target, source, "position {i}");
        assert_eq!(target.history_len(), source.history_len());
        assert_eq!(target.to_string(), source.to_string());
    }
}

/// South's row reads a1..a6 in sowing order, North's from b6 back to b1.
#[test]
fn sowing_rows_follow_each_side_s_sowing_direction() {
    let game = Oware::from_position(
        "oware 1,2,3,4,5,6/7,8,0,0,0,0 S 0 5,6",
        OwareRules::default(),
    )
    .expect("a valid position");
    assert_eq!(game.row(Player::North).as_slice(), &[7, 8, 0, 0, 0, 0]);
    assert_eq!(game.sowing_row(Player::South), [1, 2, 3, 4, 5, 6, 0, 0]);
    assert_eq!(game.sowing_row(Player::North), [0, 0, 0, 0, 8, 7, 0, 0]);
}

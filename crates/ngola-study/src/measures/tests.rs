//! The measures on small hand-made runs whose values are worked out by
//! hand in the comments (Um el-Bagara on a 2 x 3 board, from position
//! texts, so that every legal move can be counted on one's fingers).

use ngola_arena::record::{GameResult, Reason};
use ngola_arena::stats::Statistics;
use ngola_arena::GameRecord;
use ngola_rules::umelbagara::{UmElBagara, UmElBagaraRules};
use ngola_rules::{EndReason, RuleOptions};

use super::*;

pub(crate) fn rules() -> UmElBagaraRules {
    UmElBagaraRules::from_assignments(&["houses=3", "counters=1"]).expect("a board size")
}

#[allow(clippy::too_many_arguments)]
fn row(
    game: u64,
    ids: (u32, u32),
    names: (&str, &str),
    result: GameResult,
    plies: u32,
    reason: Reason,
    opening: &str,
    moves: &str,
) -> GameRecord {
    GameRecord {
        game,
        pair: game / 2,
        pairing: 0,
        south_id: ids.0,
        north_id: ids.1,
        south: names.0.to_string(),
        north: names.1.to_string(),
        seed: game,
        result,
        plies,
        south_total: 0,
        north_total: 0,
        reason,
        time_s: 0.0,
        opening: opening.to_string(),
        moves: moves.to_string(),
        fault: String::new(),
    }
}

const NATURAL: Reason = Reason::Rules(EndReason::Natural);
// One counter a house: 6 counters in all, those not on the board taken.
/// South a1 a3 with 2 each: a1 (clockwise: b1, b2) or a3 (b3, b2).
const A: &str = "umelbagara 2,0,2/0,0,0 S 0 1,1";
/// South a3 only: b3, b2 get one each; nobody can move; North 4 - 2.
const B: &str = "umelbagara 0,0,2/0,0,0 S 0 2,2";
/// South a3: b3 gets 1, b2 gets 2 and is taken; South 4 - 2.
const C: &str = "umelbagara 0,0,2/0,1,0 S 0 2,1";

/// Self-play of one agent, each start played with both seats.
/// A: `a1` (b1 = b2 = 1, 3 - 3), North passes, `a3` takes b2 (2): a draw.
/// A again with `second_a`. B: North wins. C: South wins.
pub(crate) fn run(second_a: &str) -> Vec<GameRecord> {
    let x = ("x", "x");
    vec![
        row(0, (0, 1), x, GameResult::Draw, 3, NATURAL, A, "a1 pass a3"),
        row(1, (1, 0), x, GameResult::Draw, 3, NATURAL, A, second_a),
        row(2, (0, 1), x, GameResult::North, 1, NATURAL, B, "a3"),
        row(3, (1, 0), x, GameResult::North, 1, NATURAL, B, "a3"),
        row(4, (0, 1), x, GameResult::South, 1, NATURAL, C, "a3"),
        row(5, (1, 0), x, GameResult::South, 1, NATURAL, C, "a3"),
    ]
}

fn measures(records: &[GameRecord]) -> Measures {
    Measures::of::<UmElBagara>(rules(), &["x".to_string(), "x".to_string()], records)
        .expect("the hand-made games replay")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-4
}

#[test]
fn deterministic_games_count_each_start_once() {
    // Every start's two games are one game: units are the 3 starts,
    // South scoring 1/2 (A), 0 (B), 1 (C): 1.5 / 3 = 0.5. Wilson at
    // p = 0.5, n = 3: centre 0.5, half-width
    // 1.96 / (1 + 1.96^2 / 3) * sqrt(0.25 / 3 + 1.96^2 / 36) = 0.3747.
    let m = measures(&run("a1 pass a3"));
    let fp = &m.first_player;
    assert_eq!(fp.unit, Unit::Start);
    assert_eq!(fp.units, 3);
    assert_eq!((fp.south.wins, fp.south.draws, fp.south.losses), (2, 2, 2));
    assert!(close(fp.score, 0.5));
    assert!(close(fp.low, 0.1253), "{}", fp.low);
    assert!(close(fp.high, 0.8747), "{}", fp.high);
    // Self-play of one spec (ids 0 and 1) is no ladder step.
    assert!(m.skill_trace.is_empty());
    assert!(m.skill().score.is_nan());
}

#[test]
fn games_that_differ_are_each_a_unit() {
    // A's second game: `a3` (b3 = b2 = 1), pass, `a1` takes b2 (2): a
    // draw by another way, so the games are units: 3 / 6 = 0.5. Wilson at
    // n = 6: half-width 1.96 / (1 + 1.96^2 / 6) * sqrt(0.25 / 6 +
    // 1.96^2 / 144) = 0.3124.
    let m = measures(&run("a3 pass a1"));
    let fp = &m.first_player;
    assert_eq!(fp.unit, Unit::Game);
    assert_eq!(fp.units, 6);
    assert!(close(fp.score, 0.5));
    assert!(close(fp.low, 0.1876), "{}", fp.low);
    assert!(close(fp.high, 0.8124), "{}", fp.high);
}

#[test]
fn seats_with_other_agents_are_other_starts() {
    // The same start with the agents' seats swapped is another start:
    // B played by x (South) and y, then y (South) and x, once each.
    let records = vec![
        row(
            0,
            (0, 1),
            ("x", "y"),
            GameResult::North,
            1,
            NATURAL,
            B,
            "a3",
        ),
        row(
            1,
            (1, 0),
            ("y", "x"),
            GameResult::North,
            1,
            NATURAL,
            B,
            "a3",
        ),
    ];
    let m =
        Measures::of::<UmElBagara>(rules(), &["x".into(), "y".into()], &records).expect("replays");
    assert_eq!(m.first_player.unit, Unit::Game);
    assert_eq!(m.first_player.units, 2);
}

#[test]
fn branching_decisions_and_leads() {
    // Positions moved from: A 3 (2 moves, then `pass` alone, then `a3`
    // alone), B 1, C 1, each twice: 10, of which 2 with a choice of 2:
    // branching 4 / 2 = 2, decision moves 2 / 10.
    // Leads (tallies: own houses plus taken): A 5-1, then level to the
    // end: no change. B 4-2 then 2-4: one change, North leads from the
    // last position of one move: 1. C 4-2 then 4-2 (b2 taken, b3 = 1):
    // South leads from the start: 0. Changes 2 / 6 games; lead for good
    // over the 4 decisive games (1 + 1 + 0 + 0) / 4.
    let m = measures(&run("a1 pass a3"));
    assert!(close(m.play.branching, 2.0));
    assert!(close(m.play.decision_moves, 0.2));
    assert!(close(m.play.lead_changes, 2.0 / 6.0));
    assert_eq!(m.play.decisive_games, 4);
    assert!(close(m.play.lead_for_good, 0.5));
}

#[test]
fn lengths() {
    // The hand-made run: 1 1 1 1 3 3: mean 10 / 6, median 1, p95 the 6th.
    let m = measures(&run("a1 pass a3"));
    assert!(close(m.length.mean, 10.0 / 6.0));
    assert!(close(m.length.median, 1.0));
    assert!(close(m.length.p95, 3.0));
    let odd = length(vec![5, 1, 4, 2, 3]);
    assert_eq!((odd.mean, odd.median, odd.p95), (3.0, 3.0, 5.0));
    // 1..=20: the median between 10 and 11; ceil(0.95 * 20) = 19th.
    let twenty = length((1..=20).collect());
    assert_eq!((twenty.median, twenty.p95), (10.5, 19.0));
    // 1..=21: ceil(19.95) = 20th.
    assert_eq!(length((1..=21).collect()).p95, 20.0);
    assert!(length(Vec::new()).mean.is_nan());
}

#[test]
fn endings_count_draws_caps_and_endless_sowings() {
    let x = ("x", "x");
    let cap = Reason::Rules(EndReason::PlyCap);
    let endless = Reason::Rules(EndReason::EndlessSowing);
    let records = vec![
        row(0, (0, 1), x, GameResult::Draw, 9, cap, "", ""),
        row(1, (1, 0), x, GameResult::Draw, 9, Reason::PlyLimit, "", ""),
        row(2, (0, 1), x, GameResult::South, 9, endless, "", ""),
        row(3, (1, 0), x, GameResult::North, 9, NATURAL, "", ""),
    ];
    let e = endings(&records);
    assert_eq!((e.draw_rate, e.ply_cap, e.endless_sowing), (0.5, 0.5, 0.25));
}

#[test]
fn skill_trace_scores_each_agent_against_the_one_below() {
    // Round robin of a, b, c: pairings (a, b) 0, (a, c) 1, (b, c) 2.
    // b wins all 4 games against a: 1. c against b: pair 4 won twice,
    // pair 5 split: units 1 and 1/2: 0.75. (a, c) is no step.
    let names = ["a", "b", "c"].map(String::from);
    let mut records = Vec::new();
    let mut add = |game: u64, pairing: u32, ids: (u32, u32), result: GameResult| {
        let mut r = row(
            game,
            ids,
            (&names[ids.0 as usize], &names[ids.1 as usize]),
            result,
            9,
            NATURAL,
            "",
            "",
        );
        r.pairing = pairing;
        records.push(r);
    };
    add(0, 0, (0, 1), GameResult::North);
    add(1, 0, (1, 0), GameResult::South);
    add(2, 0, (0, 1), GameResult::North);
    add(3, 0, (1, 0), GameResult::South);
    add(6, 1, (0, 2), GameResult::South);
    add(7, 1, (2, 0), GameResult::South);
    add(8, 2, (1, 2), GameResult::North);
    add(9, 2, (2, 1), GameResult::South);
    add(10, 2, (1, 2), GameResult::North);
    add(11, 2, (2, 1), GameResult::North);
    let steps = skill_trace(&Statistics::from_games(&names, &records));
    assert_eq!(steps.len(), 2);
    assert_eq!(
        (steps[0].lower.as_str(), steps[0].upper.as_str()),
        ("a", "b")
    );
    assert!(close(steps[0].estimate.score, 1.0));
    assert_eq!(
        (steps[1].lower.as_str(), steps[1].upper.as_str()),
        ("b", "c")
    );
    assert!(close(steps[1].estimate.score, 0.75));
    assert!(steps[1].estimate.score_low < 0.75 && steps[1].estimate.score_high > 0.75);
    assert_eq!(steps[1].pentanomial, [0, 0, 1, 0, 1]);
    // Pooled pairs 1, 1, 1, 1/2: mean 7/8, variance (3 (1/8)^2 + (3/8)^2) / 4
    // = 3/64, standard error sqrt(3/256) = 0.10825: 0.875 - 1.96 x 0.10825
    // = 0.6628, and the upper end clamped to 1.
    let pooled = skill(&steps);
    assert_eq!(pooled.units, 4);
    assert!(close(pooled.score, 0.875));
    assert!((pooled.score_low - 0.6628).abs() < 1e-4, "{pooled:?}");
    assert!(close(pooled.score_high, 1.0));
    assert!(skill(&[]).score.is_nan());
}

#[test]
fn the_start_follows_the_opening_moves() {
    // From the start (2 counters a house), opening `a1` sows b1, b2:
    // a 0,2,2, b 3,3,2, North to move at ply 1; the agents play `b1`.
    let two = UmElBagaraRules::from_assignments(&["houses=3", "counters=2"]).expect("rules");
    let start = UmElBagara::start(two);
    let r = row(
        0,
        (0, 1),
        ("x", "x"),
        GameResult::Draw,
        2,
        NATURAL,
        "a1",
        "a1 b1",
    );
    let play = replay_row(&start, &r).expect("replays");
    assert_eq!(play.start, "umelbagara 0,2,2/3,3,2 N 1 0,0");
    assert_eq!(play.after_start(&r.moves), "b1");
    assert_eq!(play.positions, 2);
}

#[test]
fn a_move_that_does_not_replay_names_its_game() {
    let Err(StudyError::Replay { game, .. }) = Measures::of::<UmElBagara>(
        rules(),
        &[],
        &[row(
            7,
            (0, 1),
            ("x", "x"),
            GameResult::North,
            1,
            NATURAL,
            B,
            "a1",
        )],
    ) else {
        panic!("a1 is empty in B");
    };
    assert_eq!(game, 7);
}

//! The fast engine against the plain per-seed reference
//! (`ngola_rules::reference::mangola`) on random positions reached by
//! random play under mixed rule options: every candidate's report, every
//! legal move's resulting position, the legal move sets and the outcome are
//! equal; seeds are conserved; no singleton ever moves.
//!
//! `MANGOLA_REFERENCE_POSITIONS` sets the number of positions (default 1,000,000).

use ngola_rules::reference::mangola as reference;

use std::collections::BTreeSet;

use ngola_rules::mangola::{
    CaptureSowing, EndlessSowing, Mangola, MangolaMove, MangolaRules, MoveEnding,
};
use ngola_rules::{Game, MoveList};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reference::{RefEnd, RefMangola};

/// Rule options for one random game: all three capture readings, both
/// endless options, the default lap limit and a small one (so that cut and
/// illegal endless moves are common), the full board and narrower ones.
fn random_rules(rng: &mut ChaCha8Rng) -> MangolaRules {
    MangolaRules {
        capture_sowing: CaptureSowing::ALL[rng.random_range(0..3)],
        endless_sowing: EndlessSowing::ALL[rng.random_range(0..2)],
        lap_limit: if rng.random_bool(0.8) {
            10_000
        } else {
            rng.random_range(1..40)
        },
        max_plies: if rng.random_bool(0.9) {
            1000
        } else {
            rng.random_range(1..30)
        },
        columns: if rng.random_bool(0.5) {
            8
        } else {
            rng.random_range(2..8)
        },
        swap: false,
    }
}

fn hole_of(mv: MangolaMove) -> reference::Hole {
    (mv.row(), mv.column() - 1)
}

#[derive(Default, Debug)]
struct Tally {
    positions: u64,
    moves: u64,
    endless: u64,
    captures: u64,
    ludii_positions: u64,
    narrow_positions: u64,
    finished_games: u64,
}

/// Names the position and its rules in assertion messages.
struct Context<'a>(&'a Mangola);

impl std::fmt::Display for Context<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} under {:?}", self.0, self.0.rules())
    }
}

fn check_position(game: &Mangola, seeds: u32, tally: &mut Tally) {
    let reference = RefMangola {
        board: game.rows(),
        side: game.to_move(),
        ply: game.ply(),
        rules: *game.rules(),
    };
    // Formatted only when an assertion fails.
    let context = Context(game);
    assert_eq!(reference.total(), seeds, "{context}: seeds conserved");
    let mut legal = MoveList::new();
    game.legal_moves(&mut legal);
    let ours: BTreeSet<reference::Hole> = legal.iter().map(|&mv| hole_of(mv)).collect();
    assert_eq!(ours.len(), legal.len(), "{context}: duplicate moves");
    let capped = game.rules().max_plies != 0 && game.ply() >= game.rules().max_plies;
    let mut theirs = BTreeSet::new();
    for hole in reference.candidates() {
        let mv = MangolaMove::new(hole.0, hole.1 + 1).expect("on the board");
        assert!(
            game.seeds(mv) >= 2,
            "{context}: {mv} holds fewer than two seeds"
        );
        let mut next_ref = reference.clone();
        let ref_report = next_ref.play(hole);
        let report = game.move_report(mv).expect("a candidate");
        let endless = ref_report.end == RefEnd::Endless;
        assert_eq!(report.is_endless(), endless, "{context}: {mv} endless");
        assert_eq!(
            (report.laps, report.captures, report.seeds_captured),
            (
                ref_report.laps,
                ref_report.captures,
                ref_report.seeds_captured
            ),
            "{context}: {mv} report"
        );
        assert_eq!(
            report.ending == MoveEnding::Opening,
            ref_report.end == RefEnd::Opening
        );
        tally.endless += u64::from(endless);
        tally.captures += u64::from(report.captures);
        let is_legal = !capped && (!endless || game.rules().endless_sowing == EndlessSowing::Stop);
        if !is_legal {
            continue;
        }
        theirs.insert(hole);
        let mut next = *game;
        next.play(mv);
        tally.moves += 1;
        assert_eq!(next.rows(), next_ref.board, "{context}: board after {mv}");
        assert_eq!((next.to_move(), next.ply()), (next_ref.side, next_ref.ply));
        assert_eq!(next_ref.total(), seeds, "{context}: {mv} conserves seeds");
    }
    assert_eq!(ours, theirs, "{context}: legal moves");
    let outcome = game.outcome().map(|o| (o.winner, o.reason.as_str()));
    if theirs.is_empty() {
        assert_eq!(outcome, reference.outcome(), "{context}: outcome");
        assert!(
            outcome.is_some(),
            "{context}: no legal move but the game goes on"
        );
    } else {
        assert_eq!(outcome, None, "{context}: legal moves but the game is over");
    }
}

#[test]
fn fast_engine_equals_the_reference_on_a_million_positions() {
    let target: u64 = std::env::var("MANGOLA_REFERENCE_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let mut rng = ChaCha8Rng::seed_from_u64(0x006d_616e_676f_6c61);
    let mut tally = Tally::default();
    while tally.positions < target {
        let rules = random_rules(&mut rng);
        let mut game = Mangola::start(rules);
        let seeds = 8 * u32::from(rules.columns);
        loop {
            check_position(&game, seeds, &mut tally);
            tally.positions += 1;
            tally.ludii_positions += u64::from(rules.capture_sowing == CaptureSowing::Ludii);
            tally.narrow_positions += u64::from(rules.columns < 8);
            if game.play_random(&mut rng).is_none() {
                tally.finished_games += 1;
                break;
            }
        }
    }
    println!("{tally:?}");
    // The mix did what it claims: every reading, narrow boards, endless moves.
    assert!(tally.ludii_positions > tally.positions / 5, "{tally:?}");
    assert!(tally.narrow_positions > tally.positions / 5, "{tally:?}");
    assert!(tally.endless > 0 && tally.captures > 0, "{tally:?}");
}

//! The exact chances under random play: the memoised walk agrees with
//! walking every line of play, and the default random self-play
//! tournament's first-player interval covers the exact value as often as
//! a 95% interval should (and would not, were the estimate a point off).

use std::hash::Hash;
use std::path::PathBuf;

use ngola_agents::Evaluate;
use ngola_arena::{runner, Caller, ExperimentDraft};
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::mangola::{Mangola, MangolaRules};
use ngola_rules::oware::{Oware, OwareRules};
use ngola_rules::umelbagara::{UmElBagara, UmElBagaraRules};
use ngola_rules::{Game, MoveList, Player, RuleOptions};
use ngola_study::measures::{exact_chances, Chances, TooManyPositions};

/// The chances by walking every line of play, no memo: the definition.
fn every_line<G: Game>(game: &G) -> [f64; 3] {
    if let Some(outcome) = game.outcome() {
        return match outcome.winner {
            Some(Player::South) => [1.0, 0.0, 0.0],
            None => [0.0, 1.0, 0.0],
            Some(Player::North) => [0.0, 0.0, 1.0],
        };
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut sum = [0.0; 3];
    for &mv in moves.iter() {
        let mut child = game.clone();
        child.play(mv);
        for (s, v) in sum.iter_mut().zip(every_line(&child)) {
            *s += v;
        }
    }
    sum.map(|p| p / moves.len() as f64)
}

fn rules<R: RuleOptions>(assignments: &[(&str, &str)]) -> R {
    let mut rules = R::default();
    for (key, value) in assignments {
        rules.set(key, value).expect("a rule option");
    }
    rules
}

fn agrees<G: Game + Eq + Hash>(start: G) -> Chances {
    let memo = exact_chances(&start, 1 << 20).expect("a small board");
    let walked = every_line(&start);
    let found = [memo.south_wins, memo.draws, memo.north_wins];
    for (m, w) in found.iter().zip(walked) {
        assert!(
            (m - w).abs() < 1e-12,
            "{start}: {found:?} against {walked:?}"
        );
    }
    assert!((found.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    memo
}

#[test]
fn the_memo_agrees_with_walking_every_line() {
    let kalah = agrees(Kalah::start(rules::<KalahRules>(&[
        ("pits", "2"),
        ("seeds", "3"),
    ])));
    // Transpositions are met and looked up: fewer positions than lines.
    assert!(kalah.positions > 1);
    agrees(Oware::start(rules::<OwareRules>(&[
        ("houses", "2"),
        ("seeds", "1"),
    ])));
    agrees(UmElBagara::start(rules::<UmElBagaraRules>(&[
        ("houses", "3"),
        ("counters", "1"),
    ])));
    // The ply cap is part of the rules, and of the exact value.
    let mangola = |cap: &str| {
        agrees(Mangola::start(rules::<MangolaRules>(&[
            ("columns", "2"),
            ("max_plies", cap),
        ])))
    };
    assert_ne!(mangola("8").draws, mangola("9").draws);
}

#[test]
fn a_board_too_big_is_refused_before_it_fills_memory() {
    let start = Kalah::start(rules::<KalahRules>(&[("pits", "3"), ("seeds", "3")]));
    assert_eq!(
        exact_chances(&start, 1000),
        Err(TooManyPositions { limit: 1000 })
    );
    // An ended position needs no memory at all: one counter in each of
    // five houses cannot be sown, a draw from the start.
    let over = UmElBagara::start(rules::<UmElBagaraRules>(&[
        ("houses", "5"),
        ("counters", "1"),
    ]));
    assert!(over.outcome().is_some());
    let found = exact_chances(&over, 1).expect("no position to hold");
    assert_eq!((found.positions, found.draws), (0, 1.0));
}

/// How many of `seeds` default random self-play tournaments of `games`
/// games (seeds 1, 2, ...) have a first-player interval that covers
/// `exact`, and the widest interval's half-width.
fn covered<G: Evaluate>(toml: &str, games: u64, seeds: u64, exact: f64) -> (u64, f64) {
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "random-play-coverage-{}-{}",
        G::NAME,
        std::process::id()
    ));
    let (mut hits, mut widest) = (0, 0.0f64);
    for seed in 1..=seeds {
        let experiment = ExperimentDraft::from_toml(&format!(
            "agents = [\"random\", \"random\"]\ngames = {games}\nseed = {seed}\nthreads = 2\n{toml}"
        ))
        .expect("the experiment")
        .finish()
        .expect("a valid experiment");
        let dir = root.join(seed.to_string());
        let _ = std::fs::remove_dir_all(&dir);
        let report = runner::run::<G>(&experiment, &dir, &Caller::quiet()).expect("the run");
        let first = report
            .stats
            .overall_first_player()
            .expect("games were played");
        assert_eq!(first.south.games(), games);
        widest = widest.max((first.wilson.1 - first.wilson.0) / 2.0);
        if first.wilson.0 <= exact && exact <= first.wilson.1 {
            hits += 1;
        }
        std::fs::remove_dir_all(&dir).expect("the run's folder");
    }
    (hits, widest)
}

/// Asserts that about 95 of 100 intervals cover `exact` (a bias of a
/// point would leave about half uncovered), and that none is wider than
/// a 95% interval of `games` games needs to be (an interval wide enough
/// to cover anything would pass the first check alone).
fn assert_coverage<G: Evaluate>(toml: &str, exact: &Chances) {
    let (games, seeds) = (10_000, 100);
    let score = exact.south_score();
    let (hits, widest) = covered::<G>(toml, games, seeds, score);
    assert!(
        (88..=100).contains(&hits),
        "{}: {hits} of {seeds} intervals cover {score}",
        G::NAME
    );
    let needed = 1.96 * (score * (1.0 - score) / games as f64).sqrt();
    assert!(
        widest <= 1.1 * needed,
        "{}: an interval is {widest} either side, where {needed} would do",
        G::NAME
    );
}

#[test]
fn default_random_tournaments_cover_the_exact_first_player_score() {
    // 10,000 games give an interval about 0.9 points either side of the
    // estimate, so an estimate one point off would be covered about half
    // of the time; an honest one about 95% of the time (a little more:
    // draws make the Wilson interval conservative).
    let kalah = Kalah::start(rules::<KalahRules>(&[("pits", "3"), ("seeds", "3")]));
    assert_coverage::<Kalah>(
        "game = \"kalah\"\n[rules]\npits = 3\nseeds = 3\n",
        &exact_chances(&kalah, 1 << 20).expect("a small board"),
    );
    let mangola = Mangola::start(rules::<MangolaRules>(&[
        ("columns", "2"),
        ("max_plies", "30"),
    ]));
    assert_coverage::<Mangola>(
        "game = \"mangola\"\n[rules]\ncolumns = 2\nmax_plies = 30\n",
        &exact_chances(&mangola, 1 << 20).expect("a small board"),
    );
}

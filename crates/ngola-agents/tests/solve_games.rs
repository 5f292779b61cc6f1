//! The solver against plain minimax (no table, no pruning) on the real
//! games, near a small ply cap so that minimax is cheap: same result, same
//! margin (scored games) or same length (Mangola). The positions come from
//! random play on small boards; Oware's come with a repetition history,
//! which the solver must respect; one solver (and table) serves every
//! position of a game, so reuse across plies is tested too.

use ngola_agents::alphabeta::{AlphaBeta, AlphaBetaConfig};
use ngola_agents::rng::FastRng;
use ngola_agents::solver::{Solver, SolverAgent, SolverConfig, FALLBACK_DEPTH};
use ngola_agents::Agent;
use ngola_agents::Evaluate;
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, MoveList, RuleOptions};
use rand::Rng;

const BIG: i32 = 1 << 20;

/// Scored games: `sign * BIG + margin`; unscored: `sign * (BIG - plies)`.
fn minimax<G: Evaluate>(game: &G) -> i32 {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        let me = game.to_move();
        let sign = game.outcome().map_or(0, |o| o.sign_for(me));
        return if G::SCORED {
            let t = game.totals();
            sign * BIG + t[me.index()] as i32 - t[1 - me.index()] as i32
        } else {
            sign * BIG
        };
    }
    let mut best = i32::MIN;
    for &mv in &moves {
        let mut child = game.clone();
        child.play(mv);
        let v = minimax(&child);
        let mut v = if child.to_move() == game.to_move() {
            v
        } else {
            -v
        };
        if !G::SCORED {
            v -= v.signum();
        }
        best = best.max(v);
    }
    best
}

/// Compares the solver with minimax on `positions` positions reached by
/// random play under a ply cap of `cap`, each from 1 to `left` plies before
/// the cap. One solver (and table) serves them all, so that results found
/// with more plies left must not be reused where fewer are left.
fn check<G: Evaluate>(rules: &[&str], cap: u32, left: u32, positions: u32) {
    let mut assignments: Vec<String> = rules.iter().map(|r| r.to_string()).collect();
    assignments.push(format!("max_plies={cap}"));
    let rules = G::Rules::from_assignments(&assignments).unwrap_or_else(|e| panic!("{e}"));
    let mut solver = Solver::<G>::new(&SolverConfig { tt_mb: 1, tb: None });
    let mut rng = FastRng::new(11);
    let mut checked = 0;
    let mut attempts = 0;
    while checked < positions {
        attempts += 1;
        assert!(
            attempts < positions * 50,
            "{}: only {checked} positions",
            G::NAME
        );
        let length = cap.saturating_sub(rng.random_range(1..=left));
        let mut game = G::start(rules);
        while game.ply() < length && game.play_random(&mut rng).is_some() {}
        if game.outcome().is_some() || game.ply() < length {
            continue;
        }
        let expected = minimax(&game);
        let s = solver.solve(&game);
        let sign = if expected >= BIG / 2 {
            1
        } else if expected <= -BIG / 2 {
            -1
        } else {
            0
        };
        assert_eq!(s.result, sign, "{}: {game} (cap {cap})", G::NAME);
        if G::SCORED {
            assert_eq!(
                s.margin,
                expected - sign * BIG,
                "{}: {game} (cap {cap})",
                G::NAME
            );
        } else if sign != 0 {
            assert_eq!(
                s.plies,
                Some((BIG - expected.abs()) as u32),
                "{}: {game} (cap {cap})",
                G::NAME
            );
        }
        checked += 1;
    }
}

#[test]
fn kalah_solver_equals_minimax_near_the_cap() {
    // Kalah's cap ends the game once more than max_plies plies were played.
    check::<Kalah>(&["pits=3", "seeds=2"], 10, 8, 100);
    check::<Kalah>(&["pits=4", "seeds=3", "empty_capture=true"], 12, 7, 100);
}

#[test]
fn oware_solver_equals_minimax_with_repetitions_near_the_cap() {
    check::<Oware>(&["houses=2", "seeds=2"], 24, 20, 100);
    check::<Oware>(&["houses=2", "seeds=3"], 24, 18, 100);
    check::<Oware>(&["houses=3", "seeds=2"], 14, 10, 100);
}

#[test]
fn um_el_bagara_solver_equals_minimax_near_the_cap() {
    check::<UmElBagara>(&["houses=3", "counters=2"], 14, 9, 100);
    check::<UmElBagara>(&["houses=3", "counters=3", "skip_origin=true"], 14, 8, 100);
}

#[test]
fn mangola_solver_equals_minimax_near_the_cap() {
    check::<Mangola>(&["columns=2"], 12, 9, 100);
    check::<Mangola>(&["columns=3", "capture_sowing=ludii"], 12, 7, 100);
}

/// Without a ply cap, lines on a 4-column Mangola board run for a very long
/// time before a position repeats: the solver must give up at its line limit
/// (flagged `too_deep`) rather than recurse until the stack overflows, and
/// the same solver must solve again once given a cap.
#[test]
fn the_solver_gives_up_on_lines_past_its_limit() {
    let start = |a: &[&str]| {
        let rules = <Mangola as Game>::Rules::from_assignments(a).unwrap_or_else(|e| panic!("{e}"));
        Mangola::start(rules)
    };
    let mut solver =
        Solver::<Mangola>::new(&SolverConfig { tt_mb: 1, tb: None }).with_max_line_plies(300);
    let solution = solver.solve(&start(&["columns=4", "max_plies=0"]));
    assert!(solution.too_deep, "{solution:?}");
    assert_eq!((solution.best, solution.pv.len()), (None, 0));
    let solution = solver.solve(&start(&["columns=2", "max_plies=40"]));
    assert!(
        !solution.too_deep && solution.best.is_some(),
        "{solution:?}"
    );

    // The solver agent then plays alpha-beta's move instead.
    let uncapped = start(&["columns=4", "max_plies=0"]);
    let mut agent =
        SolverAgent::<Mangola>::new(&SolverConfig { tt_mb: 1, tb: None }, "solver".into())
            .with_max_line_plies(300);
    let expected = AlphaBeta::<Mangola>::new(AlphaBetaConfig {
        depth: FALLBACK_DEPTH,
        tt_mb: 1,
        ..AlphaBetaConfig::default()
    })
    .search(&uncapped)
    .best;
    let mut moves = MoveList::new();
    uncapped.legal_moves(&mut moves);
    // (Not the first legal move, which the agent once fell back on.)
    assert_ne!(expected, moves[0]);
    assert_eq!(agent.select(&uncapped), expected);
}

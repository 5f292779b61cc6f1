//! The prover against the exact solver on every board the solver decides
//! quickly (Mangola 4 x 2 to 4 x 5 under each capture reading at the caps
//! where it decides them, Kalah's published small boards, small Um
//! el-Bagara and Oware boards), and against plain minimax on positions
//! from random play near a small cap (one prover, and table, serving every
//! position of a game, so results must not leak across plies).

use ngola_agents::prover::{Prover, ProverConfig, Silent};
use ngola_agents::rng::FastRng;
use ngola_agents::solver::{Solver, SolverConfig};
use ngola_agents::Evaluate;
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, MoveList, RuleOptions};
use rand::Rng;

fn rules<G: Game>(assignments: &[String]) -> G::Rules {
    G::Rules::from_assignments(assignments).unwrap_or_else(|e| panic!("{e}"))
}

fn prover<G: Evaluate>(threads: usize) -> Prover<G> {
    Prover::new(
        ProverConfig {
            tt_mb: 16,
            threads,
            ..ProverConfig::default()
        },
        None,
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Solver and prover from the start under `assignments`: same result and
/// margin; a decisive Mangola proof is at least as long as the solver's
/// shortest win.
fn same_as_solver<G: Evaluate>(assignments: &[String], threads: usize) {
    let game = G::start(rules::<G>(assignments));
    let s = Solver::<G>::new(&SolverConfig {
        tt_mb: 16,
        tb: None,
    })
    .solve(&game);
    let v = prover::<G>(threads).value(&game, &mut Silent);
    assert_eq!(v.result, Some(s.result), "{} {assignments:?}", G::NAME);
    assert_eq!(v.margin, s.margin, "{} {assignments:?}", G::NAME);
    if let (Some(plies), Some(depth)) = (s.plies, v.depth) {
        assert!(
            depth >= plies,
            "{} {assignments:?}: {depth} < {plies}",
            G::NAME
        );
    }
    // The principal variation is a game that ends as the value says.
    if v.result != Some(0) {
        let mut g = game.clone();
        for &mv in &v.pv {
            assert!(g.check_move(mv).is_ok(), "{} {assignments:?}: pv", G::NAME);
            g.play(mv);
        }
        let outcome = g.outcome().unwrap_or_else(|| panic!("pv ends early: {g}"));
        assert_eq!(
            outcome.sign_for(game.to_move()),
            s.result,
            "{} {assignments:?}: pv",
            G::NAME
        );
    }
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn mangola_small_boards_agree_with_the_solver() {
    // (columns, capture reading, the caps the solver decides at once)
    let boards: [(u32, &str, &[u32]); 12] = [
        (2, "lap-start", &[8, 1000]),
        (2, "after-capture", &[8, 1000]),
        (2, "ludii", &[8, 1000]),
        (3, "lap-start", &[8, 1000]),
        (3, "after-capture", &[8, 12]),
        (3, "ludii", &[8, 12]),
        (4, "lap-start", &[8, 12, 16]),
        (4, "after-capture", &[12, 16]),
        (4, "ludii", &[16, 24, 32]),
        (5, "lap-start", &[8, 12]),
        (5, "after-capture", &[8]),
        (5, "ludii", &[12, 16, 20]),
    ];
    for (i, (columns, capture, caps)) in boards.into_iter().enumerate() {
        for &cap in caps {
            same_as_solver::<Mangola>(
                &[
                    format!("columns={columns}"),
                    format!("capture_sowing={capture}"),
                    format!("max_plies={cap}"),
                ],
                1 + i % 2,
            );
        }
    }
}

#[test]
fn kalah_published_boards_agree_with_the_solver() {
    for (pits, seeds) in [(1, 1), (1, 2), (2, 1), (3, 1), (3, 2), (2, 2), (4, 2)] {
        same_as_solver::<Kalah>(
            &[
                format!("pits={pits}"),
                format!("seeds={seeds}"),
                "empty_capture=true".to_string(),
            ],
            1,
        );
    }
    same_as_solver::<Kalah>(&strings(&["pits=3", "seeds=3"]), 2);
}

#[test]
fn um_el_bagara_and_oware_small_boards_agree_with_the_solver() {
    for counters in 1..=3 {
        same_as_solver::<UmElBagara>(&["houses=3".to_string(), format!("counters={counters}")], 1);
    }
    same_as_solver::<UmElBagara>(&strings(&["houses=5", "counters=1"]), 1);
    same_as_solver::<Oware>(&strings(&["houses=2", "seeds=2"]), 1);
    same_as_solver::<Oware>(&strings(&["houses=2", "seeds=3"]), 2);
}

const BIG: i32 = 1 << 20;

/// Plain minimax: `sign * BIG + margin` (scored) or `sign * BIG`.
fn minimax<G: Evaluate>(game: &G) -> i32 {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        let me = game.to_move();
        let sign = game.outcome().map_or(0, |o| o.sign_for(me));
        let t = game.totals();
        return sign * BIG
            + if G::SCORED {
                t[me.index()] as i32 - t[1 - me.index()] as i32
            } else {
                0
            };
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = game.clone();
            child.play(mv);
            let v = minimax(&child);
            if child.to_move() == game.to_move() {
                v
            } else {
                -v
            }
        })
        .max()
        .unwrap_or(-BIG)
}

/// `positions` positions from random play, 1 to `left` plies before the
/// cap: the prover (one for all, 1 or 2 threads) against minimax.
fn near_the_cap<G: Evaluate>(assignments: &[&str], cap: u32, left: u32, positions: u32) {
    let mut a = strings(assignments);
    a.push(format!("max_plies={cap}"));
    let rules = rules::<G>(&a);
    let mut provers = [prover::<G>(1), prover::<G>(2)];
    let mut rng = FastRng::new(5);
    let mut checked = 0;
    let mut attempts = 0;
    while checked < positions {
        attempts += 1;
        assert!(attempts < positions * 50, "{}: too few positions", G::NAME);
        let length = cap.saturating_sub(rng.random_range(1..=left));
        let mut game = G::start(rules);
        while game.ply() < length && game.play_random(&mut rng).is_some() {}
        if game.outcome().is_some() || game.ply() < length {
            continue;
        }
        let expected = minimax(&game);
        let sign = if expected >= BIG / 2 {
            1
        } else if expected <= -BIG / 2 {
            -1
        } else {
            0
        };
        let v = provers[checked as usize % 2].value(&game, &mut Silent);
        assert_eq!(v.result, Some(sign), "{}: {game} (cap {cap})", G::NAME);
        if G::SCORED {
            assert_eq!(v.margin, expected - sign * BIG, "{}: {game}", G::NAME);
        }
        checked += 1;
    }
}

#[test]
fn random_positions_near_the_cap_agree_with_minimax() {
    near_the_cap::<Mangola>(&["columns=2"], 12, 9, 300);
    near_the_cap::<Mangola>(&["columns=3", "capture_sowing=ludii"], 12, 7, 200);
    near_the_cap::<Mangola>(&["columns=4", "capture_sowing=after-capture"], 14, 6, 100);
    near_the_cap::<Mangola>(
        &["columns=3", "endless_sowing=stop", "lap_limit=40"],
        14,
        8,
        100,
    );
    near_the_cap::<Kalah>(&["pits=3", "seeds=2"], 10, 8, 200);
    near_the_cap::<Oware>(&["houses=2", "seeds=2"], 24, 16, 200);
    near_the_cap::<Oware>(&["houses=3", "seeds=2"], 14, 9, 100);
    near_the_cap::<UmElBagara>(&["houses=3", "counters=2"], 14, 9, 200);
    near_the_cap::<UmElBagara>(&["houses=3", "counters=3", "skip_origin=true"], 14, 8, 100);
}

/// Without a ply cap a line can run on for as long as the search follows
/// it: the first line past the prover's limit stops the whole search,
/// which answers "unknown" and says it gave up (as the solver gives up),
/// rather than going on to follow such lines one after another.
#[test]
fn the_prover_stops_at_the_first_line_past_its_limit() {
    let uncapped = Mangola::start(rules::<Mangola>(&strings(&["columns=4", "max_plies=0"])));
    for threads in [1, 2] {
        let mut p = Prover::<Mangola>::new(
            ProverConfig {
                tt_mb: 16,
                threads,
                max_line_plies: 12,
                ..ProverConfig::default()
            },
            None,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let value = p.value(&uncapped, &mut Silent);
        assert_eq!(value.result, None, "{value:?}");
        assert!(value.asked.iter().any(|a| a.gave_up), "{:?}", value.asked);
        // A few dives' worth, not a search of every line to the limit.
        assert!(value.nodes < 5_000, "{}", value.nodes);
    }
}

/// The solver's value for South (result sign, then margin) from the start.
fn solver_value<G: Evaluate>(assignments: &[String]) -> (i32, i32) {
    let game = G::start(rules::<G>(assignments));
    let s = Solver::<G>::new(&SolverConfig {
        tt_mb: 16,
        tb: None,
    })
    .solve(&game);
    (s.result, s.margin)
}

/// Under the swap rule: prover and solver agree, the solver agrees with
/// plain minimax on the tiniest boards, and the swap never helps South
/// (North gains an option and loses none). Whether it hurt South.
fn swap_board<G: Evaluate>(assignments: &[&str], exhaustive: bool) -> bool {
    let with: Vec<String> = assignments
        .iter()
        .map(|s| s.to_string())
        .chain(["swap=true".to_string()])
        .collect();
    same_as_solver::<G>(&with, 1);
    let swap = solver_value::<G>(&with);
    let plain = solver_value::<G>(&strings(assignments));
    assert!(
        swap <= plain,
        "{} {assignments:?}: {swap:?} > {plain:?}",
        G::NAME
    );
    if exhaustive {
        let m = minimax(&G::start(rules::<G>(&with)));
        assert_eq!(m.signum(), swap.0, "{} {assignments:?}", G::NAME);
    }
    eprintln!(
        "{} {assignments:?}: swap {swap:?}, plain {plain:?}",
        G::NAME
    );
    swap < plain
}

#[test]
fn swap_boards_agree_with_the_solver_and_minimax() {
    let hurt = [
        swap_board::<Mangola>(&["columns=2", "max_plies=8"], true),
        swap_board::<Mangola>(&["columns=3", "max_plies=1000"], false),
        swap_board::<Kalah>(&["pits=2", "seeds=1"], true),
        swap_board::<Kalah>(&["pits=3", "seeds=2", "empty_capture=true"], false),
        swap_board::<UmElBagara>(&["houses=3", "counters=1"], true),
        swap_board::<UmElBagara>(&["houses=3", "counters=2"], false),
        swap_board::<Oware>(&["houses=2", "seeds=2"], false),
    ];
    // The swap decides some of these boards differently.
    assert!(hurt.iter().any(|&h| h), "{hurt:?}");
}

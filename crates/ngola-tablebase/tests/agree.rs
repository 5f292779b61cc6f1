//! Database values against the prover (`ngola_agents::prover`, without a
//! ply cap) and the exact solver (`ngola_agents::solver`) on every small
//! board of Kalah, Oware and Um el-Bagara: from the start and from
//! positions of random games, read back from their text (so Oware's
//! history starts afresh, as the database assumes).

use crate::common;

use std::time::Duration;

use ngola_agents::prover::{Prover, ProverConfig, Silent};
use ngola_agents::solver::{Solver, SolverConfig};
use ngola_agents::Evaluate;
use ngola_rules::kalah::Kalah;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::Game;
use ngola_tablebase::{Database, Endgame, KalahEndgame, OwareEndgame, UmElBagaraEndgame, Worth};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The start and positions of random games (text round trip), not over.
fn positions<G: Game>(rules: G::Rules, games: usize, seed: u64) -> Vec<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = G::start(rules);
    let mut out = vec![start.clone()];
    for _ in 0..games {
        let mut g = start.clone();
        let stop = rng.random_range(1..40);
        for _ in 0..stop {
            if g.outcome().is_some() {
                break;
            }
            g.play_random(&mut rng);
        }
        if g.outcome().is_none() {
            out.push(G::from_position(&g.to_string(), rules).unwrap());
        }
    }
    out
}

/// How many positions were compared with each program.
#[derive(Default, Debug)]
struct Compared {
    prover: usize,
    solver: usize,
}

/// Compares every position with the prover (where it decides within the
/// limit) and the solver (where its value is exact: no repetition met).
fn compare<E: Endgame>(db: &Database<E>, list: &[E::G], what: &str, solver: bool) -> Compared
where
    E::G: Evaluate,
{
    let mut compared = Compared::default();
    for game in list {
        let (worth, _, _) = db
            .worth(game)
            .unwrap_or_else(|e| panic!("{what} {game}: {e}"));
        let mut prover = Prover::<E::G>::new(
            ProverConfig {
                tt_mb: 16,
                time_limit: Some(Duration::from_secs(2)),
                ..ProverConfig::default()
            },
            None,
        )
        .unwrap();
        let v = prover.value(game, &mut Silent);
        if v.result.is_some() {
            compared.prover += 1;
            match worth {
                Worth::Exact(m) => assert_eq!(m, v.margin, "{what} {game}: prover"),
                Worth::Between(lo, hi) => {
                    assert!((lo..=hi).contains(&v.margin), "{what} {game}: prover")
                }
            }
        }
        if !solver {
            continue;
        }
        let s = Solver::<E::G>::new(&SolverConfig {
            tt_mb: 16,
            tb: None,
        })
        .with_max_line_plies(300)
        .solve(game);
        if !s.too_deep && s.repetitions == 0 {
            compared.solver += 1;
            match worth {
                Worth::Exact(m) => assert_eq!(m, s.margin, "{what} {game}: solver"),
                Worth::Between(lo, hi) => {
                    assert!((lo..=hi).contains(&s.margin), "{what} {game}: solver")
                }
            }
        }
    }
    compared
}

#[test]
fn kalah_agrees_with_prover_and_solver() {
    let mut total = Compared::default();
    for empty_capture in ["true", "false"] {
        for (pits, seeds) in [
            (1, 1),
            (1, 4),
            (2, 1),
            (2, 2),
            (2, 3),
            (3, 1),
            (3, 2),
            (4, 1),
            (4, 2),
        ] {
            let p = format!("pits={pits}");
            let s = format!("seeds={seeds}");
            let e = format!("empty_capture={empty_capture}");
            let rules = common::rules::<Kalah>(&[&p, &s, &e, "max_plies=0"]);
            let endgame = KalahEndgame::new(rules).unwrap();
            let what = format!("kalah {p} {s} {e}");
            let db = common::database(&endgame, 2 * pits * seeds, &what.replace(' ', "-"));
            let c = compare(
                &db,
                &positions::<Kalah>(rules, 12, pits as u64 * 10 + seeds as u64),
                &what,
                true,
            );
            assert!(c.prover > 0 && c.solver > 0, "{what}: {c:?}");
            total.prover += c.prover;
            total.solver += c.solver;
        }
    }
    assert!(total.prover >= 40, "{total:?}");
}

#[test]
fn oware_agrees_with_prover_and_solver() {
    let mut exact = 0;
    for (houses, seeds) in [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (4, 1)] {
        let h = format!("houses={houses}");
        let s = format!("seeds={seeds}");
        let rules = common::rules::<Oware>(&[&h, &s, "max_plies=0"]);
        let endgame = OwareEndgame::new(rules).unwrap();
        let what = format!("oware {h} {s}");
        let db = common::database(&endgame, 2 * houses * seeds, &what.replace(' ', "-"));
        let list = positions::<Oware>(rules, 12, houses as u64 * 10 + seeds as u64);
        // The solver follows Oware's repetitions line by line: only the
        // two-house boards are quick for it.
        let c = compare(&db, &list, &what, houses == 2);
        assert!(
            c.prover > 0 && (houses > 2 || c.solver > 0),
            "{what}: {c:?}"
        );
        exact += list
            .iter()
            .filter(|g| matches!(db.worth(g).unwrap().0, Worth::Exact(_)))
            .count();
    }
    assert!(exact > 0);
}

#[test]
fn umelbagara_agrees_with_prover_and_solver() {
    for (houses, counters) in [(3, 1), (3, 2), (3, 3), (5, 1)] {
        let h = format!("houses={houses}");
        let c = format!("counters={counters}");
        let rules = common::rules::<UmElBagara>(&[&h, &c, "max_plies=0"]);
        let endgame = UmElBagaraEndgame::new(rules).unwrap();
        let what = format!("umelbagara {h} {c}");
        let db = common::database(&endgame, 2 * houses * counters, &what.replace(' ', "-"));
        let list = positions::<UmElBagara>(rules, 12, houses as u64 * 10 + counters as u64);
        let compared = compare(&db, &list, &what, houses == 3);
        assert!(compared.prover > 0, "{what}: {compared:?}");
    }
}

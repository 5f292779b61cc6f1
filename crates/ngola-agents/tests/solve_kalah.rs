//! The solver reproduces Irving, Donkers and Uiterwijk (2000), "Solving
//! Kalah", ICGA Journal 23(3): first-player results of Kalah(m, n), m pits
//! per side and n seeds per pit, with their capture rule (a last seed in
//! an empty own pit always captures: `empty_capture=true`).

use ngola_agents::solver::{Solver, SolverConfig};
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::{Game, RuleOptions};

fn solve(pits: u32, seeds: u32) -> (i32, i32) {
    let rules = KalahRules::from_assignments(&[
        format!("pits={pits}"),
        format!("seeds={seeds}"),
        "empty_capture=true".to_string(),
    ])
    .expect("valid rules");
    let s = Solver::new(&SolverConfig {
        tt_mb: 32,
        tb: None,
    })
    .solve(&Kalah::start(rules));
    (s.result, s.margin)
}

#[test]
fn kalah_small_boards_match_the_published_results() {
    // (m, n, result, margin or None where the paper gives only the result)
    let published: [(u32, u32, i32, Option<i32>); 5] = [
        (1, 1, 0, Some(0)),
        (1, 2, -1, None),
        (2, 1, 1, Some(2)),
        (3, 1, 0, Some(0)),
        (3, 2, 1, None),
    ];
    for (m, n, result, margin) in published {
        let (r, mg) = solve(m, n);
        assert_eq!(r, result, "Kalah({m},{n}) result");
        if let Some(margin) = margin {
            assert_eq!(mg, margin, "Kalah({m},{n}) margin");
        }
        assert_eq!(mg.signum(), r, "Kalah({m},{n}): the margin decides");
    }
}

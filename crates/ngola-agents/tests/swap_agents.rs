//! Every agent plays under the swap rule: its moves are legal in every
//! position (the swap among them, on North's first turn), and the searching
//! agents take the swap where it is the only reply that does not lose.

use ngola_agents::solver::{Solver, SolverConfig};
use ngola_agents::Resources;
use ngola_agents::{AgentSpec, Evaluate};
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, MoveList, RuleOptions};

const SPECS: [&str; 5] = [
    "random",
    "greedy",
    "alphabeta:depth=3",
    "mcts:sims=100",
    "solver",
];

/// Games of each agent against random, in both seats, under `assignments`
/// with `swap=true`: every move legal. Returns how many swaps were played.
fn plays_legally<G: Evaluate>(assignments: &[&str], specs: &[&str]) -> usize {
    let mut list: Vec<&str> = assignments.to_vec();
    list.push("swap=true");
    let rules = G::Rules::from_assignments(&list).expect("valid rules");
    let mut swaps = 0;
    for &spec in specs {
        let spec: AgentSpec = spec.parse().expect("spec");
        for seed in 0..6u64 {
            let mut agents = [
                spec.build::<G>(&Resources::default(), seed),
                AgentSpec::Random.build::<G>(&Resources::default(), seed + 100),
            ];
            if seed % 2 == 1 {
                agents.swap(0, 1);
            }
            let mut game = G::start(rules);
            for _ in 0..400 {
                if game.outcome().is_some() {
                    break;
                }
                let mover = game.to_move().index();
                let mv = agents[mover].select(&game);
                if let Err(e) = game.check_move(mv) {
                    panic!("{} {spec}: {e} in {game}", G::NAME);
                }
                swaps += (mv.to_string() == "swap") as usize;
                game.play(mv);
            }
        }
    }
    swaps
}

#[test]
fn every_agent_plays_legally_with_the_swap() {
    // The solver plays Oware only in the test below: from the positions
    // random play reaches on a board with repetitions it can search long.
    let swaps = plays_legally::<Mangola>(&["columns=3", "max_plies=200"], &SPECS)
        + plays_legally::<UmElBagara>(&["houses=3", "counters=2"], &SPECS)
        + plays_legally::<Kalah>(&["pits=3", "seeds=2"], &SPECS)
        + plays_legally::<Oware>(&["houses=3", "seeds=2"], &SPECS[..4]);
    assert!(swaps > 0);
}

/// The solver's result for the player to move: +1, 0 or -1.
fn result<G: Evaluate>(game: &G) -> i32 {
    Solver::<G>::new(&SolverConfig {
        tt_mb: 16,
        tb: None,
    })
    .solve(game)
    .result
}

/// After a first move where every reply of North but the swap loses and
/// the swap does not, the solver and a deep alpha-beta as North swap
/// (Oware 2 x 2 has such first moves: South wins it without the swap).
#[test]
fn searching_agents_swap_when_only_the_swap_saves_north() {
    let rules = <Oware as Game>::Rules::from_assignments(&["houses=2", "seeds=2", "swap=true"])
        .expect("valid");
    let start = Oware::start(rules);
    let mut firsts = MoveList::new();
    start.legal_moves(&mut firsts);
    let mut found = 0;
    for &first in &firsts {
        let mut game = start.clone();
        game.play(first);
        let mut replies = MoveList::new();
        game.legal_moves(&mut replies);
        let for_north = |reply| {
            let mut after = game.clone();
            after.play(reply);
            // South is to move after every reply here (no extra turns).
            -result(&after)
        };
        let only_swap = replies
            .iter()
            .all(|&r| (r.to_string() == "swap") == (for_north(r) >= 0));
        if !only_swap {
            continue;
        }
        found += 1;
        for spec in ["solver", "alphabeta:depth=12"] {
            let mut agent = spec
                .parse::<AgentSpec>()
                .unwrap()
                .build::<Oware>(&Resources::default(), 0);
            assert_eq!(
                agent.select(&game).to_string(),
                "swap",
                "{spec} after {first}"
            );
        }
    }
    assert!(found > 0, "no first move where only the swap saves North");
}

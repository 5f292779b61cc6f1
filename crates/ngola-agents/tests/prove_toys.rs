//! The prover on tiny games with known theory (`common/toys.rs`): values
//! against plain recursion and retrograde analysis, with and without a ply
//! cap, with extra turns, scores and Oware-like repetition histories; and a
//! graph built so that graph-history interaction gives a wrong answer to a
//! prover that stores results resting on a repetition above them.

use crate::common;

use common::toys::*;
use ngola_agents::prover::{Prover, ProverConfig, Silent, Value};
use ngola_agents::Evaluate;

fn config(threads: usize) -> ProverConfig {
    ProverConfig {
        tt_mb: 2,
        threads,
        ..ProverConfig::default()
    }
}

fn value<G: Evaluate>(game: &G, config: ProverConfig) -> Value<G::Move> {
    Prover::<G>::new(config, None)
        .unwrap_or_else(|e| panic!("{e}"))
        .value(game, &mut Silent)
}

#[test]
fn nim_values_and_proof_lengths() {
    for bonus in [false, true] {
        for pile in 1..=30 {
            let (expected, length) = nim_value(pile, bonus);
            let v = value(&Nim::new(pile, bonus), config(1));
            assert_eq!(v.result, Some(expected), "pile {pile} bonus {bonus}");
            if expected != 0 {
                // A proof is never shorter than the shortest forced win.
                assert!(v.depth.is_some_and(|d| d >= length), "pile {pile}: {v:?}");
            }
        }
    }
}

#[test]
fn coins_margins_with_extra_turns() {
    let rows: [&[u8]; 6] = [
        &[3, 9, 1, 2],
        &[0, 5, 0, 7, 2],
        &[4, 0, 0, 4, 1, 8],
        &[1, 1, 1, 1, 1, 1, 1],
        &[9, 0, 3, 0, 0, 6, 2, 5],
        &[0, 0, 0],
    ];
    for row in rows {
        let v = value(&Coins::new(row), config(1));
        let m = coins_margin(row);
        assert_eq!(v.result, Some(m.signum()), "{row:?}");
        assert_eq!(v.margin, m, "{row:?}");
    }
}

#[test]
fn walk_graphs_without_cap_match_retrograde_analysis() {
    for seed in 0..400u64 {
        let nodes = 3 + (seed % 12) as u8;
        let rules = random_walk_rules(seed, nodes, 0);
        let game = Walk {
            at: 0,
            side: ngola_rules::Player::South,
            ply: 0,
            rules,
        };
        let expected = walk_value_graph(&rules, 0);
        let threads = 1 + (seed % 2) as usize;
        let v = value(&game, config(threads));
        assert_eq!(v.result, Some(expected), "graph {seed} ({nodes} nodes)");
    }
}

#[test]
fn walk_graphs_under_a_cap_match_plain_recursion() {
    for seed in 0..300u64 {
        let nodes = 3 + (seed % 10) as u8;
        let cap = 1 + (seed % 13) as u32;
        let rules = random_walk_rules(seed + 1000, nodes, cap);
        for start in 0..nodes.min(3) {
            let game = Walk {
                at: start,
                side: ngola_rules::Player::South,
                ply: 0,
                rules,
            };
            let expected = walk_value_capped(&rules, start, 0);
            let v = value(&game, config(1));
            assert_eq!(
                v.result,
                Some(expected),
                "graph {seed}, cap {cap}, start {start}"
            );
        }
    }
}

#[test]
fn rewalk_histories_match_minimax_over_whole_states() {
    for seed in 0..200u64 {
        let nodes = 3 + (seed % 6) as u8;
        let cap = 2 + (seed % 9) as u32;
        let rules = random_walk_rules(seed + 5000, nodes, cap);
        let game = Rewalk::new(1 % nodes, rules);
        let expected = rewalk_value(&game);
        let v = value(&game, config(1));
        assert_eq!(v.result, Some(expected), "graph {seed}, cap {cap}");
    }
}

#[test]
fn graph_history_interaction_does_not_give_a_false_answer() {
    let game = ghi_trap();
    assert_eq!(walk_value_graph(&game.rules, 0), -1);
    for threads in [1, 2] {
        let v = value(&game, config(threads));
        assert_eq!(v.result, Some(-1), "{threads} threads: {v:?}");
        // North's proof: after 0 -> 7, 7 -> 5 -> 2 -> 6 leaves South stuck.
        assert_eq!(v.pv.len() % 2, 0, "{v:?}");
    }
    // The trap works: storing repetition-dependent disproofs as if they
    // held everywhere answers "draw".
    let mut unsound = config(1);
    unsound.unsound_store_path_dependent = true;
    assert_eq!(value(&game, unsound).result, Some(0));
}

//! Every agent on tiny games with known theory (see `common/toys.rs`).

use crate::common;
use ngola_agents::Resources;

use common::toys::*;
use ngola_agents::alphabeta::{AlphaBeta, AlphaBetaConfig};
use ngola_agents::mcts::{Mcts, MctsConfig};
use ngola_agents::solver::{Solver, SolverConfig};
use ngola_agents::{AgentSpec, EvalKind};
use ngola_rules::mangola::Mangola;
use ngola_rules::{Game, MoveList, Player};

fn spec(s: &str) -> AgentSpec {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn small_solver() -> SolverConfig {
    SolverConfig { tt_mb: 4, tb: None }
}

#[test]
fn solver_matches_nim_theory_with_and_without_extra_turns() {
    for bonus in [false, true] {
        for pile in 1..=40 {
            let game = Nim::new(pile, bonus);
            let (value, length) = nim_value(pile, bonus);
            let s = Solver::new(&small_solver()).solve(&game);
            assert_eq!(s.result, value, "pile {pile} bonus {bonus}");
            assert_eq!(s.margin, 0);
            assert_eq!(
                s.plies,
                Some(length),
                "pile {pile} bonus {bonus}: shortest win / longest loss"
            );
            // The principal variation is a whole game with that result.
            let mut g = game.clone();
            for &mv in &s.pv {
                assert!(g.check_move(mv).is_ok());
                g.play(mv);
            }
            let outcome = g.outcome().expect("the pv plays to the end");
            assert_eq!(outcome.sign_for(Player::South), value);
            assert_eq!(s.pv.len() as u32, length);
        }
    }
    // Without extra turns a pile of 4k is lost: the classical theory.
    assert_eq!(nim_value(12, false).0, -1);
    assert_eq!(nim_value(13, false).0, 1);
}

#[test]
fn solver_finds_the_exact_margin_of_coin_rows_with_extra_turns() {
    let mut seed = 12345u64;
    for case in 0..300 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let len = 1 + (seed >> 60) as usize % 12;
        let values: Vec<u8> = (0..len)
            .map(|i| ((seed >> (i * 4 + 3)) % 7) as u8)
            .collect();
        let expected = coins_margin(&values);
        let s = Solver::new(&SolverConfig { tt_mb: 1, tb: None }).solve(&Coins::new(&values));
        assert_eq!(s.margin, expected, "case {case}: {values:?}");
        assert_eq!(s.result, expected.signum(), "case {case}: {values:?}");
        // The pv realises the margin.
        let mut g = Coins::new(&values);
        for &mv in &s.pv {
            g.play(mv);
        }
        assert!(g.outcome().is_some(), "{values:?}");
        assert_eq!(
            g.taken[0] as i32 - g.taken[1] as i32,
            expected,
            "{values:?}"
        );
    }
}

#[test]
fn solver_is_exact_on_cyclic_graphs_under_a_ply_cap() {
    // The value under a cap depends on the plies left; the table must not
    // reuse a result found with more (or fewer) plies left when the cap
    // mattered. Checked against plain recursion over (node, plies).
    for seed in 0..400u64 {
        let nodes = 3 + (seed % 6) as u8;
        let cap = 1 + (seed % 13) as u32;
        let rules = random_walk_rules(seed, nodes, cap);
        let mut solver = Solver::new(&SolverConfig { tt_mb: 1, tb: None });
        for start in 0..nodes {
            for ply in [0, cap / 2] {
                let game = Walk {
                    at: start,
                    side: Player::South,
                    ply,
                    rules,
                };
                if game.outcome().is_some() {
                    continue;
                }
                let expected = walk_value_capped(&rules, start, ply);
                // The same solver (table kept) for every start: reuse across
                // plies is what could go wrong.
                let s = solver.solve(&game);
                assert_eq!(
                    s.result, expected,
                    "seed {seed} start {start} ply {ply} cap {cap}"
                );
            }
        }
    }
}

#[test]
fn solver_without_cap_gives_the_graph_value_endless_play_drawn() {
    for seed in 0..400u64 {
        let nodes = 3 + (seed % 8) as u8;
        let rules = random_walk_rules(seed, nodes, 0);
        let mut solver = Solver::new(&SolverConfig { tt_mb: 1, tb: None });
        for start in 0..nodes {
            let game = Walk {
                at: start,
                side: Player::South,
                ply: 0,
                rules,
            };
            if game.outcome().is_some() {
                continue;
            }
            let s = solver.solve(&game);
            assert_eq!(
                s.result,
                walk_value_graph(&rules, start),
                "seed {seed} start {start}"
            );
        }
    }
}

#[test]
fn alphabeta_wins_nim_from_every_winning_pile_at_enough_depth() {
    // Pile 1 has a single move, which the search plays without searching.
    for pile in 2..=20u32 {
        if pile % 4 == 0 {
            continue;
        }
        for eval in [EvalKind::Heuristic, EvalKind::Material] {
            let config = AlphaBetaConfig {
                depth: 24,
                eval,
                tt_mb: 1,
                ..AlphaBetaConfig::default()
            };
            let info = AlphaBeta::<Nim>::new(config).search(&Nim::new(pile, false));
            assert_eq!(
                info.best as u32,
                pile % 4,
                "pile {pile}: leave a multiple of 4"
            );
            assert!(info.score > 0);
        }
    }
}

#[test]
fn alphabeta_finds_the_forced_win_with_extra_turns_and_its_length() {
    // With extra turns (taking 2 keeps the turn) the theory changes; the
    // search must not negate across a kept turn.
    for pile in 2..=16u32 {
        let (value, length) = nim_value(pile, true);
        let config = AlphaBetaConfig {
            depth: 30,
            tt_mb: 1,
            ..AlphaBetaConfig::default()
        };
        let info = AlphaBeta::<Nim>::new(config).search(&Nim::new(pile, true));
        if value > 0 {
            assert!(
                ngola_agents::score::is_decisive(info.score) && info.score > 0,
                "pile {pile}"
            );
            assert_eq!(
                ngola_agents::score::WIN - info.score,
                length as i32,
                "pile {pile}: shortest win"
            );
            let mut g = Nim::new(pile, true);
            g.play(info.best);
            let after = nim_value(g.pile, true).0;
            let kept = g.to_move() == Player::South;
            assert_eq!(
                if kept { after } else { -after },
                1,
                "pile {pile}: the move keeps the win"
            );
        } else {
            assert!(info.score < 0, "pile {pile}");
        }
    }
}

#[test]
fn alphabeta_budgets_stop_the_search() {
    // The Mangola start: no short forced result, so only a budget can stop
    // a search asked to go 100 plies deep.
    let game = Mangola::start(Default::default());
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    assert!(moves.len() >= 2);
    let by_nodes = AlphaBeta::<Mangola>::new(AlphaBetaConfig {
        depth: 100,
        nodes: Some(5_000),
        tt_mb: 1,
        ..Default::default()
    })
    .search(&game);
    assert!(
        (5_000..=5_001).contains(&by_nodes.nodes) && by_nodes.depth < 100,
        "{} nodes, depth {}",
        by_nodes.nodes,
        by_nodes.depth
    );
    assert!(moves.contains(&by_nodes.best));
    let start = std::time::Instant::now();
    let by_time = AlphaBeta::<Mangola>::new(AlphaBetaConfig {
        depth: 100,
        time: Some(std::time::Duration::from_millis(50)),
        tt_mb: 1,
        ..Default::default()
    })
    .search(&game);
    let elapsed = start.elapsed().as_millis();
    assert!((50..1_000).contains(&elapsed), "{elapsed} ms");
    assert!(by_time.depth < 100, "depth {}", by_time.depth);
    assert!(moves.contains(&by_time.best));
}

#[test]
fn mcts_solver_proves_nim_and_plays_the_proof() {
    for pile in 1..=14u32 {
        let config = MctsConfig {
            sims: Some(200_000),
            solver: true,
            ..MctsConfig::default()
        };
        let mut mcts = Mcts::<Nim>::new(config, 1);
        let info = mcts.search(&Nim::new(pile, false));
        let expected = if pile % 4 == 0 { -1 } else { 1 };
        assert_eq!(info.proven, Some(expected), "pile {pile}");
        assert!(info.sims < 200_000, "pile {pile}: stops once proven");
        if expected > 0 {
            assert_eq!(info.best as u32, pile % 4, "pile {pile}");
        }
    }
}

#[test]
fn a_reused_tree_reports_the_proof_for_the_player_to_move_after_an_extra_turn() {
    // Nim with the bonus rule: taking 2 gives another turn, so after it
    // the same player moves again at the reused root.
    let config = MctsConfig {
        sims: Some(200_000),
        solver: true,
        ..MctsConfig::default()
    };
    let mut checked = 0;
    for pile in 3..=14u32 {
        let game = Nim::new(pile, true);
        let mut reused = Mcts::<Nim>::new(config.clone(), 1);
        reused.search(&game);
        reused.advance(&game, 2);
        let mut after = game.clone();
        after.play(2);
        assert_eq!(after.to_move(), game.to_move(), "an extra turn");
        let fresh = Mcts::<Nim>::new(config.clone(), 1).search(&after);
        let again = reused.search(&after);
        assert!(fresh.proven.is_some(), "pile {pile}");
        assert_eq!(again.proven, fresh.proven, "pile {pile}");
        checked += 1;
    }
    assert_eq!(checked, 12);
}

#[test]
fn mcts_without_solver_still_finds_the_nim_move() {
    for pile in [5u32, 6, 7, 9, 10, 11] {
        let config = MctsConfig {
            sims: Some(20_000),
            solver: false,
            ..MctsConfig::default()
        };
        let info = Mcts::<Nim>::new(config, 3).search(&Nim::new(pile, false));
        assert_eq!(info.best as u32, pile % 4, "pile {pile}");
        assert_eq!(info.proven, None);
    }
}

#[test]
fn mcts_reuses_the_subtree_after_observed_moves() {
    let config = MctsConfig {
        sims: Some(3_000),
        ..MctsConfig::default()
    };
    let game = Coins::new(&[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7]);
    // Through observe.
    let mut mcts = Mcts::<Coins>::new(config.clone(), 9);
    let first = mcts.search(&game);
    let mut after = game.clone();
    after.play(first.best);
    mcts.advance(&game, first.best);
    let mut moves = MoveList::new();
    after.legal_moves(&mut moves);
    let reply = moves[0];
    mcts.advance(&after, reply);
    after.play(reply);
    let second = mcts.search(&after);
    assert!(
        second.root_visits as u64 > second.sims,
        "kept {} visits",
        second.root_visits as u64 - second.sims
    );
    // Without observe: found by looking below the old root.
    let mut mcts = Mcts::<Coins>::new(config.clone(), 9);
    mcts.search(&game);
    let second = mcts.search(&after);
    assert!(second.root_visits as u64 > second.sims);
    // Switched off: a fresh tree.
    let mut mcts = Mcts::<Coins>::new(
        MctsConfig {
            reuse: false,
            ..config
        },
        9,
    );
    mcts.search(&game);
    let second = mcts.search(&after);
    assert_eq!(second.root_visits as u64, second.sims);
}

#[test]
fn mcts_with_cut_off_rollouts_and_leaf_evaluation_plays_legal_good_moves() {
    // Coins with a big coin at the left end: taking it wins.
    let game = Coins::new(&[15, 1, 1, 1, 1, 1, 1, 1]);
    for rollout in ["0", "2", "full"] {
        let mut agent = spec(&format!("mcts:sims=4000,rollout={rollout},eval=material"))
            .build::<Coins>(&Resources::default(), 5);
        assert_eq!(agent.select(&game), End::Left, "rollout={rollout}");
    }
}

#[test]
fn every_agent_is_reproducible_from_its_seed_and_plays_legal_moves() {
    let specs = [
        "random",
        "greedy",
        "alphabeta:depth=4,tt=1",
        "alphabeta:nodes=2000,tt=1",
        "mcts:sims=300",
        "mcts:sims=300,rollout=3,solver=false",
        "solver:tt=1",
    ];
    for s in specs {
        let play = |seed: u64| {
            let mut south = spec(s).build::<Coins>(&Resources::default(), seed);
            let mut north = spec(s).build::<Coins>(&Resources::default(), seed + 1);
            let mut game = Coins::new(&[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 0, 8]);
            let mut record = Vec::new();
            while game.outcome().is_none() {
                let before = game.clone();
                let agent = if game.to_move() == Player::South {
                    &mut south
                } else {
                    &mut north
                };
                let mv = agent.select(&game);
                assert!(game.check_move(mv).is_ok(), "{s}: illegal {mv}");
                game.play(mv);
                south.observe(&before, mv);
                north.observe(&before, mv);
                record.push(mv);
            }
            record
        };
        assert_eq!(play(1), play(1), "{s}");
        assert_eq!(
            spec(s).build::<Coins>(&Resources::default(), 1).name(),
            spec(s).to_string()
        );
    }
}

#[test]
fn greedy_takes_an_immediate_win_and_breaks_ties_by_its_seed() {
    // Nim pile 3: taking all 3 wins at once.
    let mut agent = spec("greedy").build::<Nim>(&Resources::default(), 0);
    assert_eq!(agent.select(&Nim::new(3, false)), 3);
    // All moves from a Walk node with equal mobility tie: different seeds
    // must be able to choose differently.
    let mut rules = WalkRules {
        nodes: 4,
        max_plies: 0,
        ..Default::default()
    };
    rules.adj = [
        0b1110, 0b0001, 0b0001, 0b0001, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ];
    let game = Walk {
        at: 0,
        side: Player::South,
        ply: 0,
        rules,
    };
    let choices: std::collections::HashSet<u8> = (0..40)
        .map(|seed| {
            spec("greedy")
                .build::<Walk>(&Resources::default(), seed)
                .select(&game)
        })
        .collect();
    assert_eq!(choices.len(), 3, "{choices:?}");
}

#[test]
fn solver_keys_positions_by_their_history_where_the_rules_need_it() {
    // Rewalk's repetition rule makes equal positions with different
    // histories differ; checked against plain minimax over whole states.
    let mut differ = 0;
    for seed in 0..300u64 {
        let nodes = 3 + (seed % 5) as u8;
        let cap = 4 + (seed % 9) as u32;
        let rules = random_walk_rules(seed * 7 + 1, nodes, cap);
        for start in 0..nodes {
            let game = Rewalk::new(start, rules);
            if game.outcome().is_some() {
                continue;
            }
            let expected = rewalk_value(&game);
            let capped_only = walk_value_capped(&rules, start, 0);
            differ += (expected != capped_only) as u32;
            let s = Solver::new(&SolverConfig { tt_mb: 1, tb: None }).solve(&game);
            assert_eq!(s.result, expected, "seed {seed} start {start} cap {cap}");
        }
    }
    assert!(
        differ > 10,
        "the repetition rule must matter in enough cases ({differ})"
    );
}

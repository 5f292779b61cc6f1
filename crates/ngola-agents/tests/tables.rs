//! Search tables: reused between agents of one thread without changing a
//! single search result, and refused (an error naming the limit, never an
//! abort) when they do not fit in the caller's memory limit.

use ngola_agents::alphabeta::{AlphaBeta, AlphaBetaConfig, SearchInfo};
use ngola_agents::memory;
use ngola_agents::solver::{Solver, SolverConfig};
use ngola_agents::AgentSpec;
use ngola_agents::Resources;
use ngola_rules::mangola::{Mangola, MangolaMove};
use ngola_rules::{Game, MoveList};

/// A position some plies into a Mangola game: the `choices[i]`-th legal
/// move (modulo their number) at ply `i`.
fn after(choices: &[usize]) -> Mangola {
    let mut game = Mangola::start(Default::default());
    for &choice in choices {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        game.play(moves[choice % moves.len()]);
    }
    assert!(game.outcome().is_none());
    game
}

fn search(position: &Mangola) -> SearchInfo<MangolaMove> {
    let mut searcher = AlphaBeta::<Mangola>::new(AlphaBetaConfig {
        depth: 6,
        ..AlphaBetaConfig::default()
    });
    searcher.search(position)
}

fn same(a: &SearchInfo<MangolaMove>, b: &SearchInfo<MangolaMove>) -> bool {
    (a.best, a.score, a.depth, a.nodes, &a.pv) == (b.best, b.score, b.depth, b.nodes, &b.pv)
}

#[test]
fn a_reused_table_gives_the_search_of_a_fresh_one() {
    let position = after(&[0, 1, 2, 3]);
    let other = after(&[1, 0, 3, 1, 2]);
    // A thread of its own: no table to reuse yet.
    let fresh = std::thread::spawn(move || search(&position))
        .join()
        .unwrap();
    // The same search after other searchers on the thread left their
    // tables (full of entries) behind.
    let reused = std::thread::spawn(move || {
        for _ in 0..3 {
            search(&other);
            search(&position);
        }
        search(&position)
    })
    .join()
    .unwrap();
    assert!(fresh.nodes > 1000, "a real search: {} nodes", fresh.nodes);
    assert!(same(&fresh, &reused), "fresh {fresh:?}\nreused {reused:?}");
}

#[test]
fn tables_over_the_memory_limit_are_errors_naming_it() {
    // The limit is the caller's, handed in as the program hands it in.
    let limit = memory::limit_from(&memory::LimitTexts {
        env: Some("100"),
        ..Default::default()
    });
    assert_eq!(limit.map(|l| l.mb), Some(100));
    let resources = Resources::new(limit);
    let spec: AgentSpec = "alphabeta:tt=8192".parse().unwrap();
    assert_eq!(spec.memory_mb(), 8192);
    let err = spec
        .try_build::<Mangola>(&resources, 1)
        .err()
        .expect("8192 MiB over a 100 MiB limit");
    let text = err.to_string();
    assert!(
        text.contains("tt=8192") && text.contains("the 100 MiB this machine can hold"),
        "{text}"
    );
    let err = Solver::<Mangola>::try_new(
        &SolverConfig {
            tt_mb: 65536,
            tb: None,
        },
        limit,
    )
    .err()
    .expect("65536 MiB");
    assert!(err.to_string().contains("the 100 MiB"), "{err}");
    let solver: AgentSpec = "solver:tt=64".parse().unwrap();
    assert!(
        solver.try_build::<Mangola>(&resources, 1).is_err(),
        "64 MiB twice"
    );
    // Within the limit all is well; without one nothing is checked.
    let small: AgentSpec = "alphabeta:tt=16".parse().unwrap();
    assert!(small.try_build::<Mangola>(&resources, 1).is_ok());
    assert!(solver
        .try_build::<Mangola>(&Resources::default(), 1)
        .is_ok());
}

//! Budgets under a caller's limit: a spec that names no budget of its own
//! (`alphabeta`, `mcts`) searches by the caller's limit (a clock's share, a
//! UGI `go movetime`, `nodes`, `depth`), an explicit budget stays capped by
//! it, and the solver answers within any limit on boards it cannot solve.

use ngola_agents::Resources;
use std::sync::mpsc;
use std::time::Duration;

use ngola_agents::alphabeta::{AlphaBeta, AlphaBetaConfig, DEFAULT_DEPTH};
use ngola_agents::mcts::{Mcts, MctsConfig, DEFAULT_SIMS};
use ngola_agents::rng::FastRng;
use ngola_agents::solver::{Solver, SolverConfig};
use ngola_agents::{AgentSpec, Evaluate, SearchLimit};
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, MoveList, RuleOptions};
use rand::Rng;

fn alphabeta(spec: &str) -> AlphaBetaConfig {
    match spec.parse::<AgentSpec>() {
        Ok(AgentSpec::AlphaBeta(config)) => config,
        other => panic!("`{spec}`: {other:?}"),
    }
}

fn mcts(spec: &str) -> MctsConfig {
    match spec.parse::<AgentSpec>() {
        Ok(AgentSpec::Mcts(config)) => config,
        other => panic!("`{spec}`: {other:?}"),
    }
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

#[test]
fn alphabeta_with_no_budget_of_its_own_searches_by_the_callers_limit() {
    let start = Kalah::start(Default::default());
    let auto = alphabeta("alphabeta:tt=1");
    assert!(auto.auto);
    let search =
        |limit: SearchLimit| AlphaBeta::<Kalah>::new(auto.clone()).search_limited(&start, &limit);
    // No limit: the default depth.
    let plain = search(SearchLimit::NONE);
    assert_eq!(plain.depth, DEFAULT_DEPTH);
    // A depth beyond the default is searched to.
    assert_eq!(search(SearchLimit::depth(9)).depth, 9);
    // Nodes: spent far past the default depth's tree.
    let by_nodes = search(SearchLimit::nodes(plain.nodes * 30));
    assert!(by_nodes.depth > DEFAULT_DEPTH, "{by_nodes:?}");
    assert!(by_nodes.nodes > plain.nodes * 10, "{by_nodes:?}");
    // A time (a clock's share, `go movetime`): deeper than the default.
    let timed = search(SearchLimit::time(ms(300)));
    assert!(timed.depth > DEFAULT_DEPTH, "{timed:?}");
}

#[test]
fn an_explicit_alphabeta_budget_is_only_capped_by_the_callers_limit() {
    let start = Kalah::start(Default::default());
    let explicit = alphabeta("alphabeta:depth=6,tt=1");
    assert!(!explicit.auto);
    let search = |limit: SearchLimit| {
        AlphaBeta::<Kalah>::new(explicit.clone()).search_limited(&start, &limit)
    };
    assert_eq!(search(SearchLimit::time(ms(300))).depth, 6);
    assert_eq!(search(SearchLimit::depth(9)).depth, 6);
    assert_eq!(search(SearchLimit::depth(4)).depth, 4);
    // The time capping a budget too big for it.
    let deep = alphabeta("alphabeta:depth=60,tt=1");
    let capped = AlphaBeta::<Kalah>::new(deep).search_limited(&start, &SearchLimit::time(ms(50)));
    assert!(capped.depth < 60, "{capped:?}");
}

#[test]
fn mcts_with_no_budget_of_its_own_runs_by_the_callers_limit() {
    let start = Kalah::start(Default::default());
    let auto = mcts("mcts");
    assert!(auto.auto);
    let search = |config: &MctsConfig, limit: SearchLimit| {
        Mcts::<Kalah>::new(config.clone(), 1).search_limited(&start, &limit)
    };
    assert_eq!(search(&auto, SearchLimit::NONE).sims, DEFAULT_SIMS);
    assert_eq!(search(&auto, SearchLimit::nodes(25_000)).sims, 25_000);
    assert_eq!(search(&auto, SearchLimit::nodes(50)).sims, 50);
    // A depth alone need not stop a search: the default still does.
    assert!(search(&auto, SearchLimit::depth(60)).sims <= DEFAULT_SIMS);
    let timed = search(&auto, SearchLimit::time(ms(100)));
    assert!(timed.sims > 0, "{timed:?}");
    // An explicit budget stays one.
    let explicit = mcts("mcts:sims=10000");
    assert!(!explicit.auto);
    assert_eq!(search(&explicit, SearchLimit::nodes(25_000)).sims, 10_000);
    assert_eq!(search(&explicit, SearchLimit::nodes(50)).sims, 50);
}

/// Runs `f` on its own thread; its answer, or a failure after `within`
/// (a search that ignores its limit may never end).
fn answered<T: Send + 'static>(within: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(f());
    });
    receive
        .recv_timeout(within)
        .unwrap_or_else(|_| panic!("no answer within {within:?}"))
}

/// The solver agent's move in `game` under `limit`, checked legal.
fn solver_move<G: Evaluate + 'static>(game: G, limit: SearchLimit) -> G::Move {
    let mv = answered(Duration::from_secs(20), move || {
        let spec: AgentSpec = "solver:tt=1".parse().expect("spec");
        let mut agent = spec.build::<G>(&Resources::default(), 1);
        let mv = agent.select_limited(&game, &limit);
        assert!(game.check_move(mv).is_ok(), "{mv} in {game}");
        mv
    });
    mv
}

#[test]
fn the_solver_answers_within_a_time_limit_on_boards_it_cannot_solve() {
    for limit in [SearchLimit::time(ms(100)), SearchLimit::nodes(20_000)] {
        solver_move(Kalah::start(Default::default()), limit);
        solver_move(UmElBagara::start(Default::default()), limit);
        solver_move(Mangola::start(Default::default()), limit);
    }
}

#[test]
fn the_solver_under_a_depth_plays_its_fallback_to_that_depth() {
    let start = Kalah::start(Default::default());
    let expected = AlphaBeta::<Kalah>::new(AlphaBetaConfig {
        depth: 3,
        tt_mb: 1,
        ..AlphaBetaConfig::default()
    })
    .search(&start)
    .best;
    assert_eq!(solver_move(start, SearchLimit::depth(3)), expected);
}

/// Positions from random games of Kalah on 4 pits of 3 seeds (small
/// enough to solve in a moment), one from each game at a random ply.
fn small_kalah_positions(count: usize) -> Vec<Kalah> {
    let rules = <Kalah as Game>::Rules::from_assignments(&["pits=4", "seeds=3"])
        .unwrap_or_else(|e| panic!("{e}"));
    let mut rng = FastRng::new(7);
    let mut found = Vec::new();
    while found.len() < count {
        let mut line = vec![Kalah::start(rules)];
        while line.last().is_some_and(|g| g.outcome().is_none()) {
            let mut game = line[line.len() - 1];
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            game.play(moves[rng.random_range(0..moves.len())]);
            line.push(game);
        }
        found.push(line[rng.random_range(0..line.len() - 1)]);
    }
    found
}

#[test]
fn a_stopped_solve_says_so_and_leaves_the_table_exact() {
    let mut solver = Solver::<Kalah>::new(&SolverConfig { tt_mb: 1, tb: None });
    let start = Kalah::start(Default::default());
    let stopped = solver.solve_limited(&start, &SearchLimit::nodes(1000));
    assert!(stopped.stopped, "{stopped:?}");
    assert_eq!((stopped.best, stopped.pv.len()), (None, 0));
    assert!(stopped.nodes <= 1000, "{}", stopped.nodes);
    for game in small_kalah_positions(40) {
        let exact = Solver::<Kalah>::new(&SolverConfig { tt_mb: 1, tb: None }).solve(&game);
        assert!(!exact.stopped && exact.best.is_some(), "{game}");
        // Stopped part way, repeatedly, then solved by the same table.
        let mut solver = Solver::<Kalah>::new(&SolverConfig { tt_mb: 1, tb: None });
        let first = solver.solve_limited(&game, &SearchLimit::nodes((exact.nodes / 5).max(1)));
        assert!(first.stopped, "{game}: {first:?}");
        solver.solve_limited(&game, &SearchLimit::nodes((exact.nodes / 2).max(1)));
        let again = solver.solve_limited(&game, &SearchLimit::nodes(u64::MAX));
        assert!(!again.stopped, "{game}");
        assert_eq!(
            (again.result, again.margin),
            (exact.result, exact.margin),
            "{game}"
        );
    }
}

//! Per-call search limits (`Agent::select_limited`) and time management:
//! the search stops at the first limit reached, the call's or the spec's,
//! and agents that spend clock budgets never run a fast clock out.

use ngola_agents::Resources;
use std::time::{Duration, Instant};

use ngola_agents::alphabeta::{AlphaBeta, AlphaBetaConfig};
use ngola_agents::mcts::{Mcts, MctsConfig};
use ngola_agents::{move_budget, AgentSpec, Clock, Evaluate, SearchLimit};
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::Game;

fn alphabeta(depth: u32, nodes: Option<u64>) -> AlphaBeta<Mangola> {
    AlphaBeta::new(AlphaBetaConfig {
        depth,
        nodes,
        tt_mb: 1,
        ..AlphaBetaConfig::default()
    })
}

#[test]
fn alphabeta_stops_at_the_tighter_of_its_own_and_the_calls_limits() {
    let start = Mangola::start(Default::default());
    // A call's depth under a deeper spec searches exactly that deep.
    let limited = alphabeta(100, None).search_limited(&start, &SearchLimit::depth(4));
    let plain = alphabeta(4, None).search(&start);
    assert_eq!((limited.depth, limited.nodes), (4, plain.nodes));
    assert_eq!(limited.best, plain.best);
    // The spec's depth, when it is the tighter one.
    let limited = alphabeta(3, None).search_limited(&start, &SearchLimit::depth(9));
    assert_eq!(limited.depth, 3);
    // Nodes: whichever limit is smaller.
    let limited = alphabeta(100, None).search_limited(&start, &SearchLimit::nodes(5000));
    assert!((4000..=5001).contains(&limited.nodes), "{}", limited.nodes);
    let limited = alphabeta(100, Some(2000)).search_limited(&start, &SearchLimit::nodes(50_000));
    assert!((1000..=2001).contains(&limited.nodes), "{}", limited.nodes);
    // Time: depth 100 on Mangola's start does not end by itself.
    let clock = Instant::now();
    let limited =
        alphabeta(100, None).search_limited(&start, &SearchLimit::time(Duration::from_millis(40)));
    assert!(clock.elapsed() < Duration::from_secs(5));
    assert!(limited.depth < 100);
}

#[test]
fn mcts_stops_at_the_tighter_of_its_sims_and_the_calls_limits() {
    let start = Kalah::start(Default::default());
    let mcts = |sims| {
        Mcts::<Kalah>::new(
            MctsConfig {
                sims: Some(sims),
                ..MctsConfig::default()
            },
            1,
        )
    };
    assert_eq!(
        mcts(10_000)
            .search_limited(&start, &SearchLimit::nodes(50))
            .sims,
        50
    );
    assert_eq!(
        mcts(30)
            .search_limited(&start, &SearchLimit::nodes(1000))
            .sims,
        30
    );
    // Depth 1: the first simulation reaches a child of the root.
    assert_eq!(
        mcts(10_000)
            .search_limited(&start, &SearchLimit::depth(1))
            .sims,
        1
    );
    let deeper = mcts(10_000)
        .search_limited(&start, &SearchLimit::depth(3))
        .sims;
    assert!(deeper > 1 && deeper < 10_000, "{deeper}");
    let clock = Instant::now();
    let timed =
        mcts(u64::MAX).search_limited(&start, &SearchLimit::time(Duration::from_millis(40)));
    assert!(clock.elapsed() < Duration::from_secs(5));
    assert!(timed.sims > 0 && timed.sims < u64::MAX);
}

/// The arena's default margin: a clock may run over by this much.
const MARGIN: Duration = Duration::from_millis(100);

/// The CPU time this thread has used. The clock tests count it rather
/// than wall time: a loaded machine stretches a search's wall time (the
/// thread waits for a core), never the CPU time it spends, so what they
/// measure is the search's own behaviour, whatever else runs.
fn thread_cpu_time() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Plays one game of `south` against `north` on clocks of `base` plus
/// `inc` per move, each move's limit the time manager's budget; returns
/// the worst overrun of a clock (time used beyond what was left). Time
/// used is the searching thread's CPU time ([`thread_cpu_time`]); the
/// searches stop by the wall clock, which runs at least as fast.
fn clocked_game<G: Evaluate>(south: &str, north: &str, base: Duration, inc: Duration) -> Duration {
    let spec = |s: &str| s.parse::<AgentSpec>().expect("spec");
    let mut agents = [
        spec(south).build::<G>(&Resources::default(), 1),
        spec(north).build::<G>(&Resources::default(), 2),
    ];
    let mut clocks = [base; 2];
    let mut game = G::start(Default::default());
    let mut worst = Duration::ZERO;
    while game.outcome().is_none() {
        let side = game.to_move().index();
        let budget = move_budget(Clock {
            remaining: clocks[side],
            increment: inc,
        });
        let before = thread_cpu_time();
        let mv = agents[side].select_limited(&game, &SearchLimit::time(budget));
        let used = thread_cpu_time().saturating_sub(before);
        worst = worst.max(used.saturating_sub(clocks[side]));
        clocks[side] = clocks[side].saturating_sub(used) + inc;
        for agent in agents.iter_mut() {
            agent.observe(&game, mv);
        }
        game.play(mv);
    }
    worst
}

#[test]
fn searches_on_a_fast_clock_never_run_it_out_beyond_the_margin() {
    // Both agents' own budgets are far beyond the clock: only the time
    // manager's budgets stop them.
    let (ab, mcts) = ("alphabeta:depth=100,tt=1", "mcts:sims=none,time=100s");
    let base = Duration::from_millis(300);
    let inc = Duration::from_millis(5);
    for (south, north) in [(ab, mcts), (mcts, ab)] {
        let worst = clocked_game::<Kalah>(south, north, base, inc);
        assert!(
            worst <= MARGIN,
            "Kalah {south} vs {north}: over by {worst:?}"
        );
    }
    let worst = clocked_game::<Mangola>(ab, mcts, base, inc);
    assert!(worst <= MARGIN, "Mangola: over by {worst:?}");
}

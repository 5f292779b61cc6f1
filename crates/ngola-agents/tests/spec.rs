//! Spec strings: parsing, canonical `Display`, errors that name the bad part.

use std::time::Duration;

use ngola_agents::alphabeta::AlphaBetaConfig;
use ngola_agents::mcts::MctsConfig;
use ngola_agents::{AgentSpec, EvalKind, SpecError};

fn parse(s: &str) -> AgentSpec {
    match s.parse::<AgentSpec>() {
        Ok(spec) => spec,
        Err(e) => panic!("`{s}` should parse: {e}"),
    }
}

fn error(s: &str) -> SpecError {
    match s.parse::<AgentSpec>() {
        Ok(spec) => panic!("`{s}` should not parse, got {spec}"),
        Err(e) => e,
    }
}

#[test]
fn the_issue_examples_parse_to_the_intended_parameters() {
    assert_eq!(parse("random"), AgentSpec::Random);
    assert_eq!(
        parse("greedy"),
        AgentSpec::Greedy {
            eval: EvalKind::Heuristic
        }
    );
    assert_eq!(
        parse("alphabeta:depth=8"),
        AgentSpec::AlphaBeta(AlphaBetaConfig {
            depth: 8,
            ..AlphaBetaConfig::default()
        })
    );
    let AgentSpec::AlphaBeta(ab) = parse("alphabeta:time=200ms") else {
        panic!()
    };
    assert_eq!(ab.time, Some(Duration::from_millis(200)));
    assert_eq!(ab.depth, 100, "a time budget lifts the default depth");
    let AgentSpec::AlphaBeta(ab) = parse("alphabeta:nodes=100000") else {
        panic!()
    };
    assert_eq!(ab.nodes, Some(100_000));
    let AgentSpec::Mcts(m) = parse("mcts:sims=20000,c=1.4,solver=true,rollout=20") else {
        panic!()
    };
    assert_eq!(
        m,
        MctsConfig {
            sims: Some(20_000),
            c: 1.4,
            solver: true,
            rollout: Some(20),
            ..MctsConfig::default()
        }
    );
    let AgentSpec::Mcts(m) = parse("mcts:time=1s") else {
        panic!()
    };
    assert_eq!((m.sims, m.time), (None, Some(Duration::from_secs(1))));
    assert!(matches!(parse("solver"), AgentSpec::Solver(_)));
    let AgentSpec::AlphaBeta(ab) = parse("alphabeta:depth=6,eval=material") else {
        panic!()
    };
    assert_eq!(ab.eval, EvalKind::Material);
}

#[test]
fn canonical_display_is_explicit_and_round_trips() {
    let cases = [
        ("random", "random"),
        ("greedy", "greedy:eval=heuristic"),
        (
            "alphabeta:depth=8",
            "alphabeta:depth=8,nodes=none,time=none,eval=heuristic,tt=16",
        ),
        (
            "alphabeta:time=1500ms",
            "alphabeta:depth=100,nodes=none,time=1500ms,eval=heuristic,tt=16",
        ),
        (
            "alphabeta:time=2s,eval=material",
            "alphabeta:depth=100,nodes=none,time=2s,eval=material,tt=16",
        ),
        (
            "mcts",
            "mcts:sims=auto,time=none,c=1.4,solver=true,rollout=full,eval=heuristic,reuse=true",
        ),
        (
            "mcts:sims=10000",
            "mcts:sims=10000,time=none,c=1.4,solver=true,rollout=full,eval=heuristic,reuse=true",
        ),
        (
            "alphabeta",
            "alphabeta:depth=auto,nodes=none,time=none,eval=heuristic,tt=16",
        ),
        (
            "alphabeta:depth=6",
            "alphabeta:depth=6,nodes=none,time=none,eval=heuristic,tt=16",
        ),
        (
            "mcts:time=0.25s,c=0.7,rollout=0",
            "mcts:sims=none,time=250ms,c=0.7,solver=true,rollout=0,eval=heuristic,reuse=true",
        ),
        ("solver", "solver:tt=64"),
        (
            " mcts : sims = 5 , reuse=false ",
            "mcts:sims=5,time=none,c=1.4,solver=true,rollout=full,eval=heuristic,reuse=false",
        ),
    ];
    for (input, canonical) in cases {
        let spec = parse(input);
        assert_eq!(spec.to_string(), canonical, "input `{input}`");
        assert_eq!(parse(canonical), spec, "`{canonical}` must read back");
        assert_eq!(parse(canonical).to_string(), canonical);
    }
}

#[test]
fn a_spec_without_a_budget_has_the_auto_budget_and_an_explicit_one_does_not() {
    let AgentSpec::AlphaBeta(ab) = parse("alphabeta:eval=material") else {
        panic!()
    };
    assert!(ab.auto && ab.depth == 6 && ab.nodes.is_none() && ab.time.is_none());
    assert_eq!(parse("alphabeta:depth=auto"), parse("alphabeta"));
    for explicit in [
        "alphabeta:depth=6",
        "alphabeta:nodes=1000",
        "alphabeta:time=1s",
    ] {
        let AgentSpec::AlphaBeta(ab) = parse(explicit) else {
            panic!()
        };
        assert!(!ab.auto, "{explicit}");
    }
    let AgentSpec::Mcts(m) = parse("mcts:c=0.5") else {
        panic!()
    };
    assert!(m.auto && m.sims == Some(10_000) && m.time.is_none());
    assert_eq!(parse("mcts:sims=auto"), parse("mcts"));
    for explicit in ["mcts:sims=10000", "mcts:time=1s"] {
        let AgentSpec::Mcts(m) = parse(explicit) else {
            panic!()
        };
        assert!(!m.auto, "{explicit}");
    }
    // `auto` is the absence of a budget: never beside one.
    for bad in [
        "alphabeta:depth=auto,nodes=100",
        "alphabeta:depth=auto,time=1s",
        "mcts:sims=auto,time=1s",
    ] {
        let e = error(bad);
        assert!(
            matches!(&e, SpecError::BadValue { value, .. } if value == "auto"),
            "{bad}: {e}"
        );
        assert!(e.to_string().contains("without"), "{e}");
    }
    // `none` for every budget is still refused.
    assert!(matches!(
        error("mcts:sims=none"),
        SpecError::NoBudget { .. }
    ));
}

#[test]
fn a_bad_kind_lists_the_valid_kinds() {
    let e = error("minimax:depth=3");
    let text = e.to_string();
    assert!(matches!(e, SpecError::UnknownKind { .. }));
    assert!(text.contains("`minimax`"), "{text}");
    for kind in ["random", "greedy", "alphabeta", "mcts", "solver"] {
        assert!(text.contains(kind), "{text}");
    }
}

#[test]
fn a_bad_key_is_named_and_the_valid_keys_listed() {
    let e = error("alphabeta:dept=3");
    let text = e.to_string();
    assert!(matches!(e, SpecError::UnknownKey { .. }));
    assert!(text.contains("`dept`"), "{text}");
    assert!(text.contains("depth, nodes, time, eval, tt"), "{text}");
    let text = error("mcts:simulations=10").to_string();
    assert!(
        text.contains("`simulations`")
            && text.contains("sims, time, c, solver, rollout, eval, reuse"),
        "{text}"
    );
    let text = error("random:seed=3").to_string();
    assert!(text.contains("`seed`") && text.contains("(none)"), "{text}");
}

#[test]
fn a_bad_value_is_named_with_what_is_allowed() {
    let cases = [
        ("alphabeta:depth=0", "depth", "0", "from 1 to 100"),
        ("alphabeta:depth=x", "depth", "x", "integer"),
        ("alphabeta:time=5", "time", "5", "250ms"),
        (
            "alphabeta:time=0.5ms",
            "time",
            "0.5ms",
            "whole milliseconds",
        ),
        (
            "alphabeta:eval=clever",
            "eval",
            "clever",
            "heuristic or material",
        ),
        ("mcts:c=-1", "c", "-1", "at least 0"),
        ("mcts:solver=yes", "solver", "yes", "true or false"),
        ("mcts:rollout=long", "rollout", "long", "full"),
        ("mcts:sims=0", "sims", "0", "positive"),
        ("solver:tt=0", "tt", "0", "from 1"),
    ];
    for (spec, key, value, allowed) in cases {
        let e = error(spec);
        let text = e.to_string();
        assert!(
            matches!(&e, SpecError::BadValue { key: k, value: v, .. } if k == key && v == value),
            "`{spec}`: {e:?}"
        );
        assert!(text.contains(allowed), "`{spec}`: {text}");
    }
}

#[test]
fn malformed_duplicate_and_budgetless_specs_are_refused() {
    assert!(matches!(error("alphabeta:depth"), SpecError::Malformed(p) if p == "depth"));
    assert!(
        matches!(error("alphabeta:depth=3,depth=4"), SpecError::Duplicate { key, .. } if key == "depth")
    );
    let e = error("mcts:sims=none");
    assert!(matches!(e, SpecError::NoBudget { .. }), "{e:?}");
    assert!(e.to_string().contains("sims=N or time=DURATION"));
}

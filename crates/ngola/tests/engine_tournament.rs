//! External UGI engines in tournaments: the example bot against built-in
//! agents (identical games for 1 and 2 threads), engines that crash, lie or
//! stall lose exactly the games they fault in, failed handshakes and refused
//! rules stop the run, and resume, shards, merge and SPRT treat engines as
//! they treat built-in agents. Tests that need Python skip (saying so) when
//! `python3` is absent.

use crate::common;
use common::*;

use std::path::Path;

use ngola_arena::record::{GameRecord, Reason};

/// The rows without their wall times.
fn timeless(dir: &Path) -> Vec<GameRecord> {
    rows(dir)
        .into_iter()
        .map(|r| GameRecord { time_s: 0.0, ..r })
        .collect()
}

fn bot_engine() -> String {
    format!(
        "bot=python3 {}",
        repo().join("examples/engines/random_bot.py").display()
    )
}

/// An external `ngola engine` serving the built-in random agent.
fn ngola_engine(name: &str) -> String {
    format!(
        "{name}={} engine kalah --agent random",
        env!("CARGO_BIN_EXE_ngola")
    )
}

#[test]
fn the_example_bot_plays_built_in_agents_with_identical_games_on_1_and_2_threads() {
    if !python() {
        return;
    }
    let mut runs = Vec::new();
    for threads in ["1", "2"] {
        let dir = temp_dir(&format!("bot-{threads}"));
        let engine = bot_engine();
        let out = ngola_in(&repo(), &args!["tournament --game kalah --engine", &engine, "--agent mine=engine:bot --agent random --agent ab2=alphabeta:depth=2 --games 6 --opening-plies 2 --threads", threads, "--quiet --out", dir]);
        assert!(out.status.success(), "{}", stderr(&out));
        let games = timeless(&dir);
        assert_eq!(games.len(), 18);
        assert!(games.iter().all(|r| !r.reason.is_fault()), "{games:?}");
        assert!(games.iter().any(|r| r.south == "engine:bot"));
        // One process per engine per worker, its stderr logged.
        assert!(dir.join("logs/bot-1.log").is_file());
        runs.push((dir, games));
    }
    assert_eq!(runs[0].1, runs[1].1, "1 and 2 threads");
    // The experiment keeps the engine and the full specs, tables the names.
    let toml = std::fs::read_to_string(runs[0].0.join("experiment.toml")).unwrap();
    assert!(toml.contains("\"mine=engine:bot\""), "{toml}");
    assert!(
        toml.contains("\"ab2=alphabeta:depth=2,nodes=none"),
        "{toml}"
    );
    assert!(
        toml.contains("[engines.bot]\ncommand = [\"python3\", "),
        "{toml}"
    );
    let summary = std::fs::read_to_string(runs[0].0.join("summary.txt")).unwrap();
    // Tables name agents by their short names (no ids: the names differ).
    assert!(
        summary.contains("  mine ") && summary.contains("  ab2 ") && !summary.contains(" #"),
        "{summary}"
    );
    let standings = std::fs::read_to_string(runs[0].0.join("standings.csv")).unwrap();
    assert!(
        standings.contains(",engine:bot,") && standings.contains("alphabeta:depth=2,"),
        "{standings}"
    );
    for (dir, _) in runs {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn engines_that_crash_lie_or_stall_lose_the_games_they_fault_in_and_the_run_completes() {
    if !python() {
        return;
    }
    let dir = temp_dir("faults");
    let engines = [
        faulty_engine("crash", "crash 3"),
        faulty_engine("liar", "illegal 2"),
        faulty_engine("sleepy", "sleep 1"),
    ];
    let mut args = vec![
        "tournament",
        "--game",
        "kalah",
        "--format",
        "gauntlet",
        "--agent",
        "random",
    ];
    for (engine, agent) in engines
        .iter()
        .zip(["engine:crash", "engine:liar", "engine:sleepy"])
    {
        args.extend(["--engine", engine, "--agent", agent]);
    }
    args.extend([
        "--games",
        "4",
        // Far more than the crashing and lying engines need for their few
        // moves, however loaded the machine; far less than the sleeper's
        // 30 s.
        "--tc",
        "2+0.05",
        "--threads",
        "2",
        "--quiet",
    ]);
    args.extend(["--out", dir.to_str().unwrap()]);
    let out = ngola_in(&repo(), &args);
    assert!(out.status.success(), "{}", stderr(&out));
    let games = rows(&dir);
    assert_eq!(games.len(), 12);
    for r in &games {
        let (engine, random_side) = if r.south_id == 0 {
            (&r.north, "S")
        } else {
            (&r.south, "N")
        };
        let expected = match engine.as_str() {
            "engine:crash" => Reason::Crash,
            "engine:liar" => Reason::IllegalMove,
            "engine:sleepy" => Reason::TimeForfeit,
            other => panic!("unexpected agent {other}"),
        };
        // Random always wins: the engine faults in every game.
        assert_eq!(r.reason, expected, "{r:?}");
        let result = match r.result {
            ngola_arena::record::GameResult::South => "S",
            ngola_arena::record::GameResult::North => "N",
            ngola_arena::record::GameResult::Draw => "draw",
        };
        assert_eq!(result, random_side, "{r:?}");
        match expected {
            Reason::IllegalMove => assert_eq!(r.fault, "z9"),
            Reason::Crash => assert!(
                r.fault.contains("exit status: 3") && r.fault.contains("crashing on purpose"),
                "{}",
                r.fault
            ),
            _ => assert!(r.fault.starts_with("no answer in"), "{}", r.fault),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn three_failed_handshakes_stop_the_run_naming_the_engine_and_its_stderr() {
    let dir = temp_dir("ghost");
    let out = ngola_in(
        &repo(),
        &args![
            "tournament --game kalah --engine",
            whole("ghost=/nonexistent/engine --flag"),
            "--agent engine:ghost --agent random --games 2 --quiet --out",
            dir
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("engine `ghost` failed its handshake 3 times in a row"),
        "{err}"
    );
    assert!(
        err.contains("cannot start `/nonexistent/engine --flag`"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    if !python() {
        return;
    }
    // An engine that never says `ugiok` is given HANDSHAKE_TIMEOUT each
    // time: too slow for a test; one that exits at once shows its stderr.
    let dir = temp_dir("exits");
    let engine =
        "quitter=python3 -c \"import sys; print('no engine here', file=sys.stderr); sys.exit(4)\"";
    let out = ngola_in(
        &repo(),
        &args![
            "tournament --game kalah --engine",
            engine,
            "--agent engine:quitter --agent random --games 2 --quiet --out",
            dir
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("engine `quitter` failed its handshake 3 times"),
        "{err}"
    );
    assert!(err.contains("no engine here"), "{err}");
    assert!(err.contains("/logs/quitter-"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rules_an_engine_cannot_play_stop_the_run_with_its_reason() {
    if !python() {
        return;
    }
    let dir = temp_dir("refused");
    let engine = bot_engine();
    let out = ngola_in(
        &repo(),
        &args![
            "tournament --game oware --engine",
            &engine,
            "--agent engine:bot --agent random --games 2 --quiet --out",
            dir
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "engines.bot: engine `bot` cannot play this experiment: random_bot plays kalah"
        ),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_undefined_engine_and_bad_engine_flags_are_refused_before_anything_runs() {
    let dir = temp_dir("undefined");
    let out = ngola_in(
        &repo(),
        &args![
            "tournament --game kalah --agent engine:nobody --agent random --out",
            dir
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("agents[0] (`engine:nobody`): engine `nobody` is not defined"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.exists());
    for (flag, needle) in [
        ("nobody", "expected NAME=COMMAND"),
        ("a b=x", "letters, digits"),
        ("x=\"unclosed", "unbalanced quotes"),
        ("x=", "the command is empty"),
    ] {
        let out = ngola_in(
            &repo(),
            &args![
                "tournament --game kalah --engine",
                flag,
                "--agent random --agent random"
            ],
        );
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(stderr(&out).contains(needle), "{flag}: {}", stderr(&out));
    }
    let out = ngola_in(
        &repo(),
        &args!["tournament --game kalah --agent a=random --agent a=greedy"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("short name `a` is also agents[0]'s"),
        "{}",
        stderr(&out)
    );
    let out = ngola_in(
        &repo(),
        &args!["tournament --game kalah --agent random --agent random --tc 10"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("ngola: tc: `10`: expected BASE+INC"),
        "{}",
        stderr(&out)
    );
}

/// The external `ngola engine` with the random agent, seeded per game,
/// plays exactly the games of the built-in random agent.
#[test]
fn an_engine_resumes_shards_merges_and_stops_by_sprt_like_a_built_in_agent() {
    let engine = ngola_engine("twin");
    let base = |dir: &Path, extra: &[&str]| {
        let mut args = vec![
            "tournament",
            "--game",
            "kalah",
            "--engine",
            &engine,
            "--agent",
            "twin=engine:twin",
            "--agent",
            "random",
            "--games",
            "40",
            "--opening-plies",
            "2",
            "--threads",
            "2",
            "--quiet",
        ];
        args.extend(extra);
        args.extend(["--out", dir.to_str().unwrap()]);
        let out = ngola_in(&repo(), &args);
        assert!(out.status.success(), "{}", stderr(&out));
    };
    let whole = temp_dir("whole");
    base(&whole, &[]);
    let reference = timeless(&whole);
    assert_eq!(reference.len(), 40);

    // The same games as the built-in random agent's.
    let builtin = temp_dir("builtin");
    let out = ngola_in(&repo(), &args!["tournament --game kalah --agent random --agent random --games 40 --opening-plies 2 --quiet --out", builtin]);
    assert!(out.status.success());
    let same_games = |a: &GameRecord, b: &GameRecord| {
        (
            a.game,
            a.seed,
            a.result,
            a.plies,
            a.south_total,
            a.north_total,
            &a.opening,
        ) == (
            b.game,
            b.seed,
            b.result,
            b.plies,
            b.south_total,
            b.north_total,
            &b.opening,
        )
    };
    let built = timeless(&builtin);
    assert!(reference.iter().zip(&built).all(|(a, b)| same_games(a, b)));

    // Resume after a kill (rows cut), one thread this time.
    let resumed = temp_dir("resumed");
    base(&resumed, &[]);
    let text = std::fs::read_to_string(resumed.join("games.csv")).unwrap();
    let kept: Vec<&str> = text.lines().take(12).collect();
    std::fs::write(
        resumed.join("games.csv"),
        kept.join("\n") + "\n1,0,0,1,0,eng",
    )
    .unwrap();
    let out = ngola_in(
        &repo(),
        &args!["tournament --resume", resumed, "--threads 1 --quiet"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(timeless(&resumed), reference);

    // Shards and merge.
    let (one, two, merged) = (temp_dir("shard1"), temp_dir("shard2"), temp_dir("merged"));
    base(&one, &["--shard", "1/2"]);
    base(&two, &["--shard", "2/2"]);
    let out = ngola_in(
        &repo(),
        &args!["merge", one, two, "--out", merged, "--quiet"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(timeless(&merged), reference);

    // SPRT: stops at the same pair as with the built-in agent.
    let sprt = ["--sprt", "elo0=0,elo1=200,alpha=0.2,beta=0.2"];
    let (engine_sprt, builtin_sprt) = (temp_dir("sprt-engine"), temp_dir("sprt-builtin"));
    base(&engine_sprt, &sprt);
    let out = ngola_in(&repo(), &args!["tournament --game kalah --agent random --agent random --games 40 --opening-plies 2 --quiet", sprt[0], sprt[1], "--out", builtin_sprt]);
    assert!(out.status.success());
    let (a, b) = (timeless(&engine_sprt), timeless(&builtin_sprt));
    assert_eq!(a.len(), b.len());
    assert!(a.iter().zip(&b).all(|(a, b)| same_games(a, b)));
    for dir in [
        whole,
        builtin,
        resumed,
        one,
        two,
        merged,
        engine_sprt,
        builtin_sprt,
    ] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn built_in_searches_on_a_clock_never_lose_on_time() {
    let dir = temp_dir("clocked");
    let out = ngola_in(&repo(), &args!["tournament --game kalah --agent ab=alphabeta:depth=100,tt=1 --agent mc=mcts:sims=none,time=100s --games 2 --tc 0.3+0.005 --threads 2 --quiet --out", dir]);
    assert!(out.status.success(), "{}", stderr(&out));
    let games = rows(&dir);
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|r| !r.reason.is_fault()), "{games:?}");
    let toml = std::fs::read_to_string(dir.join("experiment.toml")).unwrap();
    assert!(
        toml.contains("tc = \"0.3+0.005\"\ntimemargin = 100\n"),
        "{toml}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_round_trip_bench_runs_and_reports_both_matches() {
    let out = ngola_in(&repo(), &["bench", "engine", "--games", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    for needle in ["external engines", "built-in agents", "round trip per move"] {
        assert!(text.contains(needle), "{text}");
    }
    assert_eq!(
        ngola_in(&repo(), &["bench", "engine", "--games", "3"])
            .status
            .code(),
        Some(2)
    );
}

//! Built-in agents on a clock, through the real program: the solver answers
//! a `go movetime` and plays clocked tournaments on boards it cannot
//! solve, and an agent whose spec names no budget searches by its clock.

use crate::common;
use common::args;

use std::process::Stdio;
use std::time::{Duration, Instant};

use common::{engine_session, finish_within, ngola_command, rows, scratch};

/// `ngola engine ARGS` on `input`: its answer lines, within `within`.
fn engine(args: &[&str], input: &str, within: Duration) -> Vec<String> {
    let (lines, status) = engine_session(args, input.as_bytes(), within);
    assert!(status.success(), "{status}");
    lines
}

#[test]
fn the_solver_engine_answers_go_movetime_on_boards_it_cannot_solve() {
    for game in ["kalah", "umelbagara", "mangola"] {
        let started = Instant::now();
        let answers = engine(
            &[game, "--agent", "solver:tt=4"],
            "position startpos\ngo movetime 100\ngo nodes 5000\ngo depth 2\n",
            Duration::from_secs(30),
        );
        let best: Vec<&String> = answers
            .iter()
            .filter(|l| l.starts_with("bestmove "))
            .collect();
        assert_eq!(best.len(), 3, "{game}: {answers:?}");
        // Three answers, the first within its 100 ms (plus start-up).
        assert!(started.elapsed() < Duration::from_secs(20), "{game}");
    }
}

/// `ngola tournament ARGS --out DIR --quiet` within `within`; DIR.
fn tournament(name: &str, args: &[&str], within: Duration) -> std::path::PathBuf {
    let dir = scratch(name).join("run");
    let mut child = ngola_command()
        .arg("tournament")
        .args(args)
        .args(["--quiet", "--out"])
        .arg(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ngola starts");
    let status = finish_within(&mut child, within, &format!("ngola tournament {args:?}"));
    assert!(status.success(), "ngola tournament {args:?}: {status}");
    dir
}

#[test]
fn a_clocked_tournament_with_the_solver_completes_without_forfeits() {
    let dir = tournament(
        "solver",
        &args!["--game kalah --agent solver:tt=4 --agent random --games 2 --tc 1+0"],
        Duration::from_secs(60),
    );
    let games = rows(&dir);
    assert_eq!(games.len(), 2);
    for game in &games {
        assert!(game.fault.is_empty(), "{game:?}");
        assert_eq!(game.reason.as_str(), "natural", "{game:?}");
    }
}

#[test]
fn an_agent_whose_spec_names_no_budget_searches_by_its_clock() {
    // On 1+0 the budgets of a clock spent by the time manager add up to
    // most of the second; alpha-beta's default depth 6 on Kalah takes a
    // few milliseconds a move, and so would every game of it.
    let dir = tournament(
        "by-clock",
        &args!["--game kalah --agent ab=alphabeta:tt=1 --agent random --games 2 --tc 1+0"],
        Duration::from_secs(60),
    );
    let games = rows(&dir);
    assert_eq!(games.len(), 2);
    for game in &games {
        assert!(game.fault.is_empty(), "{game:?}");
        assert!(game.time_s > 0.2, "searched {} s: {game:?}", game.time_s);
    }
}

//! Rules under which no game ends (Mangola without a ply cap, endless
//! sowings stopped after one lap): every command that plays games still
//! ends. The tournament runner stops a game at `MAX_GAME_PLIES` (a draw,
//! reason `ply-limit`), MCTS's rollouts stop at `MAX_ROLLOUT_PLIES`, the
//! movegen bench stops its playouts where tournaments stop games, and the
//! solver gives up on a line past `MAX_LINE_PLIES` with a message.

use crate::common;
use common::{args, finish_within, ngola_command, temp_dir};

use std::io::Write;
use std::process::{Output, Stdio};
use std::time::Duration;

const ENDLESS: [&str; 6] = [
    "--rule",
    "max_plies=0",
    "--rule",
    "endless_sowing=stop",
    "--rule",
    "lap_limit=1",
];

/// Runs `ngola args` with `input`, failing the test if it did not succeed
/// or is still running after `limit` (it is killed then).
fn finishes(args: &[&str], input: &str, limit: Duration) -> Output {
    let out = ends(args, input, limit);
    assert!(
        out.status.success(),
        "ngola {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Runs `ngola args` with `input`, failing the test if it is still
/// running after `limit` (it is killed then).
fn ends(args: &[&str], input: &str, limit: Duration) -> Output {
    let mut child = ngola_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    finish_within(&mut child, limit, &format!("ngola {args:?}"));
    child.wait_with_output().unwrap()
}

fn with_endless(args: &[&str]) -> Vec<String> {
    args.iter().chain(&ENDLESS).map(|a| a.to_string()).collect()
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

const LIMIT: Duration = Duration::from_secs(120);

#[test]
fn a_tournament_stops_endless_games_at_the_ply_limit() {
    let dir = temp_dir("run");
    let out_arg = dir.display().to_string();
    let args = with_endless(&args![
        "tournament --game mangola --agent random --agent greedy --games 4 -q --out",
        &out_arg
    ]);
    finishes(&strs(&args), "", LIMIT);
    let games = std::fs::read_to_string(dir.join("games.csv")).unwrap();
    let limited: Vec<&str> = games
        .lines()
        .filter(|l| l.contains(",ply-limit,"))
        .collect();
    assert!(!limited.is_empty(), "{games}");
    for row in limited {
        assert!(
            row.contains(",draw,100000,"),
            "a draw at 100,000 plies: {row}"
        );
    }
    // The summary counts the ending.
    let summary = std::fs::read_to_string(dir.join("summary.txt")).unwrap();
    assert!(summary.contains("ply-limit"), "{summary}");
    // Merging replays every row: a ply-limit row is a game still going
    // after 100,000 moves, not a malformed one.
    let merged = dir.with_extension("merged");
    let _ = std::fs::remove_dir_all(&merged);
    let merged_arg = merged.display().to_string();
    finishes(&["merge", &out_arg, "--out", &merged_arg], "", LIMIT);
    let again = std::fs::read_to_string(merged.join("games.csv")).unwrap();
    assert_eq!(
        again.matches(",ply-limit,").count(),
        games.matches(",ply-limit,").count()
    );
}

#[test]
fn mcts_answers_go_under_endless_rules() {
    let args = with_endless(&["engine", "mangola", "--agent", "mcts:sims=200"]);
    let out = finishes(&strs(&args), "position startpos\ngo\nquit\n", LIMIT);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("bestmove "), "{text}");
}

#[test]
fn play_and_the_movegen_bench_end_under_endless_rules() {
    let args = with_endless(&args![
        "play mangola --agent mcts:sims=100 --record /dev/null"
    ]);
    let out = finishes(&strs(&args), "a1\nquit\n", LIMIT);
    assert!(String::from_utf8_lossy(&out.stdout).contains("plays "));
    let args = with_endless(&["bench", "movegen", "mangola", "--games", "3"]);
    let out = finishes(&strs(&args), "", LIMIT);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("stopped      3 "), "{text}");
}

#[test]
fn solve_gives_up_on_an_endless_line_with_a_message() {
    // The solver follows a line at most 100,000 plies: past it, no value,
    // exit 1 with a message saying so and how to get one (a ply cap).
    let args = with_endless(&["solve", "mangola", "--rule", "columns=3"]);
    let out = ends(&strs(&args), "", LIMIT);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("100000 plies"), "{stderr}");
    assert!(stderr.contains("max_plies"), "{stderr}");
}

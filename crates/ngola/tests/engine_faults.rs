//! Engines that fault in ways a blocking reader cannot see: a child left
//! holding the engine's output (the exit is still a prompt `crash`), an
//! answer longer than the line limit (`illegal-move`, quoted short), and a
//! clock that runs over a little on every move (the debt adds up against
//! the margin). Tests that need Python skip (saying so) when `python3` is
//! absent.

use crate::common;
use common::*;

use std::path::Path;

use std::time::{Duration, Instant};

use ngola_arena::record::{GameRecord, Reason};

/// The faulty test engine as `bot`.
fn faulty(args: &str) -> String {
    faulty_engine("bot", args)
}

/// `ngola tournament` of `engine:bot` against random, `games` games.
fn run(dir: &Path, engine: &str, games: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "tournament",
        "--game",
        "kalah",
        "--engine",
        engine,
        "--agent",
        "engine:bot",
        "--agent",
        "random",
        "--games",
        games,
        "--quiet",
        "--out",
        dir.to_str().expect("utf-8 path"),
    ];
    args.extend(extra);
    ngola(&args)
}

/// The bot's row side: true if it played South.
fn bot_is_south(r: &GameRecord) -> bool {
    r.south == "engine:bot"
}

#[test]
fn an_engine_that_exits_leaving_a_child_fails_its_handshake_at_once() {
    let dir = temp_dir("leftover");
    let start = Instant::now();
    let out = run(&dir, "bot=sh -c \"sleep 25 & exit 3\"", "2", &[]);
    let took = start.elapsed();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "failed its handshake 3 times in a row (last: exited (exit status: 3) before `ugiok`"
        ),
        "{err}"
    );
    // Three attempts of a process that exits at once: no handshake timeout.
    assert!(took < Duration::from_secs(8), "took {took:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_exits_mid_game_leaving_a_child_is_a_crash_not_a_time_forfeit() {
    if !python() {
        return;
    }
    let dir = temp_dir("forkchild");
    let start = Instant::now();
    let out = run(&dir, &faulty("forkchild 2"), "2", &["--tc", "5+0"]);
    let took = start.elapsed();
    assert!(out.status.success(), "{}", stderr(&out));
    let games = rows(&dir);
    assert_eq!(games.len(), 2);
    for r in &games {
        assert_eq!(r.reason, Reason::Crash, "{r:?}");
        assert!(r.fault.contains("exit status: 5"), "{}", r.fault);
    }
    // Neither game waited for the 25 s child, nor for the 5 s clock.
    assert!(took < Duration::from_secs(8), "took {took:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_answer_past_the_line_limit_loses_as_illegal_move_quoted_short() {
    if !python() {
        return;
    }
    let dir = temp_dir("long");
    let out = run(&dir, &faulty("long 1"), "2", &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let games = rows(&dir);
    assert_eq!(games.len(), 2);
    for r in &games {
        assert_eq!(r.reason, Reason::IllegalMove, "{r:?}");
        assert!(
            r.fault
                .starts_with("a line longer than the limit of 65536 bytes: bestmove aaaa"),
            "{}",
            r.fault
        );
        assert!(r.fault.ends_with("... (1000009 bytes)"), "{}", r.fault);
        assert!(r.fault.len() < 200, "{}", r.fault.len());
    }
    let csv = std::fs::metadata(dir.join("games.csv"))
        .expect("games.csv")
        .len();
    assert!(csv < 10_000, "games.csv is {csv} bytes");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_clock_run_over_on_every_move_keeps_its_debt_and_loses_past_the_margin() {
    if !python() {
        return;
    }
    // 0.3 s for the game, 100 ms margin, 60 ms over... every move: the
    // clock is gone after about 5 moves and the margin after 2 more. A
    // margin forgiven at every move would let the bot play on for ever.
    let dir = temp_dir("debt");
    let out = run(
        &dir,
        &faulty("slow 60"),
        "2",
        &["--tc", "0.3+0", "--timemargin", "100"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let games = rows(&dir);
    assert_eq!(games.len(), 2);
    for r in &games {
        assert_eq!(r.reason, Reason::TimeForfeit, "{r:?}");
        let bot_lost = match r.result {
            ngola_arena::record::GameResult::South => !bot_is_south(r),
            ngola_arena::record::GameResult::North => bot_is_south(r),
            ngola_arena::record::GameResult::Draw => false,
        };
        assert!(bot_lost, "{r:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

//! `ngola play` driven through its standard input like a person at a
//! terminal: the test reads the legal moves the program lists and answers
//! with one, with a bad input and an undo on the way; the saved record
//! then replays with `ngola replay --record`.

use crate::common;
use common::*;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

/// What the person does when the program lists the legal moves for the
/// `turn`-th time (counting from 0), given the list.
type Person = dyn FnMut(usize, &[&str]) -> String;

/// Runs `ngola play` with `args`, answering each "Legal moves:" line with
/// `person`'s answer. Returns the whole output and the exit status.
fn play(args: &[&str], person: &mut Person) -> (String, bool) {
    let mut child = ngola_command()
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let mut transcript = String::new();
    let mut turn = 0;
    for line in stdout.lines() {
        let line = line.unwrap();
        transcript.push_str(&line);
        transcript.push('\n');
        if let Some(list) = line.strip_prefix("Legal moves: ") {
            let moves: Vec<&str> = list.split_whitespace().collect();
            let answer = person(turn, &moves);
            turn += 1;
            // The program may have ended (after `quit`): ignore a closed pipe.
            let _ = writeln!(stdin, "{answer}");
            let _ = stdin.flush();
        }
    }
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    transcript.push_str(&String::from_utf8_lossy(&output.stderr));
    (transcript, output.status.success())
}

/// `ngola replay --record FILE`: its lines and success.
fn replay_record(path: &Path) -> (Vec<String>, bool) {
    let out = ngola_command()
        .arg("replay")
        .arg("--record")
        .arg(path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines.extend(
        String::from_utf8_lossy(&out.stderr)
            .lines()
            .map(str::to_string),
    );
    (lines, out.status.success())
}

/// The record's `key value` tag.
fn tag(record: &str, key: &str) -> Option<String> {
    record
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key} ")))
        .map(str::to_string)
}

#[test]
fn a_kalah_game_to_the_end_with_a_bad_input_and_an_undo_replays_from_its_record() {
    let dir = scratch("kalah");
    let record_path = dir.join("game.txt");
    let record_arg = record_path.to_str().unwrap().to_string();
    let mut person = |turn: usize, moves: &[&str]| -> String {
        match turn {
            0 => "x9".to_string(), // not a move: answered, game goes on
            1 => "b1".to_string(), // North's pit: illegal for South
            2 => "hint".to_string(),
            4 => "undo".to_string(), // after one move of ours and the reply
            _ => moves.last().unwrap().to_string(),
        }
    };
    let (transcript, ok) = play(
        &[
            "kalah",
            "--agent",
            "random",
            "--seed",
            "11",
            "--hint",
            "greedy",
            "--record",
            &record_arg,
        ],
        &mut person,
    );
    assert!(ok, "{transcript}");
    assert!(
        transcript.contains("Your move> x9\nNot a move: cannot read move `x9`"),
        "{transcript}"
    );
    assert!(
        transcript.contains("Your move> b1\nNot legal here: "),
        "{transcript}"
    );
    // Specs are shown in canonical form (every parameter explicit).
    assert!(transcript.contains("Hint (greedy"), "{transcript}");
    assert!(
        transcript.contains("Your move> undo\nTook back "),
        "{transcript}"
    );
    assert!(transcript.contains("North (random) plays "), "{transcript}");
    let over = transcript
        .lines()
        .find(|l| l.starts_with("Game over after "))
        .unwrap_or_else(|| panic!("{transcript}"));
    assert!(transcript.contains("Game record saved to "));

    let record = std::fs::read_to_string(&record_path).unwrap();
    assert_eq!(tag(&record, "game").as_deref(), Some("kalah"));
    assert_eq!(tag(&record, "north").as_deref(), Some("random"));
    assert_eq!(tag(&record, "seed").as_deref(), Some("11"));
    let result = tag(&record, "result").unwrap();
    let winner = result.split_whitespace().next().unwrap();
    let expected_winner = if over.contains(": South wins") {
        "S"
    } else if over.contains(": North wins") {
        "N"
    } else {
        "draw"
    };
    assert_eq!(winner, expected_winner, "{over}");

    let (lines, ok) = replay_record(&record_path);
    assert!(ok, "{lines:?}");
    assert_eq!(lines.last().unwrap(), &format!("result {winner}"));
    // One line per recorded move, then the result.
    let moves = record.lines().skip_while(|l| *l != "moves").skip(1).count();
    assert_eq!(lines.len(), moves + 1);
    let plies: u32 = over["Game over after ".len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(
        moves as u32, plies,
        "the taken-back moves are not in the record"
    );
}

#[test]
fn um_el_bagara_as_north_from_a_position_quit_midway_replays_unfinished() {
    let dir = scratch("umelbagara");
    let record_path = dir.join("game.txt");
    let record_arg = record_path.to_str().unwrap().to_string();
    let start = "umelbagara 5,5,0,5,5/10,5,5,5,5 S 2 0,0";
    let mut person = |turn: usize, moves: &[&str]| -> String {
        if turn == 3 {
            "quit".to_string()
        } else {
            moves[0].to_string()
        }
    };
    let (transcript, ok) = play(
        &[
            "umelbagara",
            "--position",
            start,
            "--agent",
            "greedy",
            "--side",
            "N",
            "--seed",
            "3",
            "--record",
            &record_arg,
        ],
        &mut person,
    );
    assert!(ok, "{transcript}");
    // North's view: row a at the top.
    let first_row = transcript
        .lines()
        .find(|l| l.trim_start().starts_with("a ") || l.trim_start().starts_with("b "))
        .unwrap();
    assert!(first_row.trim_start().starts_with("a "), "{transcript}");
    assert!(transcript.contains("Stopped at ply "));
    let record = std::fs::read_to_string(&record_path).unwrap();
    assert_eq!(tag(&record, "start").as_deref(), Some(start));
    assert_eq!(tag(&record, "result").as_deref(), Some("unfinished"));
    assert!(
        tag(&record, "south").unwrap().starts_with("greedy"),
        "{record}"
    );
    let (lines, ok) = replay_record(&record_path);
    assert!(ok, "{lines:?}");
    assert_eq!(lines.last().unwrap(), "result none");
    // South opened (the agent), then three moves of ours and the replies.
    assert!(lines.len() >= 7, "{lines:?}");
    assert!(
        lines[0].starts_with("3 "),
        "the record starts at ply 3: {lines:?}"
    );
}

#[test]
fn bad_specs_and_files_are_named_with_exit_code_2() {
    let out = ngola_command()
        .args(["play", "kalah", "--agent", "randm"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown agent `randm`"));

    let dir = scratch("bad");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "game kalah\nrule seeds\nmoves\na1\n").unwrap();
    let (lines, ok) = replay_record(&bad);
    assert!(!ok);
    assert!(lines.iter().any(|l| l.contains("line 2")), "{lines:?}");

    std::fs::write(&bad, "game kalah\nmoves\na1 a1\n").unwrap();
    let (lines, ok) = replay_record(&bad);
    assert!(!ok);
    assert!(lines.iter().any(|l| l.contains("ply 2")), "{lines:?}");
    // An agent whose endgame database is of other rules: refused before
    // the game, as a tournament and the engine refuse it.
    let db_text = common::small_kalah_database("play-tb");
    let agent = format!("alphabeta:depth=2,tb={db_text}");
    for (flag, other) in [("--agent", "--hint"), ("--hint", "--agent")] {
        common::refused(
            &[
                "play", "kalah", "--rule", "pits=3", flag, &agent, other, "random",
            ],
            &[flag, "other rules of play"],
        );
    }
}

/// Reads lines of `reader` until one starts with `prefix` (or the output
/// ends); returns everything read.
fn read_until_line(reader: &mut impl BufRead, prefix: &str) -> String {
    let mut text = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap() == 0 {
            return text;
        }
        text.push_str(&line);
        if line.starts_with(prefix) {
            return text;
        }
    }
}

/// The moves of a record (the words after `moves`, comments left out).
fn record_moves(record: &str) -> Vec<String> {
    record
        .lines()
        .skip_while(|l| *l != "moves")
        .skip(1)
        .map(|l| l.split('#').next().unwrap().trim().to_string())
        .filter(|m| !m.is_empty())
        .collect()
}

#[test]
fn a_line_that_is_not_utf8_is_answered_and_the_game_goes_on() {
    let dir = scratch("utf8");
    let record_path = dir.join("game.txt");
    let mut child = ngola_command()
        .args(["play", "kalah", "--agent", "random", "--seed", "5"])
        .arg("--record")
        .arg(&record_path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Latin-1 `é`, a lone continuation byte, then a real move and quit.
    stdin.write_all(b"caf\xe9\n\x80\na1\nquit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        text.matches("Not text: the line (").count(),
        2,
        "both lines answered: {text}"
    );
    assert!(text.contains("You play a1"), "{text}");
    let record = std::fs::read_to_string(&record_path).unwrap();
    assert_eq!(
        record_moves(&record).first().map(String::as_str),
        Some("a1")
    );
    assert_eq!(tag(&record, "result").as_deref(), Some("unfinished"));
}

#[test]
fn ctrl_c_saves_the_game_so_far_and_exits_130() {
    let dir = scratch("sigint");
    let record_path = dir.join("game.txt");
    let mut child = ngola_command()
        .args(["play", "mangola", "--agent", "greedy", "--seed", "2"])
        .arg("--record")
        .arg(&record_path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    // Two moves of ours (and the agent's replies), then Ctrl-C while the
    // program waits for the third.
    let mut played = Vec::new();
    for _ in 0..2 {
        let text = read_until_line(&mut stdout, "Legal moves: ");
        let legal = text.lines().last().unwrap()["Legal moves: ".len()..].to_string();
        let mv = legal.split_whitespace().next().unwrap().to_string();
        writeln!(stdin, "{mv}").unwrap();
        stdin.flush().unwrap();
        played.push(mv);
    }
    read_until_line(&mut stdout, "Legal moves: ");
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("Interrupted: game record saved to "),
        "{stderr}"
    );
    let record = std::fs::read_to_string(&record_path).expect("the record is saved");
    assert_eq!(tag(&record, "result").as_deref(), Some("interrupted"));
    let moves = record_moves(&record);
    assert_eq!(moves.len(), 4, "two moves each: {record}");
    assert_eq!((&moves[0], &moves[2]), (&played[0], &played[1]));
    let (lines, ok) = replay_record(&record_path);
    assert!(ok, "{lines:?}");
    drop(stdin);
}

#[test]
fn the_end_of_the_input_saves_the_game_so_far() {
    let dir = scratch("eof");
    let record_path = dir.join("game.txt");
    let out = ngola_command()
        .args(["play", "kalah", "--agent", "random", "--seed", "4"])
        .arg("--record")
        .arg(&record_path)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("(end of input)"));
    let record = std::fs::read_to_string(&record_path).unwrap();
    assert_eq!(tag(&record, "result").as_deref(), Some("unfinished"));
}

#[test]
fn in_a_terminal_the_up_arrow_recalls_the_last_line() {
    // A terminal from util-linux `script`; skipped where there is none.
    let Ok(mut child) = Command::new("script")
        .args(["-qec"])
        .arg(format!(
            "{} play kalah --agent random --seed 1 --record /dev/null",
            env!("CARGO_BIN_EXE_ngola")
        ))
        .arg("/dev/null")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        eprintln!("skipped: no `script` to make a terminal");
        return;
    };
    let mut stdin = child.stdin.take().unwrap();
    // The terminal's output, read as it comes: each line is typed once the
    // line editor has shown its prompt for it (and is reading keys).
    let seen = std::sync::Arc::new((std::sync::Mutex::new(Vec::new()), std::sync::Condvar::new()));
    let mut stdout = child.stdout.take().unwrap();
    let reader = {
        let seen = std::sync::Arc::clone(&seen);
        std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            loop {
                let n = std::io::Read::read(&mut stdout, &mut chunk).unwrap_or(0);
                let (text, arrived) = &*seen;
                text.lock().unwrap().extend_from_slice(&chunk[..n]);
                arrived.notify_all();
                if n == 0 {
                    break;
                }
            }
        })
    };
    let prompts = |text: &[u8]| String::from_utf8_lossy(text).matches("Your move> ").count();
    // A move, then the up arrow and Enter (the same move again), then quit.
    for (typed, keys) in ["a1\r", "\x1b[A\r", "quit\r"].into_iter().enumerate() {
        let (text, arrived) = &*seen;
        let mut text = text.lock().unwrap();
        // Waits for prompt number `typed + 1`, or for the end of output
        // (`script` could not make a terminal: reported below).
        while prompts(&text) <= typed && !reader.is_finished() {
            text = arrived
                .wait_timeout(text, std::time::Duration::from_millis(100))
                .unwrap()
                .0;
        }
        drop(text);
        // (A `script` that has ended has closed its input: nothing to type.)
        let _ = stdin
            .write_all(keys.as_bytes())
            .and_then(|()| stdin.flush());
    }
    drop(stdin);
    child.wait().unwrap();
    reader.join().unwrap();
    let text = String::from_utf8_lossy(&seen.0.lock().unwrap()).into_owned();
    if text.contains("script:") {
        eprintln!("skipped: `script` cannot make a terminal here: {text}");
        return;
    }
    assert_eq!(
        text.matches("You play a1").count(),
        2,
        "the second line is the first one recalled: {text}"
    );
    assert!(
        !text.contains("[A"),
        "no escape sequence read as a line: {text}"
    );
}

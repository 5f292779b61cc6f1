//! `ngola engine` across games: without a seed option each `uginewgame`
//! draws a new game's seed (games differ, a session replays exactly), and
//! rules with a key given twice are refused.

use crate::common;

/// Runs `ngola engine ARGS` on `input`; its answer lines.
fn engine(args: &[&str], input: &str) -> Vec<String> {
    let within = std::time::Duration::from_secs(60);
    let (lines, status) = common::engine_session(args, input.as_bytes(), within);
    assert!(status.success(), "{status:?}");
    lines
}

/// `games` games of three random moves each, as a runner that never sends
/// a seed plays them (cutegames: `uginewgame`, then positions).
fn unseeded(games: usize) -> String {
    let game = "uginewgame\nposition startpos\ngo\nposition startpos moves a1\ngo\nposition startpos moves a1 b3\ngo\n";
    game.repeat(games)
}

#[test]
fn without_a_seed_option_each_new_game_draws_a_new_seed_reproducibly() {
    let args = ["oware", "--agent", "random", "--seed", "5"];
    let out = engine(&args, &unseeded(8));
    assert_eq!(out.len(), 24, "{out:?}");
    let games: Vec<&[String]> = out.chunks(3).collect();
    let distinct: std::collections::BTreeSet<&[String]> = games.iter().copied().collect();
    // Eight games of three random choices among six: all alike only if
    // every game replays the first.
    assert!(distinct.len() >= 4, "games replay one another: {games:?}");
    // The same session gives the same games.
    assert_eq!(engine(&args, &unseeded(8)), out);
    // The first game draws from --seed itself, as `setoption name seed`
    // does: a session's first game is what it always was.
    let seeded = engine(
        &["oware", "--agent", "random"],
        &format!("setoption name seed value 5\n{}", unseeded(1)),
    );
    assert_eq!(seeded, out[..3]);
    // Another --seed, other games.
    let other = engine(&["oware", "--agent", "random", "--seed", "6"], &unseeded(8));
    assert_ne!(other, out);
}

#[test]
fn a_seed_option_after_each_new_game_sets_that_games_seed() {
    // As `ngola tournament` sends it: the game's seed is the option's.
    let game = |seed: u64| {
        format!(
            "uginewgame\nsetoption name seed value {seed}\nposition startpos\ngo\nposition startpos moves a1\ngo\n"
        )
    };
    let twice = engine(
        &["oware", "--agent", "random"],
        &format!("{}{}", game(9), game(9)),
    );
    assert_eq!(twice.len(), 4, "{twice:?}");
    assert_eq!(twice[0..2], twice[2..4], "seed 9 twice");
}

#[test]
fn rules_with_a_key_given_twice_are_refused_and_left_unchanged() {
    let out = engine(
        &["mangola", "--agent", "random"],
        "setoption name rules value columns=3,columns=4\nposition startpos\nshow\n\
         setoption name rules value columns=2\nposition startpos\nshow\n",
    );
    assert_eq!(out.len(), 3, "{out:?}");
    assert!(
        out[0].starts_with("info error cannot play rules `columns=3,columns=4`")
            && out[0].contains("`columns` is given more than once"),
        "{}",
        out[0]
    );
    // The default rules still hold after the refusal; then columns=2 does.
    assert_ne!(out[1], out[2], "{out:?}");
}

#[test]
fn a_line_past_the_limit_is_refused_and_long_words_are_quoted_short() {
    // 2 MiB, over the 1 MiB limit: refused without being kept.
    let flood = "x".repeat(2 << 20);
    // 300 kB, under the limit: an unknown command and a bad move.
    let word = "y".repeat(300_000);
    let input = format!("{flood}\n{word}\nmoves {word}\nposition startpos\ngo\n");
    let out = engine(&["kalah", "--agent", "random"], &input);
    assert_eq!(
        out.len(),
        4,
        "{:?}",
        out.iter().map(|l| l.len()).collect::<Vec<_>>()
    );
    assert!(
        out[0].starts_with("error the line is longer than the limit of 1048576 bytes")
            && out[0].contains(&format!("({} bytes)", flood.len())),
        "{}",
        &out[0][..out[0].len().min(200)]
    );
    for reply in &out[1..3] {
        assert!(reply.starts_with("error "), "{}", &reply[..200]);
        assert!(reply.len() < 600, "a {}-byte reply", reply.len());
        assert!(reply.contains("(300000 bytes)"), "{reply}");
    }
    // The engine goes on.
    assert!(out[3].starts_with("bestmove "), "{}", out[3]);
}

//! `ngola chances`: the exact chances of each result under random play,
//! printed one item per line; a board too big for the memory allowed is a
//! failure (exit 1) naming the flag, a bad rule is bad input (exit 2).

use crate::common;
use common::{args, ngola, refused, stderr, succeed};

/// The `key value` lines of `ngola chances`' output, values as numbers
/// (the time line without its unit).
fn items(out: &str) -> Vec<(String, f64)> {
    out.lines()
        .map(|line| {
            let (key, value) = line.split_once(' ').expect("a `key value` line");
            let number = value.trim_end_matches('s').parse().expect("a number");
            (key.to_string(), number)
        })
        .collect()
}

#[test]
fn prints_each_result_s_chance_and_south_s_score() {
    let found = items(&succeed(&args![
        "chances kalah --rule pits=3 --rule seeds=2"
    ]));
    let keys: Vec<&str> = found.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "south_wins",
            "draws",
            "north_wins",
            "south_score",
            "positions",
            "time"
        ]
    );
    let [w, d, l, score, positions] = [0, 1, 2, 3, 4].map(|i| found[i].1);
    assert!((w + d + l - 1.0).abs() < 1e-9, "{found:?}");
    assert!((score - (w + d / 2.0)).abs() < 1e-9, "{found:?}");
    assert!(positions > 1.0);
    // The same board from its start position given as text.
    let start = "kalah 2,2,2/2,2,2 S 0 0,0";
    let again = items(&succeed(&args![
        "chances kalah --rule pits=3 --rule seeds=2 --position",
        start
    ]));
    assert_eq!(again[..5], found[..5]);
}

#[test]
fn an_ended_position_is_certain() {
    // South has no seed to sow: the game is over, North's two seeds are
    // North's, and South's store of 6 wins.
    let over = "kalah 0,0/1,1 S 5 6,0";
    let found = items(&succeed(&args![
        "chances kalah --rule pits=2 --rule seeds=2 --position",
        over
    ]));
    assert_eq!(found[0], ("south_wins".to_string(), 1.0));
    assert_eq!(found[4], ("positions".to_string(), 0.0));
}

#[test]
fn a_board_beyond_the_positions_allowed_fails_naming_the_flag() {
    let out = ngola(&args![
        "chances kalah --rule pits=3 --rule seeds=3 --max-positions 100"
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("--max-positions 100"), "{err}");
    assert!(err.contains("more than 100 positions"), "{err}");
    refused(&args!["chances kalah --rule pits=0"], &["pits"]);
    refused(
        &args!["chances kalah --max-positions 0"],
        &["--max-positions"],
    );
}

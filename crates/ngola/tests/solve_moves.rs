//! `ngola solve --moves`: every legal move's value for the side to move;
//! the best of them is the position's value, with and without the swap rule.

use crate::common;
use common::{args, succeed};

/// A result rank (loss -1 < draw 0 < win 1) and a margin: ordered as values.
type Value = (i32, i32);

/// The `value` line and the `move` lines of a `solve --moves` run.
fn values(out: &str) -> (Value, Vec<(String, Value)>) {
    let rank = |word: &str| match word {
        "win" => 1,
        "loss" => -1,
        "draw" => 0,
        other => panic!("not a result: {other}"),
    };
    let mut root = None;
    let mut moves = Vec::new();
    for line in out.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["value", result, margin] => root = Some((rank(result), margin.parse().unwrap())),
            ["move", mv, result, margin] => {
                moves.push((mv.to_string(), (rank(result), margin.parse().unwrap())))
            }
            _ => {}
        }
    }
    (root.expect("a value line"), moves)
}

#[test]
fn the_best_move_has_the_position_s_value() {
    for swap in ["false", "true"] {
        let rule = format!("swap={swap}");
        let out = succeed(&args![
            "solve kalah --rule pits=3 --rule seeds=2 --moves --rule",
            rule
        ]);
        let (root, moves) = values(&out);
        assert!(moves.len() >= 2, "{out}");
        let best = moves.iter().map(|(_, v)| *v).max().unwrap();
        assert_eq!(best, root, "{rule}: {out}");
    }
}

#[test]
fn north_s_swap_is_among_his_moves_and_never_worse_than_none() {
    // After South's first move, North may swap: his best reply is at least
    // as good as without the rule.
    let after = "kalah 0,3,3/2,2,2 N 1 0,0";
    let with = succeed(&args![
        "solve kalah --rule pits=3 --rule seeds=2 --rule swap=true --moves --position",
        common::whole(after)
    ]);
    let without = succeed(&args![
        "solve kalah --rule pits=3 --rule seeds=2 --moves --position",
        common::whole(after)
    ]);
    let (with_root, with_moves) = values(&with);
    let (without_root, without_moves) = values(&without);
    assert!(with_moves.iter().any(|(mv, _)| mv == "swap"), "{with}");
    assert_eq!(with_moves.len(), without_moves.len() + 1);
    assert!(with_root >= without_root, "{with}\n{without}");
}

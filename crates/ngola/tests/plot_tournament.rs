//! `ngola plot` on a small tournament: the three SVGs parse as XML and
//! their numbers equal the tables the tournament wrote.

use crate::common;
use common::*;

use std::collections::HashMap;
use std::path::Path;

use roxmltree::{Document, Node};

/// A CSV file as rows of column -> value (the tables hold no quoted commas
/// in the columns read here: agent specs are quoted if they have commas,
/// so they are unquoted by a small reader).
fn read_csv(path: &Path) -> Vec<HashMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header = split_csv(lines.next().unwrap());
    lines
        .map(|l| header.iter().cloned().zip(split_csv(l)).collect())
        .collect()
}

fn split_csv(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                fields.last_mut().unwrap().push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            c => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

fn number(text: &str) -> f64 {
    if text.is_empty() {
        f64::NAN
    } else {
        text.parse().unwrap()
    }
}

/// Equal to within the rounding of the CSV (infinities equal).
fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a.is_nan() && b.is_nan()) || a == b || (a - b).abs() <= tolerance
}

fn intervals<'a>(doc: &'a Document) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("interval"))
        .collect()
}

fn attribute(node: Node, name: &str) -> f64 {
    number(node.attribute(name).unwrap())
}

#[test]
fn plots_of_a_small_tournament_agree_with_its_tables() {
    let dir = scratch("run");
    let run_dir = dir.join("run");
    let out = ngola_command()
        .args([
            "tournament",
            "--game",
            "kalah",
            "--agent",
            "random",
            "--agent",
            "greedy",
            "--agent",
            "alphabeta:depth=2",
        ])
        .args([
            "--games",
            "6",
            "--seed",
            "7",
            "--threads",
            "1",
            "--quiet",
            "--out",
        ])
        .arg(&run_dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let out = ngola_command().arg("plot").arg(&run_dir).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let plots = run_dir.join("plots");

    // Elo: one row per agent, equal to standings.csv; plots name agents as
    // tables do, by their labels (here the specs as typed).
    let standings = read_csv(&run_dir.join("standings.csv"));
    let labels = ["random", "greedy", "alphabeta:depth=2"];
    let label_of = |agent: &str| {
        labels
            .iter()
            .find(|l| agent.starts_with(*l))
            .copied()
            .unwrap_or(agent)
            .to_string()
    };
    let svg = std::fs::read_to_string(plots.join("elo.svg")).unwrap();
    let doc = Document::parse(&svg).unwrap();
    let rows = intervals(&doc);
    assert_eq!(rows.len(), standings.len());
    for row in &standings {
        let node = rows
            .iter()
            .find(|n| n.attribute("data-label") == Some(label_of(&row["agent"]).as_str()))
            .unwrap_or_else(|| panic!("no Elo row for {}", row["agent"]));
        for (attr, column) in [
            ("data-value", "elo"),
            ("data-lower", "elo_low"),
            ("data-upper", "elo_high"),
        ] {
            assert!(
                close(attribute(*node, attr), number(&row[column]), 0.051),
                "{} {column}: {} vs {}",
                row["agent"],
                attribute(*node, attr),
                row[column]
            );
        }
        assert_eq!(node.attribute("data-games"), Some(row["games"].as_str()));
    }

    // First player: one row per pairing and one for all games.
    let first = read_csv(&run_dir.join("first_player.csv"));
    let svg = std::fs::read_to_string(plots.join("first_player.svg")).unwrap();
    let doc = Document::parse(&svg).unwrap();
    let rows = intervals(&doc);
    assert_eq!(rows.len(), first.len());
    for (node, row) in rows.iter().zip(&first) {
        let label = if row["pairing"].is_empty() {
            "all games".to_string()
        } else {
            format!("{} vs {}", label_of(&row["a"]), label_of(&row["b"]))
        };
        assert_eq!(node.attribute("data-label"), Some(label.as_str()));
        for (attr, column) in [
            ("data-value", "south_score"),
            ("data-lower", "wilson_low"),
            ("data-upper", "wilson_high"),
        ] {
            assert!(
                close(attribute(*node, attr), number(&row[column]), 0.000051),
                "{label} {column}"
            );
        }
        assert_eq!(node.attribute("data-games"), Some(row["games"].as_str()));
    }

    // Cross-table: each pairing's cell pair equals pairs.csv, and each
    // agent's "all" cell equals its points in standings.csv.
    let pairs = read_csv(&run_dir.join("pairs.csv"));
    let svg = std::fs::read_to_string(plots.join("cross_table.svg")).unwrap();
    let doc = Document::parse(&svg).unwrap();
    let cell = |row: &str, col: &str| -> (f64, f64) {
        let node = doc
            .descendants()
            .find(|n| {
                n.attribute("class") == Some("cell")
                    && n.attribute("data-row") == Some(row)
                    && n.attribute("data-col") == Some(col)
            })
            .unwrap_or_else(|| panic!("no cell {row},{col}"));
        (
            attribute(node, "data-points"),
            attribute(node, "data-games"),
        )
    };
    assert_eq!(pairs.len(), 3);
    for p in &pairs {
        let games = number(&p["games"]);
        let a_points = number(&p["a_points"]);
        assert_eq!(cell(&p["a_id"], &p["b_id"]), (a_points, games));
        assert_eq!(cell(&p["b_id"], &p["a_id"]), (games - a_points, games));
    }
    for s in &standings {
        assert_eq!(
            cell(&s["id"], "all"),
            (number(&s["points"]), number(&s["games"]))
        );
    }
}

#[test]
fn a_folder_without_games_is_refused() {
    let dir = scratch("empty");
    let out = ngola_command().arg("plot").arg(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("games.csv"));
}

#[test]
fn a_damaged_agent_id_is_refused_not_allocated() {
    // An id of four billion would size the cross table at 4e9 x 4e9.
    let header = "game,pair,pairing,south_id,north_id,south,north,seed,result,plies,south_total,north_total,reason,time_s,opening,fault";
    let row = |id: &str| format!("0,0,0,{id},1,random,greedy,5,S,10,30,18,natural,0.1,,\n");
    let dir = scratch("damaged");
    std::fs::write(
        dir.join("games.csv"),
        format!("{header}\n{}", row("4000000000")),
    )
    .unwrap();
    let out = ngola_command().arg("plot").arg(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("agent id 4000000000"), "{err}");
    // The same row with a sound id plots.
    std::fs::write(dir.join("games.csv"), format!("{header}\n{}", row("0"))).unwrap();
    let out = ngola_command().arg("plot").arg(&dir).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

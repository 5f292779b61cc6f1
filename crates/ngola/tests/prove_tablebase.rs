//! `ngola prove --tb DIR`: the database's positions are decided leaves,
//! the value is the one found without it, the certificate names the
//! database and `--check` accepts it only with that very database.

use crate::common;
use common::*;

/// Kalah with 4 pits of 2 seeds (16 in all), no ply cap.
const RULES: [&str; 7] = [
    "kalah",
    "--rule",
    "pits=4",
    "--rule",
    "seeds=2",
    "--rule",
    "max_plies=0",
];

/// Builds the database of `RULES` (and `extra`) to `seeds` seeds in `dir`.
fn build(dir: &str, seeds: &str, extra: &[&str]) {
    let mut args = vec!["tablebase", "build"];
    args.extend(RULES);
    args.extend(extra);
    args.extend(["--seeds", seeds, "--threads", "1", "-o", dir]);
    succeed(&args);
}

/// `ngola prove` from the start with `extra` flags.
fn prove(extra: &[&str]) -> String {
    let mut args = vec!["prove"];
    args.extend(RULES);
    args.extend(["--threads", "1", "--tt", "16"]);
    args.extend(extra);
    succeed(&args)
}

fn line<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(key))
        .unwrap_or_else(|| panic!("no `{key}` line in {text}"))
}

#[test]
fn database_leaves_keep_the_value_and_bind_the_certificate() {
    let root = scratch("leaves");
    let db = root.join("db");
    let other = root.join("other");
    let (db, other) = (db.to_str().unwrap(), other.to_str().unwrap());
    build(db, "10", &[]);
    build(other, "8", &[]);
    let info = succeed(&["tablebase", "info", db]);
    let id = line(&info, "id ")
        .trim_start_matches("id ")
        .trim()
        .to_string();

    let plain_cert = root.join("plain.txt");
    let tb_cert = root.join("tb.txt");
    let plain = prove(&["--certificate", plain_cert.to_str().unwrap()]);
    let with_tb = prove(&["--tb", db, "--certificate", tb_cert.to_str().unwrap()]);
    assert_eq!(
        line(&plain, "value "),
        line(&with_tb, "value "),
        "{with_tb}"
    );
    assert_eq!(
        line(&with_tb, "tablebase "),
        format!("tablebase {id} top 10")
    );
    let nodes = |t: &str| -> u64 {
        line(t, "nodes ")[6..]
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("{e}: {t}"))
    };
    assert!(nodes(&with_tb) < nodes(&plain), "{plain}\n{with_tb}");

    // The certificate names the database and ends in its positions.
    let text = std::fs::read_to_string(&tb_cert).expect("the certificate");
    let header = text.lines().next().unwrap_or("");
    assert!(header.contains("| tablebase kalah "), "{header}");
    assert!(header.ends_with(&id), "{header}");
    let tb_path = tb_cert.to_str().unwrap();
    let checked = succeed(&["prove", "--check", tb_path, "--tb", db]);
    let ends: u64 = line(&checked, "tablebase ")
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(ends > 0, "{checked}");
    let plain_lines = std::fs::read_to_string(&plain_cert)
        .expect("plain")
        .lines()
        .count();
    assert!(text.lines().count() < plain_lines, "{checked}");

    // Without the database, or with another one: refused, naming it.
    refused(&["prove", "--check", tb_path], &[&id, "--tb"]);
    refused(&["prove", "--check", tb_path, "--tb", other], &[&id, other]);

    // Other rules or a ply cap: the database is refused before any search.
    refused(
        &args!["prove kalah --rule pits=4 --rule seeds=2 --rule max_plies=0 --rule empty_capture=true --tb", db],
        &["empty_capture", db],
    );
    refused(
        &[
            "prove", "kalah", "--rule", "pits=4", "--rule", "seeds=2", "--tb", db,
        ],
        &["max_plies=0"],
    );
}

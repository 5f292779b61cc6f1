//! The first-player study's report generator (scripts/first-player.awk on
//! scripts/first-player-report.md) on synthetic numbers: every sentence
//! stating a side or a size follows the numbers. With every run at 50.0%
//! nothing may read as leaning either way; with one run clearly above,
//! that run, and only it, favours South.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every run name the template refers to.
fn template_runs() -> Vec<String> {
    let text = std::fs::read_to_string(repo().join("scripts/first-player-report.md")).unwrap();
    let mut runs: Vec<String> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| w.starts_with("mangola-") || w.starts_with("umelbagara-"))
        .map(str::to_string)
        .collect();
    runs.sort();
    runs.dedup();
    assert!(runs.len() > 40, "{runs:?}");
    runs
}

const HEADER: &str = "run,game,rules,opening_plies,agent,deterministic,games,pairs,south_wins,draws,north_wins,south_score,unit,n,wilson_low,wilson_high,runner_wilson_low,runner_wilson_high,distinct_openings,distinct_positions,distinct_games,identical_pairs,mean_plies,ply_cap,endless_sowing,immobilised,natural,repetition";

/// A summary row: `games` games, South's score `score`, interval [low, high].
fn row(run: &str, score: f64, low: f64, high: f64) -> String {
    let game = if run.starts_with("mangola") {
        "mangola"
    } else {
        "umelbagara"
    };
    let games = 1000;
    let south = (score * games as f64).round() as u32;
    format!(
        "{run},{game},default,6,random,0,{games},500,{south},0,{},{score:.4},game,{games},{low:.4},{high:.4},{low:.4},{high:.4},10,10,10,0,30.0,0,0,{games},0,0",
        games - south
    )
}

/// A fresh scratch folder for one test, or `None` (the test is skipped)
/// where the machine has no awk.
fn scratch(name: &str) -> Option<PathBuf> {
    if Command::new("awk").arg("BEGIN{}").status().is_err() {
        eprintln!("skipped: no awk");
        return None;
    }
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fp-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    Some(dir)
}

/// `awk -f scripts/first-player.awk -v mode=MODE` with `vars` (name, file
/// in `dir`) and then `args`; its standard output.
fn first_player_awk(dir: &Path, mode: &str, vars: &[(&str, &str)], args: &[PathBuf]) -> String {
    let mut command = Command::new("awk");
    command.current_dir(repo()).args([
        "-f",
        "scripts/first-player.awk",
        "-v",
        &format!("mode={mode}"),
    ]);
    for (name, file) in vars {
        command.args(["-v", &format!("{name}={}", dir.join(file).display())]);
    }
    let out = command.args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs the report generator on `rows` and returns REPORT.md's text.
fn report(name: &str, rows: &[String]) -> Option<String> {
    let dir = scratch(&format!("report-{name}"))?;
    let mut summary = String::from(HEADER);
    for r in rows {
        summary.push('\n');
        summary.push_str(r);
    }
    summary.push('\n');
    let write = |file: &str, text: &str| std::fs::write(dir.join(file), text).unwrap();
    write("summary.csv", &summary);
    write(
        "solver.csv",
        "game,rules,max_plies,status,value,margin,plies,nodes,time_s,wall_s\n",
    );
    write("runtime.csv", "run,games,threads,wall_s\n");
    write("study-time.txt", "synthetic\n");
    write("machine.txt", "synthetic\n");
    write("perft.txt", "1 2\n");
    let text = first_player_awk(
        &dir,
        "report",
        &[
            ("outdir", ""),
            ("summary", "summary.csv"),
            ("solver", "solver.csv"),
            ("runtime", "runtime.csv"),
            ("study", "study-time.txt"),
            ("machine", "machine.txt"),
            ("added", "added-runs.txt"),
        ],
        &[PathBuf::from("scripts/first-player-report.md")],
    );
    Some(text)
}

/// Words that state a side or a difference.
const DIRECTIONAL: &[&str] = &[
    "favour",
    "lean",
    "points above",
    "points below",
    "won by",
    "wins",
    "loses",
    "advantage",
    "more than half",
    "less than half",
    " rise",
    " fall",
    "matters more",
    "matters less",
];

#[test]
fn fifty_percent_everywhere_reads_as_even() {
    let rows: Vec<String> = template_runs()
        .iter()
        .map(|r| row(r, 0.5, 0.47, 0.53))
        .collect();
    let Some(text) = report("even", &rows) else {
        return;
    };
    for line in text.lines().filter(|l| !l.starts_with('|')) {
        for word in DIRECTIONAL {
            assert!(
                !line.contains(word),
                "`{word}` with every score at 50.0%: {line}"
            );
        }
    }
    assert!(text.contains("random self-play is even within its interval (50.0% [47.0%, 53.0%])"));
    assert!(text.contains("all 9 are even within their intervals"));
    assert!(text.contains("stay the same"));
    assert!(!text.contains("@@"), "a token left unreplaced");
}

#[test]
fn a_score_above_its_interval_favours_south_and_only_it() {
    let rows: Vec<String> = template_runs()
        .iter()
        .map(|r| match r.as_str() {
            "mangola-ab8" => row(r, 0.74, 0.72, 0.76),
            "mangola-random" => row(r, 0.45, 0.44, 0.46),
            _ => row(r, 0.5, 0.47, 0.53),
        })
        .collect();
    let Some(text) = report("south", &rows) else {
        return;
    };
    assert!(text.contains("random self-play favours North (45.0% [44.0%, 46.0%])"));
    assert!(
        text.contains("1 of 9 favours South (mangola-ab8); 8 of 9 are even within their intervals")
    );
    assert!(text.contains("rise with k") || text.contains("do not move in one direction"));
}

/// One summary line from `scripts/first-player.awk -v mode=summarize`, by
/// column name.
fn summarize(
    name: &str,
    agent: &str,
    games: &[&str],
    map: &str,
) -> Option<HashMap<String, String>> {
    let dir = scratch(&format!("summarize-{name}"))?;
    let write = |file: &str, text: &str| std::fs::write(dir.join(file), text).unwrap();
    write(
        "experiment.toml",
        &format!(
            "name = \"{name}\"\ngame = \"mangola\"\nagents = [\"{agent}\", \"{agent}\"]\nseed = 1\nopening_plies = 6\n"
        ),
    );
    write("map.txt", map);
    write("first_player.csv", "");
    let mut csv = String::from("game,pair,pairing,south_id,north_id,south,north,seed,result,plies,south_total,north_total,reason,time_s,opening\n");
    for g in games {
        csv += g;
        csv.push('\n');
    }
    write("games.csv", &csv);
    let text = first_player_awk(
        &dir,
        "summarize",
        &[
            ("toml", "experiment.toml"),
            ("map", "map.txt"),
            ("fp", "first_player.csv"),
        ],
        &[dir.join("games.csv")],
    );
    let fields: Vec<&str> = text.trim().split(',').collect();
    assert_eq!(fields.len(), HEADER.split(',').count(), "{text}");
    Some(
        HEADER
            .split(',')
            .zip(fields)
            .map(|(h, f)| (h.to_string(), f.to_string()))
            .collect(),
    )
}

/// Three pairs of a deterministic agent, two of them from one opening
/// (South wins both games there) and one from another (North wins both).
const REPEATED: [&str; 6] = [
    "0,0,0,0,1,a,a,1,S,40,40,0,immobilised,0.1,c1 c8 d1 d8 a1 a8",
    "1,0,0,1,0,a,a,1,S,40,40,0,immobilised,0.1,c1 c8 d1 d8 a1 a8",
    "2,1,0,0,1,a,a,2,S,40,40,0,immobilised,0.1,c1 c8 d1 d8 a1 a8",
    "3,1,0,1,0,a,a,2,S,40,40,0,immobilised,0.1,c1 c8 d1 d8 a1 a8",
    "4,2,0,0,1,a,a,3,N,41,0,40,immobilised,0.1,c1 c8 d1 d8 b1 b8",
    "5,2,0,1,0,a,a,3,N,41,0,40,immobilised,0.1,c1 c8 d1 d8 b1 b8",
];
const REPEATED_MAP: &str = "c1 c8 d1 d8 a1 a8\tposition-one\nc1 c8 d1 d8 b1 b8\tposition-two\n";

#[test]
fn deterministic_agents_count_a_repeated_opening_once() {
    let Some(f) = summarize("det", "alphabeta:depth=2", &REPEATED, REPEATED_MAP) else {
        return;
    };
    assert_eq!(f["pairs"], "3");
    assert_eq!(f["unit"], "opening");
    assert_eq!(f["n"], "2");
    // Over the two openings: one won, one lost (over the three pairs it
    // would be 66.7%).
    assert_eq!(f["south_score"], "0.5000");
    assert_eq!(f["distinct_games"], "2");
    assert_eq!(f["south_wins"], "4");
}

#[test]
fn stochastic_agents_count_every_game() {
    let Some(f) = summarize("mcts", "mcts:sims=10", &REPEATED, REPEATED_MAP) else {
        return;
    };
    assert_eq!(f["unit"], "game");
    assert_eq!(f["n"], "6");
    assert_eq!(f["south_score"], "0.6667");
}

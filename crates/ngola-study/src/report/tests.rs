//! The report on a small hand-made study folder: two cells of the
//! hand-made Um el-Bagara run of the measures' tests (2 x 3 board, one
//! counter a house), one of whose boards the prover's results (made up
//! for the test) call a South win by 2, the other open. The expected
//! sentences are worked out by hand in the comments.

use std::io::Read;
use std::path::{Path, PathBuf};

use ngola_arena::error::FileError;
use ngola_arena::experiment::ExperimentDraft;
use ngola_arena::record::COLUMNS;
use ngola_rules::kind::GameKind;
use ngola_rules::mangola::Mangola;
use ngola_rules::Game;

use super::*;
use crate::measures::tests::run;

/// A fresh folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("ngola-report-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A run folder `runs/NAME` under `rules` holding the hand-made games.
fn cell(dir: &Path, name: &str, rules: &[(&str, &str)]) {
    let folder = dir.join("runs").join(name);
    std::fs::create_dir_all(&folder).expect("folder");
    let draft = ExperimentDraft {
        name: Some(name.to_string()),
        game: Some("umelbagara".to_string()),
        agents: Some(vec!["random".to_string(), "random".to_string()]),
        games: Some(6),
        rules: rules
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..ExperimentDraft::default()
    };
    let experiment = draft.finish().expect("a valid experiment");
    std::fs::write(folder.join("experiment.toml"), experiment.to_toml()).expect("write");
    let mut games = COLUMNS.join(",").into_bytes();
    games.push(b'\n');
    for record in run("a1 pass a3") {
        games.extend(record.to_csv_line());
    }
    std::fs::write(folder.join("games.csv"), games).expect("write");
}

const BOARDS: &str = "game,rules,value,margin,method,evidence,sha256,database,command
umelbagara,houses=3 counters=1,win,2,prover,certificates/u.txt.gz,ab,,ngola prove
umelbagara,houses=3 counters=1 skip_origin=true,open,,prover,,,,ngola prove
";

#[test]
fn the_report_leads_with_the_exact_values_and_never_calls_a_proved_board_undecided() {
    let tmp = TempDir::new("lead");
    let dir = &tmp.0;
    cell(dir, "plain", &[("houses", "3"), ("counters", "1")]);
    cell(
        dir,
        "skip",
        &[("houses", "3"), ("counters", "1"), ("skip_origin", "true")],
    );
    let solved = dir.join("solved");
    std::fs::create_dir_all(&solved).expect("dir");
    std::fs::write(solved.join(exact::BOARDS_CSV), BOARDS).expect("write");
    let text = write_report(dir, &Solved::read(&solved).expect("reads")).expect("renders");
    let cert = solved.join("certificates/u.txt.gz");
    // The headline: the decided value first (its certificate is not
    // there, so it is claimed, not checked), then the open board.
    let exact = format!(
        "## Exact values\n\n\
         - 2 x 3 Um el-Bagara, 1 counter a house: South wins by 2 under best play \
         (claimed, not checked: certificate `{}`)\n\
         - 2 x 3 Um el-Bagara, 1 counter a house (skip_origin=true): open \
         (the prover stopped without a value)\n",
        cert.display()
    );
    assert!(text.contains(&exact), "{text}");
    assert!(text.find("## Exact values") < text.find("## First player"));
    // Self-play: 3 starts (deterministic), 1.5 / 3, Wilson [12.5%, 87.5%]:
    // even, and the decided value follows.
    assert!(
        text.contains(
            "- **plain** (2 x 3 Um el-Bagara, 1 counter a house, random self-play): South scores \
         50.0% [12.5%, 87.5%] over 3 distinct starts of 6 games (deterministic agents): the \
         score is even within its interval; under best play South wins by 2 (claimed, not checked).\n"
        ),
        "{text}"
    );
    assert!(text.contains(
        "- **skip** (2 x 3 Um el-Bagara, 1 counter a house (skip_origin=true), random self-play): \
         South scores 50.0% [12.5%, 87.5%] over 3 distinct starts of 6 games (deterministic \
         agents): the score is even within its interval.\n"
    ), "{text}");
    // The measures' table: draws 2 / 6, lengths 10/6, 1, 3; branching 2,
    // decisions 2 / 10, lead changes 2 / 6, lead for good 1/2.
    assert!(text.contains(
        "| plain | 6 | 50.0% [12.5%, 87.5%] | 33.3% | 0.0% | 0.0% | 1.7 / 1.0 / 3 | 2.00 | 20.0% | 0.33 | 50.0% | - |"
    ), "{text}");
    // Rankings: equal cells, the first named; draws 2 / 6 with Wilson
    // [9.7%, 70.0%].
    assert!(text.contains(
        "- Most balanced: **plain** (South 50.0% [12.5%, 87.5%]); 2 of the 2 cells are even within their intervals\n"
    ), "{text}");
    assert!(
        text.contains(
            "- Most decisive (fewest draws, then the earliest lead for good): **plain** (draws 33.3% [9.7%, 70.0%], \
             lead for good 50.0%); 1 other cell shares its draw rate, 1 of them its lead for good too\n"
        ),
        "{text}"
    );
    assert!(!text.contains("undecided") && !text.contains("not decided"));
    let csv = std::fs::read_to_string(dir.join(MEASURES_CSV)).expect("measures.csv");
    let plain = csv.lines().nth(1).expect("a row");
    let expected = format!(
        "plain,umelbagara,\"2 x 3 Um el-Bagara, 1 counter a house\",random self-play,6,2,2,2,start,3,\
         0.5,0.1253,0.8747,0.3333,0.0,0.0,1.67,1.0,3.0,2.0,0.2,0.333,0.5,,,,win,2,prover,{},,false",
        cert.display()
    );
    assert_eq!(plain, expected);
    assert!(dir.join("plots/first_player.svg").exists());
    // Regenerating from the same files gives the same bytes.
    let again = write_report(dir, &Solved::read(&solved).expect("reads")).expect("renders");
    assert_eq!(again, text);
    // And from the tables alone, without a game.
    std::fs::remove_dir_all(dir.join("runs")).expect("remove the runs");
    std::fs::remove_file(dir.join(REPORT_FILE)).expect("remove the report");
    assert_eq!(render_tables(dir).expect("renders from the tables"), text);
    assert_eq!(
        std::fs::read_to_string(dir.join(REPORT_FILE)).expect("written"),
        text
    );
}

#[test]
fn a_folder_without_runs_is_an_error_naming_it() {
    let tmp = TempDir::new("empty");
    let err = write_report(&tmp.0.join("nothing"), &Solved::default()).expect_err("no runs");
    assert!(
        matches!(err, StudyError::File(FileError::Bad { .. })),
        "{err}"
    );
    assert!(err.to_string().contains("not a study folder"), "{err}");
}

#[test]
fn a_study_with_no_game_or_a_cut_one_is_an_error_naming_the_file() {
    let tmp = TempDir::new("unplayed");
    let dir = &tmp.0;
    // No cell played: the runs folder is empty.
    std::fs::create_dir_all(dir.join("runs")).expect("runs/");
    let err = write_report(dir, &Solved::default()).expect_err("nothing played");
    assert!(err.to_string().contains("no cell has been played"), "{err}");
    // A cell whose games.csv lost its last row's end, then all its rows.
    cell(dir, "plain", &[("houses", "3"), ("counters", "1")]);
    let games = dir.join("runs/plain/games.csv");
    let text = std::fs::read(&games).expect("games.csv");
    std::fs::write(&games, &text[..text.len() - 5]).expect("cut");
    let err = write_report(dir, &Solved::default()).expect_err("cut row");
    assert!(
        matches!(err, StudyError::File(FileError::Bad { .. })),
        "{err}"
    );
    assert!(
        err.to_string().contains("games.csv") && err.to_string().contains("cut row"),
        "{err}"
    );
    std::fs::write(&games, format!("{}\n", COLUMNS.join(","))).expect("header only");
    let err = write_report(dir, &Solved::default()).expect_err("no game");
    assert!(err.to_string().contains("holds no game"), "{err}");
}

fn score(low: f64, high: f64) -> MeasureRow {
    MeasureRow {
        cell: "c".to_string(),
        game: "mangola".to_string(),
        board: "4 x 8 Mangola".to_string(),
        agents: "random self-play".to_string(),
        games: 400,
        south_wins: 380,
        draws: 0,
        north_wins: 20,
        unit: "game".to_string(),
        units: 400,
        south_score: Some((low + high) / 2.0),
        south_low: Some(low),
        south_high: Some(high),
        draw_rate: Some(0.0),
        ply_cap: Some(0.0),
        endless_sowing: Some(0.0),
        length_mean: None,
        length_median: None,
        length_p95: None,
        branching: None,
        decision_moves: None,
        lead_changes: None,
        lead_for_good: None,
        skill: None,
        skill_low: None,
        skill_high: None,
        exact: String::new(),
        exact_margin: None,
        exact_source: String::new(),
        certificate: String::new(),
        database: String::new(),
        exact_checked: false,
    }
}

/// A cell named `cell` with `draws` of its 400 games drawn and the lead
/// for good `lead`.
fn decisive(cell: &str, draws: u64, lead: Option<f64>) -> MeasureRow {
    MeasureRow {
        cell: cell.to_string(),
        draws,
        south_wins: 380 - draws,
        draw_rate: Some(draws as f64 / 400.0),
        lead_for_good: lead,
        ..score(0.9240, 0.9674)
    }
}

#[test]
fn the_most_decisive_cell_has_the_fewest_draws_then_the_earliest_lead_for_good() {
    // Equal draw rates: the earlier lead for good ranks first, a cell
    // without a decisive game last; fewer draws beat any lead for good.
    let rows = [
        decisive("late", 0, Some(0.7)),
        decisive("none", 0, None),
        decisive("early", 0, Some(0.4)),
        decisive("drawish", 40, Some(0.1)),
        decisive("also-late", 0, Some(0.7)),
    ];
    let order: Vec<String> = rank::by_draws(&rows).into_iter().map(|p| p.name).collect();
    assert_eq!(order, ["early", "late", "also-late", "none", "drawish"]);
    let line = rank::most_decisive(&rows).expect("a line");
    assert_eq!(
        line,
        "Most decisive (fewest draws, then the earliest lead for good): **early** \
         (draws 0.0% [0.0%, 1.0%], lead for good 40.0%); 3 other cells share its draw rate"
    );
    // Two cells equal on both: the first named, the tie counted.
    let line = rank::most_decisive(
        &rows[..1]
            .iter()
            .chain(&rows[4..])
            .cloned()
            .collect::<Vec<_>>(),
    )
    .expect("a line");
    assert!(
        line.ends_with("**late** (draws 0.0% [0.0%, 1.0%], lead for good 70.0%); 1 other cell shares its draw rate, 1 of them its lead for good too"),
        "{line}"
    );
}

#[test]
fn sides_follow_the_whole_interval() {
    use words::side;
    assert_eq!(side(0.5001, 0.6), Some("South"));
    assert_eq!(
        side(0.5, 0.6),
        None,
        "an interval touching one half holds it"
    );
    assert_eq!(side(0.3, 0.4999), Some("North"));
    assert_eq!(side(0.45, 0.55), None);
    // 380 of 400: Wilson [92.4%, 96.7%].
    let line = score(0.9240, 0.9674).first_player_line();
    assert_eq!(
        line,
        "South scores 94.6% [92.4%, 96.7%] over 400 games: the score favours South"
    );
    let north = score(0.2, 0.4).first_player_line();
    assert!(north.ends_with("the score favours North"), "{north}");
    let open = MeasureRow {
        exact: "open".to_string(),
        ..score(0.45, 0.55)
    };
    let even = open.first_player_line();
    assert!(even.ends_with("is even within its interval"), "{even}");
    // A proved board: the exact value follows, whatever self-play says.
    let proved = MeasureRow {
        exact: "loss".to_string(),
        exact_margin: Some(0),
        exact_source: "prover".to_string(),
        certificate: "c.txt".to_string(),
        exact_checked: true,
        ..score(0.45, 0.55)
    };
    assert!(proved
        .first_player_line()
        .ends_with("is even within its interval; under best play North wins (proved)"));
    // A value whose certificate was not checked says so.
    let claimed = MeasureRow {
        exact_checked: false,
        ..proved
    };
    assert!(claimed.first_player_line().ends_with(
        "is even within its interval; under best play North wins (claimed, not checked)"
    ));
}

#[test]
fn boards_and_counts_read_as_people_write_them() {
    use words::{board, count};
    let defaults = Mangola::start(Default::default()).rules().to_pairs();
    assert_eq!(
        board(GameKind::Mangola, &defaults, &defaults),
        "4 x 8 Mangola"
    );
    let ludii = exact::canonical::<Mangola>(&["capture_sowing=ludii", "columns=6"]).expect("rules");
    assert_eq!(
        board(GameKind::Mangola, &ludii, &defaults),
        "4 x 6 Mangola (capture_sowing=ludii)"
    );
    assert_eq!(count(7), "7");
    assert_eq!(count(4800), "4,800");
    assert_eq!(count(1234567), "1,234,567");
}

use ngola_rules::RuleOptions;

#[test]
fn the_table_of_boards_names_each_boards_method_and_evidence() {
    let tmp = TempDir::new("boards");
    let solved = tmp.0.join("results").join("solved");
    std::fs::create_dir_all(&solved).expect("dir");
    let header = BOARDS.lines().next().expect("a header");
    let rows = [
        // A database's probe, its record beside the table's folder.
        "umelbagara,houses=3 counters=1 max_plies=0,loss,-2,database,../tablebase/runs/a.txt,,0123456789abcdef,x",
        // The prover over a database, with its certificate.
        "umelbagara,houses=3 counters=4 max_plies=0,loss,-4,prover over a database,../tablebase/prove/a.cert.gz,cd,0123,x",
        // A run still open.
        "umelbagara,houses=3 counters=4 skip_origin=true max_plies=0,open,,prover over a database,,,0123,x",
    ];
    let write = |rows: &[&str]| {
        std::fs::write(
            solved.join(exact::BOARDS_CSV),
            format!("{header}\n{}\n", rows.join("\n")),
        )
        .expect("write")
    };
    write(&rows);
    let read = Solved::read(&solved).expect("reads");
    assert_eq!(read.boards().len(), 3, "{:?}", read.boards());
    let board = &read.boards()[0];
    let pairs = exact::canonical::<ngola_rules::umelbagara::UmElBagara>(&[
        "houses=3",
        "counters=1",
        "max_plies=0",
    ])
    .expect("rules");
    assert_eq!(board.rules, pairs);
    assert!(matches!(
        exact::canonical::<Mangola>(&["columns=x"]),
        Err(ngola_rules::RuleError::BadValue { ref key, .. }) if key == "columns"
    ));
    let tablebase = tmp.0.join("results").join("tablebase");
    assert_eq!(
        words::exact_line("b", &board.verdict),
        format!(
            "b: North wins by 2 under best play (claimed, not checked: endgame database \
             `0123456789ab`, probe `{}`)",
            tablebase.join("runs/a.txt").display()
        )
    );
    assert_eq!(
        words::exact_line("b", &read.boards()[1].verdict),
        format!(
            "b: North wins by 4 under best play (claimed, not checked: certificate `{}`)",
            tablebase.join("prove/a.cert.gz").display()
        )
    );
    assert_eq!(read.boards()[2].verdict, Verdict::Open);
    // The same board twice with two values: an error naming the line.
    let mut twice = rows.to_vec();
    twice.push("umelbagara,houses=3 counters=1 max_plies=0 skip_origin=false,win,2,prover,,,,x");
    write(&twice);
    let err = Solved::read(&solved).expect_err("disagree");
    assert!(
        matches!(err, StudyError::File(FileError::Bad { .. })),
        "{err}"
    );
    assert!(
        err.to_string().contains("line 5: ")
            && err.to_string().contains("win 2 here, loss -2 before"),
        "{err}"
    );
    // Twice with one value: one board, decided (an open row gives way).
    let mut again = rows.to_vec();
    again.push("umelbagara,houses=3 counters=4 skip_origin=true max_plies=0,win,4,prover,,,,x");
    write(&again);
    let read = Solved::read(&solved).expect("reads");
    assert_eq!(read.boards().len(), 3);
    assert!(matches!(read.boards()[2].verdict, Verdict::Decided(_)));
    // A damaged row is an error naming the file, the line and the field.
    for (row, says) in [
        ("umelbagara,houses=3,maybe,0,prover,,,,x", "value `maybe`"),
        ("umelbagara,houses=3,win,x,prover,,,,x", "margin `x`"),
        ("umelbagara,houses=3,win,2,oracle,,,,x", "method `oracle`"),
        ("umelbagara,houses=3,win,2,database,,,,x", "`evidence`"),
        ("umelbagara,holes=3,win,2,prover,,,,x", "rules `holes=3`"),
    ] {
        write(&[row]);
        let err = Solved::read(&solved).expect_err(row).to_string();
        assert!(
            err.contains("boards.csv") && err.contains("line 2: ") && err.contains(says),
            "{row}: {err}"
        );
    }
}

#[test]
fn an_open_board_says_what_it_is_without_its_ply_cap() {
    let row = |rules: &str, value: &str, margin: Option<i64>, cells: &str| ExactRow {
        board: format!("board {rules}"),
        game: "umelbagara".into(),
        rules: rules.into(),
        value: value.into(),
        margin,
        source: if value == "open" {
            String::new()
        } else {
            "prover".into()
        },
        certificate: String::new(),
        database: String::new(),
        record: String::new(),
        checked: false,
        cells: cells.into(),
    };
    let exact = vec![
        row("houses=3 counters=4 max_plies=1000", "open", None, "cell"),
        row("houses=3 counters=4 max_plies=0", "loss", Some(-4), ""),
        row("houses=3 counters=5 max_plies=1000", "open", None, "other"),
    ];
    let text = render(
        "s",
        &[],
        &[],
        &exact,
        &[],
        "{% for l in exact %}{{ l }}\n{% endfor %}",
    )
    .expect("renders");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "board houses=3 counters=4 max_plies=1000: open (the prover stopped without a value); \
         without the ply cap, board houses=3 counters=4 max_plies=0: North wins by 4 under best play (claimed by the prover, not checked: no certificate)"
    );
    // Nothing is known of the other board without its cap.
    assert_eq!(
        lines[1],
        "board houses=3 counters=5 max_plies=1000: open (the prover stopped without a value)"
    );
}

#[test]
fn a_template_that_loops_without_end_stops_with_an_error() {
    let nested =
        "{% for a in range(100000) %}{% for b in range(100000) %}x{% endfor %}{% endfor %}";
    let err = render("s", &[], &[], &[], &[], nested).expect_err("out of fuel");
    assert!(matches!(err, StudyError::Template(_)), "{err}");
    assert!(err.to_string().contains("fuel"), "{err}");
}

#[test]
fn claimed_values_are_checked_against_their_certificates() {
    // A committed certificate: North wins 2 x 3 Kalah by at least 2.
    let committed = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../results/solved/certificates/kalah-2-3.txt.gz");
    let tmp = TempDir::new("evidence");
    let solved = tmp.0.join("solved");
    std::fs::create_dir_all(solved.join("certificates")).expect("dir");
    let cert = solved.join("certificates/k.txt.gz");
    std::fs::copy(&committed, &cert).expect("copy");
    let sha = ngola_files::file_sha256(&cert).expect("digest");
    let header = BOARDS.lines().next().expect("a header");
    let write = |row: &str| {
        std::fs::write(solved.join(exact::BOARDS_CSV), format!("{header}\n{row}\n")).expect("write")
    };
    let board = "kalah,pits=2 seeds=3 empty_capture=true max_plies=0";
    // The true claim, with its digest: checked.
    write(&format!(
        "{board},loss,-2,prover,certificates/k.txt.gz,{sha},,x"
    ));
    let read = Solved::read(&solved).expect("reads");
    let Verdict::Decided(exact) = &read.boards()[0].verdict else {
        panic!("decided")
    };
    assert_eq!(exact.checked, Checked::Certificate);
    assert!(words::exact_line("b", &read.boards()[0].verdict).contains("(proved, certificate"));
    // Claims the certificate does not prove, a file that is not the one
    // recorded, and a certificate that fails the checker: errors naming
    // the line and what disagrees.
    let mut bad_moves = Vec::new();
    flate2::read::MultiGzDecoder::new(std::fs::File::open(&committed).expect("open"))
        .read_to_end(&mut bad_moves)
        .expect("gunzip");
    let text = String::from_utf8(bad_moves).expect("text");
    let first = text.lines().next().expect("header");
    std::fs::write(
        solved.join("certificates/bad.txt"),
        format!(
            "{first}\n{}\tb1\n",
            text.lines()
                .nth(1)
                .expect("a line")
                .split('\t')
                .next()
                .expect("a position")
        ),
    )
    .expect("write");
    for (row, says) in [
        (
            format!("{board},loss,-99,prover,certificates/k.txt.gz,{sha},,x"),
            "proves another claim: a margin of at least 2, the row says 99",
        ),
        (
            format!("{board},win,2,prover,certificates/k.txt.gz,{sha},,x"),
            "proves another claim: N wins, the row says S wins",
        ),
        (
            format!("{board},draw,0,prover,certificates/k.txt.gz,{sha},,x"),
            "a draw, which no one-sided certificate proves",
        ),
        (
            "kalah,pits=2 seeds=4 empty_capture=true max_plies=0,loss,-2,prover,certificates/k.txt.gz,,,x"
                .to_string(),
            "proves another claim: rules pits=2,seeds=3",
        ),
        (
            format!("{board},loss,-2,prover,certificates/k.txt.gz,{},,x", "0".repeat(64)),
            "the row records 0000",
        ),
        (
            format!("{board},loss,-2,prover,certificates/bad.txt,,,x"),
            "certificates/bad.txt` rejected",
        ),
    ] {
        write(&row);
        let err = Solved::read(&solved).expect_err(&row);
        assert!(matches!(err, StudyError::File(FileError::Bad { .. })), "{err}");
        let err = err.to_string();
        assert!(err.contains("line 2: ") && err.contains(says), "{row}: {err}");
    }
    // A certificate that is not here leaves the value claimed, not checked.
    write(&format!(
        "{board},loss,-2,prover,certificates/gone.txt.gz,{sha},,x"
    ));
    let read = Solved::read(&solved).expect("reads");
    let Verdict::Decided(exact) = &read.boards()[0].verdict else {
        panic!("decided")
    };
    assert_eq!(exact.checked, Checked::NotChecked);
    assert!(words::exact_line("b", &read.boards()[0].verdict).contains("(claimed, not checked"));
}

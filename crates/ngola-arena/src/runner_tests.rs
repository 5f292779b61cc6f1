//! Tests of the runner on the toy game: determinism across threads and
//! shards, resume after a kill, the SPRT stop, merge checks.

use std::path::{Path, PathBuf};

use crate::experiment::{Experiment, ExperimentDraft};

use crate::record::{self, read_games, GamesWriter};
use crate::runner::{self, files, Caller, IfExists};
use crate::toy::Nim;

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("ngola-arena-runner-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn experiment(agents: &[&str], games: u32, threads: usize) -> Experiment {
    ExperimentDraft {
        game: Some("kalah".into()),
        agents: Some(agents.iter().map(|a| a.to_string()).collect()),
        games: Some(games),
        seed: Some(11),
        threads: Some(threads),
        rules: vec![("max_plies".into(), "10".into())],
        ..Default::default()
    }
    .finish()
    .unwrap()
}

/// The rows of `games.csv` (header first) without the `time_s` column.
fn rows_without_time(dir: &Path) -> Vec<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_path(dir.join(files::GAMES))
        .unwrap();
    reader
        .records()
        .map(|row| {
            let row = row.unwrap();
            assert_eq!(row.len(), record::COLUMNS.len());
            let mut fields: Vec<String> = row.iter().map(str::to_string).collect();
            fields.remove(13);
            fields
        })
        .collect()
}

const AGENTS: [&str; 3] = ["random", "greedy", "alphabeta:depth=3"];

#[test]
fn threads_do_not_change_the_games() {
    let one = temp_dir("threads1");
    let two = temp_dir("threads2");
    let a = runner::run::<Nim>(&experiment(&AGENTS, 12, 1), &one, &Caller::quiet()).unwrap();
    let b = runner::run::<Nim>(&experiment(&AGENTS, 12, 2), &two, &Caller::quiet()).unwrap();
    assert_eq!(a.played, 36);
    assert_eq!(a.stats, b.stats);
    // The summary made from the rows kept in memory is the one made from
    // games.csv alone.
    let from_file = runner::finish::<Nim>(&b.experiment, &two).unwrap();
    assert_eq!(
        (from_file.stats, from_file.summary),
        (b.stats.clone(), b.summary.clone())
    );
    let rows = rows_without_time(&one);
    assert_eq!(rows.len(), 37);
    assert_eq!(rows, rows_without_time(&two));
    // Some games end by the cap of 10 plies (draws), some naturally: the
    // toy exercises both results and reasons.
    let reasons: Vec<&str> = rows.iter().map(|r| r[12].as_str()).collect();
    assert!(
        reasons.contains(&"ply-cap") && reasons.contains(&"natural"),
        "{reasons:?}"
    );
    for name in [
        files::STANDINGS,
        files::RATINGS,
        files::PAIRS,
        files::FIRST_PLAYER,
    ] {
        assert_eq!(
            std::fs::read(one.join(name)).unwrap(),
            std::fs::read(two.join(name)).unwrap(),
            "{name}"
        );
    }
    // summary.txt: the summary, then the provenance (which names the
    // threads, so it differs).
    let summary = std::fs::read_to_string(one.join(files::SUMMARY)).unwrap();
    assert!(summary.starts_with(&a.summary), "{summary}");
    assert!(summary.contains(", 1 thread on "), "{summary}");
    assert_eq!(a.summary, b.summary);
    // The folder's experiment is resolved: every rule explicit.
    let written = runner::folder_experiment(&one).unwrap();
    let mut rules = written.rules.clone();
    rules.sort();
    assert_eq!(
        rules,
        vec![
            ("max_plies".to_string(), "10".to_string()),
            ("pile".into(), "21".into())
        ]
    );
    // A second fresh run into the same folder is refused.
    let err = runner::run::<Nim>(&experiment(&AGENTS, 12, 1), &one, &Caller::quiet()).unwrap_err();
    assert!(
        err.is_input() && err.to_string().contains("--resume"),
        "{err}"
    );
    for dir in [one, two] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn three_shards_merged_give_the_whole_run() {
    let whole = temp_dir("whole");
    runner::run::<Nim>(&experiment(&AGENTS, 10, 2), &whole, &Caller::quiet()).unwrap();
    let mut shards = Vec::new();
    for index in 1..=3 {
        let dir = temp_dir(&format!("shard{index}"));
        let exp = Experiment {
            shard: Some(crate::Shard { index, count: 3 }),
            ..experiment(&AGENTS, 10, 1)
        };
        let report = runner::run::<Nim>(&exp, &dir, &Caller::quiet()).unwrap();
        assert!(report.played > 0 && report.played < 30);
        shards.push(dir);
    }
    let merged = temp_dir("merged");
    let report = runner::merge::<Nim>(&shards, &merged, IfExists::Refuse, "unknown").unwrap();
    assert_eq!(report.stats.games, 30);
    assert_eq!(rows_without_time(&merged), rows_without_time(&whole));
    assert_eq!(
        std::fs::read(merged.join(files::STANDINGS)).unwrap(),
        std::fs::read(whole.join(files::STANDINGS)).unwrap()
    );
    assert!(runner::folder_experiment(&merged).unwrap().shard.is_none());

    // Missing and duplicated games are refused, as are other experiments.
    let err = runner::merge::<Nim>(
        &shards[..2],
        &temp_dir("merged-missing"),
        IfExists::Refuse,
        "unknown",
    )
    .unwrap_err();
    assert!(err.to_string().contains("missing"), "{err}");
    let twice = [
        shards[0].clone(),
        shards[1].clone(),
        shards[2].clone(),
        shards[0].clone(),
    ];
    let err = runner::merge::<Nim>(
        &twice,
        &temp_dir("merged-twice"),
        IfExists::Refuse,
        "unknown",
    )
    .unwrap_err();
    assert!(err.to_string().contains("also in"), "{err}");
    let other = temp_dir("other-seed");
    runner::run::<Nim>(
        &Experiment {
            seed: 12,
            ..experiment(&AGENTS, 10, 1)
        },
        &other,
        &Caller::quiet(),
    )
    .unwrap();
    let err = runner::merge::<Nim>(
        &[whole.clone(), other.clone()],
        &temp_dir("merged-other"),
        IfExists::Refuse,
        "unknown",
    )
    .unwrap_err();
    assert!(err.is_input() && err.to_string().contains("seed"), "{err}");
    for dir in shards.into_iter().chain([whole, merged, other]) {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn resume_plays_exactly_the_missing_games() {
    let whole = temp_dir("resume-whole");
    runner::run::<Nim>(&experiment(&AGENTS, 8, 2), &whole, &Caller::quiet()).unwrap();
    let all = read_games(&whole.join(files::GAMES)).unwrap().records;

    // A "killed" run: some rows in completion order, then a partial line.
    let killed = temp_dir("resume-killed");
    std::fs::create_dir_all(&killed).unwrap();
    std::fs::copy(
        whole.join(files::EXPERIMENT),
        killed.join(files::EXPERIMENT),
    )
    .unwrap();
    let path = killed.join(files::GAMES);
    let mut writer = GamesWriter::create(&path).unwrap();
    for id in [5, 0, 17, 3, 2, 23, 9] {
        writer.append(&all[id]).unwrap();
    }
    drop(writer);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend_from_slice(b"11,5,2,2,1,alphabeta:dep");
    std::fs::write(&path, bytes).unwrap();

    let folder = runner::folder_experiment(&killed).unwrap();
    let report = runner::resume::<Nim>(&folder, &killed, &Caller::quiet()).unwrap();
    assert_eq!((report.resumed, report.played), (7, 17));
    assert_eq!(rows_without_time(&killed), rows_without_time(&whole));
    // Resuming a finished run plays nothing and changes nothing.
    let report = runner::resume::<Nim>(&folder, &killed, &Caller::quiet()).unwrap();
    assert_eq!((report.resumed, report.played), (24, 0));
    assert_eq!(rows_without_time(&killed), rows_without_time(&whole));

    // A row that is not the experiment's is refused, naming the game.
    let mut text = std::fs::read_to_string(&path).unwrap();
    text = text.replacen(
        "\n0,0,0,0,1,random,greedy:eval=heuristic,",
        "\n0,0,0,0,1,random,greedy:eval=heuristic,1",
        1,
    );
    std::fs::write(&path, text).unwrap();
    let err = runner::resume::<Nim>(&folder, &killed, &Caller::quiet()).unwrap_err();
    assert!(
        err.is_input() && err.to_string().contains("line 2") && err.to_string().contains("seed"),
        "{err}"
    );

    // The experiment given again must match the folder's.
    let mut other = Experiment {
        games: 10,
        ..experiment(&AGENTS, 8, 1)
    };
    let err = runner::check_same::<Nim>(&folder, &mut other, &killed).unwrap_err();
    assert!(err.to_string().contains("games"), "{err}");
    let mut same = experiment(&AGENTS, 8, 1);
    runner::check_same::<Nim>(&folder, &mut same, &killed).unwrap();
    for dir in [whole, killed] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn finish_refuses_an_incomplete_folder() {
    let dir = temp_dir("incomplete");
    runner::run::<Nim>(&experiment(&AGENTS, 4, 1), &dir, &Caller::quiet()).unwrap();
    let text = std::fs::read_to_string(dir.join(files::GAMES)).unwrap();
    let kept: Vec<&str> = text.lines().take(5).collect();
    std::fs::write(dir.join(files::GAMES), kept.join("\n") + "\n").unwrap();
    let exp = runner::folder_experiment(&dir).unwrap();
    let err = runner::finish::<Nim>(&exp, &dir).unwrap_err();
    assert!(err.to_string().contains("4 of the 12 games"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn sprt_stops_at_the_same_pair_whatever_the_threads() {
    // Perfect play against random on a pile of 21 (a win for whoever
    // faces a non-multiple of 4): the first agent wins nearly every pair,
    // so H1 (+100 Elo rather than 0) is accepted after a few pairs.
    let mut results = Vec::new();
    for threads in [1, 2] {
        let dir = temp_dir(&format!("sprt{threads}"));
        let exp = Experiment {
            sprt: Some("elo0=0,elo1=100".parse().unwrap()),
            rules: vec![],
            ..experiment(&["alphabeta:depth=30", "random"], 400, threads)
        };
        let report = runner::run::<Nim>(&exp, &dir, &Caller::quiet()).unwrap();
        let status = report.sprt.clone().unwrap();
        assert_eq!(status.decision, crate::stats::sprt::SprtDecision::AcceptH1);
        assert!(status.pairs < 50, "{status:?}");
        assert_eq!(report.stats.games, 2 * status.pairs);
        assert!(report.summary.contains("H1 accepted"));
        let from_file = runner::finish::<Nim>(&exp, &dir).unwrap();
        assert_eq!(
            (&from_file.stats, &from_file.sprt),
            (&report.stats, &report.sprt)
        );
        results.push((status, rows_without_time(&dir)));
        std::fs::remove_dir_all(dir).unwrap();
    }
    assert_eq!(results[0], results[1]);
}

#[test]
fn openings_are_shared_by_the_two_games_of_a_pair() {
    let dir = temp_dir("openings");
    let exp = Experiment {
        opening_plies: crate::experiment::OpeningPlies::Plies(3),
        ..experiment(&["random", "random"], 6, 2)
    };
    runner::run::<Nim>(&exp, &dir, &Caller::quiet()).unwrap();
    let records = read_games(&dir.join(files::GAMES)).unwrap().records;
    for pair in records.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_eq!(pair[0].opening.split(' ').count(), 3);
        assert!(pair[0].plies >= 3);
    }
    assert!(records.iter().any(|r| r.opening != records[0].opening));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_entry_point_writing_a_folder_takes_its_lock() {
    use crate::lock::FolderLock;
    use crate::ArenaError;
    let locked = |err: ArenaError, dir: &Path| {
        assert!(
            matches!(&err, ArenaError::Lock(ngola_files::LockError::Locked { path, pid: Some(pid) })
                if path == dir && *pid == std::process::id()),
            "{err}"
        );
        assert!(err.is_input());
    };
    let dir = temp_dir("locked");
    std::fs::create_dir_all(&dir).unwrap();
    let held = FolderLock::acquire(&dir).unwrap();
    let exp = experiment(&AGENTS, 4, 1);
    locked(
        runner::run::<Nim>(&exp, &dir, &Caller::quiet()).unwrap_err(),
        &dir,
    );
    assert!(!dir.join(files::EXPERIMENT).exists());
    drop(held);
    runner::run::<Nim>(&exp, &dir, &Caller::quiet()).unwrap();
    let folder = runner::folder_experiment(&dir).unwrap();

    let held = FolderLock::acquire(&dir).unwrap();
    locked(
        runner::resume::<Nim>(&folder, &dir, &Caller::quiet()).unwrap_err(),
        &dir,
    );
    locked(runner::finish::<Nim>(&folder, &dir).unwrap_err(), &dir);
    drop(held);

    let out = temp_dir("locked-merge");
    std::fs::create_dir_all(&out).unwrap();
    let held = FolderLock::acquire(&out).unwrap();
    let err = runner::merge::<Nim>(
        std::slice::from_ref(&dir),
        &out,
        IfExists::Refuse,
        "unknown",
    )
    .unwrap_err();
    locked(err, &out);
    drop(held);
    runner::merge::<Nim>(
        std::slice::from_ref(&dir),
        &out,
        IfExists::Refuse,
        "unknown",
    )
    .unwrap();
    assert_eq!(rows_without_time(&out), rows_without_time(&dir));
    for dir in [dir, out] {
        assert!(!dir.join(crate::lock::LOCK_FILE).exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn scarce_openings_are_all_used_the_same_way_by_shards_and_resume() {
    // Nim from 21 counters: after 2 plies the pile is 15 to 19, five
    // positions; 5 pairs per pairing need all of them, so draws repeat
    // and the rest is taken from the counted list: the same openings in a
    // whole run, in shards, and after a resume.
    let exp = Experiment {
        opening_plies: crate::experiment::OpeningPlies::Plies(2),
        rules: vec![],
        ..experiment(&["random", "greedy", "random"], 10, 2)
    };
    let whole = temp_dir("scarce-whole");
    runner::run::<Nim>(&exp, &whole, &Caller::quiet()).unwrap();
    let rows = read_games(&whole.join(files::GAMES)).unwrap().records;
    for pairing in 0..3 {
        let mut piles: Vec<u32> = rows
            .iter()
            .filter(|r| r.pairing == pairing && r.game % 2 == 0)
            .map(|r| {
                let taken: u32 = r
                    .opening
                    .split(' ')
                    .map(|m| m.parse::<u32>().unwrap())
                    .sum();
                21 - taken
            })
            .collect();
        piles.sort();
        assert_eq!(piles, vec![15, 16, 17, 18, 19], "pairing {pairing}");
    }
    let shards: Vec<PathBuf> = (1..=2)
        .map(|index| {
            let dir = temp_dir(&format!("scarce-shard{index}"));
            let shard = Experiment {
                shard: Some(crate::Shard { index, count: 2 }),
                threads: 1,
                ..exp.clone()
            };
            runner::run::<Nim>(&shard, &dir, &Caller::quiet()).unwrap();
            dir
        })
        .collect();
    let merged = temp_dir("scarce-merged");
    runner::merge::<Nim>(&shards, &merged, IfExists::Refuse, "unknown").unwrap();
    assert_eq!(rows_without_time(&merged), rows_without_time(&whole));
    // A run cut after 7 rows resumes to the same games.
    let cut = temp_dir("scarce-cut");
    std::fs::create_dir_all(&cut).unwrap();
    std::fs::copy(whole.join(files::EXPERIMENT), cut.join(files::EXPERIMENT)).unwrap();
    let text = std::fs::read_to_string(whole.join(files::GAMES)).unwrap();
    let kept: Vec<&str> = text.lines().take(8).collect();
    std::fs::write(cut.join(files::GAMES), kept.join("\n") + "\n").unwrap();
    let folder = runner::folder_experiment(&cut).unwrap();
    let report = runner::resume::<Nim>(&folder, &cut, &Caller::quiet()).unwrap();
    assert_eq!((report.resumed, report.played), (7, 23));
    assert_eq!(rows_without_time(&cut), rows_without_time(&whole));
    // More pairs than the five positions: refused with both numbers, and
    // no folder made.
    let refused = temp_dir("scarce-refused");
    let more = Experiment {
        games: 12,
        ..exp.clone()
    };
    let err = runner::run::<Nim>(&more, &refused, &Caller::quiet()).unwrap_err();
    assert!(
        err.is_input()
            && err
                .to_string()
                .contains("5 distinct opening(s) for 6 pairs"),
        "{err}"
    );
    assert!(!refused.exists());
    for dir in shards.into_iter().chain([whole, merged, cut]) {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

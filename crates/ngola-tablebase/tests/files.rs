//! The database as files: `verify` finds one changed entry (by checksum
//! and, with the checksum made to match, by the invariant); a build
//! stopped part-way resumes to byte-identical files; a database of other
//! rules is refused, for probes and builds, and so are rules with the swap.

use crate::common;

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use ngola_rules::kalah::Kalah;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::Game;
use ngola_tablebase::build::BuildMonitor;
use ngola_tablebase::file::{level_path, read_header, sha256_hex, HEADER_BYTES};
use ngola_tablebase::{
    build, verify, Database, Endgame, KalahEndgame, OwareEndgame, Quiet, TablebaseError,
    UmElBagaraEndgame,
};

fn kalah(assignments: &[&str]) -> KalahEndgame {
    KalahEndgame::new(common::rules::<Kalah>(assignments)).unwrap()
}

fn umelbagara(assignments: &[&str]) -> UmElBagaraEndgame {
    UmElBagaraEndgame::new(common::rules::<UmElBagara>(assignments)).unwrap()
}

/// Every level file's bytes.
fn files(dir: &Path, top: usize) -> Vec<Vec<u8>> {
    (0..=top)
        .map(|l| std::fs::read(level_path(dir, l)).unwrap())
        .collect()
}

/// Changes one entry of `level` (at byte `at` of its data); with `fix`,
/// writes the matching checksum into the header too.
fn tamper(dir: &Path, level: usize, at: usize, fix: bool) {
    let path = level_path(dir, level);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[HEADER_BYTES + at] = bytes[HEADER_BYTES + at].wrapping_add(1);
    if fix {
        let text = String::from_utf8_lossy(&bytes[..HEADER_BYTES]).to_string();
        let old = text
            .lines()
            .find_map(|l| l.strip_prefix("sha256 "))
            .unwrap()
            .to_string();
        let new = sha256_hex(&bytes[HEADER_BYTES..]);
        let fixed = text.replacen(&old, &new, 1);
        bytes[..HEADER_BYTES].copy_from_slice(&fixed.as_bytes()[..HEADER_BYTES]);
    }
    std::fs::write(&path, bytes).unwrap();
}

#[test]
fn verify_finds_one_changed_entry() {
    for (endgame_dir, top) in [("kalah", 10usize), ("umelbagara", 12)] {
        let dir = common::scratch(&format!("verify-{endgame_dir}"));
        let stop = AtomicBool::new(false);
        let run = |dir: &Path| -> (bool, u64, usize) {
            let report = if endgame_dir == "kalah" {
                let e = kalah(&["pits=3", "seeds=2", "max_plies=0"]);
                let db = Database::open_unchecked(dir, &e).unwrap();
                verify(&db, 50, &|_, _| {}).unwrap()
            } else {
                let e = umelbagara(&["houses=3", "counters=2", "max_plies=0"]);
                let db = Database::open_unchecked(dir, &e).unwrap();
                verify(&db, 50, &|_, _| {}).unwrap()
            };
            (
                report.ok(),
                report.invariant_failures,
                report.bad_checksums.len(),
            )
        };
        if endgame_dir == "kalah" {
            let e = kalah(&["pits=3", "seeds=2", "max_plies=0"]);
            build(&e, top, &dir, &Quiet, &stop).unwrap();
        } else {
            let e = umelbagara(&["houses=3", "counters=2", "max_plies=0"]);
            build(&e, top, &dir, &Quiet, &stop).unwrap();
        }
        let (ok, failures, bad) = run(&dir);
        assert!(ok && failures == 0 && bad == 0, "{endgame_dir}: clean");
        // One byte of level 9, checksum left: the checksum catches it, and
        // the database is no longer opened for probes.
        tamper(&dir, 9, 17, false);
        let (ok, _, bad) = run(&dir);
        assert!(!ok && bad == 1, "{endgame_dir}: checksum");
        let refused = if endgame_dir == "kalah" {
            Database::open(&dir, &kalah(&["pits=3", "seeds=2", "max_plies=0"])).err()
        } else {
            Database::open(
                &dir,
                &umelbagara(&["houses=3", "counters=2", "max_plies=0"]),
            )
            .err()
        };
        assert!(
            matches!(&refused, Some(TablebaseError::BadFile { path, field, .. })
                if field == "sha256" && path.ends_with("level-009.tb")),
            "{endgame_dir}: {refused:?}"
        );
        // Undo, then change it with a matching checksum: the invariant does.
        tamper(&dir, 9, 17, false);
        let path = level_path(&dir, 9);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[HEADER_BYTES + 17] = bytes[HEADER_BYTES + 17].wrapping_sub(2);
        std::fs::write(&path, bytes).unwrap();
        tamper(&dir, 9, 17, true);
        let (ok, failures, bad) = run(&dir);
        assert!(!ok && bad == 0 && failures >= 1, "{endgame_dir}: invariant");
    }
}

/// Stops the build after `after` work units.
struct StopAfter<'a> {
    done: AtomicU64,
    after: u64,
    stop: &'a AtomicBool,
}

impl BuildMonitor for StopAfter<'_> {
    fn kept(&self, _: usize) {}
    fn discarded(&self, _: &Path, _: &str) {}
    fn level_started(&self, _: usize, _: u64) {}
    fn advance(&self, units: u64) {
        if self.done.fetch_add(units, Ordering::Relaxed) + units >= self.after {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
    fn level_finished(&self, _: usize, _: u64, _: f64, _: &Path) {}
}

fn resumes_identically<E: Endgame>(endgame: &E, top: usize, name: &str) {
    let straight = common::scratch(&format!("straight-{name}"));
    build(endgame, top, &straight, &Quiet, &AtomicBool::new(false)).unwrap();
    let stopped = common::scratch(&format!("stopped-{name}"));
    let mut resumes = 0;
    for after in [1u64, 500, 2_000, 5_000] {
        let stop = AtomicBool::new(false);
        let monitor = StopAfter {
            done: AtomicU64::new(0),
            after,
            stop: &stop,
        };
        match build(endgame, top, &stopped, &monitor, &stop) {
            Err(TablebaseError::Stopped) => resumes += 1,
            Ok(_) => break,
            Err(e) => panic!("{e}"),
        }
        // A partial level as a killed build leaves it.
        std::fs::write(stopped.join("level-999.tb.tmp"), b"partial").unwrap();
    }
    assert!(
        resumes >= 2,
        "{name}: the build was stopped {resumes} times"
    );
    build(endgame, top, &stopped, &Quiet, &AtomicBool::new(false)).unwrap();
    assert_eq!(files(&straight, top), files(&stopped, top), "{name}");
    assert!(!stopped.join("level-999.tb.tmp").exists());
}

#[test]
fn a_stopped_build_resumes_to_the_same_bytes() {
    resumes_identically(&kalah(&["pits=3", "max_plies=0"]), 12, "kalah");
    resumes_identically(&umelbagara(&["houses=3", "max_plies=0"]), 12, "umelbagara");
}

#[test]
fn a_database_of_other_rules_is_refused() {
    let e = kalah(&["pits=2", "empty_capture=true", "max_plies=0"]);
    let dir = common::scratch("other-rules");
    build(&e, 6, &dir, &Quiet, &AtomicBool::new(false)).unwrap();
    // Other rules of play: refused for probes and for builds into it.
    let other = kalah(&["pits=2", "empty_capture=false", "max_plies=0"]);
    match Database::open(&dir, &other) {
        Err(TablebaseError::OtherRules { found, wanted, .. }) => {
            assert!(found.contains("empty_capture=true"), "{found}");
            assert!(wanted.contains("empty_capture=false"), "{wanted}");
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a database of other rules was accepted"),
    }
    assert!(matches!(
        build(&other, 6, &dir, &Quiet, &AtomicBool::new(false)),
        Err(TablebaseError::OtherRules { .. })
    ));
    // Fewer seeds than the folder holds: refused, naming both, and the
    // database left whole.
    let err = build(&e, 4, &dir, &Quiet, &AtomicBool::new(false)).unwrap_err();
    assert!(
        matches!(
            err,
            TablebaseError::MoreLevels {
                top: 6,
                seeds: 4,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.is_input());
    assert_eq!(Database::open(&dir, &e).unwrap().top(), 6);
    // A level that is a folder: refused naming it, as bad input.
    let level = level_path(&dir, 6);
    let kept = std::fs::read(&level).unwrap();
    std::fs::remove_file(&level).unwrap();
    std::fs::create_dir(&level).unwrap();
    let err = Database::open(&dir, &e).err().expect("refused");
    assert!(
        matches!(&err, TablebaseError::BadFile { path, field, .. } if *path == level && field == "file"),
        "{err}"
    );
    assert!(err.is_input());
    // So is reading its header alone (`ngola tablebase info`).
    let err = read_header(&level).expect_err("refused");
    assert!(
        matches!(&err, TablebaseError::BadFile { path, field, .. } if *path == level && field == "file"),
        "{err}"
    );
    std::fs::remove_dir(&level).unwrap();
    std::fs::write(&level, kept).unwrap();
    // Another game's.
    let u = umelbagara(&["houses=3", "max_plies=0"]);
    assert!(matches!(
        Database::open(&dir, &u),
        Err(TablebaseError::OtherRules { .. })
    ));
    // The start count is not a rule of play: the same database serves.
    let more_seeds = kalah(&["pits=2", "seeds=3", "empty_capture=true", "max_plies=0"]);
    let db = Database::open(&dir, &more_seeds).unwrap();
    assert_eq!(db.top(), 6);
    // A ply cap cannot be represented.
    assert!(matches!(
        KalahEndgame::new(common::rules::<Kalah>(&["pits=2"])),
        Err(TablebaseError::Rules { .. })
    ));
    // A position above the top level is not covered.
    let start = Kalah::start(*more_seeds.rules());
    assert!(matches!(
        db.worth(&start),
        Err(TablebaseError::NotCovered { seeds: 12, top: 6 })
    ));
}

#[test]
fn the_swap_rule_is_refused_naming_the_option() {
    for result in [
        KalahEndgame::new(common::rules::<Kalah>(&[
            "pits=2",
            "max_plies=0",
            "swap=true",
        ]))
        .err(),
        OwareEndgame::new(common::rules::<Oware>(&[
            "houses=2",
            "max_plies=0",
            "swap=true",
        ]))
        .err(),
        UmElBagaraEndgame::new(common::rules::<UmElBagara>(&["max_plies=0", "swap=true"])).err(),
    ] {
        match result {
            Some(TablebaseError::Rules { key, .. }) => assert_eq!(key, "swap"),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_probe_refuses_a_value_its_moves_contradict() {
    let e = kalah(&["pits=2", "seeds=1", "empty_capture=true", "max_plies=0"]);
    let dir = common::scratch("contradicted");
    build(&e, 6, &dir, &Quiet, &AtomicBool::new(false)).unwrap();
    let start = Kalah::start(*e.rules());
    let db = Database::open(&dir, &e).unwrap();
    let level = db.probe(&start).unwrap().level;
    let (path, byte) = db.entry_at(&start).unwrap();
    assert_eq!(path, level_path(&dir, level));
    drop(db);
    // The start's entry changed, its level's checksum made to match: the
    // database opens, and its probe of the start refuses the value.
    tamper(&dir, level, byte as usize - HEADER_BYTES, true);
    let db = Database::open(&dir, &e).unwrap();
    let err = db.probe(&start).expect_err("contradicted");
    assert!(
        matches!(&err, TablebaseError::BadFile { path: p, field, .. } if *p == path && field == "entries"),
        "{err}"
    );
    assert!(err.to_string().contains("its best move gives"), "{err}");
}

use std::path::{Path, PathBuf};

use ngola_rules::EndReason;

use super::*;

pub(crate) fn record(game: u64) -> GameRecord {
    GameRecord {
        game,
        pair: game / 2,
        pairing: 0,
        south_id: 0,
        north_id: 1,
        south: "mcts:sims=10,c=1.4".to_string(),
        north: "random".to_string(),
        seed: 12345678901234567890,
        result: GameResult::Draw,
        plies: 17,
        south_total: 24,
        north_total: 24,
        reason: Reason::Rules(EndReason::PlyCap),
        time_s: 0.001234,
        opening: "a1 b2".to_string(),
        moves: "a1 b2 c3".to_string(),
        fault: String::new(),
    }
}

/// A fresh folder, removed when dropped.
struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn temp_dir(name: &str) -> TempDir {
    let dir =
        std::env::temp_dir().join(format!("ngola-arena-record-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}
#[test]
fn rows_round_trip_with_quoted_specs() {
    let line = String::from_utf8(record(3).to_csv_line()).unwrap();
    assert_eq!(
        line,
        "3,1,0,0,1,\"mcts:sims=10,c=1.4\",random,12345678901234567890,draw,17,24,24,ply-cap,0.001234,a1 b2,a1 b2 c3,2874452364,3944680146,\n"
    );
    let dir = temp_dir("roundtrip");
    let path = dir.join("games.csv");
    let mut writer = GamesWriter::create(&path).unwrap();
    for g in 0..3 {
        writer.append(&record(g)).unwrap();
    }
    let read = read_games(&path).unwrap();
    assert_eq!(read.records, vec![record(0), record(1), record(2)]);
    assert!(!read.partial_tail && read.has_header);
    // Quotes and line ends in a name are quoted as the csv crate does,
    // and read back; a time in exponent form too.
    let odd = GameRecord {
        fault: "illegal \"a9\", sent".to_string(),
        south: "say \"hi\", twice".to_string(),
        north: "two\nlines".to_string(),
        time_s: 1e-7,
        ..record(3)
    };
    let line = odd.to_csv_line();
    let mut expected = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(vec![]);
    let (hi, lo) = seed_halves(odd.seed);
    expected
        .write_record([
            "3",
            "1",
            "0",
            "0",
            "1",
            &odd.south,
            &odd.north,
            "12345678901234567890",
            "draw",
            "17",
            "24",
            "24",
            "ply-cap",
            "1e-7",
            "a1 b2",
            "a1 b2 c3",
            &hi.to_string(),
            &lo.to_string(),
            &odd.fault,
        ])
        .unwrap();
    assert_eq!(
        String::from_utf8(line.clone()).unwrap(),
        String::from_utf8(expected.into_inner().unwrap()).unwrap()
    );
    std::fs::write(
        &path,
        format!("{}{}", header_line(), String::from_utf8(line).unwrap()),
    )
    .unwrap();
    assert_eq!(read_games(&path).unwrap().records, vec![odd]);
}

#[test]
fn a_partial_last_line_is_ignored_and_cut_on_reopen() {
    let dir = temp_dir("partial");
    let path = dir.join("games.csv");
    let mut writer = GamesWriter::create(&path).unwrap();
    writer.append(&record(0)).unwrap();
    drop(writer);
    // A kill in the middle of the second row's write.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend_from_slice(b"1,0,0,1,0,random,ran");
    std::fs::write(&path, &bytes).unwrap();
    let read = read_games(&path).unwrap();
    assert_eq!(read.records, vec![record(0)]);
    assert!(read.partial_tail);
    let mut writer = GamesWriter::reopen(&path, &read).unwrap();
    writer.append(&record(1)).unwrap();
    let read = read_games(&path).unwrap();
    assert_eq!(read.records, vec![record(0), record(1)]);
    assert!(!read.partial_tail);
}

#[test]
fn a_partial_header_reads_as_empty_and_is_rewritten() {
    let dir = temp_dir("header");
    let path = dir.join("games.csv");
    std::fs::write(&path, b"game,pair,pai").unwrap();
    let read = read_games(&path).unwrap();
    assert!(read.records.is_empty() && !read.has_header && read.partial_tail);
    let mut writer = GamesWriter::reopen(&path, &read).unwrap();
    writer.append(&record(0)).unwrap();
    assert_eq!(read_games(&path).unwrap().records, vec![record(0)]);
}

#[test]
fn a_bad_complete_row_names_its_line() {
    let dir = temp_dir("bad");
    let path = dir.join("games.csv");
    let mut text = header_line();
    text += &String::from_utf8(record(0).to_csv_line()).unwrap();
    text += "1,0,0,1,0,random,random,5,maybe,3,1,1,natural,0.1,,,0,5,\n";
    std::fs::write(&path, text).unwrap();
    let err = read_games(&path).unwrap_err().to_string();
    assert!(err.contains("line 3") && err.contains("`result`"), "{err}");
}

#[test]
fn older_files_read_without_moves_and_halves_must_match() {
    let dir = temp_dir("old");
    let path = dir.join("games.csv");
    let old = format!(
        "{}\n1,0,0,1,0,random,random,5,S,3,1,1,natural,0.1,a1 b1\n",
        COLUMNS[..BASE_COLUMNS].join(",")
    );
    std::fs::write(&path, old).unwrap();
    let read = read_games(&path).unwrap();
    assert_eq!(read.records[0].moves, "");
    assert_eq!((read.layout.columns, read.has_moves()), (15, false));
    assert_eq!(read.lines, vec![2]);
    // Files with a fault column but no moves (written between the two).
    let mid = format!(
        "{},fault\n1,0,0,1,0,random,random,5,S,3,1,1,crash,0.1,,exit 1\n",
        COLUMNS[..BASE_COLUMNS].join(",")
    );
    std::fs::write(&path, mid).unwrap();
    let read = read_games(&path).unwrap();
    assert_eq!(
        (read.records[0].fault.as_str(), read.has_moves()),
        ("exit 1", false)
    );
    std::fs::write(
        &path,
        format!("{},moves,moves\n", COLUMNS[..BASE_COLUMNS].join(",")),
    )
    .unwrap();
    assert!(read_games(&path)
        .unwrap_err()
        .to_string()
        .contains("header"));
    // The seed's halves are checked against the seed.
    let mut text = header_line();
    text += "1,0,0,1,0,random,random,4294967301,S,3,1,1,natural,0.1,,a1,1,6,\n";
    std::fs::write(&path, text).unwrap();
    let err = read_games(&path).unwrap_err().to_string();
    assert!(err.contains("line 2") && err.contains("`seed_hi`"), "{err}");
    // 4294967301 = 1 * 2^32 + 5.
    assert_eq!(seed_halves(4_294_967_301), (1, 5));
}

#[test]
fn the_shared_writer_keeps_every_row_once_and_whole() {
    let dir = temp_dir("shared");
    let path = dir.join("games.csv");
    let writer = SharedWriter::new(GamesWriter::create(&path).unwrap(), None);
    std::thread::scope(|scope| {
        for t in 0..4u64 {
            let writer = &writer;
            scope.spawn(move || {
                for k in 0..500 {
                    let game = 4 * k + t;
                    writer.push(game, &record(game).to_csv_line()).unwrap();
                }
            });
        }
    });
    let in_order = writer.finish().unwrap();
    let read = read_games(&path).unwrap();
    let file_order: Vec<u64> = read.records.iter().map(|r| r.game).collect();
    assert_eq!(in_order, file_order.is_sorted());
    let mut ids: Vec<u64> = read.records.iter().map(|r| r.game).collect();
    ids.sort();
    assert_eq!(ids, (0..2000).collect::<Vec<u64>>());
    assert!(read.records.iter().all(|r| *r == record(r.game)));
}

#[test]
fn the_shared_writer_tells_whether_rows_came_in_game_order() {
    let dir = temp_dir("order");
    let path = dir.join("games.csv");
    let push_all = |first: Option<u64>, games: &[u64]| {
        let writer = SharedWriter::new(GamesWriter::create(&path).unwrap(), first);
        for &g in games {
            writer.push(g, &record(g).to_csv_line()).unwrap();
        }
        writer.finish().unwrap()
    };
    assert!(push_all(None, &[0, 1, 2, 5]));
    assert!(push_all(Some(3), &[4, 5]));
    assert!(!push_all(Some(3), &[2, 4]));
    assert!(!push_all(None, &[0, 2, 1]));
    assert!(!push_all(None, &[0, 0]));
}

#[test]
fn reasons_use_the_rules_crate_names() {
    for reason in Reason::ALL {
        let line = String::from_utf8(
            GameRecord {
                reason,
                ..record(0)
            }
            .to_csv_line(),
        )
        .unwrap();
        assert!(line.contains(&format!(",{},", reason.as_str())), "{line}");
    }
}

#[test]
fn the_serde_row_has_the_columns_in_order() {
    let mut writer = csv::Writer::from_writer(vec![]);
    writer.serialize(row::Row::of(&record(0))).unwrap();
    let text = String::from_utf8(writer.into_inner().unwrap()).unwrap();
    assert_eq!(text.lines().next(), Some(COLUMNS.join(",").as_str()));
}

#[test]
fn bad_cells_are_errors_a_caller_can_match() {
    let headers = csv::ByteRecord::from(COLUMNS.to_vec());
    let row_with = |column: &str, text: &str| {
        let line = String::from_utf8(record(0).to_csv_line()).unwrap();
        let mut cells: Vec<String> = line.trim_end().split(',').map(String::from).collect();
        // The quoted spec holds a comma: join its two halves back.
        let south = format!("{},{}", cells[5], cells[6]);
        cells.splice(5..7, [south.trim_matches('"').to_string()]);
        let at = COLUMNS.iter().position(|c| *c == column).unwrap();
        cells[at] = text.to_string();
        csv::ByteRecord::from(cells)
    };
    let error = |column: &str, text: &str| {
        GameRecord::from_row(&row_with(column, text), &headers).unwrap_err()
    };
    assert_eq!(
        GameRecord::from_row(&row_with("plies", "17"), &headers),
        Ok(record(0))
    );
    assert_eq!(error("result", "maybe"), RowError::Result("maybe".into()));
    assert_eq!(
        error("reason", "tired"),
        RowError::Reason {
            text: "tired".into()
        }
    );
    assert_eq!(
        error("plies", "-1"),
        RowError::NotANumber {
            column: "plies".into(),
            text: "-1".into()
        }
    );
    assert!(matches!(
        error("seed_lo", "7"),
        RowError::SeedHalves { lo: 7, .. }
    ));
    let short = csv::ByteRecord::from(vec!["1"; 3]);
    assert_eq!(
        GameRecord::from_row(&short, &headers)
            .unwrap_err()
            .to_string(),
        "3 columns, expected 19"
    );
}

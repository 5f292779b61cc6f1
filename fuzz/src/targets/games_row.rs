//! `games.csv` rows: `GAME key=value,...` on the first line (the run's game
//! and rules), then a `games.csv` (its header and rows). Every row read is
//! written as the `csv` crate writes the same fields, reads back to the
//! same row, and, when replaying it from its opening is accepted, its moves
//! do replay to the result, reason, plies and totals it states.

use std::io::Write;
use std::path::PathBuf;

use crate::{first_line, game_line, rules, text};
use ngola_agents::Evaluate;
use ngola_arena::adjudicate::Adjudicator;
use ngola_arena::openings::{moves_text, Opening};
use ngola_arena::play::MAX_GAME_PLIES;
use ngola_arena::record::{read_games, seed_halves, GameRecord, GameResult, Reason};
use ngola_arena::replay::{check_row, opening_is_position};
use ngola_rules::{with_game, Game};

/// Checks one input (see the module's documentation); panics on a
/// failure, returns on input the format refuses.
pub fn fuzz(data: &[u8]) {
    let Some(input) = text(data) else { return };
    let (header, csv_text) = first_line(input);
    let Some((kind, assignments)) = game_line(header) else {
        return;
    };
    let Some(records) = read_rows(csv_text.as_bytes()) else {
        return;
    };
    for record in &records {
        written_as_csv_writes_it(record);
        reads_back(record);
        with_game!(kind, G => replays::<G>(&assignments, record));
    }
}

/// The rows `read_games` finds in `bytes` (written to a scratch file, as
/// the runner reads its folder), or `None` if it refuses the file.
fn read_rows(bytes: &[u8]) -> Option<Vec<GameRecord>> {
    let path = scratch_file();
    std::fs::File::create(&path)
        .and_then(|mut file| file.write_all(bytes))
        .expect("cannot write the scratch file");
    let file = read_games(&path).ok();
    let _ = std::fs::remove_file(&path);
    let file = file?;
    assert_eq!(file.records.len(), file.lines.len());
    Some(file.records)
}

fn scratch_file() -> PathBuf {
    std::env::temp_dir().join(format!("ngola-fuzz-games-{}.csv", std::process::id()))
}

/// The row's fields in `games.csv` order, as serde gives them to `csv`.
#[derive(serde::Serialize)]
struct Fields<'a> {
    game: u64,
    pair: u64,
    pairing: u32,
    south_id: u32,
    north_id: u32,
    south: &'a str,
    north: &'a str,
    seed: u64,
    result: GameResult,
    plies: u32,
    south_total: u32,
    north_total: u32,
    reason: &'a str,
    time_s: f64,
    opening: &'a str,
    moves: &'a str,
    seed_hi: u32,
    seed_lo: u32,
    fault: &'a str,
}

fn written_as_csv_writes_it(record: &GameRecord) {
    let (seed_hi, seed_lo) = seed_halves(record.seed);
    let fields = Fields {
        game: record.game,
        pair: record.pair,
        pairing: record.pairing,
        south_id: record.south_id,
        north_id: record.north_id,
        south: &record.south,
        north: &record.north,
        seed: record.seed,
        result: record.result,
        plies: record.plies,
        south_total: record.south_total,
        north_total: record.north_total,
        reason: record.reason.as_str(),
        time_s: record.time_s,
        opening: &record.opening,
        moves: &record.moves,
        seed_hi,
        seed_lo,
        fault: &record.fault,
    };
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    writer.serialize(&fields).expect("csv writes any row");
    let theirs = writer.into_inner().expect("a Vec cannot fail");
    let ours = record.to_csv_line();
    assert_eq!(
        String::from_utf8_lossy(&ours),
        String::from_utf8_lossy(&theirs),
        "the row is not written as the csv crate writes it"
    );
}

fn reads_back(record: &GameRecord) {
    let mut file = ngola_arena::record::COLUMNS.join(",").into_bytes();
    file.push(b'\n');
    file.extend_from_slice(&record.to_csv_line());
    let rows = match read_rows(&file) {
        Some(rows) => rows,
        None => panic!(
            "a written row does not read back:\n{}",
            String::from_utf8_lossy(&file)
        ),
    };
    assert_eq!(rows.len(), 1);
    assert_eq!(&rows[0], record);
}

/// If the row's own opening cell is an opening this game can start from
/// and the row replays from it (`check_row`), its moves replay.
fn replays<G: Evaluate>(assignments: &[&str], record: &GameRecord) {
    let Some(rules) = rules::<G>(assignments) else {
        return;
    };
    let start = G::start(rules);
    let Some(opening) = opening_of(&start, &record.opening) else {
        return;
    };
    if check_row(&start, &opening, record, &Adjudicator::none()).is_err() {
        return;
    }
    let mut game = opening.position.clone();
    let words: Vec<&str> = record.moves.split_whitespace().collect();
    let skip = opening.moves.len();
    if !opening.from_position {
        assert_eq!(moves_text(&opening.moves), words[..skip].join(" "));
    }
    let played = if opening.from_position {
        &words[..]
    } else {
        &words[skip..]
    };
    for word in played {
        assert!(game.outcome().is_none(), "a move after the end: {record:?}");
        if let Err(e) = game.play_text(word) {
            panic!("an accepted row's move `{word}` is refused ({e}): {record:?}");
        }
    }
    assert_eq!(game.ply(), record.plies);
    assert_eq!(game.totals(), [record.south_total, record.north_total]);
    assert_eq!(record.fault.is_empty(), !record.reason.is_fault());
    match game.outcome() {
        Some(outcome) => {
            assert_eq!(GameResult::from_outcome(&outcome), record.result);
            assert_eq!(Reason::from(outcome.reason), record.reason);
        }
        None if record.reason == Reason::PlyLimit => {
            assert_eq!(words.len(), MAX_GAME_PLIES as usize);
            assert_eq!(record.result, GameResult::Draw);
        }
        None => {
            assert!(record.reason.is_fault(), "a game going on: {record:?}");
            assert_ne!(record.result, GameResult::Draw);
        }
    }
}

/// The opening an `opening` cell names: a suite's position text, or moves
/// from the start; `None` if the game refuses it.
fn opening_of<G: Game>(start: &G, cell: &str) -> Option<Opening<G>> {
    if opening_is_position::<G>(cell) {
        let position = G::from_position(cell, *start.rules()).ok()?;
        return Some(Opening {
            position,
            moves: Vec::new(),
            text: cell.to_string(),
            from_position: true,
        });
    }
    let mut position = start.clone();
    let mut moves = Vec::new();
    for word in cell.split_whitespace() {
        if position.outcome().is_some() {
            return None;
        }
        moves.push(position.play_text(word).ok()?);
    }
    Some(Opening {
        text: moves_text(&moves),
        position,
        moves,
        from_position: false,
    })
}

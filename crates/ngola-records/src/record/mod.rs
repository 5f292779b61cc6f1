//! `games.csv`: one row per finished game, appended and flushed as soon as
//! the game ends, read back tolerantly after a kill (a trailing partial
//! line is ignored).
//!
//! Columns, in order (stable; new columns only ever go at the end):
//!
//! | column | meaning |
//! |---|---|
//! | `game` | game id in the schedule, from 0 |
//! | `pair` | colour-swapped pair (`game / 2`); both games share the opening |
//! | `pairing` | index of the two agents' pairing |
//! | `south_id`, `north_id` | agent ids (indices in the experiment's list) |
//! | `south`, `north` | the agents' canonical specs |
//! | `seed` | the game's seed (agents' seeds derive from it) |
//! | `result` | `S`, `N` or `draw` |
//! | `plies` | plies played, opening included |
//! | `south_total`, `north_total` | `Game::totals` at the end |
//! | `reason` | `natural`, `immobilised`, `endless-sowing`, `ply-cap`, `repetition`; a fault that lost the game: `crash`, `illegal-move`, `time-forfeit` |
//! | `time_s` | wall time of the game in seconds (the only column that varies between runs) |
//! | `opening` | the opening's moves, space-separated (empty if none), or the position text an opening suite gave |
//! | `moves` | every move of the game, space-separated: from the start position (the opening's moves included), or from the suite's position text |
//! | `seed_hi`, `seed_lo` | the seed's upper and lower 32 bits (`seed = seed_hi * 2^32 + seed_lo`), numbers any CSV reader keeps exact |
//! | `fault` | the faulty side's fault (the illegal move as sent, the crash's exit status and last stderr line, the time used against the time allowed); empty if none. Always the last column |
//!
//! Files written before the columns after `opening` existed still read
//! (for statistics and plots); rows without moves cannot be checked by
//! replaying them, so such a folder cannot be resumed or merged.
//!
//! A row is read and written through one serde type (`row::Row`) by the
//! `csv` crate; [`GameRecord`] is the row as the arena uses it.

mod archive;
mod end;
mod layout;
mod read;
mod row;
mod sort;
mod write;

/// What reading or writing a games file can fail with: the file's error.
pub type Result<T> = std::result::Result<T, ngola_files::FileError>;

pub use archive::{
    archive_games, decompress, is_archived, read_archive, read_folder_games, restore_games,
    GamesFormat, UnknownFormat, ARCHIVE, MAX_EXPANSION,
};
pub use end::{GameResult, Reason};
pub use layout::{Layout, BASE_COLUMNS, COLUMNS};
pub use read::{parse_games, read_games, GamesFile};
pub use row::RowError;
pub use sort::sort_rows;
pub use write::{GamesWriter, SharedWriter};

pub(crate) use layout::header_line;
pub use write::fresh_file;

/// One row of `games.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Game id in the schedule.
    pub game: u64,
    /// Colour-swapped pair.
    pub pair: u64,
    /// Pairing index.
    pub pairing: u32,
    /// South's agent id.
    pub south_id: u32,
    /// North's agent id.
    pub north_id: u32,
    /// South's canonical spec.
    pub south: String,
    /// North's canonical spec.
    pub north: String,
    /// The game's seed.
    pub seed: u64,
    /// Who won.
    pub result: GameResult,
    /// Plies played, opening included.
    pub plies: u32,
    /// South's tally at the end (`Game::totals`).
    pub south_total: u32,
    /// North's tally at the end.
    pub north_total: u32,
    /// Why the game ended.
    pub reason: Reason,
    /// Wall time in seconds.
    pub time_s: f64,
    /// Opening moves, space-separated, or the suite's position text.
    pub opening: String,
    /// Every move of the game from its start (the opening's included),
    /// space-separated; empty in files that predate the column.
    pub moves: String,
    /// The faulty side's fault (empty if none).
    pub fault: String,
}

/// The upper and lower 32 bits of a seed.
pub fn seed_halves(seed: u64) -> (u32, u32) {
    ((seed >> 32) as u32, seed as u32)
}

impl GameRecord {
    /// The score of agent `id` in this game (`None` if it did not play).
    pub fn score_of(&self, id: u32) -> Option<f64> {
        let south = self.result.south_score();
        if id == self.south_id {
            Some(south)
        } else if id == self.north_id {
            Some(1.0 - south)
        } else {
            None
        }
    }

    /// A 128-bit key of the game itself: its opening cell (where its moves
    /// start, for a suite's position) and its moves. Equal keys are the
    /// same game.
    pub fn game_key(&self) -> u128 {
        crate::keys::texts_key(&[&self.opening, &self.moves])
    }
}

#[cfg(test)]
pub(crate) mod tests;

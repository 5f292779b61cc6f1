//! One game of a tournament's output folder, as `ngola replay --run DIR
//! --id N` and `ngola render --run DIR --id N` read it: the folder's
//! experiment gives the game and its rules, the row of `games.csv` its
//! start (a suite's position text, or the start position) and its moves.
//! The folder is checked as every reader of a run folder checks it (each
//! row once, against the schedule, and by replaying it) before anything is
//! shown.

use std::path::Path;

use ngola_arena::record::GameRecord;
use ngola_arena::replay::opening_is_position;
use ngola_arena::runner::{check_folder, files, folder_experiment};
use ngola_rules::{with_game, GameKind};
use ngola_viz::{Record, RecordedMove};

use crate::cli_error::CliError;
use crate::game_args::GameArgs;

/// A game of a run: its game, rules, start and moves, and its row.
pub struct RunGame {
    /// The game's kind.
    pub kind: GameKind,
    /// The run's rules as `key=value`.
    pub rules: Vec<String>,
    /// The position text the moves start from (a suite's), if not the start.
    pub start: Option<String>,
    /// The row of `games.csv`.
    pub row: GameRecord,
    /// The names South and North have in the run's tables (as typed, or
    /// their short names).
    pub names: [String; 2],
}

impl RunGame {
    /// Reads game `id` of the run in `dir`, the folder checked as every
    /// reader of a run folder checks it (each row once, against the
    /// schedule and by replaying it).
    pub fn load(dir: &Path, id: u64) -> Result<RunGame, CliError> {
        let kind = folder_experiment(dir)?.game;
        let folder = with_game!(kind, G => check_folder::<G>(dir))?;
        let path = if ngola_arena::record::is_archived(dir) {
            dir.join(files::GAMES_ARCHIVE)
        } else {
            dir.join(files::GAMES)
        };
        let row = folder
            .games
            .records
            .into_iter()
            .find(|r| r.game == id)
            .ok_or_else(|| {
                CliError::input(format!("--id {id}: {} holds no game {id}", path.display()))
            })?;
        let rules: Vec<String> = folder
            .experiment
            .rules
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let start = with_game!(kind, G => {
            opening_is_position::<G>(&row.opening).then(|| row.opening.clone())
        });
        let names = folder.experiment.display_names();
        let name = |id: u32, spec: &str| {
            names
                .get(id as usize)
                .cloned()
                .unwrap_or_else(|| spec.to_string())
        };
        let names = [
            name(row.south_id, &row.south),
            name(row.north_id, &row.north),
        ];
        Ok(RunGame {
            kind,
            rules,
            start,
            row,
            names,
        })
    }

    /// The game, rules and start as command-line arguments would give them.
    pub fn game_args(&self) -> GameArgs {
        GameArgs {
            game: self.kind,
            rules: self.rules.clone(),
            position: self.start.clone(),
        }
    }

    /// The moves, one text per ply.
    pub fn moves(&self) -> Vec<String> {
        self.row
            .moves
            .split_whitespace()
            .map(String::from)
            .collect()
    }

    /// The game as a game record (for drawing it).
    pub fn record(&self) -> Result<Record, CliError> {
        let mut record = Record::new(self.kind);
        record.rules = self.rules.clone();
        record.start = self.start.clone();
        let r = &self.row;
        let result = r.result;
        for (key, value) in [
            ("south", self.names[0].clone()),
            ("north", self.names[1].clone()),
            ("seed", r.seed.to_string()),
            ("result", format!("{result} {}", r.reason.as_str())),
            ("id", r.game.to_string()),
        ] {
            record.set_tag(key, &value).map_err(CliError::failure)?;
        }
        record.moves = self
            .moves()
            .into_iter()
            .map(|text| RecordedMove {
                text,
                note: String::new(),
            })
            .collect();
        Ok(record)
    }
}

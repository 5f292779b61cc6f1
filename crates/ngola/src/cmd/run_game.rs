//! One game of a tournament's output folder, as `ngola replay --run DIR
//! --id N` and `ngola render --run DIR --id N` read it: the folder's
//! experiment gives the game and its rules, the row of `games.csv` its
//! start (a suite's position text, or the start position) and its moves.
//! The row is checked by replaying it before anything is shown.

use std::path::Path;

use ngola_arena::openings::Opening;
use ngola_arena::record::{read_games, GameRecord};
use ngola_arena::replay::{check_row, opening_is_position};
use ngola_arena::runner::{files, folder_experiment};
use ngola_rules::{with_game, Game, GameKind, RuleOptions};
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
}

impl RunGame {
    /// Reads game `id` of the run in `dir` and checks its row by replaying it.
    pub fn load(dir: &Path, id: u64) -> Result<RunGame, CliError> {
        let experiment = folder_experiment(dir)?;
        let path = dir.join(files::GAMES);
        let found = read_games(&path)?;
        let row = found
            .records
            .into_iter()
            .find(|r| r.game == id)
            .ok_or_else(|| {
                CliError::input(format!("--id {id}: {} holds no game {id}", path.display()))
            })?;
        if row.moves.is_empty() {
            return Err(CliError::input(format!(
                "{}: game {id} has no moves (the file predates the `moves` column)",
                path.display()
            )));
        }
        let kind = experiment.game;
        let rules: Vec<String> = experiment
            .rules
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let start = with_game!(kind, G => {
            opening_is_position::<G>(&row.opening).then(|| row.opening.clone())
        });
        let game = RunGame {
            kind,
            rules,
            start,
            row,
        };
        with_game!(kind, G => game.check::<G>(&path))?;
        Ok(game)
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
            ("south", r.south.clone()),
            ("north", r.north.clone()),
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

    /// Replays the row and checks its result, plies, totals and reason.
    fn check<G: Game>(&self, path: &Path) -> Result<(), CliError> {
        let rules = G::Rules::from_assignments(&self.rules).map_err(CliError::input)?;
        let start = G::start(rules);
        let position = match &self.start {
            Some(text) => G::from_position(text, rules).map_err(CliError::input)?,
            None => start.clone(),
        };
        let opening = Opening {
            position,
            moves: Vec::new(),
            text: self.row.opening.clone(),
            from_position: self.start.is_some(),
        };
        check_row(&start, &opening, &self.row).map_err(|e| {
            CliError::input(format!("{}: game {}: {e}", path.display(), self.row.game))
        })
    }
}

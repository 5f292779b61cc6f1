//! Exact values from the prover's results (`results/solved/solved.csv`):
//! the value of a board's start position under best play, from South's
//! view, and what proves it.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use ngola_rules::{with_game, Game, GameKind, RuleOptions};

use crate::error::StudyError;

/// The file of the prover's results in its folder.
pub const SOLVED_CSV: &str = "solved.csv";

/// A start position's value under best play, from South's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// South wins (by `margin` in the scored games, 0 in Mangola).
    Win,
    /// North wins.
    Loss,
    /// Neither side can force a win.
    Draw,
}

/// One decided board.
#[derive(Clone, Debug, PartialEq)]
pub struct Exact {
    /// The value.
    pub value: Value,
    /// South's margin under best play (negative: North's), 0 where the
    /// game has no margin.
    pub margin: i64,
    /// The certificate (the winner's strategy), if the folder has it.
    pub certificate: Option<PathBuf>,
}

/// What the prover's results say of one board.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Proved.
    Decided(Exact),
    /// The prover ran on it and stopped without a value.
    Open,
}

#[derive(Deserialize)]
struct SolvedRow {
    game: String,
    rules: String,
    value: String,
    margin: String,
    certificate: String,
}

/// One board of the prover's results: the game, every rule option, and
/// the verdict.
#[derive(Clone, Debug)]
struct Board {
    game: GameKind,
    rules: Vec<(String, String)>,
    verdict: Verdict,
}

/// The prover's results, one line per board.
#[derive(Clone, Debug, Default)]
pub struct Solved {
    rows: Vec<Board>,
}

impl Solved {
    /// Reads `DIR/solved.csv` (nothing if the file does not exist, so a
    /// report without exact values still renders); the error names the line.
    pub fn read(dir: &Path) -> Result<Solved, StudyError> {
        let path = dir.join(SOLVED_CSV);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Solved::default()),
            Err(e) => return Err(StudyError::io(&path, e)),
        };
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let mut rows = Vec::new();
        for (i, row) in reader.deserialize::<SolvedRow>().enumerate() {
            let line = i + 2;
            let bad = |m: String| StudyError::bad_file(&path, format!("line {line}: {m}"));
            let row = row.map_err(|e| bad(e.to_string()))?;
            let game: GameKind = row.game.parse().map_err(bad)?;
            let assignments: Vec<&str> = row.rules.split_whitespace().collect();
            let rules = with_game!(game, G => canonical::<G>(&assignments))
                .map_err(|e| bad(format!("rules `{}`: {e}", row.rules)))?;
            let margin = || {
                row.margin
                    .parse::<i64>()
                    .map_err(|_| bad(format!("margin `{}` is not a number", row.margin)))
            };
            let certificate = (row.certificate != "-" && !row.certificate.is_empty())
                .then(|| dir.join(&row.certificate));
            let verdict = match row.value.as_str() {
                "win" | "loss" | "draw" => Verdict::Decided(Exact {
                    value: match row.value.as_str() {
                        "win" => Value::Win,
                        "loss" => Value::Loss,
                        _ => Value::Draw,
                    },
                    margin: margin()?,
                    certificate,
                }),
                "unknown" => Verdict::Open,
                other => {
                    return Err(bad(format!(
                        "value `{other}` is not win, loss, draw or unknown"
                    )))
                }
            };
            rows.push(Board {
                game,
                rules,
                verdict,
            });
        }
        Ok(Solved { rows })
    }

    /// What the results say of `game` under `rules` (every option, as
    /// `to_pairs` writes them), if anything.
    pub fn verdict(&self, game: GameKind, rules: &[(String, String)]) -> Option<&Verdict> {
        self.rows
            .iter()
            .find(|b| b.game == game && b.rules == rules)
            .map(|b| &b.verdict)
    }
}

/// Every option of `G` after `assignments`, as [`RuleOptions::to_pairs`].
pub fn canonical<G: Game>(assignments: &[&str]) -> Result<Vec<(String, String)>, String> {
    G::Rules::from_assignments(assignments)
        .map(|r| r.to_pairs())
        .map_err(|e| e.to_string())
}

//! Exact values: the value of a board's start position under best play,
//! from South's view, and what proves it, from the one table of judged
//! boards, `results/solved/boards.csv` (one row per board, whatever
//! judged it: the prover alone, the prover over an endgame database, or a
//! database's probe; `experiments/solved-report.py` writes it from their
//! records). Each value is checked against its evidence as it is read
//! (see [`super::evidence`]).

use std::path::{Component, Path, PathBuf};

use rayon::prelude::*;
use serde::Deserialize;

use ngola_rules::{with_game, Game, GameKind, Player, RuleError, RuleOptions, UnknownGame};

use super::evidence::{check_certificate, Checked};
use crate::error::StudyError;

/// The table of every judged board, in its folder.
pub const BOARDS_CSV: &str = "boards.csv";

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

impl Value {
    /// `win`, `loss` or `draw`, as the tables write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        }
    }

    /// The side that wins (`None`: a draw).
    pub fn winner(self) -> Option<Player> {
        match self {
            Value::Win => Some(Player::South),
            Value::Loss => Some(Player::North),
            Value::Draw => None,
        }
    }

    /// The value written `word` (`win`, `loss`, `draw`), if it is one.
    pub fn from_word(word: &str) -> Option<Value> {
        match word {
            "win" => Some(Value::Win),
            "loss" => Some(Value::Loss),
            "draw" => Some(Value::Draw),
            _ => None,
        }
    }
}

/// What decides a board.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// The prover, with the winner's strategy if the folder has it.
    Prover {
        /// The certificate.
        certificate: Option<PathBuf>,
    },
    /// An endgame database probed at the start position.
    Tablebase {
        /// The database's identity (SHA-256 over its levels' checksums).
        id: String,
        /// The recorded output of the database's commands.
        record: PathBuf,
    },
}

/// One decided board.
#[derive(Clone, Debug, PartialEq)]
pub struct Exact {
    /// The value.
    pub value: Value,
    /// South's margin under best play (negative: North's), 0 where the
    /// game has no margin.
    pub margin: i64,
    /// What proves it.
    pub source: Source,
    /// Whether the report checked it against that evidence.
    pub checked: Checked,
}

/// What the exact results say of one board.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Proved.
    Decided(Exact),
    /// The prover ran on it and stopped without a value.
    Open,
}

impl Verdict {
    /// Whether the verdict is a value the report checked against its
    /// certificate.
    pub fn is_checked(&self) -> bool {
        matches!(self, Verdict::Decided(e) if e.checked.is_checked())
    }
}

/// One row of `boards.csv`.
#[derive(Deserialize)]
struct BoardRow {
    game: String,
    rules: String,
    value: String,
    margin: String,
    method: String,
    evidence: String,
    sha256: String,
    database: String,
}

/// One judged board: the game, every rule option, and the verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// The game.
    pub game: GameKind,
    /// Every rule option, as [`RuleOptions::to_pairs`] writes them.
    pub rules: Vec<(String, String)>,
    /// The verdict.
    pub verdict: Verdict,
}

/// The exact results, one entry per board (a board both sources judge
/// is one entry: the decided value, checked to agree).
#[derive(Clone, Debug, Default)]
pub struct Solved {
    rows: Vec<Board>,
}

impl Solved {
    /// Reads `DIR/boards.csv` (nothing if the file does not exist, so a
    /// report without exact values still renders); the error names the
    /// line. Evidence paths in the file are relative to `DIR`. Every
    /// certificate found is checked (in parallel): one that is not the
    /// file recorded, proves another claim or fails the reference checker
    /// is an error naming the line.
    pub fn read(dir: &Path) -> Result<Solved, StudyError> {
        let mut solved = Solved::default();
        let path = dir.join(BOARDS_CSV);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(solved),
            Err(e) => return Err(StudyError::io(&path, e)),
        };
        let bad = |line: usize, m: String| StudyError::bad_file(&path, format!("line {line}: {m}"));
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let rows = reader
            .deserialize::<BoardRow>()
            .enumerate()
            .map(|(i, row)| {
                row.map(|row| (i + 2, row))
                    .map_err(|e| bad(i + 2, e.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let judged = rows
            .par_iter()
            .map(|(line, row)| {
                let game: GameKind = row
                    .game
                    .parse()
                    .map_err(|e: UnknownGame| bad(*line, e.to_string()))?;
                let assignments: Vec<&str> = row.rules.split_whitespace().collect();
                with_game!(game, G => {
                    let rules = <G as Game>::Rules::from_assignments(&assignments)
                        .map_err(|e| bad(*line, format!("rules `{}`: {e}", row.rules)))?;
                    let verdict = row.verdict::<G>(dir, rules).map_err(|m| bad(*line, m))?;
                    Ok((*line, game, rules.to_pairs(), verdict))
                })
            })
            .collect::<Result<Vec<_>, StudyError>>()?;
        for (line, game, rules, verdict) in judged {
            solved.add(&path, line, game, rules, verdict)?;
        }
        Ok(solved)
    }

    /// Every judged board, in the order read.
    pub fn boards(&self) -> &[Board] {
        &self.rows
    }

    /// Adds a board, or merges it with the entry already there: a decided
    /// value replaces an open one; two different values are an error.
    fn add(
        &mut self,
        path: &Path,
        line: usize,
        game: GameKind,
        rules: Vec<(String, String)>,
        verdict: Verdict,
    ) -> Result<(), StudyError> {
        let Some(known) = self
            .rows
            .iter_mut()
            .find(|b| b.game == game && b.rules == rules)
        else {
            self.rows.push(Board {
                game,
                rules,
                verdict,
            });
            return Ok(());
        };
        match (&known.verdict, &verdict) {
            (Verdict::Open, Verdict::Decided(_)) => known.verdict = verdict,
            (Verdict::Decided(a), Verdict::Decided(b))
                if (a.value, a.margin) != (b.value, b.margin) =>
            {
                return Err(StudyError::bad_file(
                    path,
                    format!(
                        "line {line}: {game} {}: {} {} here, {} {} before",
                        pairs_text(&rules),
                        b.value.as_str(),
                        b.margin,
                        a.value.as_str(),
                        a.margin
                    ),
                ))
            }
            _ => {}
        }
        Ok(())
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

impl BoardRow {
    /// The row's verdict, checked against its certificate when it has
    /// one; evidence paths are joined to the table's folder.
    fn verdict<G: Game>(&self, dir: &Path, rules: G::Rules) -> Result<Verdict, String> {
        let value = match Value::from_word(&self.value) {
            Some(value) => value,
            None if self.value == "open" => return Ok(Verdict::Open),
            None => {
                return Err(format!(
                    "value `{}` is not win, loss, draw or open",
                    self.value
                ))
            }
        };
        let margin = self
            .margin
            .parse::<i64>()
            .map_err(|_| format!("margin `{}` is not a number", self.margin))?;
        let evidence = (!self.evidence.is_empty()).then(|| lexical_join(dir, &self.evidence));
        let mut checked = Checked::NotChecked;
        let source = match self.method.as_str() {
            "prover" | "prover over a database" => {
                if let Some(certificate) = &evidence {
                    checked = check_certificate::<G>(
                        certificate,
                        &self.sha256,
                        rules,
                        value.winner(),
                        margin,
                    )?;
                }
                Source::Prover {
                    certificate: evidence,
                }
            }
            "database" => Source::Tablebase {
                id: self.database.clone(),
                record: evidence.ok_or("a database's row names its probe in `evidence`")?,
            },
            other => {
                return Err(format!(
                    "method `{other}` is not prover, prover over a database or database"
                ))
            }
        };
        Ok(Verdict::Decided(Exact {
            value,
            margin,
            source,
            checked,
        }))
    }
}

/// `dir` joined with the relative `path`, each `..` taking back a folder
/// (`results/solved` and `../tablebase/x` give `results/tablebase/x`).
fn lexical_join(dir: &Path, path: &str) -> PathBuf {
    let mut joined = dir.to_path_buf();
    for part in Path::new(path).components() {
        match part {
            Component::ParentDir
                if matches!(joined.components().next_back(), Some(Component::Normal(_))) =>
            {
                joined.pop();
            }
            other => joined.push(other),
        }
    }
    joined
}

/// `key=value key=value`.
fn pairs_text(rules: &[(String, String)]) -> String {
    let pairs: Vec<String> = rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
    pairs.join(" ")
}

/// Every option of `G` after `assignments`, as [`RuleOptions::to_pairs`].
pub fn canonical<G: Game>(assignments: &[&str]) -> Result<Vec<(String, String)>, RuleError> {
    G::Rules::from_assignments(assignments).map(|r| r.to_pairs())
}

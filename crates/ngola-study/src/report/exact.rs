//! Exact values: the value of a board's start position under best play,
//! from South's view, from the prover's results (`results/solved/solved.csv`),
//! from the endgame databases' probes (`results/tablebase/runs/`) and from
//! the prover's runs over a database (`results/tablebase/prove/`), and
//! what proves it.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use ngola_rules::{with_game, Game, GameKind, RuleError, RuleOptions, UnknownGame};

use crate::error::StudyError;

/// The file of the prover's results in its folder.
pub const SOLVED_CSV: &str = "solved.csv";
/// The folder of the recorded database commands in a tablebase folder.
pub const TABLEBASE_RUNS: &str = "runs";
/// The folder of the prover's runs over a database, in a tablebase folder.
pub const PROVE: &str = "prove";

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
}

/// What the exact results say of one board.
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
    /// Reads `DIR/solved.csv` (nothing if the file does not exist, so a
    /// report without exact values still renders); the error names the line.
    pub fn read(dir: &Path) -> Result<Solved, StudyError> {
        let mut solved = Solved::default();
        solved.add_prover(dir)?;
        Ok(solved)
    }

    /// Reads the prover's folder and the endgame databases' folder, each
    /// if given; a board both decide with different values is an error.
    pub fn read_all(prover: Option<&Path>, tablebase: Option<&Path>) -> Result<Solved, StudyError> {
        let mut solved = Solved::default();
        if let Some(dir) = prover {
            solved.add_prover(dir)?;
        }
        if let Some(dir) = tablebase {
            solved.add_tablebase(dir)?;
            solved.add_proved_over_databases(dir)?;
        }
        Ok(solved)
    }

    /// Adds every board the prover decided over an endgame database, as
    /// `DIR/prove/` records them: `NAME.check`, the check of its
    /// certificate (`certificate ok: GAME RULES from POSITION: ...`, the
    /// board's game and every rule option), and `NAME.out`, the prover's
    /// output (`value RESULT MARGIN` first). A board whose certificate did
    /// not check, or whose value is `unknown`, adds nothing.
    fn add_proved_over_databases(&mut self, dir: &Path) -> Result<(), StudyError> {
        let read = |path: &Path| std::fs::read_to_string(path).map_err(|e| StudyError::io(path, e));
        let checks = files_in(&dir.join(PROVE), |name| name.ends_with(".check"))?;
        for check in checks {
            let text = read(&check)?;
            let Some(board) = text
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("certificate ok: "))
                .and_then(|l| l.split_once(" from "))
                .map(|(board, _)| board)
            else {
                continue;
            };
            let bad = |m: String| StudyError::bad_file(&check, m);
            let (game, rules) = board.split_once(' ').unwrap_or((board, ""));
            let game: GameKind = game.parse().map_err(|e: UnknownGame| bad(e.to_string()))?;
            let assignments: Vec<&str> = rules.split(',').filter(|r| !r.is_empty()).collect();
            let rules = with_game!(game, G => canonical::<G>(&assignments))
                .map_err(|e| bad(format!("rules `{rules}`: {e}")))?;
            let out = check.with_extension("out");
            let output = read(&out)?;
            let bad = |m: String| StudyError::bad_file(&out, m);
            let first = output.lines().next().unwrap_or("");
            let mut words = first.split_whitespace();
            let (Some("value"), Some(word), Some(margin)) =
                (words.next(), words.next(), words.next())
            else {
                return Err(bad(format!(
                    "first line `{first}` is not `value RESULT MARGIN`"
                )));
            };
            let Some(value) = Value::from_word(word) else {
                continue;
            };
            let margin = margin
                .parse::<i64>()
                .map_err(|_| bad(format!("margin `{margin}` is not a number")))?;
            let certificate = check.with_extension("cert.gz");
            let exact = Exact {
                value,
                margin,
                source: Source::Prover {
                    certificate: certificate.exists().then_some(certificate),
                },
            };
            self.add(&out, game, rules, Verdict::Decided(exact))?;
        }
        Ok(())
    }

    /// Every judged board, in the order read.
    pub fn boards(&self) -> &[Board] {
        &self.rows
    }

    fn add_prover(&mut self, dir: &Path) -> Result<(), StudyError> {
        let path = dir.join(SOLVED_CSV);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(StudyError::io(&path, e)),
        };
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        for (i, row) in reader.deserialize::<SolvedRow>().enumerate() {
            let line = i + 2;
            let bad = |m: String| StudyError::bad_file(&path, format!("line {line}: {m}"));
            let row = row.map_err(|e| bad(e.to_string()))?;
            let game: GameKind = row
                .game
                .parse()
                .map_err(|e: UnknownGame| bad(e.to_string()))?;
            let assignments: Vec<&str> = row.rules.split_whitespace().collect();
            let rules = with_game!(game, G => canonical::<G>(&assignments))
                .map_err(|e| bad(format!("rules `{}`: {e}", row.rules)))?;
            let certificate = (row.certificate != "-" && !row.certificate.is_empty())
                .then(|| dir.join(&row.certificate));
            let verdict = match Value::from_word(&row.value) {
                Some(value) => Verdict::Decided(Exact {
                    value,
                    margin: row
                        .margin
                        .parse::<i64>()
                        .map_err(|_| bad(format!("margin `{}` is not a number", row.margin)))?,
                    source: Source::Prover { certificate },
                }),
                None if row.value == "unknown" => Verdict::Open,
                None => {
                    return Err(bad(format!(
                        "value `{}` is not win, loss, draw or unknown",
                        row.value
                    )))
                }
            };
            self.add(&path, game, rules, verdict)?;
        }
        Ok(())
    }

    /// Adds every database of `DIR/runs/` whose recorded probe of its
    /// board's start position gives a value (files `NAME.txt` as the
    /// tablebase study writes them: the output of `ngola tablebase info`
    /// and of `ngola tablebase probe`, each after its `$ ` command line).
    fn add_tablebase(&mut self, dir: &Path) -> Result<(), StudyError> {
        let files = files_in(&dir.join(TABLEBASE_RUNS), |name| {
            name.ends_with(".txt") && !name.ends_with(".build.txt")
        })?;
        for path in files {
            let text = std::fs::read_to_string(&path).map_err(|e| StudyError::io(&path, e))?;
            if let Some((game, rules, exact)) = probed(&text, &path)? {
                self.add(&path, game, rules, Verdict::Decided(exact))?;
            }
        }
        Ok(())
    }

    /// Adds a board, or merges it with the entry already there: a decided
    /// value replaces an open one; two different values are an error.
    fn add(
        &mut self,
        path: &Path,
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
                        "{game} {}: {} {} here, {} {} before",
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

/// The files of the folder `dir` whose names `keep` accepts, sorted by
/// name; none if the folder does not exist.
fn files_in(dir: &Path, keep: impl Fn(&str) -> bool) -> Result<Vec<PathBuf>, StudyError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(StudyError::io(dir, e)),
    };
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| StudyError::io(dir, e))?.path();
        if path.file_name().is_some_and(|n| keep(&n.to_string_lossy())) {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// `key=value key=value`.
fn pairs_text(rules: &[(String, String)]) -> String {
    let pairs: Vec<String> = rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
    pairs.join(" ")
}

/// A database's board (game and every option) and its start's value.
type Probed = (GameKind, Vec<(String, String)>, Exact);

/// The board and value of one recorded database: its `game` and `rules`
/// lines (from `info`), its `id`, and the `value` of its probe, if that
/// probe is of the board's start position and gives an exact value.
fn probed(text: &str, path: &Path) -> Result<Option<Probed>, StudyError> {
    let (mut game, mut rules, mut id, mut position, mut value) = (None, None, None, None, None);
    let mut section = "";
    for line in text.lines() {
        if let Some(command) = line.strip_prefix("$ ") {
            section = command.split_whitespace().nth(2).unwrap_or("");
            if section == "probe" {
                position = command
                    .split_once('\'')
                    .and_then(|(_, rest)| rest.strip_suffix('\''));
            }
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match (section, key) {
            ("info", "game") => game = Some(rest),
            ("info", "rules") => rules = Some(rest),
            ("info", "id") => id = Some(rest),
            ("probe", "value") => value = Some(rest),
            _ => {}
        }
    }
    let (Some(game), Some(rules), Some(id), Some(position), Some(value)) =
        (game, rules, id, position, value)
    else {
        return Ok(None);
    };
    let bad = |m: String| StudyError::bad_file(path, m);
    let game: GameKind = game.parse().map_err(|e: UnknownGame| bad(e.to_string()))?;
    let assignments: Vec<&str> = rules.split(',').collect();
    let start = with_game!(game, G => start_text::<G>(&assignments))
        .map_err(|e| bad(format!("rules `{rules}`: {e}")))?;
    if start.1 != position {
        return Ok(None);
    }
    let (word, margin) = value.split_once(' ').unwrap_or((value, "0"));
    let Some(value) = Value::from_word(word) else {
        // `unknown`: the database leaves the start between two values.
        return Ok(None);
    };
    let margin = margin
        .parse::<i64>()
        .map_err(|_| bad(format!("value margin `{margin}` is not a number")))?;
    let exact = Exact {
        value,
        margin,
        source: Source::Tablebase {
            id: id.to_string(),
            record: path.to_path_buf(),
        },
    };
    Ok(Some((game, start.0, exact)))
}

/// Every option after `assignments`, and the start position's text.
fn start_text<G: Game>(assignments: &[&str]) -> Result<(Vec<(String, String)>, String), RuleError> {
    let rules = G::Rules::from_assignments(assignments)?;
    Ok((rules.to_pairs(), G::start(rules).to_string()))
}

/// Every option of `G` after `assignments`, as [`RuleOptions::to_pairs`].
pub fn canonical<G: Game>(assignments: &[&str]) -> Result<Vec<(String, String)>, RuleError> {
    G::Rules::from_assignments(assignments).map(|r| r.to_pairs())
}

//! Game records: the text files `ngola play` saves and `ngola replay
//! --record` and `ngola render --record` read.
//!
//! The format is line based; `#` starts a comment that runs to the end of
//! the line, and blank lines are ignored:
//!
//! ```text
//! # ngola game record
//! game umelbagara
//! rule houses=5
//! rule counters=5
//! start umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 0,0
//! south you
//! north random
//! result S natural
//! moves
//! a3>    # ply 1, South
//! b2     # ply 2, North: captures 4
//! ```
//!
//! The header comes first: `game <name>` (required, once), `rule
//! key=value` (any number, applied in order to the game's defaults),
//! `start <position text>` (optional; the game's start position if
//! absent), and any other `key value` lines as free tags (`south`,
//! `north`, `seed`, `result`, `date`...), which readers keep but do not
//! interpret. A line `moves` ends the header; after it every
//! whitespace-separated word is one move in the game's notation, in order.

use std::fmt;

use thiserror::Error;

use ngola_rules::GameKind;

/// A record that could not be read: the line (1-based) and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("bad game record: line {line}: {reason}")]
pub struct RecordError {
    /// The line of the record (1-based; 0 for the record as a whole).
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl RecordError {
    fn new(line: usize, reason: impl Into<String>) -> Self {
        RecordError {
            line,
            reason: reason.into(),
        }
    }
}

/// One move of a record, with the comment written after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    /// The move in the game's notation.
    pub text: String,
    /// The comment after it on its line (without `#`), possibly empty.
    pub note: String,
}

/// A game record: the game, its rules, the start position and the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game.
    pub game: GameKind,
    /// Rule options as `key=value`, applied in order to the defaults.
    pub rules: Vec<String>,
    /// The start position text, or `None` for the game's start.
    pub start: Option<String>,
    /// Free `key value` tags (players, seed, result...), in file order.
    pub tags: Vec<(String, String)>,
    /// The moves, in order.
    pub moves: Vec<RecordedMove>,
}

/// Header keys with a meaning of their own (not tags).
const RESERVED: [&str; 4] = ["game", "rule", "start", "moves"];

impl Record {
    /// An empty record of `game` from its default start.
    pub fn new(game: GameKind) -> Record {
        Record {
            game,
            rules: Vec::new(),
            start: None,
            tags: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The value of tag `key`, if present (the first one).
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `key` (replacing an earlier value). Keys are single words
    /// other than the reserved `game`, `rule`, `start`, `moves`; values
    /// are one line.
    pub fn set_tag(&mut self, key: &str, value: &str) -> Result<(), RecordError> {
        if !is_tag_key(key) {
            return Err(RecordError::new(0, format!("`{key}` cannot be a tag name")));
        }
        let value = value.replace(['\n', '\r', '#'], " ").trim().to_string();
        match self.tags.iter_mut().find(|(k, _)| k == key) {
            Some(tag) => tag.1 = value,
            None => self.tags.push((key.to_string(), value)),
        }
        Ok(())
    }

    /// The move texts in order.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.text.clone()).collect()
    }

    /// Reads a record.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut game = None;
        let mut rules = Vec::new();
        let mut start = None;
        let mut tags = Vec::new();
        let mut moves = Vec::new();
        let mut in_moves = false;
        for (index, raw) in text.lines().enumerate() {
            let line_no = index + 1;
            let (content, note) = match raw.split_once('#') {
                Some((content, note)) => (content, note.trim()),
                None => (raw, ""),
            };
            let content = content.trim();
            if content.is_empty() {
                continue;
            }
            if in_moves {
                let words: Vec<&str> = content.split_whitespace().collect();
                let last = words.len() - 1;
                for (i, word) in words.into_iter().enumerate() {
                    moves.push(RecordedMove {
                        text: word.to_string(),
                        note: if i == last {
                            note.to_string()
                        } else {
                            String::new()
                        },
                    });
                }
                continue;
            }
            let (key, value) = match content.split_once(char::is_whitespace) {
                Some((key, value)) => (key, value.trim()),
                None => (content, ""),
            };
            match key {
                "moves" if value.is_empty() => in_moves = true,
                "moves" => {
                    return Err(RecordError::new(
                        line_no,
                        "`moves` stands alone on its line; the moves follow on the next lines",
                    ))
                }
                _ if game.is_none() && key != "game" => {
                    return Err(RecordError::new(
                        line_no,
                        format!("the record starts with `game <name>`, found `{key}`"),
                    ))
                }
                "game" if game.is_some() => {
                    return Err(RecordError::new(line_no, "a second `game` line"))
                }
                "game" => {
                    let kind = value
                        .parse::<GameKind>()
                        .map_err(|reason| RecordError::new(line_no, reason.to_string()))?;
                    game = Some(kind);
                }
                "rule" if value.contains('=') && !value.contains(char::is_whitespace) => {
                    rules.push(value.to_string())
                }
                "rule" => {
                    return Err(RecordError::new(
                        line_no,
                        format!("`rule {value}`: expected `rule key=value`"),
                    ))
                }
                "start" if start.is_some() => {
                    return Err(RecordError::new(line_no, "a second `start` line"))
                }
                "start" if value.is_empty() => {
                    return Err(RecordError::new(line_no, "`start` needs a position text"))
                }
                "start" => start = Some(value.to_string()),
                _ if is_tag_key(key) => tags.push((key.to_string(), value.to_string())),
                _ => {
                    return Err(RecordError::new(
                        line_no,
                        format!(
                            "`{key}` is not a header key (a word of letters, digits, `_` or `-`)"
                        ),
                    ))
                }
            }
        }
        let game = game.ok_or_else(|| RecordError::new(0, "no `game <name>` line"))?;
        if !in_moves {
            return Err(RecordError::new(0, "no `moves` line"));
        }
        Ok(Record {
            game,
            rules,
            start,
            tags,
            moves,
        })
    }
}

fn is_tag_key(key: &str) -> bool {
    !key.is_empty()
        && !RESERVED.contains(&key)
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl fmt::Display for Record {
    /// Writes the record in the format above, one move per line with its
    /// note as a comment.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "# ngola game record: `ngola replay --record FILE` replays it"
        )?;
        writeln!(f, "game {}", self.game)?;
        for rule in &self.rules {
            writeln!(f, "rule {rule}")?;
        }
        if let Some(start) = &self.start {
            writeln!(f, "start {start}")?;
        }
        for (key, value) in &self.tags {
            writeln!(f, "{key} {value}")?;
        }
        writeln!(f, "moves")?;
        let width = self.moves.iter().map(|m| m.text.len()).max().unwrap_or(0);
        for mv in &self.moves {
            if mv.note.is_empty() {
                writeln!(f, "{}", mv.text)?;
            } else {
                writeln!(f, "{:<width$}  # {}", mv.text, mv.note)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Record {
        let mut record = Record::new(GameKind::UmElBagara);
        record.rules = vec!["houses=5".into(), "counters=5".into()];
        record.start = Some("umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 0,0".into());
        record.set_tag("south", "you").unwrap();
        record.set_tag("north", "random").unwrap();
        record.moves = vec![
            RecordedMove {
                text: "a3>".into(),
                note: "ply 1, South".into(),
            },
            RecordedMove {
                text: "pass".into(),
                note: String::new(),
            },
        ];
        record
    }

    #[test]
    fn round_trips_through_text() {
        let record = sample();
        let text = record.to_string();
        assert!(text.contains("\nstart umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 0,0\n"));
        assert!(text.contains("\na3>   # ply 1, South\npass\n"));
        assert_eq!(Record::parse(&text).unwrap(), record);
    }

    #[test]
    fn several_moves_may_share_a_line() {
        let record = Record::parse("game kalah\nmoves\na1 a2  # two\n\na3\n").unwrap();
        assert_eq!(record.move_texts(), ["a1", "a2", "a3"]);
        assert_eq!(record.moves[1].note, "two");
        assert_eq!(record.start, None);
    }

    #[test]
    fn errors_name_the_line() {
        let err = |t: &str| Record::parse(t).unwrap_err();
        assert_eq!(err("rule a=b\ngame kalah\nmoves\n").line, 1);
        assert_eq!(err("game chess\nmoves\n").line, 1);
        assert!(err("game chess\nmoves\n").reason.contains("unknown game"));
        assert_eq!(err("game kalah\nrule seeds 4\nmoves\n").line, 2);
        assert_eq!(err("game kalah\ngame oware\nmoves\n").line, 2);
        assert_eq!(err("game kalah\nstart\nmoves\n").line, 2);
        assert_eq!(err("game kalah\nmoves a1\n").line, 2);
        assert_eq!(err("game kalah\nsouth: me\nmoves\n").line, 2);
        assert_eq!(err("game kalah\n").line, 0);
        assert_eq!(err("# nothing\n").line, 0);
    }

    #[test]
    fn tags_cannot_use_reserved_words_or_break_lines() {
        let mut record = Record::new(GameKind::Kalah);
        assert!(record.set_tag("moves", "x").is_err());
        assert!(record.set_tag("two words", "x").is_err());
        record.set_tag("north", "mcts\n# sims").unwrap();
        assert_eq!(record.tag("north"), Some("mcts   sims"));
        let back = Record::parse(&record.to_string()).unwrap();
        assert_eq!(back.tag("north"), Some("mcts   sims"));
    }
}

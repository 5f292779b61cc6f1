//! Opening suites: a text file of openings, one per line, played instead
//! of random openings (`openings = "book.txt"`, `--openings FILE`).
//!
//! Each line that is not blank and does not start with `#` is one opening:
//! either a move sequence from the start position (`a1 c8 b1 d8`), or a
//! position text of docs/src/rules.md, which starts with the game's name
//! (`kalah 4,4,4,4,4,4/4,4,4,4,4,4 0,0 S 0`). Everything after a `#` on a
//! line is a comment. Lines are checked against the game when a run is
//! planned (see [`crate::openings`]): a bad line stops the run with exit
//! code 2 naming the file and the line. An output folder keeps a copy of
//! the suite as [`SUITE_FILE`], which its `experiment.toml` names.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use crate::error::{ArenaError, FileError, Result};
use crate::text_file::{read_text, MAX_LINE};

/// The name of a run's copy of its opening suite, in its output folder.
pub const SUITE_FILE: &str = "openings.txt";

/// An opening suite as read from its file.
#[derive(Clone, Debug)]
pub struct OpeningSuite {
    /// The file it was read from.
    pub path: PathBuf,
    /// The file's text, kept to be copied into the output folder.
    pub text: String,
    /// Each opening with its line number (from 1), comments removed.
    pub entries: Vec<(usize, String)>,
}

impl PartialEq for OpeningSuite {
    /// Two suites are the same if they hold the same openings in the same
    /// order (wherever the files are, whatever their comments).
    fn eq(&self, other: &Self) -> bool {
        self.entries
            .iter()
            .map(|(_, text)| text)
            .eq(other.entries.iter().map(|(_, text)| text))
    }
}

impl OpeningSuite {
    /// Reads a suite file; an unreadable or empty file, or a line longer
    /// than [`MAX_LINE`] bytes, is an error naming it.
    pub fn read(path: &Path) -> Result<OpeningSuite> {
        let text = read_text(path, MAX_LINE).map_err(|e| match e {
            ArenaError::File(FileError::Io { source, .. }) => {
                ArenaError::field("openings", format!("{}: {source}", path.display()))
            }
            e => e,
        })?;
        let suite = OpeningSuite::parse(path, text);
        if suite.entries.is_empty() {
            return Err(ArenaError::bad_file(
                path,
                "holds no opening (one per line: moves from the start, or a position text)",
            ));
        }
        Ok(suite)
    }

    /// The openings of `text` (read from `path`).
    pub fn parse(path: &Path, text: String) -> OpeningSuite {
        let entries = text
            .lines()
            .enumerate()
            .filter_map(|(i, line)| {
                let content = line.split('#').next().unwrap_or("");
                let words: Vec<&str> = content.split_whitespace().collect();
                (!words.is_empty()).then(|| (i + 1, words.join(" ")))
            })
            .collect();
        OpeningSuite {
            path: path.to_path_buf(),
            text,
            entries,
        }
    }

    /// The number of openings.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True if the suite holds no opening.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Games per pairing when none are given: each opening played twice.
    pub fn default_games(&self) -> u32 {
        u32::try_from(2 * self.len() as u64).unwrap_or(u32::MAX - 1)
    }
}

/// The order in which a suite's openings are given to a pairing's pairs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum OpeningsOrder {
    /// Pair `r` of every pairing plays the suite's `r`-th opening.
    #[default]
    Sequential,
    /// The suite shuffled (from the master seed), the same order for every
    /// pairing.
    Random,
}

impl OpeningsOrder {
    /// The name in experiment files and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            OpeningsOrder::Sequential => "sequential",
            OpeningsOrder::Random => "random",
        }
    }
}

impl fmt::Display for OpeningsOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for OpeningsOrder {
    type Err = ArenaError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "sequential" => Ok(OpeningsOrder::Sequential),
            "random" => Ok(OpeningsOrder::Random),
            other => Err(ArenaError::field(
                "openings_order",
                format!("`{other}`: expected sequential or random"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_comments_and_blank_lines() {
        let suite = OpeningSuite::parse(
            Path::new("book.txt"),
            "# a book\n\na1  c8 # first\n  kalah 4,4/4,4 0,0 S 0\n#\n".to_string(),
        );
        assert_eq!(
            suite.entries,
            vec![
                (3, "a1 c8".to_string()),
                (4, "kalah 4,4/4,4 0,0 S 0".to_string())
            ]
        );
        assert_eq!(suite.default_games(), 4);
        let same = OpeningSuite::parse(Path::new("x"), "a1 c8\nkalah 4,4/4,4 0,0 S 0\n".into());
        assert_eq!(suite, same);
        assert!("sideways".parse::<OpeningsOrder>().is_err());
        assert_eq!(
            "random".parse::<OpeningsOrder>().unwrap(),
            OpeningsOrder::Random
        );
    }
}

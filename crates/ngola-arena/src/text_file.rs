//! Text files written by others (opening suites, experiment files, game
//! records) read line by line with a length limit: a line past the limit
//! is refused naming the limit after at most that many bytes were read,
//! never read into memory whole.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use crate::error::{ArenaError, Result};

/// The longest line of an opening suite, an experiment file or a game
/// record, in bytes (its line end aside): far more than any opening,
/// position text or setting needs.
pub const MAX_LINE: usize = 1 << 16;

/// Reads the text file at `path`, every line at most `max_line` bytes and
/// UTF-8. Errors name the file and the line: [`crate::error::FileError::Bad`]
/// for a line too long or not text, [`crate::error::FileError::Io`] if it
/// cannot be read.
pub fn read_text(path: &Path, max_line: usize) -> Result<String> {
    let file = std::fs::File::open(path).map_err(|e| ArenaError::io(path, e))?;
    read_text_from(path, BufReader::new(file), max_line)
}

/// [`read_text`] from `input` (`path` names it in errors).
pub fn read_text_from(path: &Path, mut input: impl BufRead, max_line: usize) -> Result<String> {
    let mut text = String::new();
    let mut line = Vec::new();
    for number in 1u64.. {
        line.clear();
        let limit = max_line as u64 + 2; // the line, "\r\n", then one more
        input
            .by_ref()
            .take(limit)
            .read_until(b'\n', &mut line)
            .map_err(|e| ArenaError::io(path, e))?;
        if line.is_empty() {
            break;
        }
        let body = line
            .strip_suffix(b"\n")
            .map_or(&line[..], |b| b.strip_suffix(b"\r").unwrap_or(b));
        if body.len() > max_line {
            return Err(ArenaError::bad_file(
                path,
                format!("line {number}: longer than {max_line} bytes, the longest line read"),
            ));
        }
        let whole = std::str::from_utf8(&line)
            .map_err(|_| ArenaError::bad_file(path, format!("line {number}: not UTF-8 text")))?;
        text.push_str(whole);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8], max: usize) -> Result<String> {
        read_text_from(Path::new("suite.txt"), bytes, max)
    }

    #[test]
    fn lines_up_to_the_limit_read_and_longer_ones_are_refused_naming_it() {
        assert_eq!(read(b"abcd\r\nef\ngh", 4).unwrap(), "abcd\r\nef\ngh");
        assert_eq!(read(b"", 4).unwrap(), "");
        let err = read(b"ab\nabcde\n", 4).unwrap_err().to_string();
        assert!(
            err.contains("line 2") && err.contains("longer than 4 bytes"),
            "{err}"
        );
        let err = read(b"ab\nabcdefgh", 4).unwrap_err().to_string();
        assert!(err.contains("line 2"), "{err}");
        let err = read(b"ok\n\xff\n", 4).unwrap_err().to_string();
        assert!(err.contains("line 2: not UTF-8"), "{err}");
    }

    #[test]
    fn a_long_line_is_not_read_whole() {
        // An endless line: refused after the limit, not read to its end.
        let endless = std::io::BufReader::new(std::io::repeat(b'x'));
        let err = read_text_from(Path::new("x"), endless, 1000).unwrap_err();
        assert!(err.to_string().contains("longer than 1000 bytes"), "{err}");
    }
}

//! Lines from others read with a length limit, and short quotes of text
//! that may be huge.
//!
//! [`read_bounded`] never holds more than the limit in memory: past it, the
//! rest of the line is read and thrown away in buffer-sized pieces, and only
//! its length is kept. [`excerpt`] quotes at most a short prefix of a text,
//! with its length, for error replies and a row's `fault` column.

use std::io::{self, BufRead, Read};

/// The longest line `ngola engine` reads (a `position` line of a game at
/// the ply limit is well below it).
pub const COMMAND_LIMIT: usize = 1 << 20;

/// The longest line an engine may answer in a tournament.
pub const ANSWER_LIMIT: usize = 64 << 10;

/// Characters of a long text that [`excerpt`] keeps.
pub const EXCERPT_CHARS: usize = 40;

/// What [`read_bounded`] read.
#[derive(Debug, PartialEq, Eq)]
pub enum Bounded {
    /// The end of the input: nothing was read.
    End,
    /// A whole line (its newline included, if it had one) is in the buffer.
    Line,
    /// The line was longer than the limit: the buffer holds its first
    /// `limit + 1` bytes, the rest was read and dropped.
    TooLong {
        /// The line's length in bytes, without its newline.
        len: u64,
    },
}

/// Reads one line into `buf` (cleared first), at most `limit` bytes of it
/// besides the newline.
pub fn read_bounded(
    input: &mut impl BufRead,
    limit: usize,
    buf: &mut Vec<u8>,
) -> io::Result<Bounded> {
    buf.clear();
    let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
    let read = input.by_ref().take(cap).read_until(b'\n', buf)?;
    if read == 0 {
        return Ok(Bounded::End);
    }
    if buf.last() == Some(&b'\n') || buf.len() <= limit {
        return Ok(Bounded::Line);
    }
    // Past the limit: drop the rest of the line, counting it.
    let mut len = buf.len() as u64;
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            break;
        }
        match available.iter().position(|&b| b == b'\n') {
            Some(at) => {
                len += at as u64;
                input.consume(at + 1);
                break;
            }
            None => {
                let n = available.len();
                len += n as u64;
                input.consume(n);
            }
        }
    }
    Ok(Bounded::TooLong { len })
}

/// `text` itself if it is short, else its first [`EXCERPT_CHARS`]
/// characters, `...` and its length in bytes: `aaaa... (52428800 bytes)`.
pub fn excerpt(text: &str) -> String {
    excerpt_at(text, EXCERPT_CHARS)
}

/// `text` itself if it has at most `chars` characters, else its first
/// `chars`, `...` and its length in bytes.
pub fn excerpt_at(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        None => text.to_string(),
        Some((end, _)) => format!("{}... ({} bytes)", &text[..end], text.len()),
    }
}

/// The first bytes of a line that was too long, quoted: its first
/// [`EXCERPT_CHARS`] characters, `...` and the whole line's length.
pub fn too_long_excerpt(prefix: &[u8], len: u64) -> String {
    let text = String::from_utf8_lossy(prefix);
    let end = text
        .char_indices()
        .nth(EXCERPT_CHARS)
        .map_or(text.len(), |(end, _)| end);
    format!("{}... ({len} bytes)", &text[..end])
}

/// `reason` with every backquoted span longer than [`EXCERPT_CHARS`]
/// shortened by [`excerpt`], and the whole cut to a few excerpts' length:
/// for error replies that quote what they were sent.
pub fn shorten_quotes(reason: &str) -> String {
    let mut out = String::with_capacity(reason.len().min(1024));
    let mut rest = reason;
    while let Some(open) = rest.find('`') {
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        match rest.find('`') {
            Some(close) => {
                out.push_str(&excerpt(&rest[..close]));
                out.push('`');
                rest = &rest[close + 1..];
            }
            None => break,
        }
    }
    out.push_str(rest);
    let most = 8 * EXCERPT_CHARS;
    match out.char_indices().nth(most) {
        None => out,
        Some((end, _)) => format!("{}... ({} bytes)", &out[..end], out.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<(Bounded, Vec<u8>)> {
        let mut reader = io::BufReader::with_capacity(8, input);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let read = read_bounded(&mut reader, limit, &mut buf).expect("reads");
            if read == Bounded::End {
                return out;
            }
            out.push((read, buf.clone()));
        }
    }

    #[test]
    fn lines_up_to_the_limit_pass_and_longer_ones_are_measured_and_dropped() {
        let got = lines(b"abcd\nabcde\nabcdefghijklmnopqrstuvwxyz\nok\nlast", 4);
        assert_eq!(got[0], (Bounded::Line, b"abcd\n".to_vec()));
        assert_eq!(got[1], (Bounded::TooLong { len: 5 }, b"abcde".to_vec()));
        assert_eq!(got[2], (Bounded::TooLong { len: 26 }, b"abcde".to_vec()));
        // The line after a long one is read whole.
        assert_eq!(got[3], (Bounded::Line, b"ok\n".to_vec()));
        assert_eq!(got[4], (Bounded::Line, b"last".to_vec()));
        assert_eq!(got.len(), 5);
        // A long line at the end of the input, without a newline.
        let got = lines(b"abcdefgh", 4);
        assert_eq!(got, vec![(Bounded::TooLong { len: 8 }, b"abcde".to_vec())]);
    }

    #[test]
    fn excerpts_keep_a_short_prefix_and_the_length() {
        assert_eq!(excerpt("z9"), "z9");
        let long = "x".repeat(1000);
        assert_eq!(
            excerpt(&long),
            format!("{}... (1000 bytes)", "x".repeat(40))
        );
        assert_eq!(too_long_excerpt(b"ab", 70_000), "ab... (70000 bytes)");
        let reason = format!("cannot read move `{long}`: bad `a9`");
        assert_eq!(
            shorten_quotes(&reason),
            format!(
                "cannot read move `{}... (1000 bytes)`: bad `a9`",
                "x".repeat(40)
            )
        );
        let unquoted = "y".repeat(5000);
        assert!(shorten_quotes(&unquoted).ends_with("... (5000 bytes)"));
        assert!(shorten_quotes(&unquoted).len() < 400);
    }
}

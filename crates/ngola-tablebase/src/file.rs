//! The level files: `level-NNN.tb` in the database folder, one per level.
//!
//! A file is a text header of [`HEADER_BYTES`] bytes (lines `key value`,
//! ended by a line `end`, padded with zero bytes), then the entries (see
//! [`crate::level`]), so the entries start page-aligned for memory mapping.
//! The header names the game, the full rule set, the rules the values
//! depend on, the level, the index scheme, the value encoding and the
//! SHA-256 of the entries. A level is written to `level-NNN.tb.tmp`,
//! synced to disk and renamed, so a file named `level-NNN.tb` is always
//! complete: a build killed at any moment leaves finished levels and at
//! most one partial temporary file, which the next build removes.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use memmap2::Mmap;

use crate::error::TablebaseError;

/// The first line of every level file.
pub const MAGIC: &str = "ngola-tablebase 1";
/// Bytes of the header (the entries start after it).
pub const HEADER_BYTES: usize = 4096;
/// The index scheme, as headers name it.
pub const INDEX_SCHEME: &str = "colex-stars-and-bars: rank in the combinatorial number system of \
     the arrangement (side to move's holes first, each side's from its owner's left); \
     slice-major";
/// The value encoding, as headers name it.
pub const ENCODING: &str = "i8 margin over the seeds on the board from the side to move's \
     view, -128 minus infinity, 127 plus infinity; 1 byte: exact value, 2 bytes: lower then upper";

/// A level file's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game (`kalah`, `oware`, `umelbagara`).
    pub game: String,
    /// Every rule option, `key=value,...`.
    pub rules: String,
    /// The rule options the values depend on (all but the start count).
    pub play_rules: String,
    /// What endless play is worth (`acyclic`, `endless`, `repetition`).
    pub semantics: String,
    /// Seeds on the board.
    pub level: usize,
    /// Holes on the board.
    pub holes: usize,
    /// Arrangements per slice.
    pub arrangements: u64,
    /// Slices.
    pub slices: usize,
    /// What a slice is (`none`, or `score-difference` = slice - level).
    pub slice_meaning: String,
    /// Bytes per entry.
    pub width: usize,
    /// SHA-256 of the entries, lowercase hex.
    pub sha256: String,
}

impl Header {
    /// Bytes of the entries.
    pub fn data_bytes(&self) -> u64 {
        self.arrangements * self.slices as u64 * self.width as u64
    }

    /// The header text, without padding.
    fn text(&self) -> String {
        format!(
            "{MAGIC}\ngame {}\nrules {}\nvalues-depend-on {}\nendless-play {}\nlevel {}\n\
             holes {}\nindex {INDEX_SCHEME}\narrangements {}\nslices {}\nslice-meaning {}\n\
             entry-bytes {}\nencoding {ENCODING}\nsha256 {}\nend\n",
            self.game,
            self.rules,
            self.play_rules,
            self.semantics,
            self.level,
            self.holes,
            self.arrangements,
            self.slices,
            self.slice_meaning,
            self.width,
            self.sha256
        )
    }

    /// Reads a header from the first [`HEADER_BYTES`] of a file.
    pub fn parse(bytes: &[u8], path: &Path) -> Result<Header, TablebaseError> {
        let bad = |field: &str, reason: String| TablebaseError::BadFile {
            path: path.to_path_buf(),
            field: field.to_string(),
            reason,
        };
        let end = bytes
            .windows(5)
            .position(|w| w == b"\nend\n")
            .ok_or_else(|| bad("header", "no `end` line: not a level file".into()))?;
        let text = std::str::from_utf8(&bytes[..end])
            .map_err(|_| bad("header", "not text: not a level file".into()))?;
        let mut lines = text.lines();
        if lines.next() != Some(MAGIC) {
            return Err(bad(
                "magic",
                format!("the first line is not `{MAGIC}`: not a level file of this version"),
            ));
        }
        let mut fields = std::collections::HashMap::new();
        for line in lines {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            fields.insert(key, value);
        }
        let text_of = |key: &str| -> Result<String, TablebaseError> {
            fields
                .get(key)
                .map(|v| v.to_string())
                .ok_or_else(|| bad(key, "missing".into()))
        };
        let number = |key: &str| -> Result<u64, TablebaseError> {
            text_of(key)?
                .parse::<u64>()
                .map_err(|_| bad(key, "not a number".into()))
        };
        if text_of("index")? != INDEX_SCHEME {
            return Err(bad(
                "index",
                "an index scheme this version does not read".into(),
            ));
        }
        if text_of("encoding")? != ENCODING {
            return Err(bad(
                "encoding",
                "a value encoding this version does not read".into(),
            ));
        }
        let width = number("entry-bytes")? as usize;
        if width != 1 && width != 2 {
            return Err(bad("entry-bytes", format!("{width}: must be 1 or 2")));
        }
        Ok(Header {
            game: text_of("game")?,
            rules: text_of("rules")?,
            play_rules: text_of("values-depend-on")?,
            semantics: text_of("endless-play")?,
            level: number("level")? as usize,
            holes: number("holes")? as usize,
            arrangements: number("arrangements")?,
            slices: number("slices")? as usize,
            slice_meaning: text_of("slice-meaning")?,
            width,
            sha256: text_of("sha256")?,
        })
    }
}

/// The file name of level `level`.
pub fn level_file_name(level: usize) -> String {
    format!("level-{level:03}.tb")
}

/// The path of level `level` in `dir`.
pub fn level_path(dir: &Path, level: usize) -> PathBuf {
    dir.join(level_file_name(level))
}

pub use ngola_files::sha256_hex;

/// Writes a level atomically: temporary file (`level-NNN.tb.tmp`), sync,
/// rename, sync of the folder ([`ngola_files::write_parts_atomically`]).
pub fn write_level(dir: &Path, header: &Header, data: &[u8]) -> Result<PathBuf, TablebaseError> {
    let path = level_path(dir, header.level);
    let mut head = header.text().into_bytes();
    if head.len() > HEADER_BYTES {
        return Err(TablebaseError::BadFile {
            path,
            field: "header".into(),
            reason: "longer than the header block".into(),
        });
    }
    head.resize(HEADER_BYTES, 0);
    ngola_files::write_parts_atomically(&path, &[&head, data])
        .map_err(|e| TablebaseError::io(&path, e))?;
    Ok(path)
}

/// Opens the level file at `path`, which must be a regular file: a
/// folder, a device or a file of /proc named like a level is the user's
/// mistake (exit 2, field `file`), not a failure of the machine.
fn open_regular(path: &Path) -> Result<File, TablebaseError> {
    let file = File::open(path).map_err(|e| TablebaseError::io(path, e))?;
    let is_file = file
        .metadata()
        .map_err(|e| TablebaseError::io(path, e))?
        .is_file();
    if !is_file {
        return Err(TablebaseError::BadFile {
            path: path.to_path_buf(),
            field: "file".into(),
            reason: "not a regular file (a folder, a device or another node)".into(),
        });
    }
    Ok(file)
}

/// Reads only the header of a level file.
pub fn read_header(path: &Path) -> Result<Header, TablebaseError> {
    let mut file = open_regular(path)?;
    let mut head = vec![0u8; HEADER_BYTES];
    let mut filled = 0;
    while filled < HEADER_BYTES {
        let n = file
            .read(&mut head[filled..])
            .map_err(|e| TablebaseError::io(path, e))?;
        if n == 0 {
            break;
        }
        filled += n;
    }
    Header::parse(&head[..filled], path)
}

/// A level file, memory-mapped.
pub struct LevelFile {
    /// Its path.
    pub path: PathBuf,
    /// Its header.
    pub header: Header,
    map: Mmap,
}

impl LevelFile {
    /// Maps a level file and checks its header and size (not its checksum:
    /// see [`LevelFile::checksum_ok`]).
    pub fn open(path: &Path) -> Result<LevelFile, TablebaseError> {
        let file = open_regular(path)?;
        // SAFETY: the file is opened read-only and a database's files are
        // never modified in place (levels are replaced by rename only).
        // The workspace denies unsafe code; a memory map has no safe form.
        #[allow(unsafe_code)]
        let map = unsafe { Mmap::map(&file) }.map_err(|e| TablebaseError::io(path, e))?;
        let header = Header::parse(&map[..map.len().min(HEADER_BYTES)], path)?;
        let want = HEADER_BYTES as u64 + header.data_bytes();
        if map.len() as u64 != want {
            return Err(TablebaseError::BadFile {
                path: path.to_path_buf(),
                field: "size".into(),
                reason: format!(
                    "{} bytes, but the header says {want}: the file is damaged",
                    map.len()
                ),
            });
        }
        Ok(LevelFile {
            path: path.to_path_buf(),
            header,
            map,
        })
    }

    /// The entries.
    pub fn data(&self) -> &[u8] {
        &self.map[HEADER_BYTES..]
    }

    /// Whether the entries' SHA-256 is the header's.
    pub fn checksum_ok(&self) -> bool {
        sha256_hex(self.data()) == self.header.sha256
    }
}

//! `games.csv.gz`: a run's games kept compressed (gzip), for very large
//! runs. A folder holds its games either as `games.csv` (while it runs,
//! and by default) or, once archived, as `games.csv.gz` alone: the same
//! bytes compressed, which gzip, pandas (`read_csv`) and polars read as
//! they are. Rows are always appended to the plain file (a kill leaves
//! every complete row readable); a run is archived after it completes,
//! and a folder is restored to the plain file before it is resumed, so
//! that resume, merge and the replay check see the rows they always see.
//!
//! Compression and decompression stream through buffers: memory does not
//! grow with the file. gzip's fastest level keeps the cost small beside
//! the run that wrote the games. The archive is deterministic (no name, time 0 in
//! the gzip header), so the same games give the same bytes.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use flate2::bufread::MultiGzDecoder;
use flate2::{Compression, GzBuilder};

use ngola_files::FileError;

use crate::record::Result;

use super::read::{parse_games, read_games, GamesFile};

/// The plain file's name.
const PLAIN: &str = "games.csv";
/// The most an archive may grow when decompressed, as a multiple of its
/// size: the games ngola writes compress 4 to 8 times (measured over the
/// committed archives of `results/`), so an archive that grows more is
/// not one of them (a file of zeros grows a thousand times) and is refused
/// before it fills the disk or the memory.
pub const MAX_EXPANSION: u64 = 64;
/// The least bound on an archive's decompressed size, whatever its size.
const MIN_DECOMPRESSED_BOUND: u64 = 1 << 20;
/// The archive's name.
pub const ARCHIVE: &str = "games.csv.gz";

/// How a run's games are kept once it completes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GamesFormat {
    /// `games.csv` (the default).
    #[default]
    Csv,
    /// `games.csv.gz` alone ([`archive_games`]).
    CsvGz,
}

impl GamesFormat {
    /// The format's name as the program's `--format-out` takes it.
    pub fn as_str(self) -> &'static str {
        match self {
            GamesFormat::Csv => "csv",
            GamesFormat::CsvGz => "csv.gz",
        }
    }
}

/// A name that is not a games format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a games format (csv, csv.gz)")]
pub struct UnknownFormat(pub String);

impl std::str::FromStr for GamesFormat {
    type Err = UnknownFormat;

    fn from_str(text: &str) -> std::result::Result<Self, Self::Err> {
        match text {
            "csv" => Ok(GamesFormat::Csv),
            "csv.gz" => Ok(GamesFormat::CsvGz),
            other => Err(UnknownFormat(other.to_string())),
        }
    }
}

/// True if `dir` keeps its games archived: `games.csv.gz` and no
/// `games.csv`.
pub fn is_archived(dir: &Path) -> bool {
    !dir.join(PLAIN).exists() && dir.join(ARCHIVE).exists()
}

/// Streams `from` through `convert` into `to` by way of `to`'s temporary
/// name and a rename, so that a kill leaves either no `to` or the whole
/// one.
fn rewrite(
    from: &Path,
    to: &Path,
    convert: impl FnOnce(BufReader<File>, &mut BufWriter<File>) -> std::io::Result<()>,
) -> Result<()> {
    let tmp = PathBuf::from(format!("{}.tmp", to.display()));
    let input = File::open(from).map_err(|e| FileError::io(from, e))?;
    let output = File::create(&tmp).map_err(|e| FileError::io(&tmp, e))?;
    let mut writer = BufWriter::new(output);
    let written = convert(BufReader::new(input), &mut writer)
        .and_then(|()| writer.flush())
        .and_then(|()| writer.get_ref().sync_all());
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(FileError::io(&tmp, e));
    }
    std::fs::rename(&tmp, to).map_err(|e| FileError::io(to, e))
}

/// Archives the games of the folder `dir`: `games.csv` compressed into
/// `games.csv.gz` (through a temporary file and a rename), then the plain
/// file removed. A folder already archived is left as it is. Returns the
/// archive's size in bytes.
pub fn archive_games(dir: &Path) -> Result<u64> {
    let (plain, archive) = (dir.join(PLAIN), dir.join(ARCHIVE));
    if is_archived(dir) {
        return std::fs::metadata(&archive)
            .map(|m| m.len())
            .map_err(|e| FileError::io(&archive, e));
    }
    rewrite(&plain, &archive, |mut input, output| {
        let mut encoder = GzBuilder::new().mtime(0).write(output, Compression::fast());
        std::io::copy(&mut input, &mut encoder)?;
        encoder.finish().map(|_| ())
    })?;
    std::fs::remove_file(&plain).map_err(|e| FileError::io(&plain, e))?;
    std::fs::metadata(&archive)
        .map(|m| m.len())
        .map_err(|e| FileError::io(&archive, e))
}

/// Restores the games of an archived folder `dir` ([`is_archived`]):
/// `games.csv.gz` decompressed into `games.csv` (through a temporary file
/// and a rename), then the archive removed. Returns whether the folder was
/// archived; a folder with a plain `games.csv` is left as it is.
pub fn restore_games(dir: &Path) -> Result<bool> {
    if !is_archived(dir) {
        return Ok(false);
    }
    let (plain, archive) = (dir.join(PLAIN), dir.join(ARCHIVE));
    decompress(&archive, &plain)?;
    std::fs::remove_file(&archive).map_err(|e| FileError::io(&archive, e))?;
    Ok(true)
}

/// Decompresses the gzip file `archive` into the file `to` (through a
/// temporary file and a rename). A damaged archive, or one that grows more
/// than [`MAX_EXPANSION`] times, is an error naming it, and leaves `to`
/// as it was.
pub fn decompress(archive: &Path, to: &Path) -> Result<()> {
    let bound = decompressed_bound(archive)?;
    rewrite(archive, to, |input, output| {
        // One byte past the bound is enough to know it is passed.
        let copied = std::io::copy(&mut MultiGzDecoder::new(input).take(bound + 1), output)?;
        if copied > bound {
            return Err(too_large());
        }
        Ok(())
    })
    .map_err(|e| match e {
        FileError::Io { source, .. } if unreadable(&source) => {
            FileError::bad(archive, unreadable_message(&source))
        }
        other => other,
    })
}

/// The decompressed bytes of the gzip file `path`, bounded as
/// [`decompress`] bounds them; a damaged archive, or one that grows more
/// than [`MAX_EXPANSION`] times, is an error naming it.
pub fn read_archive(path: &Path) -> Result<Vec<u8>> {
    let bound = decompressed_bound(path)?;
    let file = File::open(path).map_err(|e| FileError::io(path, e))?;
    let mut bytes = Vec::new();
    MultiGzDecoder::new(BufReader::new(file))
        .take(bound + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::bad(path, unreadable_message(&e)))?;
    if bytes.len() as u64 > bound {
        return Err(FileError::bad(path, unreadable_message(&too_large())));
    }
    Ok(bytes)
}

/// The most bytes the archive `path` may decompress to.
fn decompressed_bound(path: &Path) -> Result<u64> {
    let size = std::fs::metadata(path)
        .map_err(|e| FileError::io(path, e))?
        .len();
    Ok(size
        .saturating_mul(MAX_EXPANSION)
        .max(MIN_DECOMPRESSED_BOUND))
}

/// The error of an archive that grows past its bound.
fn too_large() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::FileTooLarge,
        format!("decompresses to more than {MAX_EXPANSION} times its size"),
    )
}

/// True for the errors of a damaged, cut or oversized gzip stream.
fn unreadable(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::{FileTooLarge, InvalidData, InvalidInput, UnexpectedEof};
    matches!(
        e.kind(),
        InvalidInput | InvalidData | UnexpectedEof | FileTooLarge
    )
}

/// What a reader's error says of an archive.
fn unreadable_message(e: &std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::FileTooLarge {
        format!("{e}: not the games of a run (they compress 4 to 8 times)")
    } else {
        format!("not a readable gzip file ({e})")
    }
}

/// Reads the games of the folder `dir` as [`read_games`] reads
/// `games.csv`: from `games.csv`, or from `games.csv.gz` when the folder
/// is archived. A folder without either reads as empty.
pub fn read_folder_games(dir: &Path) -> Result<GamesFile> {
    if !is_archived(dir) {
        return read_games(&dir.join(PLAIN));
    }
    let archive = dir.join(ARCHIVE);
    parse_games(&read_archive(&archive)?, &archive)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ngola-archive-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("folder");
        dir
    }

    const TEXT: &[u8] = b"some,rows\n1,2\n3,4\n";

    #[test]
    fn an_archive_that_grows_without_measure_is_refused_and_the_folder_kept() {
        let dir = folder("bomb");
        // Ten megabytes of zeros: about ten kilobytes compressed.
        let mut encoder = GzBuilder::new().write(Vec::new(), Compression::best());
        encoder.write_all(&vec![0u8; 10 << 20]).expect("compress");
        let bomb = encoder.finish().expect("compressed");
        std::fs::write(dir.join(ARCHIVE), &bomb).expect("write");
        let err = restore_games(&dir).expect_err("refused");
        assert!(err.is_input(), "{err}");
        assert!(
            err.to_string().contains(ARCHIVE) && err.to_string().contains("64 times its size"),
            "{err}"
        );
        // Nothing of the folder changed: the archive is there, alone.
        assert_eq!(std::fs::read(dir.join(ARCHIVE)).expect("kept"), bomb);
        let names: Vec<_> = std::fs::read_dir(&dir)
            .expect("folder")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, [ARCHIVE]);
        let err = read_folder_games(&dir).expect_err("refused");
        assert!(err.to_string().contains("64 times its size"), "{err}");
    }

    #[test]
    fn archive_and_restore_give_back_the_same_bytes() {
        let dir = folder("round-trip");
        std::fs::write(dir.join(PLAIN), TEXT).expect("write");
        assert!(!is_archived(&dir));
        let size = archive_games(&dir).expect("archive");
        assert!(is_archived(&dir));
        assert_eq!(
            size,
            std::fs::metadata(dir.join(ARCHIVE)).expect("archive").len()
        );
        // Deterministic: the same games give the same archive.
        let first = std::fs::read(dir.join(ARCHIVE)).expect("read");
        assert_eq!(archive_games(&dir).expect("again"), size);
        assert!(restore_games(&dir).expect("restore"));
        assert_eq!(std::fs::read(dir.join(PLAIN)).expect("plain"), TEXT);
        assert!(!dir.join(ARCHIVE).exists());
        archive_games(&dir).expect("archive");
        assert_eq!(std::fs::read(dir.join(ARCHIVE)).expect("read"), first);
        // A plain folder is not restored.
        restore_games(&dir).expect("restore");
        assert!(!restore_games(&dir).expect("plain already"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_cut_archive_is_an_error_naming_it_and_the_archive_stays() {
        let dir = folder("cut");
        std::fs::write(dir.join(PLAIN), TEXT).expect("write");
        archive_games(&dir).expect("archive");
        let bytes = std::fs::read(dir.join(ARCHIVE)).expect("read");
        std::fs::write(dir.join(ARCHIVE), &bytes[..bytes.len() - 6]).expect("cut");
        let err = restore_games(&dir).expect_err("cut short");
        assert!(err.to_string().contains(ARCHIVE), "{err}");
        assert!(dir.join(ARCHIVE).exists() && !dir.join(PLAIN).exists());
        assert!(!dir.join(format!("{PLAIN}.tmp")).exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn formats_read_by_name() {
        assert_eq!("csv.gz".parse(), Ok(GamesFormat::CsvGz));
        assert_eq!("csv".parse(), Ok(GamesFormat::Csv));
        assert_eq!(
            "parquet".parse::<GamesFormat>(),
            Err(UnknownFormat("parquet".to_string()))
        );
        assert_eq!(GamesFormat::CsvGz.as_str(), "csv.gz");
    }
}

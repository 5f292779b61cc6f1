//! Writing a whole file so that a crash, a kill or a power cut leaves
//! either the old file or the new one, never half of one.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` through `path.tmp`: the temporary file is
/// written and synced to the disk, then renamed over `path`, then the
/// folder is synced so that the rename itself survives a power cut. A
/// failed write removes the temporary file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_parts_atomically(path, &[bytes])
}

/// [`write_atomically`] for a file made of `parts` one after the other
/// (a header and a large body, without joining them in memory).
pub fn write_parts_atomically(path: &Path, parts: &[&[u8]]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let written = std::fs::File::create(&tmp).and_then(|mut file| {
        for part in parts {
            file.write_all(part)?;
        }
        file.sync_all()
    });
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    std::fs::rename(&tmp, path)?;
    sync_folder_of(path)
}

/// Syncs the folder holding `path` (its entries: a rename into it).
#[cfg(unix)]
fn sync_folder_of(path: &Path) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::File::open(folder)?.sync_all()
}

/// Elsewhere a folder cannot be opened to sync it; the file is synced.
#[cfg(not(unix))]
fn sync_folder_of(_path: &Path) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_is_replaced_whole_and_no_temporary_file_stays() {
        let dir = std::env::temp_dir().join(format!("ngola-files-write-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.json");
        write_atomically(&path, b"first").unwrap();
        write_parts_atomically(&path, &[b"sec", b"ond"]).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["a.json"]);
        // Into a folder that is not there: an error, and nothing written.
        assert!(write_atomically(&dir.join("no/b.json"), b"x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

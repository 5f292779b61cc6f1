//! Counting distinct games exactly in bounded memory: the games' keys
//! gather in a buffer; a full buffer is sorted and deduplicated, and if it
//! is still more than half full it is written out as a sorted run beside
//! `games.csv`; at the end the runs are merged and counted. The run files
//! are removed when the count is done or abandoned.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::error::{ArenaError, Result};
use crate::record::fresh_file;

/// Keys held in memory before a run is written: 16 MiB.
const BUFFER_KEYS: usize = 1 << 20;

/// The distinct keys seen so far.
pub(super) struct DistinctKeys {
    dir: PathBuf,
    buffer: Vec<u128>,
    runs: Vec<PathBuf>,
    limit: usize,
}

impl DistinctKeys {
    /// Nothing seen yet; runs go into `dir`.
    pub(super) fn new(dir: &Path) -> DistinctKeys {
        DistinctKeys::with_limit(dir, BUFFER_KEYS)
    }

    fn with_limit(dir: &Path, limit: usize) -> DistinctKeys {
        DistinctKeys {
            dir: dir.to_path_buf(),
            buffer: Vec::new(),
            runs: Vec::new(),
            limit: limit.max(2),
        }
    }

    /// Sees `key`.
    pub(super) fn insert(&mut self, key: u128) -> Result<()> {
        self.buffer.push(key);
        if self.buffer.len() >= self.limit {
            self.buffer.sort_unstable();
            self.buffer.dedup();
            if self.buffer.len() > self.limit / 2 {
                self.spill()?;
            }
        }
        Ok(())
    }

    /// Writes the (sorted, deduplicated) buffer as a run.
    fn spill(&mut self) -> Result<()> {
        let path = self
            .dir
            .join(format!("games.csv.keys{}.tmp", self.runs.len()));
        let file = fresh_file(&path)?;
        self.runs.push(path.clone());
        let io = |e| ArenaError::io(&path, e);
        let mut out = BufWriter::with_capacity(1 << 16, file);
        for key in &self.buffer {
            out.write_all(&key.to_le_bytes()).map_err(io)?;
        }
        out.flush().map_err(io)?;
        self.buffer.clear();
        Ok(())
    }

    /// The number of distinct keys seen.
    pub(super) fn count(mut self) -> Result<u64> {
        self.buffer.sort_unstable();
        self.buffer.dedup();
        if self.runs.is_empty() {
            return Ok(self.buffer.len() as u64);
        }
        let mut sources: Vec<Source> = Vec::with_capacity(self.runs.len() + 1);
        for path in &self.runs {
            let file = File::open(path).map_err(|e| ArenaError::io(path, e))?;
            sources.push(Source::Run(BufReader::with_capacity(1 << 16, file), path));
        }
        sources.push(Source::Memory(self.buffer.iter()));
        let mut heap = BinaryHeap::new();
        for (i, source) in sources.iter_mut().enumerate() {
            if let Some(key) = source.next()? {
                heap.push(Reverse((key, i)));
            }
        }
        let (mut count, mut last) = (0u64, None);
        while let Some(Reverse((key, i))) = heap.pop() {
            if last != Some(key) {
                count += 1;
                last = Some(key);
            }
            if let Some(next) = sources[i].next()? {
                heap.push(Reverse((next, i)));
            }
        }
        Ok(count)
    }
}

impl Drop for DistinctKeys {
    fn drop(&mut self) {
        for path in &self.runs {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Where the merge reads sorted keys from.
enum Source<'a> {
    Run(BufReader<File>, &'a Path),
    Memory(std::slice::Iter<'a, u128>),
}

impl Source<'_> {
    fn next(&mut self) -> Result<Option<u128>> {
        match self {
            Source::Memory(keys) => Ok(keys.next().copied()),
            Source::Run(reader, path) => {
                let mut bytes = [0u8; 16];
                match reader.read_exact(&mut bytes) {
                    Ok(()) => Ok(Some(u128::from_le_bytes(bytes))),
                    Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => Ok(None),
                    Err(e) => Err(ArenaError::io(path, e)),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn counts_exactly_across_runs_and_cleans_up() {
        let dir = std::env::temp_dir().join(format!("ngola-distinct-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // Keys with many repeats, spread over several runs of 64 keys.
        let keys: Vec<u128> = (0..5000u64)
            .map(|i| u128::from(i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % 1500) << 70 | 7)
            .collect();
        let mut distinct = DistinctKeys::with_limit(&dir, 64);
        for &k in &keys {
            distinct.insert(k).unwrap();
        }
        assert!(distinct.runs.len() > 3, "{} runs", distinct.runs.len());
        let runs = distinct.runs.clone();
        let expected = keys.iter().collect::<HashSet<_>>().len() as u64;
        assert_eq!(distinct.count().unwrap(), expected);
        assert!(runs.iter().all(|p| !p.exists()));
        // In memory only.
        let mut small = DistinctKeys::with_limit(&dir, 1 << 20);
        for k in [3u128, 1, 3, 2, 1] {
            small.insert(k).unwrap();
        }
        assert_eq!(small.count().unwrap(), 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

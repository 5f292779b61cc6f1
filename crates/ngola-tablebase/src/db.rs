//! A finished database: its levels memory-mapped, and probes.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use ngola_rules::{Game, MoveList};

use crate::error::TablebaseError;
use crate::file::{level_path, sha256_hex, Header, LevelFile};
use crate::games::{game_name, Endgame, Semantics};
use crate::index::{rank_with, Binomials, MAX_HOLES};
use crate::level::LevelView;
use crate::value::{Bounds, Worth};

/// The header a level of `endgame` must have (all but the checksum).
pub fn expected_header<E: Endgame>(endgame: &E, level: usize) -> Result<Header, TablebaseError> {
    let arrangements = crate::index::Arrangements::new(endgame.holes(), level)?.count();
    let semantics = endgame.semantics();
    Ok(Header {
        game: game_name::<E>().to_string(),
        rules: endgame.rules_text(),
        play_rules: endgame.play_rules_text(),
        semantics: semantics_name(semantics).to_string(),
        level,
        holes: endgame.holes(),
        arrangements,
        slices: endgame.slices(level),
        slice_meaning: if endgame.slices(level) > 1 || game_name::<E>() == "oware" {
            "score-difference".to_string()
        } else {
            "none".to_string()
        },
        width: entry_width(semantics),
        sha256: String::new(),
    })
}

/// Bytes per entry under `semantics`.
pub fn entry_width(semantics: Semantics) -> usize {
    match semantics {
        Semantics::Acyclic => 1,
        _ => 2,
    }
}

/// The header's name of `semantics`.
pub fn semantics_name(semantics: Semantics) -> &'static str {
    match semantics {
        Semantics::Acyclic => "acyclic",
        Semantics::Endless => "endless",
        Semantics::Repetition => "repetition",
    }
}

/// Whether `found` is a level of the same game and play rules as `want`,
/// and of the same shape; an error naming both otherwise.
pub fn check_header(found: &Header, want: &Header, path: &Path) -> Result<(), TablebaseError> {
    if found.game != want.game || found.play_rules != want.play_rules {
        return Err(TablebaseError::OtherRules {
            path: path.to_path_buf(),
            found: format!("{} {}", found.game, found.play_rules),
            wanted: format!("{} {}", want.game, want.play_rules),
        });
    }
    let shape = (
        found.semantics.as_str(),
        found.level,
        found.holes,
        found.arrangements,
        found.slices,
        found.width,
    );
    let wanted = (
        want.semantics.as_str(),
        want.level,
        want.holes,
        want.arrangements,
        want.slices,
        want.width,
    );
    if shape != wanted {
        return Err(TablebaseError::BadFile {
            path: path.to_path_buf(),
            field: "shape".into(),
            reason: format!(
                "(endless-play, level, holes, arrangements, slices, entry-bytes) = {shape:?}, \
                 expected {wanted:?}"
            ),
        });
    }
    Ok(())
}

/// The levels of a database folder `0..=top`, in order. A level missing
/// below one that is there is an error naming it: the database would
/// otherwise seem to end below the gap.
pub fn level_paths(dir: &Path) -> Result<Vec<PathBuf>, TablebaseError> {
    let paths: Vec<PathBuf> = (0..)
        .map(|level| level_path(dir, level))
        .take_while(|p| p.exists())
        .collect();
    let above = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|entry| entry.ok())
        .filter_map(|entry| level_of_name(&entry.file_name().to_string_lossy()))
        .filter(|&level| level > paths.len())
        .max();
    match above {
        Some(top) => Err(TablebaseError::BadFile {
            path: level_path(dir, paths.len()),
            field: "levels".into(),
            reason: format!(
                "missing, though {} above it is there: the database is incomplete \
                 (rebuild it, or remove the levels above the gap)",
                crate::file::level_file_name(top)
            ),
        }),
        None => Ok(paths),
    }
}

/// The level a file named `level-NNN.tb` holds, if that is its name.
fn level_of_name(name: &str) -> Option<usize> {
    let digits = name.strip_prefix("level-")?.strip_suffix(".tb")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// What a probe found.
#[derive(Clone, Debug)]
pub struct Probe<M> {
    /// The position's worth to the side to move, banked seeds included.
    pub worth: Worth,
    /// Seeds on the board (the level).
    pub level: usize,
    /// The entry (`None` for a finished game).
    pub bounds: Option<Bounds>,
    /// Every legal move with its worth to the side to move.
    pub moves: Vec<(M, Worth)>,
}

impl<M: Copy> Probe<M> {
    /// The moves whose worth is the position's: those that keep the value.
    pub fn keeping(&self) -> Vec<M> {
        self.moves
            .iter()
            .filter(|(_, w)| *w == self.worth)
            .map(|(m, _)| *m)
            .collect()
    }
}

/// Where a position's entry lies, and the banked seeds its value adds.
struct Entry {
    level: usize,
    slice: usize,
    rank: u64,
    /// The mover's banked seeds minus the opponent's.
    banked: i32,
}

/// A database of `E`, opened for probes.
pub struct Database<E: Endgame> {
    dir: PathBuf,
    endgame: E,
    levels: Vec<LevelFile>,
    binomials: Binomials,
}

impl<E: Endgame> Database<E> {
    /// Opens the database in `dir` for `endgame`'s rules: every level file
    /// from 0 up is mapped, its header checked and its entries checked
    /// against the header's SHA-256 (the levels in parallel, on the
    /// current rayon pool); a database of another game or other rules is
    /// refused naming both, and a level whose entries changed is refused
    /// naming it ([`TablebaseError::BadFile`], field `sha256`). So every
    /// value read from an opened database is the one its build wrote, and
    /// its identity ([`Database::id`], over the checksums) names its
    /// entries too.
    pub fn open(dir: &Path, endgame: &E) -> Result<Database<E>, TablebaseError> {
        let db = Database::open_unchecked(dir, endgame)?;
        let damaged = db
            .levels
            .par_iter()
            .find_first(|level| !level.checksum_ok());
        if let Some(level) = damaged {
            return Err(TablebaseError::BadFile {
                path: level.path.clone(),
                field: "sha256".into(),
                reason: "the entries do not match the header's checksum: the level is damaged \
                         (`ngola tablebase verify` checks every level; `ngola tablebase build` \
                         with the same rules rebuilds it and the levels above it)"
                    .into(),
            });
        }
        Ok(db)
    }

    /// Opens the database as [`Database::open`] does, without checking the
    /// entries against their checksums: for [`crate::verify()`], which
    /// reports a damaged level instead of refusing it, and for a build
    /// that has just written (and hashed) its levels.
    pub fn open_unchecked(dir: &Path, endgame: &E) -> Result<Database<E>, TablebaseError> {
        let paths = level_paths(dir)?;
        if paths.is_empty() {
            return Err(TablebaseError::BadFile {
                path: dir.to_path_buf(),
                field: "levels".into(),
                reason: "no level-000.tb: not a database folder".into(),
            });
        }
        let mut levels = Vec::with_capacity(paths.len());
        for (level, path) in paths.iter().enumerate() {
            let file = LevelFile::open(path)?;
            check_header(&file.header, &expected_header(endgame, level)?, path)?;
            levels.push(file);
        }
        Ok(Database {
            dir: dir.to_path_buf(),
            endgame: endgame.clone(),
            levels,
            binomials: Binomials::new(),
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The game adapter.
    pub fn endgame(&self) -> &E {
        &self.endgame
    }

    /// The highest level (seeds on the board) the database covers.
    pub fn top(&self) -> usize {
        self.levels.len() - 1
    }

    /// The level files.
    pub fn files(&self) -> &[LevelFile] {
        &self.levels
    }

    /// Read access to level `level`.
    pub fn view(&self, level: usize) -> LevelView<'_> {
        let h = &self.levels[level].header;
        LevelView {
            level,
            arrangements: h.arrangements,
            slices: h.slices,
            width: h.width,
            data: self.levels[level].data(),
        }
    }

    /// Views of every level, `[0..=top]`.
    pub fn views(&self) -> Vec<LevelView<'_>> {
        (0..self.levels.len()).map(|l| self.view(l)).collect()
    }

    /// The database's identity: SHA-256 over the levels' checksums in order.
    pub fn id(&self) -> String {
        let joined: String = self
            .levels
            .iter()
            .map(|l| format!("{} {}\n", l.header.level, l.header.sha256))
            .collect();
        sha256_hex(joined.as_bytes())
    }

    /// The worth of `game` to its side to move, from its entry alone.
    pub fn worth(&self, game: &E::G) -> Result<(Worth, usize, Option<Bounds>), TablebaseError> {
        if game.outcome().is_some() {
            let mover = game.to_move();
            let t = game.totals();
            let m = t[mover.index()] as i32 - t[mover.opponent().index()] as i32;
            return Ok((Worth::Exact(m), 0, None));
        }
        let entry = self.locate_entry(game)?;
        let bounds = self.view(entry.level).bounds(entry.slice, entry.rank);
        let worth = bounds.worth(self.endgame.semantics(), entry.banked, entry.level as i32);
        Ok((worth, entry.level, Some(bounds)))
    }

    /// Where the entry of `game` (a game going on) lies: its level file and
    /// the byte of that file where the entry begins, for tools that
    /// inspect or repair a database.
    pub fn entry_at(&self, game: &E::G) -> Result<(PathBuf, u64), TablebaseError> {
        let entry = self.locate_entry(game)?;
        let offset = self.view(entry.level).offset(entry.slice, entry.rank);
        let byte = (crate::file::HEADER_BYTES + offset) as u64;
        Ok((level_path(&self.dir, entry.level), byte))
    }

    /// The entry of `game`, a game going on.
    fn locate_entry(&self, game: &E::G) -> Result<Entry, TablebaseError> {
        let mover = game.to_move();
        let banked = self.endgame.banked(game);
        let diff = banked[mover.index()] - banked[mover.opponent().index()];
        let holes = self.endgame.holes();
        let mut counts = [0u8; MAX_HOLES];
        self.endgame.counts(game, &mut counts[..holes]);
        let level: usize = counts[..holes].iter().map(|&c| c as usize).sum();
        if level > self.top() {
            return Err(TablebaseError::NotCovered {
                seeds: level,
                top: self.top(),
            });
        }
        let slice = self
            .endgame
            .slice_of(level, diff)
            .ok_or_else(|| TablebaseError::Position("the scores already decide the game".into()))?;
        let rank = rank_with(&self.binomials, &counts[..holes]);
        Ok(Entry {
            level,
            slice,
            rank,
            banked: diff,
        })
    }

    /// The worth of `game` and of each of its moves.
    pub fn probe(&self, game: &E::G) -> Result<Probe<<E::G as Game>::Move>, TablebaseError> {
        let (worth, level, bounds) = self.worth(game)?;
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mut rated = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let mut child = game.clone();
            child.play(mv);
            let (w, _, _) = self.worth(&child)?;
            let w = if child.to_move() == game.to_move() {
                w
            } else {
                match w {
                    Worth::Exact(m) => Worth::Exact(-m),
                    Worth::Between(lo, hi) => Worth::Between(-hi, -lo),
                }
            };
            rated.push((mv, w));
        }
        // A value no move keeps is an entry the children contradict: the
        // database is wrong (a bad build, or entries changed with their
        // checksum), and its value must not be given out.
        let exact_children: Option<Vec<i32>> = rated
            .iter()
            .map(|(_, w)| match w {
                Worth::Exact(m) => Some(*m),
                Worth::Between(..) => None,
            })
            .collect();
        let best = exact_children.and_then(|children| children.into_iter().max());
        if let (Worth::Exact(m), Some(best)) = (worth, best) {
            if best != m {
                return Err(TablebaseError::BadFile {
                    path: level_path(&self.dir, level),
                    field: "entries".into(),
                    reason: format!(
                        "{game}: its value is {m}, but its best move gives {best}: the \
                         entries contradict each other (`ngola tablebase verify` checks every one)"
                    ),
                });
            }
        }
        Ok(Probe {
            worth,
            level,
            bounds,
            moves: rated,
        })
    }
}

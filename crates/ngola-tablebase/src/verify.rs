//! Checking a database: checksums, every entry against its children, and a
//! sample of entries against the per-seed reference implementations.
//!
//! The invariant: an entry's `lower` is the best of what its moves give the
//! side to move when he must force the end, its `upper` the best when his
//! opponent must; both computed from the children's entries exactly as the
//! solver defines them (a final move gives its margin). One pass over the
//! database's moves, with the fast engine. Where positions recur, the
//! invariant is necessary but not sufficient (on a cycle another solution
//! of the same equations exists); the reference sample and the tests
//! against the prover cover that.
//!
//! The reference sample redoes the same check for a sample of entries
//! with the moves and successors of `ngola_rules::reference` (written
//! separately from the fast engine, seed by seed), and checks that both
//! implementations offer the same number of moves.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use ngola_rules::reference::RefGame;
use ngola_rules::{Game, MoveList};
use rayon::prelude::*;

use crate::db::Database;
use crate::error::TablebaseError;
use crate::games::{for_each_step, locate, Endgame, Node, To};
use crate::index::{Arrangements, Binomials, MAX_HOLES};
use crate::level::LevelView;
use crate::solve::{chunk_start, chunks, exit_payoffs};
use crate::value::{encode, Bounds, NEG_INF, POS_INF};

/// Failures kept in a report (the count covers all).
const KEPT_FAILURES: usize = 20;

/// One entry that is not what its children say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Its level.
    pub level: usize,
    /// Its slice.
    pub slice: usize,
    /// Its rank.
    pub rank: u64,
    /// What the file holds (bytes as margins).
    pub stored: (i8, i8),
    /// What the children give.
    pub expected: (i8, i8),
    /// The position (South to move).
    pub position: String,
}

/// What a verification found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VerifyReport {
    /// Levels checked.
    pub levels: usize,
    /// Entries checked against their children.
    pub entries: u64,
    /// Levels whose checksum does not match their header.
    pub bad_checksums: Vec<usize>,
    /// Entries that break the invariant (count).
    pub invariant_failures: u64,
    /// Entries checked against the reference implementation.
    pub reference_checked: u64,
    /// Sampled entries that disagree with the reference (count).
    pub reference_failures: u64,
    /// The first failures found.
    pub failures: Vec<Failure>,
}

impl VerifyReport {
    /// No failure of any kind.
    pub fn ok(&self) -> bool {
        self.bad_checksums.is_empty()
            && self.invariant_failures == 0
            && self.reference_failures == 0
    }
}

/// Checks every level of `db`: checksum, invariant, and `samples` entries
/// per level against the reference. `progress(level, arrangements)` is
/// called as work is done.
pub fn verify<E: Endgame>(
    db: &Database<E>,
    samples: u64,
    progress: &(dyn Fn(usize, u64) + Sync),
) -> Result<VerifyReport, TablebaseError> {
    let mut report = VerifyReport::default();
    let failures = Mutex::new(Vec::new());
    let views = db.views();
    for (level, file) in db.files().iter().enumerate() {
        report.levels += 1;
        if !file.checksum_ok() {
            report.bad_checksums.push(level);
        }
        let view = views[level];
        report.entries += view.entries();
        report.invariant_failures += check_level(db.endgame(), &views, view, &failures, progress)?;
        let (checked, failed) = check_reference(db.endgame(), &views, view, samples, &failures)?;
        report.reference_checked += checked;
        report.reference_failures += failed;
    }
    report.failures = failures.into_inner().unwrap_or_default();
    Ok(report)
}

/// The entry the children give, from each move's attacker payoffs.
fn expected_entry(payoffs: impl Iterator<Item = (i32, i32)>, width: usize) -> (i8, i8) {
    let (mut best, mut worst) = (NEG_INF, POS_INF);
    for (a, d) in payoffs {
        best = best.max(a);
        worst = worst.min(d);
    }
    let lower = encode(best);
    let upper = if width == 1 { lower } else { encode(-worst) };
    (lower, upper)
}

/// The stored bytes of an entry.
fn stored_entry(view: LevelView<'_>, slice: usize, rank: u64) -> (i8, i8) {
    let at = (slice as u64 * view.arrangements + rank) as usize * view.width;
    let lower = view.data[at] as i8;
    let upper = if view.width == 2 {
        view.data[at + 1] as i8
    } else {
        lower
    };
    (lower, upper)
}

/// A child's bounds from the database (ignored for a final move).
fn child_bounds(views: &[LevelView<'_>], to: To) -> Result<Bounds, usize> {
    match to {
        To::Final(_) => Ok(Bounds { lower: 0, upper: 0 }),
        To::Child {
            level, slice, rank, ..
        } => views.get(level).map(|v| v.bounds(slice, rank)).ok_or(level),
    }
}

/// Records a failure (keeping the first few).
fn record(failures: &Mutex<Vec<Failure>>, failure: Failure) {
    if let Ok(mut list) = failures.lock() {
        if list.len() < KEPT_FAILURES {
            list.push(failure);
        }
    }
}

/// The invariant over one level; returns the number of failures.
fn check_level<E: Endgame>(
    endgame: &E,
    views: &[LevelView<'_>],
    view: LevelView<'_>,
    failures: &Mutex<Vec<Failure>>,
    progress: &(dyn Fn(usize, u64) + Sync),
) -> Result<u64, TablebaseError> {
    let level = view.level;
    let arrangements = Arrangements::new(endgame.holes(), level)?;
    let holes = endgame.holes();
    let binomials = Binomials::new();
    let failed = AtomicU64::new(0);
    for slice in 0..view.slices {
        (0..chunks(arrangements.count()))
            .into_par_iter()
            .try_for_each(|chunk| {
                let mut counts = [0u8; MAX_HOLES];
                let ranks = chunk_start(&arrangements, chunk, &mut counts[..holes]);
                let done = ranks.end - ranks.start;
                for rank in ranks {
                    let (expected, position) =
                        match endgame.position(&counts[..holes], slice) {
                            Node::Over(t) => ((encode(t), encode(t)), None),
                            Node::Play(game) => {
                                let mut payoffs = Vec::new();
                                let mut missing = None;
                                for_each_step(endgame, &binomials, &game, |_, to, _| {
                                    match child_bounds(views, to) {
                                        Ok(b) => payoffs.push(exit_payoffs(to, b)),
                                        Err(l) => missing = Some(l),
                                    }
                                });
                                if let Some(l) = missing {
                                    return Err(TablebaseError::Invariant {
                                        level,
                                        reason: format!(
                                            "a move leads to level {l}, above the database"
                                        ),
                                    });
                                }
                                (expected_entry(payoffs.into_iter(), view.width), Some(game))
                            }
                        };
                    let stored = stored_entry(view, slice, rank);
                    if stored != expected {
                        failed.fetch_add(1, Ordering::Relaxed);
                        record(
                            failures,
                            Failure {
                                level,
                                slice,
                                rank,
                                stored,
                                expected,
                                position: position.map(|g| g.to_string()).unwrap_or_default(),
                            },
                        );
                    }
                    Arrangements::next(&mut counts[..holes]);
                }
                progress(level, done);
                Ok(())
            })?;
    }
    Ok(failed.into_inner())
}

/// A deterministic pseudo-random number (SplitMix64 of `x`).
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Checks `samples` entries of a level (all of them if fewer) with the
/// reference implementation's moves; returns (checked, failed).
fn check_reference<E: Endgame>(
    endgame: &E,
    views: &[LevelView<'_>],
    view: LevelView<'_>,
    samples: u64,
    failures: &Mutex<Vec<Failure>>,
) -> Result<(u64, u64), TablebaseError> {
    let level = view.level;
    let arrangements = Arrangements::new(endgame.holes(), level)?;
    let holes = endgame.holes();
    let binomials = Binomials::new();
    let rules = endgame.position_rules();
    let entries = view.entries();
    let picks: Vec<u64> = if entries <= samples {
        (0..entries).collect()
    } else {
        (0..samples)
            .map(|i| mix(i ^ (level as u64) << 40) % entries)
            .collect()
    };
    let failed = AtomicU64::new(0);
    let checked = AtomicU64::new(0);
    picks.par_iter().try_for_each(|&entry| {
        let (slice, rank) = (
            (entry / arrangements.count()) as usize,
            entry % arrangements.count(),
        );
        let mut counts = [0u8; MAX_HOLES];
        arrangements.unrank(rank, &mut counts[..holes]);
        let Node::Play(game) = endgame.position(&counts[..holes], slice) else {
            return Ok(());
        };
        let text = game.to_string();
        let bad_text = |what: &str, e: String| TablebaseError::Invariant {
            level,
            reason: format!("{what} `{text}`: {e}"),
        };
        let reference = E::Ref::from_text(&text, rules)
            .map_err(|e| bad_text("the reference cannot read", e.to_string()))?;
        let successors = reference.successors();
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mut payoffs = Vec::with_capacity(successors.len());
        let mut child_counts = [0u8; MAX_HOLES];
        let mover = game.to_move();
        let banked = endgame.banked(&game);
        for (_, next) in &successors {
            let to = match next.result() {
                Some(result) => To::Final(
                    result.margin_for(mover) as i32
                        - (banked[mover.index()] - banked[mover.opponent().index()]),
                ),
                None => {
                    let key = next.key_text();
                    let position = key.split(" seen ").next().unwrap_or(&key);
                    let child = E::G::from_position(position, rules).map_err(|e| {
                        bad_text("cannot read a reference successor of", e.to_string())
                    })?;
                    locate(endgame, &binomials, &game, &child, &mut child_counts)
                }
            };
            let bounds = child_bounds(views, to).map_err(|l| TablebaseError::Invariant {
                level,
                reason: format!("a reference move leads to level {l}, above the database"),
            })?;
            payoffs.push(exit_payoffs(to, bounds));
        }
        let expected = expected_entry(payoffs.into_iter(), view.width);
        let stored = stored_entry(view, slice, rank);
        checked.fetch_add(1, Ordering::Relaxed);
        if stored != expected || successors.len() != moves.len() {
            failed.fetch_add(1, Ordering::Relaxed);
            record(
                failures,
                Failure {
                    level,
                    slice,
                    rank,
                    stored,
                    expected,
                    position: format!(
                        "{text} (reference: {} moves, engine: {})",
                        successors.len(),
                        moves.len()
                    ),
                },
            );
        }
        Ok::<(), TablebaseError>(())
    })?;
    Ok((checked.into_inner(), failed.into_inner()))
}

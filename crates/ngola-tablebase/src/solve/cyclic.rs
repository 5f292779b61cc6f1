//! Retrograde analysis of a level with cycles (see the parent module).
//!
//! The level's moves backwards are built once by generating every
//! position's moves forwards (no separate unmove generator to get wrong):
//! a first pass counts each position's moves within the level and each
//! position's parents, a second fills a compressed array of parents. The
//! graph is the same for every slice; a slice's child within the level is
//! in its mirror slice (Oware's score difference changes sign with the
//! side to move), so a slice is solved together with its mirror.
//!
//! Per slice group, each position has an attacker node (`lower`) and a
//! defender node (`upper`): the exits' best payoff for the attacker node
//! and worst for the defender node are computed first; then thresholds go
//! from the highest payoff down, and at each the nodes whose exit reaches
//! it join the won set, and joining propagates to parents: an attacker
//! parent joins at once, a defender parent when its last unresolved move
//! (its counter) joins. Every node that joins gets the threshold as value.

use std::sync::atomic::{AtomicI8, AtomicU32, AtomicU8, Ordering};

use rayon::prelude::*;

use super::{binomials, chunk_start, chunks, exit_payoffs, LevelJob, CHUNK};
use crate::error::TablebaseError;
use crate::games::{for_each_step, Endgame, Node, To};
use crate::index::{Arrangements, MAX_HOLES};
use crate::value::{encode, Bounds, MINUS_INFINITY, NEG_INF, PLUS_INFINITY, POS_INF};

/// A node not in the won set (yet).
const UNKNOWN: i8 = i8::MIN + 1;

/// Bytes per position the solver needs at most, besides 4 per move within
/// the level (the parents) and the finished level itself.
pub const BYTES_PER_POSITION: u64 = 8 + 4 + 1 + 2 * (5 + 8);

/// The level's moves, backwards.
struct Graph {
    /// Moves within the level, per position.
    moves: Vec<u8>,
    /// `parents[offsets[r]..offsets[r + 1]]` lead to `r`.
    offsets: Vec<u64>,
    parents: Vec<u32>,
}

impl Graph {
    fn parents_of(&self, rank: usize) -> &[u32] {
        &self.parents[self.offsets[rank] as usize..self.offsets[rank + 1] as usize]
    }
}

/// Solves a level with cycles: two bytes (`lower`, `upper`) per entry.
pub fn solve<E: Endgame>(job: &LevelJob<'_, E>) -> Result<Vec<u8>, TablebaseError> {
    let arrangements = job.arrangements()?;
    let n = arrangements.count();
    if n >= 1 << 31 {
        return Err(TablebaseError::TooLarge {
            what: format!("level {} of {n} arrangements", job.level),
        });
    }
    let graph = build_graph(job, &arrangements)?;
    let slices = job.endgame.slices(job.level);
    let mut out = vec![0u8; n as usize * slices * 2];
    for slice in 0..slices {
        let mirror = job.endgame.mirror(job.level, slice);
        if mirror < slice {
            continue;
        }
        let group: Vec<usize> = if mirror == slice {
            vec![slice]
        } else {
            vec![slice, mirror]
        };
        let solved = solve_group(job, &arrangements, &graph, &group)?;
        for (i, &s) in group.iter().enumerate() {
            let block = &mut out[s * n as usize * 2..(s + 1) * n as usize * 2];
            let values = &solved[i * n as usize..(i + 1) * n as usize];
            block
                .par_chunks_mut(2)
                .zip(values.par_iter())
                .for_each(|(entry, &(lower, upper))| {
                    entry[0] = lower as u8;
                    entry[1] = upper as u8;
                });
        }
    }
    Ok(out)
}

/// Every move within the level, backwards (see the module documentation).
fn build_graph<E: Endgame>(
    job: &LevelJob<'_, E>,
    arrangements: &Arrangements,
) -> Result<Graph, TablebaseError> {
    let n = arrangements.count() as usize;
    let holes = job.endgame.holes();
    let binomials = binomials();
    let indegree: Vec<AtomicU32> = (0..n).into_par_iter().map(|_| AtomicU32::new(0)).collect();
    let mut moves = vec![0u8; n];
    // Pass 1: count.
    moves
        .par_chunks_mut(CHUNK as usize)
        .enumerate()
        .try_for_each(|(chunk, out)| {
            job.check_stop()?;
            let mut counts = [0u8; MAX_HOLES];
            let ranks = chunk_start(arrangements, chunk as u64, &mut counts[..holes]);
            for (slot, _) in out.iter_mut().zip(ranks) {
                if let Node::Play(game) = job.endgame.position(&counts[..holes], 0) {
                    for_each_step(job.endgame, &binomials, &game, |_, to, _| {
                        if let To::Child { level, rank, .. } = to {
                            if level == job.level {
                                *slot += 1;
                                indegree[rank as usize].fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    });
                }
                Arrangements::next(&mut counts[..holes]);
            }
            (job.progress)(out.len() as u64);
            Ok::<(), TablebaseError>(())
        })?;
    let mut offsets = Vec::with_capacity(n + 1);
    let mut total = 0u64;
    offsets.push(0);
    for d in &indegree {
        total += d.load(Ordering::Relaxed) as u64;
        offsets.push(total);
    }
    // Pass 2: fill, counting each position's free slots down.
    let parents: Vec<AtomicU32> = (0..total)
        .into_par_iter()
        .map(|_| AtomicU32::new(0))
        .collect();
    (0..chunks(n as u64))
        .into_par_iter()
        .try_for_each(|chunk| {
            job.check_stop()?;
            let mut counts = [0u8; MAX_HOLES];
            let ranks = chunk_start(arrangements, chunk, &mut counts[..holes]);
            let done = ranks.end - ranks.start;
            for parent in ranks {
                if let Node::Play(game) = job.endgame.position(&counts[..holes], 0) {
                    for_each_step(job.endgame, &binomials, &game, |_, to, _| {
                        if let To::Child { level, rank, .. } = to {
                            if level == job.level {
                                let r = rank as usize;
                                let left = indegree[r].fetch_sub(1, Ordering::Relaxed) as u64;
                                parents[(offsets[r] + left - 1) as usize]
                                    .store(parent as u32, Ordering::Relaxed);
                            }
                        }
                    });
                }
                Arrangements::next(&mut counts[..holes]);
            }
            (job.progress)(done);
            Ok::<(), TablebaseError>(())
        })?;
    drop(indegree);
    Ok(Graph {
        moves,
        offsets,
        parents: parents.into_iter().map(AtomicU32::into_inner).collect(),
    })
}

/// The exits of one slice: per position, the attacker node's best payoff
/// and the defender node's worst (`PLUS_INFINITY`: no exit).
fn exits<E: Endgame>(
    job: &LevelJob<'_, E>,
    arrangements: &Arrangements,
    slice: usize,
    moves: &[u8],
    out: &mut [(i8, i8)],
) -> Result<(), TablebaseError> {
    let holes = job.endgame.holes();
    let binomials = binomials();
    let mirror = job.endgame.mirror(job.level, slice);
    out.par_chunks_mut(CHUNK as usize)
        .enumerate()
        .try_for_each(|(chunk, out)| {
            job.check_stop()?;
            let mut counts = [0u8; MAX_HOLES];
            let ranks = chunk_start(arrangements, chunk as u64, &mut counts[..holes]);
            for (slot, rank) in out.iter_mut().zip(ranks) {
                *slot = match job.endgame.position(&counts[..holes], slice) {
                    Node::Over(t) if moves[rank as usize] == 0 => (encode(t), encode(-t)),
                    Node::Over(_) => return Err(graph_mismatch(job.level, slice)),
                    Node::Play(game) => {
                        let (mut best, mut worst) = (NEG_INF, POS_INF);
                        let mut failure = None;
                        let mut within = 0u8;
                        for_each_step(job.endgame, &binomials, &game, |_, to, _| {
                            let child = match to {
                                To::Child {
                                    level,
                                    slice: s,
                                    gain,
                                    same_side,
                                    ..
                                } if level == job.level => {
                                    if gain != 0 || same_side || s != mirror {
                                        failure = Some(level);
                                    }
                                    within += 1;
                                    return;
                                }
                                To::Child {
                                    level, slice, rank, ..
                                } if level < job.level => job.lower_bounds(level, slice, rank),
                                To::Child { level, .. } => {
                                    failure = Some(level);
                                    return;
                                }
                                To::Final(_) => Bounds { lower: 0, upper: 0 },
                            };
                            let (a, d) = exit_payoffs(to, child);
                            best = best.max(a);
                            worst = worst.min(d);
                        });
                        if let Some(level) = failure {
                            return Err(TablebaseError::Invariant {
                                level: job.level,
                                reason: format!(
                                    "a move to level {level} that banks seeds, keeps the turn \
                                     or changes the slice unexpectedly"
                                ),
                            });
                        }
                        if within != moves[rank as usize] {
                            return Err(graph_mismatch(job.level, slice));
                        }
                        (encode(best), encode(worst))
                    }
                };
                Arrangements::next(&mut counts[..holes]);
            }
            (job.progress)(out.len() as u64);
            Ok(())
        })
}

/// The error of a slice whose moves within the level differ from slice 0's.
fn graph_mismatch(level: usize, slice: usize) -> TablebaseError {
    TablebaseError::Invariant {
        level,
        reason: format!("slice {slice} has other moves within the level than slice 0"),
    }
}

/// Solves the slices of `group` (a slice and its mirror, or one slice that
/// is its own mirror): `(lower, upper)` bytes per member and rank.
fn solve_group<E: Endgame>(
    job: &LevelJob<'_, E>,
    arrangements: &Arrangements,
    graph: &Graph,
    group: &[usize],
) -> Result<Vec<(i8, i8)>, TablebaseError> {
    let n = arrangements.count() as usize;
    let total = n * group.len();
    let mut exit = vec![(MINUS_INFINITY, PLUS_INFINITY); total];
    for (i, &slice) in group.iter().enumerate() {
        exits(
            job,
            arrangements,
            slice,
            &graph.moves,
            &mut exit[i * n..(i + 1) * n],
        )?;
    }
    let counter: Vec<AtomicU8> = (0..total)
        .into_par_iter()
        .map(|x| AtomicU8::new(graph.moves[x % n] + (exit[x].1 != PLUS_INFINITY) as u8))
        .collect();
    let attack: Vec<AtomicI8> = (0..total)
        .into_par_iter()
        .map(|_| AtomicI8::new(UNKNOWN))
        .collect();
    let defend: Vec<AtomicI8> = (0..total)
        .into_par_iter()
        .map(|_| AtomicI8::new(UNKNOWN))
        .collect();
    // The member a node's moves within the level lead to.
    let mirror_member = |member: usize| if group.len() == 2 { 1 - member } else { 0 };
    let finite = |b: i8| b != MINUS_INFINITY && b != PLUS_INFINITY;
    let (high, low) = exit
        .par_iter()
        .flat_map_iter(|&(a, d)| [a, d])
        .filter(|&b| finite(b))
        .fold(|| (i8::MIN, i8::MAX), |(h, l), b| (h.max(b), l.min(b)))
        .reduce(|| (i8::MIN, i8::MAX), |x, y| (x.0.max(y.0), x.1.min(y.1)));
    // Frontier entries: node index * 2, plus 1 for a defender node.
    let mut m = high;
    while m >= low && high >= low {
        job.check_stop()?;
        let mut frontier: Vec<u64> = exit
            .par_iter()
            .enumerate()
            .flat_map_iter(|(x, &(a, d))| {
                let mut joined = [None, None];
                if a == m
                    && attack[x]
                        .compare_exchange(UNKNOWN, m, Ordering::Relaxed, Ordering::Relaxed)
                        .is_ok()
                {
                    joined[0] = Some(2 * x as u64);
                }
                if d == m && counter[x].fetch_sub(1, Ordering::Relaxed) == 1 {
                    defend[x].store(m, Ordering::Relaxed);
                    joined[1] = Some(2 * x as u64 + 1);
                }
                joined.into_iter().flatten()
            })
            .collect();
        while !frontier.is_empty() {
            frontier = frontier
                .par_chunks(1024)
                .flat_map_iter(|nodes| {
                    let mut next = Vec::new();
                    for &node in nodes {
                        let x = (node / 2) as usize;
                        let defender = node % 2 == 1;
                        let base = mirror_member(x / n) * n;
                        for &q in graph.parents_of(x % n) {
                            let y = base + q as usize;
                            if defender {
                                // The parent's attacker can move here.
                                if attack[y]
                                    .compare_exchange(
                                        UNKNOWN,
                                        m,
                                        Ordering::Relaxed,
                                        Ordering::Relaxed,
                                    )
                                    .is_ok()
                                {
                                    next.push(2 * y as u64);
                                }
                            } else if counter[y].fetch_sub(1, Ordering::Relaxed) == 1 {
                                // The parent's defender has no move left outside the set.
                                defend[y].store(m, Ordering::Relaxed);
                                next.push(2 * y as u64 + 1);
                            }
                        }
                    }
                    next
                })
                .collect();
        }
        if m == i8::MIN + 2 {
            break;
        }
        m -= 1;
    }
    Ok(attack
        .into_par_iter()
        .zip(defend.into_par_iter())
        .map(|(a, d)| {
            let (a, d) = (a.into_inner(), d.into_inner());
            let lower = if a == UNKNOWN { MINUS_INFINITY } else { a };
            let upper = if d == UNKNOWN {
                PLUS_INFINITY
            } else {
                encode(-(d as i32))
            };
            (lower, upper)
        })
        .collect())
}

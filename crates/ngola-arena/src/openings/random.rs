//! The random openings of a run: drawn per pair without repetition within
//! a pairing, counted when draws keep repeating, and their number of plies
//! chosen when the experiment leaves it to the run.

use std::collections::HashSet;
use std::sync::OnceLock;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use ngola_rules::opening::{draw_opening, MAX_OPENING_PLIES};
use ngola_rules::Game;

use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::schedule::Schedule;

use super::source::{
    pairing_draws_on_seed, shortage, start_plan, Choice, OpeningsNote, Plan, Source,
    DRAWS_PER_PAIR, MAX_ENUMERATED,
};
use ngola_records::keys::position_key;

/// Every distinct position exactly `plies` plies from `start` in which the
/// game goes on, each with the first move sequence found to it (ply by
/// ply, moves in the game's order). `None` if a ply holds more than `cap`
/// positions.
pub fn enumerate<G: Game>(start: &G, plies: u32, cap: usize) -> Option<Vec<(u128, Vec<G::Move>)>> {
    let mut level: Vec<(G, Vec<G::Move>)> = vec![(start.clone(), Vec::new())];
    for depth in 0..plies {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        let last = depth + 1 == plies;
        for (game, path) in &level {
            let mut moves = ngola_rules::MoveList::new();
            game.legal_moves(&mut moves);
            for &mv in &moves {
                let mut child = game.clone();
                child.play(mv);
                if last && child.outcome().is_some() {
                    continue;
                }
                if seen.insert(position_key(&child)) {
                    let mut line = path.clone();
                    line.push(mv);
                    next.push((child, line));
                    if next.len() > cap {
                        return None;
                    }
                }
            }
        }
        level = next;
    }
    Some(
        level
            .into_iter()
            .map(|(game, path)| (position_key(&game), path))
            .collect(),
    )
}

/// Every distinct opening of a length, with a move sequence to it.
type Counted<G> = Vec<(u128, Vec<<G as Game>::Move>)>;

/// What one pairing's pairs start from: the pairs whose opening is not
/// their first draw, and the distinct openings among all its pairs.
struct PairingPlan {
    exceptions: Vec<(u64, Choice)>,
    distinct: u64,
}

/// What every pairing's plan reads.
struct Draws<'a, G: Game> {
    start: &'a G,
    plies: u32,
    rounds: u64,
    pairings: u64,
    seeds: &'a [u64],
    allow: bool,
    /// Every opening, counted once, by the first pairing that needs it.
    counted: OnceLock<Option<Counted<G>>>,
}

/// The random openings of `plies` plies of every pair.
pub(super) fn plan<G: Game>(
    experiment: &Experiment,
    schedule: &Schedule,
    start: &G,
    plies: u32,
    label: &(dyn Fn(usize) -> String + Sync),
) -> Result<Plan<G>> {
    let allow = experiment.allow_repeated_openings;
    let seeds = schedule.opening_seeds();
    let draws = Draws {
        start,
        plies,
        rounds: schedule.rounds(),
        pairings: schedule.pairings().len() as u64,
        seeds: &seeds,
        allow,
        counted: OnceLock::new(),
    };
    let plans: Vec<Result<PairingPlan>> = (0..draws.pairings)
        .into_par_iter()
        .map(|p| draws.pairing(p, label))
        .collect();
    let mut note = OpeningsNote {
        description: format!(
            "{plies} random plies from the start, a distinct position for each pair of a pairing"
        ),
        ..OpeningsNote::default()
    };
    let mut exceptions = Vec::new();
    for (p, plan) in plans.into_iter().enumerate() {
        let plan = plan?;
        if plan.distinct < draws.rounds {
            note.repeated.push((p as u32, draws.rounds, plan.distinct));
            note.repeats_matter = true;
        }
        exceptions.extend(plan.exceptions);
    }
    exceptions.sort_unstable_by_key(|(pair, _)| *pair);
    let listed = match draws.counted.into_inner() {
        Some(Some(all)) => all.into_iter().map(|(_, moves)| moves).collect(),
        _ => Vec::new(),
    };
    if allow {
        note.description = format!(
            "{plies} random plies from the start, drawn for each pair from its own seed, \
             repeats allowed (allow_repeated_openings)"
        );
    }
    Ok((
        Source::Random {
            plies,
            exceptions,
            listed,
        },
        note,
    ))
}

impl<G: Game> Draws<'_, G> {
    /// Every opening of the run's length, counted once.
    fn count_all(&self) -> Option<&Counted<G>> {
        self.counted
            .get_or_init(|| enumerate(self.start, self.plies, MAX_ENUMERATED))
            .as_ref()
    }

    /// The openings of pairing `p`'s pairs: each pair's first draw that
    /// no earlier pair of the pairing starts from; once draws keep
    /// repeating, the unused ones of every opening counted, shuffled.
    fn pairing(&self, p: u64, label: &(dyn Fn(usize) -> String + Sync)) -> Result<PairingPlan> {
        let (plies, rounds) = (self.plies, self.rounds);
        let mut used: HashSet<u128> = HashSet::new();
        let mut exceptions = Vec::new();
        'pairs: for round in 0..rounds {
            let pair = round * self.pairings + p;
            let mut rng = ChaCha8Rng::seed_from_u64(self.seeds[pair as usize]);
            let mut draw = || {
                draw_opening(self.start, plies, &mut rng)
                    .map(|(game, _)| position_key(&game))
                    .map_err(|e| ArenaError::field("opening_plies", e.to_string()))
            };
            if self.allow {
                // Repeats allowed: each pair's own first draw, as runs
                // made before openings were distinct drew them (so their
                // results reproduce); only counted here.
                used.insert(draw()?);
                continue 'pairs;
            }
            for skip in 0..DRAWS_PER_PAIR {
                if used.insert(draw()?) {
                    if skip > 0 {
                        exceptions.push((pair, Choice::Skip(skip)));
                    }
                    continue 'pairs;
                }
            }
            // The draws keep landing on used openings: count them all.
            let Some(all) = self.count_all() else {
                return Err(ArenaError::field(
                    "opening_plies",
                    format!(
                        "{}: after {} distinct openings of {plies} plies, {DRAWS_PER_PAIR} \
                         draws in a row repeated one, and the openings are too many to \
                         count (over {MAX_ENUMERATED} positions at one ply); give fewer \
                         games or --allow-repeated-openings",
                        label(p as usize),
                        used.len()
                    ),
                ));
            };
            let distinct = all.len() as u64;
            if distinct < rounds {
                return Err(ArenaError::field(
                    "opening_plies",
                    shortage(
                        &format!("{} with {plies} random opening plies", label(p as usize)),
                        distinct,
                        rounds,
                        "give more opening plies (--opening-plies)",
                    ),
                ));
            }
            // The rest of the pairing: unused openings (enough of them,
            // checked above), in an order drawn from this pair's seed.
            let mut unused: Vec<u32> = (0..all.len() as u32)
                .filter(|&i| !used.contains(&all[i as usize].0))
                .collect();
            unused.shuffle(&mut rng);
            for (round, index) in (round..rounds).zip(unused) {
                exceptions.push((round * self.pairings + p, Choice::Listed(index)));
            }
            return Ok(PairingPlan {
                exceptions,
                distinct: rounds,
            });
        }
        Ok(PairingPlan {
            exceptions,
            distinct: if self.allow {
                used.len() as u64
            } else {
                rounds
            },
        })
    }
}

/// The openings a run gets when the experiment leaves them to it. None
/// when each pairing plays one pair, and none when every pairing has an
/// agent that draws on its seed: its games differ without openings, and
/// play from the start is what the scores then measure (distinct openings
/// would weigh the positions random play reaches often as much as rare
/// ones, and move a first-player score by points). Otherwise the openings
/// of the fewest random plies that give every pair of a pairing its own
/// position: the first length from 1 up with enough distinct positions;
/// none either when no length has enough (then refused as
/// `opening_plies = 0` is). The summary says what was chosen and what the
/// scores are over.
pub(super) fn auto_plan<G: Game>(
    experiment: &Experiment,
    schedule: &Schedule,
    start: &G,
    label: &(dyn Fn(usize) -> String + Sync),
) -> Result<Plan<G>> {
    let rounds = schedule.rounds();
    if rounds <= 1 {
        let note = OpeningsNote {
            description: "none: every game starts from the start position (chosen \
                          automatically: each pairing plays one pair)"
                .to_string(),
            ..OpeningsNote::default()
        };
        return Ok((Source::Start, note));
    }
    let every_pairing_seeded = schedule
        .pairings()
        .iter()
        .all(|pairing| pairing_draws_on_seed(experiment, pairing));
    if every_pairing_seeded {
        let (source, mut note) = start_plan(experiment, schedule, label)?;
        note.description = "none: every game starts from the start position (chosen \
                            automatically: in every pairing an agent draws on its seed)\n  \
                            the scores are those of play from the start"
            .to_string();
        return Ok((source, note));
    }
    for plies in 1..=MAX_OPENING_PLIES {
        // Too few positions at this length: no need to draw.
        if enumerate(start, plies, rounds as usize).is_some_and(|all| (all.len() as u64) < rounds) {
            continue;
        }
        // Enough positions: this is the length (a plan that fails here
        // fails for a reason more plies do not cure).
        let (source, mut note) = plan(experiment, schedule, start, plies, label)?;
        note.description = format!(
            "{plies} random plies from the start (chosen automatically: the fewest that give \
             each of the {rounds} pairs of a pairing its own position)"
        );
        if experiment.allow_repeated_openings {
            note.description += ", drawn for each pair from its own seed, repeats allowed \
                                 (allow_repeated_openings)";
        } else {
            // What the scores measure, on a line of its own.
            note.description += "\n  the scores are over these distinct openings, not over \
                                 play from the start (a pairing's agents do not draw on \
                                 their seeds)";
        }
        return Ok((source, note));
    }
    // No length gives every pair its own position (a tiny game): every
    // game from the start, as when the experiment says `opening_plies = 0`.
    let (source, mut note) = start_plan(experiment, schedule, label)?;
    note.description = format!(
        "{} (chosen automatically: no opening of at most {MAX_OPENING_PLIES} plies gives each \
         of the {rounds} pairs of a pairing its own position)",
        note.description
    );
    Ok((source, note))
}

//! A folder's rows checked: each against the schedule (and shard), once;
//! then by replaying its moves.

use std::path::Path;

use ngola_agents::Evaluate;

use crate::adjudicate::Adjudicator;
use rayon::prelude::*;

use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::openings::OpeningPlan;
use crate::record::{is_archived, read_folder_games, GamesFile, ARCHIVE};
use crate::replay::check_row;
use crate::schedule::Schedule;

use super::files;

/// Which game ids of a run a folder holds: one bit per game.
#[derive(Clone, Debug)]
pub struct Present {
    bits: Vec<u64>,
}

impl Present {
    pub(super) fn new(games: u64) -> Present {
        Present {
            bits: vec![0; games.div_ceil(64) as usize],
        }
    }

    /// True if game `id` is there.
    pub fn contains(&self, id: u64) -> bool {
        self.bits
            .get((id / 64) as usize)
            .is_some_and(|w| w & (1 << (id % 64)) != 0)
    }

    /// Marks game `id`; false if it was already there.
    pub(super) fn insert(&mut self, id: u64) -> bool {
        let (word, bit) = ((id / 64) as usize, 1u64 << (id % 64));
        let fresh = self.bits[word] & bit == 0;
        self.bits[word] |= bit;
        fresh
    }
}

/// Checks that a folder's rows belong to `experiment`'s schedule (and
/// shard, if it has one), each exactly once. Returns which game ids are
/// present. Errors name the line and the field.
pub fn check_rows(
    path: &Path,
    experiment: &Experiment,
    schedule: &Schedule,
    found: &GamesFile,
) -> Result<Present> {
    let names = experiment.agent_names();
    let mut seen = Present::new(schedule.games());
    for (index, r) in found.records.iter().enumerate() {
        let bad = |what: String| {
            ArenaError::bad_file(
                path,
                format!("line {}: game {}: {what}", found.line(index), r.game),
            )
        };
        let g = schedule.game(r.game).ok_or_else(|| {
            bad(format!(
                "`game`: not in the schedule of {} games",
                schedule.games()
            ))
        })?;
        if experiment.shard.is_some_and(|s| !s.holds_pair(g.pair)) {
            return Err(bad(format!(
                "`game`: not in shard {}",
                experiment.shard.map_or(String::new(), |s| s.to_string())
            )));
        }
        for (field, found, expected) in [
            ("pair", r.pair, g.pair),
            ("pairing", u64::from(r.pairing), u64::from(g.pairing)),
            ("south_id", u64::from(r.south_id), u64::from(g.south)),
            ("north_id", u64::from(r.north_id), u64::from(g.north)),
            ("seed", r.seed, g.seed),
        ] {
            if found != expected {
                return Err(bad(format!(
                    "`{field}` is {found}, the schedule says {expected}"
                )));
            }
        }
        let agents = (&names[g.south as usize], &names[g.north as usize]);
        if (&r.south, &r.north) != agents {
            return Err(bad(format!(
                "`south`, `north` are {} vs {}, the experiment says {} vs {}",
                r.south, r.north, agents.0, agents.1
            )));
        }
        if !seen.insert(r.game) {
            return Err(bad("appears twice".to_string()));
        }
    }
    Ok(seen)
}

/// Replays every row's `moves` from its opening (in parallel) and checks
/// that they give its opening, result, reason, plies and totals; the error
/// names the first bad row's line and field. Rows must already have passed
/// [`check_rows`]. Rows are checked under the run's adjudication.
pub fn verify_rows<G: Evaluate>(
    path: &Path,
    found: &GamesFile,
    plan: &OpeningPlan<G>,
    schedule: &Schedule,
    adjudicator: &Adjudicator<G>,
) -> Result<()> {
    if !found.has_moves() {
        return Err(ArenaError::bad_file(
            path,
            "has no `moves` column (written by an older ngola), so its rows cannot be \
             checked by replaying them; it cannot be resumed or merged",
        ));
    }
    let bad = found
        .records
        .par_iter()
        .enumerate()
        .find_map_first(|(index, record)| {
            let opening_seed = schedule.game(record.game).map_or(0, |g| g.opening_seed);
            let opening = match plan.opening(record.pair, opening_seed) {
                Ok(opening) => opening,
                Err(e) => return Some((index, format!("`opening`: {e}"))),
            };
            check_row(plan.start(), &opening, record, adjudicator)
                .err()
                .map(|e| (index, e.to_string()))
        });
    match bad {
        None => Ok(()),
        Some((index, message)) => Err(ArenaError::bad_file(
            path,
            format!(
                "line {}: game {}: {message}",
                found.line(index),
                found.records[index].game
            ),
        )),
    }
}

/// A folder's rows read and checked: against the schedule, then by
/// replaying their moves.
pub(super) fn checked_rows<G: Evaluate>(
    dir: &Path,
    experiment: &Experiment,
    schedule: &Schedule,
    plan: &OpeningPlan<G>,
    databases: &ngola_agents::tablebase::Databases,
) -> Result<(GamesFile, Present)> {
    // An archived folder's rows are read from its `games.csv.gz`, and
    // errors name that file.
    let path = if is_archived(dir) {
        dir.join(ARCHIVE)
    } else {
        dir.join(files::GAMES)
    };
    let found = read_folder_games(dir)?;
    let present = check_rows(&path, experiment, schedule, &found)?;
    let adjudicator = Adjudicator::new(&experiment.adjudicate, plan.start().rules(), databases)?;
    verify_rows(&path, &found, plan, schedule, &adjudicator)?;
    Ok((found, present))
}

/// A run folder's experiment and rows, every row checked against the
/// schedule (once each, agent ids in range) and by replaying its moves.
#[derive(Debug)]
pub struct CheckedFolder {
    /// The folder's experiment (its rules resolved).
    pub experiment: Experiment,
    /// The rows of `games.csv`.
    pub games: GamesFile,
}

/// Reads the run folder `dir` as every command that reads one does
/// (`plot`, `render --run`, `replay --run`; resume and merge check the
/// same way): its experiment, and its rows checked as [`check_rows`] and
/// [`verify_rows`] check them. Errors name the line and the field.
pub fn check_folder<G: Evaluate>(dir: &Path) -> Result<CheckedFolder> {
    let mut experiment = super::folder_experiment(dir)?;
    let rules = experiment.resolve::<G>()?;
    let plan = OpeningPlan::new(&experiment, &G::start(rules))?;
    let schedule = experiment.schedule();
    let (games, _) = checked_rows(dir, &experiment, &schedule, &plan, &Default::default())?;
    Ok(CheckedFolder { experiment, games })
}

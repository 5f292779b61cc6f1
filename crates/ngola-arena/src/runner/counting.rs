//! The statistics of a run counted as its games finish, in any order, in
//! memory that does not grow with the number of games. With an SPRT, a
//! game is counted once the test has reached its pair, so that games past
//! the test's stop (played before it decided) are left out, as the file's
//! rows past it are.

use std::collections::BTreeMap;
use std::path::Path;

use crate::error::Result;
use crate::experiment::Experiment;
use crate::stats::{GameFacts, Statistics, Tally};

use super::distinct::DistinctKeys;
use super::tracking::SprtTracker;
use super::SprtStatus;

/// A run's statistics so far.
pub(super) struct Counting {
    tally: Tally,
    tracker: Option<SprtTracker>,
    /// Games of the pairs the SPRT has not reached yet, by pair.
    held: BTreeMap<u64, Vec<(GameFacts, u128)>>,
    keys: DistinctKeys,
    dropped: u64,
}

/// What [`Counting::finish`] gives.
pub(super) struct Counted {
    pub(super) stats: Statistics,
    pub(super) sprt: Option<SprtStatus>,
}

impl Counting {
    /// Nothing counted yet for `experiment`, whose run has `pairs` pairs
    /// (all shards); `dir` is the run's folder (for the distinct games'
    /// count, which may write files there).
    pub(super) fn new(experiment: &Experiment, pairs: usize, dir: &Path) -> Counting {
        Counting {
            tally: Tally::new(&experiment.agent_names(), experiment.anchor),
            tracker: experiment
                .sprt
                .map(|config| SprtTracker::new(config, pairs)),
            held: BTreeMap::new(),
            keys: DistinctKeys::new(dir),
            dropped: 0,
        }
    }

    /// Counts a game whose key ([`crate::GameRecord::game_key`]) is `key`.
    pub(super) fn add(&mut self, game: GameFacts, key: u128) -> Result<()> {
        let Some(tracker) = self.tracker.as_mut() else {
            return self.count(&game, key);
        };
        if tracker.stop_pair().is_some_and(|stop| game.pair > stop) {
            self.dropped += 1;
            return Ok(());
        }
        tracker.add(&game);
        self.held.entry(game.pair).or_default().push((game, key));
        let next = tracker.next_pair();
        let stopped = tracker.stop_pair().is_some();
        while let Some(entry) = self.held.first_entry() {
            if *entry.key() >= next {
                break;
            }
            for (game, key) in entry.remove() {
                self.count(&game, key)?;
            }
        }
        if stopped {
            // Every pair left is past the stop.
            self.dropped += self.held.values().map(|g| g.len() as u64).sum::<u64>();
            self.held.clear();
        }
        Ok(())
    }

    fn count(&mut self, game: &GameFacts, key: u128) -> Result<()> {
        self.tally.add(game, key);
        self.keys.insert(key)
    }

    /// The SPRT's last pair, once it has decided.
    pub(super) fn stop_pair(&self) -> Option<u64> {
        self.tracker.as_ref().and_then(SprtTracker::stop_pair)
    }

    /// The SPRT, if the run has one.
    pub(super) fn tracker(&self) -> Option<&SprtTracker> {
        self.tracker.as_ref()
    }

    /// Games counted so far, and games left out (past the SPRT's stop).
    /// Games held for the SPRT count at the end unless it stops before
    /// them.
    pub(super) fn games(&self) -> (u64, u64) {
        let held: u64 = self.held.values().map(|g| g.len() as u64).sum();
        (self.tally.games() + held, self.dropped)
    }

    /// The statistics of every game counted.
    pub(super) fn finish(mut self) -> Result<Counted> {
        for (_, games) in std::mem::take(&mut self.held) {
            for (game, key) in games {
                self.count(&game, key)?;
            }
        }
        let distinct = self.keys.count()?;
        Ok(Counted {
            stats: self.tally.finish(Some(distinct)),
            sprt: self.tracker.as_ref().map(SprtTracker::status),
        })
    }
}

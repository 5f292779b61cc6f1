//! Following a run as its games come in: the SPRT's pair-by-pair test and
//! the points behind the progress bar's leader.

use crate::format::SprtConfig;
use crate::record::GameRecord;
use crate::stats::sprt::{self, SprtDecision};

use super::SprtStatus;

/// Follows a two-agent match pair by pair, in schedule order, and stops
/// at the first pair after which the SPRT decides.
pub(super) struct SprtTracker {
    config: SprtConfig,
    /// The first agent's (id 0) scores in each pair's two games.
    pairs: Vec<[Option<f64>; 2]>,
    next_pair: usize,
    pentanomial: [u64; 5],
    llr: f64,
    decision: SprtDecision,
}

impl SprtTracker {
    pub(super) fn new(config: SprtConfig, pairs: usize) -> SprtTracker {
        SprtTracker {
            config,
            pairs: vec![[None, None]; pairs],
            next_pair: 0,
            pentanomial: [0; 5],
            llr: 0.0,
            decision: SprtDecision::Continue,
        }
    }

    /// The last pair counted, once the test has decided.
    pub(super) fn stop_pair(&self) -> Option<u64> {
        (self.decision != SprtDecision::Continue).then(|| self.next_pair as u64 - 1)
    }

    pub(super) fn add(&mut self, record: &GameRecord) {
        let (Some(slot), Some(score)) =
            (self.pairs.get_mut(record.pair as usize), record.score_of(0))
        else {
            return;
        };
        slot[(record.game % 2) as usize] = Some(score);
        while self.decision == SprtDecision::Continue && self.next_pair < self.pairs.len() {
            let [Some(x), Some(y)] = self.pairs[self.next_pair] else {
                break;
            };
            self.pentanomial[((x + y) * 2.0).round() as usize] += 1;
            self.next_pair += 1;
            self.llr = sprt::llr(&self.config, &self.pentanomial);
            self.decision = sprt::decide(&self.config, self.llr);
        }
    }

    /// LLR, bounds and pairs, for the progress line.
    pub(super) fn live(&self) -> (f64, f64, f64, u64) {
        let (lower, upper) = sprt::bounds(&self.config);
        (self.llr, lower, upper, self.next_pair as u64)
    }

    pub(super) fn status(&self) -> SprtStatus {
        SprtStatus {
            config: self.config,
            pairs: self.next_pair as u64,
            pentanomial: self.pentanomial,
            llr: self.llr,
            decision: self.decision,
        }
    }
}

/// The SPRT's last pair, once it has decided.
pub(super) fn tracker_stop(tracker: &Option<SprtTracker>) -> Option<u64> {
    tracker.as_ref().and_then(SprtTracker::stop_pair)
}

/// Points and games per agent, for the progress bar's leader.
pub(super) struct Tally {
    names: Vec<String>,
    points: Vec<f64>,
    games: Vec<u64>,
}

impl Tally {
    pub(super) fn new(names: Vec<String>) -> Tally {
        let n = names.len();
        Tally {
            names,
            points: vec![0.0; n],
            games: vec![0; n],
        }
    }

    pub(super) fn add(&mut self, record: &GameRecord) {
        for id in [record.south_id, record.north_id] {
            if let (Some(score), Some(points)) =
                (record.score_of(id), self.points.get_mut(id as usize))
            {
                *points += score;
                self.games[id as usize] += 1;
            }
        }
    }

    /// Every agent that has played, best score first (ties by id).
    pub(super) fn standings(&self) -> Vec<(String, f64, u64)> {
        let mut list: Vec<(usize, f64)> = (0..self.names.len())
            .filter(|&i| self.games[i] > 0)
            .map(|i| (i, self.points[i] / self.games[i] as f64))
            .collect();
        list.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        list.into_iter()
            .map(|(i, score)| (self.names[i].clone(), score, self.games[i]))
            .collect()
    }

    pub(super) fn leader(&self) -> Option<(&str, f64)> {
        (0..self.names.len())
            .filter(|&i| self.games[i] > 0)
            .map(|i| {
                (
                    self.names[i].as_str(),
                    self.points[i] / self.games[i] as f64,
                )
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
    }
}

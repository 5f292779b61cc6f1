//! Following a run as its games come in: the SPRT's pair-by-pair test,
//! the points behind the progress bar's leader, and the statistics
//! counted as games finish ([`Counting`]).

use std::collections::BTreeMap;

use crate::format::SprtConfig;
use crate::stats::sprt::{self, SprtDecision};
use crate::stats::GameFacts;

use super::SprtStatus;

/// Follows a two-agent match pair by pair, in schedule order, and stops
/// at the first pair after which the SPRT decides. Only the pairs past the
/// first incomplete one are held (the games in flight, in a run).
pub(super) struct SprtTracker {
    config: SprtConfig,
    /// The first agent's (id 0) scores in each held pair's two games.
    pairs: BTreeMap<u64, [Option<f64>; 2]>,
    next_pair: u64,
    total_pairs: u64,
    pentanomial: [u64; 5],
    llr: f64,
    decision: SprtDecision,
}

impl SprtTracker {
    pub(super) fn new(config: SprtConfig, pairs: usize) -> SprtTracker {
        SprtTracker {
            config,
            pairs: BTreeMap::new(),
            next_pair: 0,
            total_pairs: pairs as u64,
            pentanomial: [0; 5],
            llr: 0.0,
            decision: SprtDecision::Continue,
        }
    }

    /// The last pair counted, once the test has decided.
    pub(super) fn stop_pair(&self) -> Option<u64> {
        (self.decision != SprtDecision::Continue).then(|| self.next_pair - 1)
    }

    /// The pairs before this one are counted (or decided past).
    pub(super) fn next_pair(&self) -> u64 {
        self.next_pair
    }

    pub(super) fn add(&mut self, game: &GameFacts) {
        let Some(score) = game.score_of(0) else {
            return;
        };
        if game.pair >= self.total_pairs
            || game.pair < self.next_pair
            || self.decision != SprtDecision::Continue
        {
            return;
        }
        self.pairs.entry(game.pair).or_insert([None, None])[(game.game % 2) as usize] = Some(score);
        while self.decision == SprtDecision::Continue && self.next_pair < self.total_pairs {
            let Some([Some(x), Some(y)]) = self.pairs.get(&self.next_pair).copied() else {
                break;
            };
            self.pairs.remove(&self.next_pair);
            self.pentanomial[((x + y) * 2.0).round() as usize] += 1;
            self.next_pair += 1;
            self.llr = sprt::llr(&self.config, &self.pentanomial);
            self.decision = sprt::decide(&self.config, self.llr);
        }
        if self.decision != SprtDecision::Continue {
            self.pairs.clear();
        }
    }

    /// LLR, bounds and pairs, for the progress line.
    pub(super) fn live(&self) -> (f64, f64, f64, u64) {
        let (lower, upper) = sprt::bounds(&self.config);
        (self.llr, lower, upper, self.next_pair)
    }

    pub(super) fn status(&self) -> SprtStatus {
        SprtStatus {
            config: self.config,
            pairs: self.next_pair,
            pentanomial: self.pentanomial,
            llr: self.llr,
            decision: self.decision,
        }
    }
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

    pub(super) fn add(&mut self, record: &GameFacts) {
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

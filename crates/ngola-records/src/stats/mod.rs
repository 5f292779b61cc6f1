//! Statistics computed from the rows of `games.csv` alone, so that a
//! local run and shards merged from a cluster are summarised by the same
//! code: standings with Elo, a joint rating fit, each pairing with both
//! colours and its pentanomial counts, the first player's results, why
//! games ended, and how many distinct games the run holds.

pub mod elo;
pub mod ratings;
pub mod sprt;
mod tally;
pub mod units;

use std::borrow::Borrow;
use std::collections::HashSet;

use crate::record::{GameRecord, Reason};

pub use elo::Estimate;
pub use ratings::{Rating, Ratings};
pub use tally::{GameFacts, Tally};

/// Wins, draws and losses from one agent's point of view.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Wdl {
    fn add(&mut self, score: f64) {
        if score == 1.0 {
            self.wins += 1;
        } else if score == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }
}

/// One agent's line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// Agent id.
    pub id: u32,
    /// Canonical spec.
    pub agent: String,
    /// Results over all its games.
    pub wdl: Wdl,
    /// Score and performance Elo against the field of its opponents, with
    /// 95% intervals over its colour-swapped pairs.
    pub estimate: Estimate,
}

/// The results of one pairing (`a` against `b`).
#[derive(Clone, Debug, PartialEq)]
pub struct PairingStats {
    /// Pairing index.
    pub index: u32,
    /// The first agent's id (the smaller).
    pub a_id: u32,
    /// The first agent's spec.
    pub a: String,
    /// The second agent's id.
    pub b_id: u32,
    /// The second agent's spec.
    pub b: String,
    /// `a`'s results over all games.
    pub a_total: Wdl,
    /// `a`'s results when playing South (first).
    pub a_south: Wdl,
    /// `a`'s results when playing North.
    pub a_north: Wdl,
    /// Complete pairs in which `a` scored 0, 1/2, 1, 3/2 and 2 points.
    pub pentanomial: [u64; 5],
    /// `a`'s score and Elo over `b`, with 95% intervals over pairs.
    pub estimate: Estimate,
    /// True if the pairing has more than one pair and all its games with
    /// the same colours were identical (same result, plies, totals and
    /// opening): deterministic agents replaying one game.
    pub repeated: bool,
}

/// South's (the first player's) results in a set of games.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstPlayer {
    /// The pairing, or `None` for all games.
    pub pairing: Option<u32>,
    /// The pairing's agents (empty for all games).
    pub agents: (String, String),
    /// South's results.
    pub south: Wdl,
    /// South's score fraction (draws half).
    pub score: f64,
    /// Wilson 95% interval of `score`.
    pub wilson: (f64, f64),
}

/// Everything summarised from a set of games.
#[derive(Clone, Debug, PartialEq)]
pub struct Statistics {
    /// Games counted.
    pub games: u64,
    /// Mean plies per game.
    pub mean_plies: f64,
    /// Standings, best score first (ties by id).
    pub standings: Vec<Standing>,
    /// Pairings by index.
    pub pairings: Vec<PairingStats>,
    /// First player per pairing, then over all games.
    pub first_player: Vec<FirstPlayer>,
    /// Games per end reason, in [`Reason::ALL`] order.
    pub terminations: Vec<(Reason, u64)>,
    /// Distinct games (distinct move sequences from their start), or
    /// `None` for rows without moves (files of older versions).
    pub distinct_games: Option<u64>,
    /// The joint rating fit of all games.
    pub ratings: Ratings,
}

impl Statistics {
    /// Summarises `records`. `agents` gives the names of the agent ids
    /// (records' own names fill any gap). Every complete colour-swapped pair
    /// is one unit of the intervals; a pair with one game only (which a
    /// finished run never has) is a unit of that game.
    pub fn from_games<R: Borrow<GameRecord>>(agents: &[String], records: &[R]) -> Statistics {
        Statistics::from_games_anchored(agents, records, 0)
    }

    /// [`Statistics::from_games`] with the joint ratings anchored on agent
    /// `anchor` (rated 0).
    pub fn from_games_anchored<R: Borrow<GameRecord>>(
        agents: &[String],
        records: &[R],
        anchor: u32,
    ) -> Statistics {
        Statistics::from_keyed_games(agents, records, anchor, None)
    }

    /// [`Statistics::from_games_anchored`] with each record's
    /// [`GameRecord::game_key`] given (for records kept without their
    /// moves); without keys they are computed, and the distinct games are
    /// counted only if every record has its moves.
    pub fn from_keyed_games<R: Borrow<GameRecord>>(
        agents: &[String],
        records: &[R],
        anchor: u32,
        keys: Option<&[u128]>,
    ) -> Statistics {
        let computed: Vec<u128>;
        let (keys, distinct_known) = match keys {
            Some(keys) if keys.len() == records.len() => (keys, true),
            _ => {
                computed = records.iter().map(|r| r.borrow().game_key()).collect();
                let known = records.iter().all(|r| !r.borrow().moves.is_empty());
                (&computed[..], known)
            }
        };
        let mut tally = Tally::new(agents, anchor);
        for (r, &key) in records.iter().map(Borrow::borrow).zip(keys) {
            tally.name(r.south_id, &r.south);
            tally.name(r.north_id, &r.north);
            tally.add(&GameFacts::of(r), key);
        }
        let distinct_games =
            distinct_known.then(|| keys.iter().collect::<HashSet<_>>().len() as u64);
        tally.finish(distinct_games)
    }

    /// South's results over all games (the last first-player line).
    pub fn overall_first_player(&self) -> Option<&FirstPlayer> {
        self.first_player.last()
    }
}

fn first_player_line(pairing: Option<u32>, agents: (String, String), south: Wdl) -> FirstPlayer {
    let games = south.games();
    FirstPlayer {
        pairing,
        agents,
        south,
        score: if games == 0 {
            f64::NAN
        } else {
            south.points() / games as f64
        },
        wilson: elo::wilson(south.points(), games),
    }
}

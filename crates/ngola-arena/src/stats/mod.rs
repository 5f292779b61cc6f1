//! Statistics computed from the rows of `games.csv` alone, so that a
//! local run and shards merged from a cluster are summarised by the same
//! code: standings with Elo, a joint rating fit, each pairing with both
//! colours and its pentanomial counts, the first player's results, why
//! games ended, and how many distinct games the run holds.

pub mod elo;
pub mod ratings;
pub mod sprt;

use std::borrow::Borrow;
use std::collections::{BTreeMap, HashSet};

use crate::record::{GameRecord, GameResult, Reason};

pub use elo::Estimate;
pub use ratings::{Rating, Ratings};

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

/// One score per pair (its mean over the games present), fed in pair order.
#[derive(Default)]
struct Units(Vec<(u64, f64, u32)>);

impl Units {
    fn add(&mut self, pair: u64, score: f64) {
        match self.0.last_mut() {
            Some((last, sum, n)) if *last == pair => {
                *sum += score;
                *n += 1;
            }
            _ => self.0.push((pair, score, 1)),
        }
    }

    fn means(&self) -> Vec<f64> {
        self.0
            .iter()
            .map(|(_, sum, n)| sum / f64::from(*n))
            .collect()
    }
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
        let names = all_names(agents, records);
        // Pair order (then game order), so that each pair's games meet.
        let mut ordered: Vec<(&GameRecord, u128)> = records
            .iter()
            .map(Borrow::borrow)
            .zip(keys.iter().copied())
            .collect();
        if !ordered.is_sorted_by_key(|(r, _)| (r.pair, r.game)) {
            ordered.sort_by_key(|(r, _)| (r.pair, r.game));
        }
        let mut tallies = Tallies::new(names.len(), records.len());
        for &(r, key) in &ordered {
            tallies.add(r, key);
        }
        let standings = tallies.standings(&names);
        let (pairings, first_player) = tallies.pairings(&names);
        let games = records.len() as u64;
        let distinct_games =
            distinct_known.then(|| keys.iter().collect::<HashSet<_>>().len() as u64);
        let sorted: Vec<&GameRecord> = ordered.iter().map(|(r, _)| *r).collect();
        let ratings = Ratings::fit(&names, &sorted, anchor);
        Statistics {
            games,
            mean_plies: if games == 0 {
                0.0
            } else {
                tallies.plies as f64 / games as f64
            },
            standings,
            pairings,
            first_player,
            terminations: Reason::ALL
                .iter()
                .map(|r| (*r, tallies.reasons[r.index()]))
                .collect(),
            distinct_games,
            ratings,
        }
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

/// Every agent's name: `agents`, and for ids past them (or unnamed) the
/// names their rows give.
fn all_names<R: Borrow<GameRecord>>(agents: &[String], records: &[R]) -> Vec<String> {
    let mut names: Vec<String> = agents.to_vec();
    for r in records.iter().map(Borrow::borrow) {
        for (id, name) in [(r.south_id, &r.south), (r.north_id, &r.north)] {
            let id = id as usize;
            if id >= names.len() {
                names.resize(id + 1, String::new());
            }
            if names[id].is_empty() {
                names[id] = name.clone();
            }
        }
    }
    names
}

/// One pairing's results as they are counted, from agent `a`'s side.
struct PairingAcc {
    a: u32,
    b: u32,
    total: Wdl,
    south: Wdl,
    north: Wdl,
    units: Units,
    first_player: Wdl,
    signatures: HashSet<(u32, GameResult, u32, u32, u32, u128)>,
}

/// The counts of a set of games, added game by game in pair order.
struct Tallies {
    wdl: Vec<Wdl>,
    units: Vec<Units>,
    pairings: BTreeMap<u32, PairingAcc>,
    all_south: Wdl,
    reasons: [u64; Reason::ALL.len()],
    plies: u64,
    most_units: usize,
}

impl Tallies {
    /// Nothing counted yet, for `agents` agents and `games` games.
    fn new(agents: usize, games: usize) -> Tallies {
        // At most one unit per pair; reserved (untouched pages cost
        // nothing) so that the vectors are not regrown and copied.
        let most_units = games / 2 + 1;
        Tallies {
            wdl: vec![Wdl::default(); agents],
            units: (0..agents)
                .map(|_| Units(Vec::with_capacity(most_units)))
                .collect(),
            pairings: BTreeMap::new(),
            all_south: Wdl::default(),
            reasons: [0; Reason::ALL.len()],
            plies: 0,
            most_units,
        }
    }

    /// Counts game `r`, whose key is `key`.
    fn add(&mut self, r: &GameRecord, key: u128) {
        let south_score = r.result.south_score();
        for (id, score) in [(r.south_id, south_score), (r.north_id, 1.0 - south_score)] {
            self.wdl[id as usize].add(score);
            self.units[id as usize].add(r.pair, score);
        }
        let (a, b) = (r.south_id.min(r.north_id), r.south_id.max(r.north_id));
        let most_units = self.most_units;
        let acc = self
            .pairings
            .entry(r.pairing)
            .or_insert_with(|| PairingAcc {
                a,
                b,
                total: Wdl::default(),
                south: Wdl::default(),
                north: Wdl::default(),
                units: Units(Vec::with_capacity(most_units)),
                first_player: Wdl::default(),
                signatures: HashSet::new(),
            });
        // Three different games already show the pairing is not
        // repeating one game; stop hashing.
        if acc.signatures.len() <= 2 {
            acc.signatures.insert((
                r.south_id,
                r.result,
                r.plies,
                r.south_total,
                r.north_total,
                key,
            ));
        }
        let a_score = if r.south_id == a {
            south_score
        } else {
            1.0 - south_score
        };
        acc.total.add(a_score);
        if r.south_id == a {
            acc.south.add(a_score);
        } else {
            acc.north.add(a_score);
        }
        acc.units.add(r.pair, a_score);
        acc.first_player.add(south_score);
        self.all_south.add(south_score);
        self.reasons[r.reason.index()] += 1;
        self.plies += u64::from(r.plies);
    }

    /// The standings, best score first (no games last, ties by id).
    fn standings(&self, names: &[String]) -> Vec<Standing> {
        let mut standings: Vec<Standing> = names
            .iter()
            .enumerate()
            .map(|(id, agent)| Standing {
                id: id as u32,
                agent: agent.clone(),
                wdl: self.wdl[id],
                estimate: Estimate::from_units(&self.units[id].means()),
            })
            .collect();
        standings.sort_by(|x, y| {
            let key = |s: &Standing| {
                if s.estimate.score.is_nan() {
                    -1.0
                } else {
                    s.estimate.score
                }
            };
            key(y).total_cmp(&key(x)).then(x.id.cmp(&y.id))
        });
        standings
    }

    /// Each pairing's results, and the first player's (each pairing, then
    /// all games).
    fn pairings(&self, names: &[String]) -> (Vec<PairingStats>, Vec<FirstPlayer>) {
        let name = |id: u32| names[id as usize].clone();
        let mut first_player = Vec::new();
        let pairing_stats = self
            .pairings
            .iter()
            .map(|(&index, acc)| {
                let mut pentanomial = [0u64; 5];
                for (_, sum, n) in &acc.units.0 {
                    if *n == 2 {
                        pentanomial[(sum * 2.0).round() as usize] += 1;
                    }
                }
                first_player.push(first_player_line(
                    Some(index),
                    (name(acc.a), name(acc.b)),
                    acc.first_player,
                ));
                PairingStats {
                    index,
                    a_id: acc.a,
                    a: name(acc.a),
                    b_id: acc.b,
                    b: name(acc.b),
                    a_total: acc.total,
                    a_south: acc.south,
                    a_north: acc.north,
                    pentanomial,
                    estimate: Estimate::from_units(&acc.units.means()),
                    repeated: acc.units.0.len() > 1 && acc.signatures.len() <= 2,
                }
            })
            .collect();
        first_player.push(first_player_line(None, Default::default(), self.all_south));
        (pairing_stats, first_player)
    }
}

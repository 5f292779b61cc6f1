//! The statistics counted game by game, in any order, in memory that does
//! not grow with the number of games: counts, and unit scores counted by
//! value ([`UnitCounts`]). A pair's first game waits (a few bytes) until its
//! partner comes, so only the pairs with a game still to come are held.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::record::{GameRecord, GameResult, Reason};

use super::ratings::{PairUnits, Ratings};
use super::units::UnitCounts;
use super::{first_player_line, Estimate, FirstPlayer, PairingStats, Standing, Statistics, Wdl};

/// What the statistics need of one game: its row without the texts, and
/// the game's key ([`GameRecord::game_key`]).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct GameFacts {
    /// Game id.
    pub game: u64,
    /// Colour-swapped pair.
    pub pair: u64,
    /// Pairing index.
    pub pairing: u32,
    /// South's agent id.
    pub south_id: u32,
    /// North's agent id.
    pub north_id: u32,
    /// Who won.
    pub result: GameResult,
    /// Plies played.
    pub plies: u32,
    /// South's tally at the end.
    pub south_total: u32,
    /// North's tally at the end.
    pub north_total: u32,
    /// Why the game ended.
    pub reason: Reason,
}

impl GameFacts {
    /// The facts of `record`.
    pub fn of(record: &GameRecord) -> GameFacts {
        GameFacts {
            game: record.game,
            pair: record.pair,
            pairing: record.pairing,
            south_id: record.south_id,
            north_id: record.north_id,
            result: record.result,
            plies: record.plies,
            south_total: record.south_total,
            north_total: record.north_total,
            reason: record.reason,
        }
    }

    /// The score of agent `id` in this game (`None` if it did not play).
    pub fn score_of(&self, id: u32) -> Option<f64> {
        let south = self.result.south_score();
        if id == self.south_id {
            Some(south)
        } else if id == self.north_id {
            Some(1.0 - south)
        } else {
            None
        }
    }

    /// South's half points (0, 1 or 2).
    fn south_half_points(&self) -> u32 {
        (self.result.south_score() * 2.0).round() as u32
    }
}

/// A game whose pair partner has not been counted yet.
#[derive(Copy, Clone)]
struct Half {
    south_id: u32,
    north_id: u32,
    pairing: u32,
    south_half_points: u32,
}

/// One pairing's results as they are counted, from agent `a`'s side.
struct PairingAcc {
    a: u32,
    b: u32,
    total: Wdl,
    south: Wdl,
    north: Wdl,
    units: UnitCounts,
    first_player: Wdl,
    signatures: HashSet<(u32, GameResult, u32, u32, u32, u128)>,
}

/// The statistics of a set of games, counted one game at a time in any
/// order. Each pair (its two games) is one unit of the intervals; a pair
/// whose second game never comes is, at the end, a unit of its one game.
pub struct Tally {
    names: Vec<String>,
    anchor: u32,
    games: u64,
    wdl: Vec<Wdl>,
    units: Vec<UnitCounts>,
    pairings: BTreeMap<u32, PairingAcc>,
    all_south: Wdl,
    reasons: [u64; Reason::ALL.len()],
    plies: u64,
    /// The fit's units: per pairing of agents, and games and pairs per agent.
    rating_units: PairUnits,
    rating_games: Vec<u64>,
    rating_pairs: Vec<u64>,
    open: HashMap<u64, Half>,
}

impl Tally {
    /// Nothing counted yet, for the agents `names` (ids are indices; a
    /// game of an id past them names it with [`Tally::name`]), the joint
    /// ratings anchored on agent `anchor`.
    pub fn new(names: &[String], anchor: u32) -> Tally {
        let n = names.len();
        Tally {
            names: names.to_vec(),
            anchor,
            games: 0,
            wdl: vec![Wdl::default(); n],
            units: vec![UnitCounts::default(); n],
            pairings: BTreeMap::new(),
            all_south: Wdl::default(),
            reasons: [0; Reason::ALL.len()],
            plies: 0,
            rating_units: PairUnits::new(),
            rating_games: vec![0; n],
            rating_pairs: vec![0; n],
            open: HashMap::new(),
        }
    }

    /// Names agent `id` `name` if it has no name yet (the agents past the
    /// list given, or unnamed in it).
    pub fn name(&mut self, id: u32, name: &str) {
        let id = id as usize;
        if id >= self.names.len() {
            self.grow(id + 1);
        }
        if self.names[id].is_empty() {
            self.names[id] = name.to_string();
        }
    }

    fn grow(&mut self, n: usize) {
        self.names.resize(n, String::new());
        self.wdl.resize(n, Wdl::default());
        self.units.resize(n, UnitCounts::default());
        self.rating_games.resize(n, 0);
        self.rating_pairs.resize(n, 0);
    }

    /// Counts a game whose [`GameRecord::game_key`] is `key`.
    pub fn add(&mut self, g: &GameFacts, key: u128) {
        let most = g.south_id.max(g.north_id) as usize;
        if most >= self.names.len() {
            self.grow(most + 1);
        }
        self.games += 1;
        let south_score = g.result.south_score();
        self.wdl[g.south_id as usize].add(south_score);
        self.wdl[g.north_id as usize].add(1.0 - south_score);
        let (a, b) = (g.south_id.min(g.north_id), g.south_id.max(g.north_id));
        let acc = self
            .pairings
            .entry(g.pairing)
            .or_insert_with(|| PairingAcc {
                a,
                b,
                total: Wdl::default(),
                south: Wdl::default(),
                north: Wdl::default(),
                units: UnitCounts::default(),
                first_player: Wdl::default(),
                signatures: HashSet::new(),
            });
        // Three different games already show the pairing is not repeating
        // one game; stop hashing (which three does not matter).
        if acc.signatures.len() <= 2 {
            acc.signatures.insert((
                g.south_id,
                g.result,
                g.plies,
                g.south_total,
                g.north_total,
                key,
            ));
        }
        let a_score = if g.south_id == acc.a {
            south_score
        } else {
            1.0 - south_score
        };
        acc.total.add(a_score);
        if g.south_id == acc.a {
            acc.south.add(a_score);
        } else {
            acc.north.add(a_score);
        }
        acc.first_player.add(south_score);
        self.all_south.add(south_score);
        self.reasons[g.reason.index()] += 1;
        self.plies += u64::from(g.plies);
        if (g.south_id as usize) < self.rating_games.len() && g.south_id != g.north_id {
            self.rating_games[g.south_id as usize] += 1;
            self.rating_games[g.north_id as usize] += 1;
        }
        let half = Half {
            south_id: g.south_id,
            north_id: g.north_id,
            pairing: g.pairing,
            south_half_points: g.south_half_points(),
        };
        match self.open.remove(&g.pair) {
            Some(first) if first.pairing == half.pairing && same_agents(&first, &half) => {
                self.close(&[first, half]);
            }
            Some(first) => {
                // Not a pair of the schedule: each game is its own unit.
                self.close(&[first]);
                self.close(&[half]);
            }
            None => {
                self.open.insert(g.pair, half);
            }
        }
    }

    /// Counts the unit of `games` (one pair's games, same agents).
    fn close(&mut self, games: &[Half]) {
        let first = games[0];
        let (a, b) = (
            first.south_id.min(first.north_id),
            first.south_id.max(first.north_id),
        );
        let half_points_of = |id: u32| -> u32 {
            games
                .iter()
                .map(|h| {
                    if h.south_id == id {
                        h.south_half_points
                    } else {
                        2 - h.south_half_points
                    }
                })
                .sum()
        };
        let n = games.len() as u32;
        let (pa, pb) = (half_points_of(a), half_points_of(b));
        self.units[a as usize].add(pa, n);
        if b != a {
            self.units[b as usize].add(pb, n);
        }
        if let Some(acc) = self.pairings.get_mut(&first.pairing) {
            let acc_points = if acc.a == a { pa } else { pb };
            acc.units.add(acc_points, n);
        }
        if a != b {
            self.rating_units
                .entry((a as usize, b as usize))
                .or_default()
                .add(pa, n);
            self.rating_pairs[a as usize] += 1;
            self.rating_pairs[b as usize] += 1;
        }
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The statistics of every game counted, with `distinct` distinct games
    /// (`None` if unknown).
    pub fn finish(mut self, distinct: Option<u64>) -> Statistics {
        // Pairs with one game: in pair order, each a unit of its game.
        let mut open: Vec<(u64, Half)> = self.open.drain().collect();
        open.sort_by_key(|(pair, _)| *pair);
        for (_, half) in open {
            self.close(&[half]);
        }
        let standings = self.standings();
        let (pairings, first_player) = self.pairings();
        let ratings = Ratings::from_units(
            &self.names,
            (&self.rating_games, &self.rating_pairs),
            &self.rating_units,
            self.anchor,
        );
        Statistics {
            games: self.games,
            mean_plies: if self.games == 0 {
                0.0
            } else {
                self.plies as f64 / self.games as f64
            },
            standings,
            pairings,
            first_player,
            terminations: Reason::ALL
                .iter()
                .map(|r| (*r, self.reasons[r.index()]))
                .collect(),
            distinct_games: distinct,
            ratings,
        }
    }

    /// The standings, best score first (no games last, ties by id).
    fn standings(&self) -> Vec<Standing> {
        let mut standings: Vec<Standing> = self
            .names
            .iter()
            .enumerate()
            .map(|(id, agent)| Standing {
                id: id as u32,
                agent: agent.clone(),
                wdl: self.wdl[id],
                estimate: Estimate::from_counts(&self.units[id]),
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
    fn pairings(&self) -> (Vec<PairingStats>, Vec<FirstPlayer>) {
        let name = |id: u32| self.names[id as usize].clone();
        let mut first_player = Vec::new();
        let pairing_stats = self
            .pairings
            .iter()
            .map(|(&index, acc)| {
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
                    pentanomial: acc.units.pentanomial(),
                    estimate: Estimate::from_counts(&acc.units),
                    repeated: acc.units.count() > 1 && acc.signatures.len() <= 2,
                }
            })
            .collect();
        first_player.push(first_player_line(None, Default::default(), self.all_south));
        (pairing_stats, first_player)
    }
}

fn same_agents(x: &Half, y: &Half) -> bool {
    (x.south_id.min(x.north_id), x.south_id.max(x.north_id))
        == (y.south_id.min(y.north_id), y.south_id.max(y.north_id))
}

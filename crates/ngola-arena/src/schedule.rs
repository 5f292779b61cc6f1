//! The schedule: every game of a tournament, a function of the experiment
//! and its master seed alone, so that results do not depend on the thread
//! count and shards of a run play exactly the games of the whole. Nothing
//! is built up front: any game's seeds are computed on demand (the seed
//! stream is seekable), and a run holds at most [`MAX_GAMES`] games.
//!
//! Order: round `r` (0..games/2) of every pairing in turn; each round of a
//! pairing is one colour-swapped *pair* (pair index `r * pairings + p`),
//! whose first game has the pairing's first agent as South and second
//! game the other. Game ids are `2 * pair` and `2 * pair + 1`.
//!
//! Seeds: a `ChaCha8Rng` seeded with the master seed (`seed_from_u64`)
//! draws three `u64` per pair, in pair order: the opening seed (shared by
//! both games of the pair) and the two games' seeds. An agent's seed is
//! drawn from a `ChaCha8Rng` seeded with its game's seed, on stream 1 for
//! South and 2 for North ([`agent_seed`]). Pair `p`'s seeds are words
//! `6p..6p + 6` of the master stream, so [`Schedule::pair_seeds`] seeks
//! straight to them.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use ngola_rules::Player;

use crate::format::{Format, Shard};

/// Two agents that meet; `first` plays South in the first game of each pair.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The pairing's index.
    pub index: u32,
    /// Agent id (index in the experiment's agent list); the smaller one.
    pub first: u32,
    /// The other agent's id.
    pub second: u32,
}

/// One game of the schedule.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ScheduledGame {
    /// Game id: position in the schedule, from 0.
    pub id: u64,
    /// The colour-swapped pair this game belongs to (`id / 2`).
    pub pair: u64,
    /// The pairing's index.
    pub pairing: u32,
    /// Agent id playing South (who moves first).
    pub south: u32,
    /// Agent id playing North.
    pub north: u32,
    /// The game's seed; the agents' seeds derive from it.
    pub seed: u64,
    /// Seed of the random opening, the same for both games of a pair.
    pub opening_seed: u64,
}

impl ScheduledGame {
    /// The seed of the agent playing `side` in this game.
    pub fn agent_seed(&self, side: Player) -> u64 {
        agent_seed(self.seed, side)
    }
}

/// The seed of the agent playing `side` in the game with seed `game_seed`.
pub fn agent_seed(game_seed: u64, side: Player) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(game_seed);
    rng.set_stream(1 + side.index() as u64);
    rng.next_u64()
}

/// The pairings of `agents` agents in `format`, in schedule order.
pub fn pairings(agents: usize, format: Format) -> Vec<Pairing> {
    let agents = agents as u32;
    let pairs: Vec<(u32, u32)> = match format {
        Format::RoundRobin => (0..agents)
            .flat_map(|a| (a + 1..agents).map(move |b| (a, b)))
            .collect(),
        Format::Gauntlet => (1..agents).map(|b| (0, b)).collect(),
    };
    pairs
        .into_iter()
        .enumerate()
        .map(|(index, (first, second))| Pairing {
            index: index as u32,
            first,
            second,
        })
        .collect()
}

/// The most games a run (all pairings, all shards) may hold. A run's own
/// memory does not grow with its games (statistics are counted as games
/// finish, `games.csv` is sorted in bounded memory), but a resume and a
/// merge read back every row already written (about a kilobyte with its
/// moves): ten million games is about ten gigabytes. Split a larger study
/// into runs with other seeds.
pub const MAX_GAMES: u64 = 10_000_000;

/// Every game of a run (all shards), computed on demand.
#[derive(Clone, Debug)]
pub struct Schedule {
    pairings: Vec<Pairing>,
    rounds: u64,
    seed: u64,
}

impl Schedule {
    /// The schedule of `agents` agents in `format`, `games` games a
    /// pairing (an even number), seeded from `seed`
    /// ([`crate::Experiment::schedule`] gives an experiment's).
    pub fn new(agents: usize, format: Format, games: u32, seed: u64) -> Schedule {
        Schedule {
            pairings: pairings(agents, format),
            rounds: u64::from(games / 2),
            seed,
        }
    }

    /// The games of the run, all shards.
    pub fn games(&self) -> u64 {
        2 * self.pairs()
    }

    /// The colour-swapped pairs of the run.
    pub fn pairs(&self) -> u64 {
        self.rounds * self.pairings.len() as u64
    }

    /// Pairs per pairing (`games / 2`).
    pub fn rounds(&self) -> u64 {
        self.rounds
    }

    /// The pairings, in schedule order.
    pub fn pairings(&self) -> &[Pairing] {
        &self.pairings
    }

    /// The pairing of pair `pair`.
    pub fn pairing_of(&self, pair: u64) -> u32 {
        (pair % self.pairings.len().max(1) as u64) as u32
    }

    /// The round of pair `pair` (its index among its pairing's pairs).
    pub fn round_of(&self, pair: u64) -> u64 {
        pair / self.pairings.len().max(1) as u64
    }

    /// Pair `pair`'s opening seed and its two games' seeds.
    pub fn pair_seeds(&self, pair: u64) -> [u64; 3] {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_word_pos(6 * u128::from(pair));
        [rng.next_u64(), rng.next_u64(), rng.next_u64()]
    }

    fn games_of_pair(
        &self,
        pair: u64,
        [opening_seed, first, second]: [u64; 3],
    ) -> [ScheduledGame; 2] {
        let pairing = self.pairings[self.pairing_of(pair) as usize];
        let game = |k: u64, south, north, seed| ScheduledGame {
            id: 2 * pair + k,
            pair,
            pairing: pairing.index,
            south,
            north,
            seed,
            opening_seed,
        };
        [
            game(0, pairing.first, pairing.second, first),
            game(1, pairing.second, pairing.first, second),
        ]
    }

    /// Game `id`, if the run has it.
    pub fn game(&self, id: u64) -> Option<ScheduledGame> {
        (id < self.games()).then(|| {
            let pair = id / 2;
            self.games_of_pair(pair, self.pair_seeds(pair))[(id % 2) as usize]
        })
    }

    /// Every game of the run in id order (drawn from one stream, faster
    /// than [`Schedule::game`] one by one).
    pub fn iter(&self) -> impl Iterator<Item = ScheduledGame> + '_ {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        (0..self.pairs()).flat_map(move |pair| {
            let seeds = [rng.next_u64(), rng.next_u64(), rng.next_u64()];
            self.games_of_pair(pair, seeds)
        })
    }

    /// The opening seed of every pair, in pair order.
    pub fn opening_seeds(&self) -> Vec<u64> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        (0..self.pairs())
            .map(|_| {
                let opening = rng.next_u64();
                rng.next_u64();
                rng.next_u64();
                opening
            })
            .collect()
    }

    /// The games of `shard` (all games when `None`), in id order.
    pub fn shard_games(&self, shard: Option<Shard>) -> impl Iterator<Item = ScheduledGame> + '_ {
        self.iter()
            .filter(move |g| shard.is_none_or(|s| s.holds_pair(g.pair)))
    }

    /// The number of games of `shard` (all games when `None`).
    pub fn shard_len(&self, shard: Option<Shard>) -> u64 {
        match shard {
            None => self.games(),
            Some(s) => {
                let (count, index) = (u64::from(s.count), u64::from(s.index - 1));
                let pairs = self.pairs();
                2 * (pairs / count + u64::from(pairs % count > index))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::{Experiment, ExperimentDraft};

    fn experiment(agents: usize, format: &str, games: u32, seed: u64) -> Experiment {
        ExperimentDraft {
            game: Some("kalah".into()),
            agents: Some(vec!["random".to_string(); agents]),
            format: Some(format.into()),
            games: Some(games),
            seed: Some(seed),
            ..Default::default()
        }
        .finish()
        .unwrap()
    }

    #[test]
    fn round_robin_and_gauntlet_pairings() {
        let rr: Vec<(u32, u32)> = pairings(4, Format::RoundRobin)
            .iter()
            .map(|p| (p.first, p.second))
            .collect();
        assert_eq!(rr, vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
        let g: Vec<(u32, u32)> = pairings(4, Format::Gauntlet)
            .iter()
            .map(|p| (p.first, p.second))
            .collect();
        assert_eq!(g, vec![(0, 1), (0, 2), (0, 3)]);
    }

    fn schedule(experiment: &Experiment) -> Vec<ScheduledGame> {
        experiment.schedule().iter().collect()
    }

    #[test]
    fn every_pair_swaps_colours_and_shares_its_opening() {
        let games = schedule(&experiment(3, "round-robin", 6, 7));
        // 3 pairings x 6 games.
        assert_eq!(games.len(), 18);
        for (i, g) in games.iter().enumerate() {
            assert_eq!(g.id, i as u64);
            assert_eq!(g.pair, g.id / 2);
        }
        for pair in games.chunks(2) {
            assert_eq!(
                (pair[0].south, pair[0].north),
                (pair[1].north, pair[1].south)
            );
            assert_eq!(pair[0].opening_seed, pair[1].opening_seed);
            assert_ne!(pair[0].seed, pair[1].seed);
            assert_eq!(pair[0].pairing, pair[1].pairing);
        }
        // Each pairing plays 3 pairs, one per round, in turn.
        let pairings: Vec<u32> = games.iter().step_by(2).map(|g| g.pairing).collect();
        assert_eq!(pairings, vec![0, 1, 2, 0, 1, 2, 0, 1, 2]);
    }

    const PINNED_SEED: u64 = 3_098_856_782_162_503_994;
    const PINNED_SOUTH: u64 = 12_775_069_766_590_978_985;

    #[test]
    fn seeds_follow_the_master_seed_only() {
        let a = schedule(&experiment(2, "gauntlet", 8, 7));
        let b = schedule(&Experiment {
            threads: 1,
            ..experiment(2, "gauntlet", 8, 7)
        });
        assert_eq!(a, b);
        let c = schedule(&experiment(2, "gauntlet", 8, 8));
        assert_ne!(a[0].seed, c[0].seed);
        // Agents of one game get different seeds, and neither is the game's.
        let g = a[0];
        let (s, n) = (g.agent_seed(Player::South), g.agent_seed(Player::North));
        assert!(s != n && s != g.seed && n != g.seed);
        // The derivation the module documents, spelled out with rand_chacha.
        let mut master = ChaCha8Rng::seed_from_u64(7);
        let opening = master.next_u64();
        assert_eq!((a[0].opening_seed, a[0].seed), (opening, master.next_u64()));
        assert_eq!(a[1].seed, master.next_u64());
        let mut south = ChaCha8Rng::seed_from_u64(g.seed);
        south.set_stream(1);
        assert_eq!(s, south.next_u64());
        // And pinned, so that a change of the RNG crate, which would change
        // every recorded game, cannot pass unnoticed.
        assert_eq!((g.seed, s), (PINNED_SEED, PINNED_SOUTH));
    }

    #[test]
    fn shards_partition_the_schedule_by_pairs() {
        let exp = experiment(3, "round-robin", 10, 3);
        let s = exp.schedule();
        let all = schedule(&exp);
        let mut seen = vec![0; all.len()];
        for index in 1..=4 {
            let shard = Some(Shard { index, count: 4 });
            let mut n = 0;
            for g in s.shard_games(shard) {
                seen[g.id as usize] += 1;
                assert_eq!(g.pair % 4, u64::from(index - 1));
                assert_eq!(g, all[g.id as usize]);
                n += 1;
            }
            assert_eq!(s.shard_len(shard), n);
        }
        assert!(seen.iter().all(|&n| n == 1));
        assert!(s.shard_games(None).eq(all.iter().copied()));
        assert_eq!(s.shard_len(None), 30);
    }

    #[test]
    fn any_game_is_computed_on_its_own_as_in_the_whole() {
        let exp = experiment(4, "round-robin", 12, 5);
        let s = exp.schedule();
        let all = schedule(&exp);
        assert_eq!(all.len() as u64, s.games());
        for g in &all {
            assert_eq!(s.game(g.id), Some(*g));
        }
        assert_eq!(s.game(s.games()), None);
        let seeds = s.opening_seeds();
        assert!(all.iter().all(|g| seeds[g.pair as usize] == g.opening_seed));
        assert_eq!((s.pairing_of(7), s.round_of(7)), (1, 1));
    }
}

//! Self-play data: games of one agent spec against itself, every position
//! recorded with its observation, legal-action mask, the action played and
//! the final result, generated in parallel and identical for a given seed
//! whatever the number of threads.
//!
//! Seeding: game `i` draws from a `ChaCha8Rng` seeded with the master seed
//! on stream `i`: first its opening seed, then South's agent seed, then
//! North's. The opening (`opening_plies` uniformly random plies, drawn
//! again if the game is over after it) is the rules'
//! ([`ngola_rules::opening::random_opening`]), as in tournaments; its positions are recorded too,
//! marked in [`SelfPlayData::opening`], so that every game can be replayed
//! from the start position with its actions. A game still going after
//! [`MAX_GAME_PLIES`](ngola_rules::MAX_GAME_PLIES) plies (rules under
//! which no game need end) is stopped there and scored a draw, as in
//! tournaments.

use ngola_agents::Resources;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use thiserror::Error;

use ngola_agents::play::{play_out, Ended, Seated};
use ngola_agents::{AgentSpec, Evaluate};
use ngola_rules::opening::random_opening;
use ngola_rules::{MoveList, Outcome};

use crate::encode::Encode;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfPlayConfig {
    /// Games to play.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Worker threads (no result depends on it); at least 1.
    pub threads: usize,
    /// Uniformly random plies before the agent plays.
    pub opening_plies: u32,
}

/// The most random opening plies accepted (as in tournaments).
pub use ngola_rules::opening::MAX_OPENING_PLIES;

impl SelfPlayConfig {
    /// Checks the settings; the error names the field.
    pub fn check(&self) -> Result<(), SelfPlayError> {
        let bad = |field: &'static str, message: String| SelfPlayError::Setting { field, message };
        if self.threads == 0 {
            return Err(bad("threads", "must be at least 1".to_string()));
        }
        if self.opening_plies > MAX_OPENING_PLIES {
            return Err(bad(
                "opening_plies",
                format!("{} is more than {MAX_OPENING_PLIES}", self.opening_plies),
            ));
        }
        Ok(())
    }
}

/// Why self-play stopped without data.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SelfPlayError {
    /// A setting out of range.
    #[error("{field}: {message}")]
    Setting {
        /// The setting's name.
        field: &'static str,
        /// What is wrong and what is allowed.
        message: String,
    },
    /// The stop flag was raised (e.g. by Ctrl-C).
    #[error("self-play interrupted")]
    Interrupted,
    /// A setting the game cannot honour (an opening that cannot be drawn).
    #[error("game {game}: {message}")]
    Game {
        /// The game's index.
        game: u64,
        /// What went wrong.
        message: String,
    },
    /// The worker threads could not be started.
    #[error("cannot start {threads} threads: {message}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// The system's answer.
        message: String,
    },
}

/// Every position of every game, position `k` at index `k` of each vector
/// (`observations` and `legal_mask` hold `observation_len` and
/// `num_actions` values per position). Positions are in game order, each
/// game from its start position to the position before its end.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SelfPlayData {
    /// Length of one observation.
    pub observation_len: usize,
    /// Size of the action space.
    pub num_actions: usize,
    /// Observations from the side to move's view.
    pub observations: Vec<f32>,
    /// Legal actions, `num_actions` flags per position.
    pub legal_mask: Vec<bool>,
    /// The action played.
    pub actions: Vec<u32>,
    /// The side to move: 0 South, 1 North.
    pub to_move: Vec<u8>,
    /// The game's index, from 0.
    pub game_id: Vec<u64>,
    /// The ply of the position (plies played before it).
    pub ply: Vec<u32>,
    /// True for the plies of the random opening (not the agent's moves).
    pub opening: Vec<bool>,
    /// The game's result from the side to move's view: +1, 0, -1 (a game
    /// still going after [`MAX_GAME_PLIES`](ngola_rules::MAX_GAME_PLIES) plies, possible only under
    /// rules where no game need end, is stopped there and scored 0).
    pub outcome: Vec<i8>,
}

impl SelfPlayData {
    /// Positions recorded.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// True when no position was recorded.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }
}

/// The seeds of game `index`: opening, South's agent, North's agent.
pub fn game_seeds(master: u64, index: u64) -> [u64; 3] {
    let mut rng = ChaCha8Rng::seed_from_u64(master);
    rng.set_stream(index);
    [rng.next_u64(), rng.next_u64(), rng.next_u64()]
}

/// Plays `config.games` games of `spec` against itself from `start` on
/// `config.threads` threads, its agents built with `resources`. Checks `stop` before each game (and then
/// returns [`SelfPlayError::Interrupted`]).
///
/// Two passes, both parallel: the games are played keeping only their
/// moves, then the arrays are allocated once at their final size and each
/// game is replayed into its own slices of them. Every byte of the result
/// is written once, and no per-game buffer is copied.
pub fn selfplay<G: Encode + Evaluate>(
    start: &G,
    spec: &AgentSpec,
    config: &SelfPlayConfig,
    resources: &Resources,
    stop: &AtomicBool,
) -> Result<SelfPlayData, SelfPlayError> {
    config.check()?;
    let threads = config.threads;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SelfPlayError::Threads {
            threads,
            message: e.to_string(),
        })?;
    let games: Vec<Result<Played<G>, SelfPlayError>> = pool.install(|| {
        (0..config.games)
            .into_par_iter()
            .map(|i| {
                if stop.load(Ordering::Relaxed) {
                    return Err(SelfPlayError::Interrupted);
                }
                play_one(start, spec, config, resources, i)
            })
            .collect()
    });
    let games = games.into_iter().collect::<Result<Vec<_>, _>>()?;

    let positions: usize = games.iter().map(|g| g.moves.len()).sum();
    let obs_len = G::observation_len(start.rules());
    let num_actions = G::num_actions(start.rules());
    // Zeroed allocations: fresh pages, written once below.
    let mut data = SelfPlayData {
        observation_len: obs_len,
        num_actions,
        observations: vec![0.0; positions * obs_len],
        legal_mask: vec![false; positions * num_actions],
        actions: vec![0; positions],
        to_move: vec![0; positions],
        game_id: vec![0; positions],
        ply: vec![0; positions],
        opening: vec![false; positions],
        outcome: vec![0; positions],
    };
    let mut slices = Vec::with_capacity(games.len());
    let mut rest = Rows::of(&mut data);
    for (index, game) in (0u64..).zip(&games) {
        let (rows, tail) = rest.split(game.moves.len(), obs_len, num_actions);
        slices.push((index, game, rows));
        rest = tail;
    }
    pool.install(|| {
        slices
            .into_par_iter()
            .for_each(|(index, game, rows)| record(start, index, game, rows));
    });
    Ok(data)
}

/// One game as played: its moves from the start position (the first
/// `opening` of them random) and its outcome.
struct Played<G: Encode + Evaluate> {
    moves: Vec<G::Move>,
    opening: usize,
    /// `None` for a game stopped at [`MAX_GAME_PLIES`] (a draw).
    outcome: Option<Outcome>,
}

/// One game's rows of every array of a [`SelfPlayData`].
struct Rows<'a> {
    observations: &'a mut [f32],
    legal_mask: &'a mut [bool],
    actions: &'a mut [u32],
    to_move: &'a mut [u8],
    game_id: &'a mut [u64],
    ply: &'a mut [u32],
    opening: &'a mut [bool],
    outcome: &'a mut [i8],
}

impl<'a> Rows<'a> {
    fn of(data: &'a mut SelfPlayData) -> Rows<'a> {
        Rows {
            observations: &mut data.observations,
            legal_mask: &mut data.legal_mask,
            actions: &mut data.actions,
            to_move: &mut data.to_move,
            game_id: &mut data.game_id,
            ply: &mut data.ply,
            opening: &mut data.opening,
            outcome: &mut data.outcome,
        }
    }

    /// The first `n` positions' rows, and the rest.
    fn split(self, n: usize, obs_len: usize, num_actions: usize) -> (Rows<'a>, Rows<'a>) {
        let (observations, o) = self.observations.split_at_mut(n * obs_len);
        let (legal_mask, m) = self.legal_mask.split_at_mut(n * num_actions);
        let (actions, a) = self.actions.split_at_mut(n);
        let (to_move, t) = self.to_move.split_at_mut(n);
        let (game_id, g) = self.game_id.split_at_mut(n);
        let (ply, p) = self.ply.split_at_mut(n);
        let (opening, op) = self.opening.split_at_mut(n);
        let (outcome, out) = self.outcome.split_at_mut(n);
        (
            Rows {
                observations,
                legal_mask,
                actions,
                to_move,
                game_id,
                ply,
                opening,
                outcome,
            },
            Rows {
                observations: o,
                legal_mask: m,
                actions: a,
                to_move: t,
                game_id: g,
                ply: p,
                opening: op,
                outcome: out,
            },
        )
    }
}

/// Replays game `index` from `start`, writing each position's rows.
fn record<G: Encode + Evaluate>(start: &G, index: u64, played: &Played<G>, rows: Rows<'_>) {
    let obs_len = G::observation_len(start.rules());
    let num_actions = G::num_actions(start.rules());
    let mut game = start.clone();
    let mut moves = MoveList::new();
    for (k, &mv) in played.moves.iter().enumerate() {
        let side = game.to_move();
        game.observe(side, &mut rows.observations[k * obs_len..(k + 1) * obs_len]);
        let mask = &mut rows.legal_mask[k * num_actions..(k + 1) * num_actions];
        moves.clear();
        game.legal_moves(&mut moves);
        for &legal in &moves {
            mask[game.action(legal)] = true;
        }
        rows.actions[k] = game.action(mv) as u32;
        rows.to_move[k] = side.index() as u8;
        rows.game_id[k] = index;
        rows.ply[k] = game.ply();
        rows.opening[k] = k < played.opening;
        rows.outcome[k] = played.outcome.map_or(0, |o| o.sign_for(side)) as i8;
        game.play(mv);
    }
}

/// Plays game `index`, keeping its moves.
fn play_one<G: Encode + Evaluate>(
    start: &G,
    spec: &AgentSpec,
    config: &SelfPlayConfig,
    resources: &Resources,
    index: u64,
) -> Result<Played<G>, SelfPlayError> {
    let fail = |message: String| SelfPlayError::Game {
        game: index,
        message,
    };
    let [opening_seed, south_seed, north_seed] = game_seeds(config.seed, index);
    let (mut game, mut moves) = random_opening(start, config.opening_plies, opening_seed)
        .map_err(|e| fail(e.to_string()))?;
    let opening = moves.len();
    moves.reserve(64);
    let build = |seed| {
        spec.try_build::<G>(resources, seed)
            .map_err(|e| fail(e.to_string()))
    };
    let mut players = Seated {
        agents: [build(south_seed)?, build(north_seed)?],
        moves,
    };
    let mut after = game.clone();
    // Rules under which a game need not end: stopped where the tournament
    // runner stops games (counted from the start before the opening), and
    // scored a draw.
    let outcome = match play_out(&mut game, &mut after, &mut players, start.ply()) {
        Ended::Over(outcome) => Some(outcome),
        Ended::PlyLimit => None,
        Ended::Stopped(never) => match never {},
    };
    let moves = players.moves;
    Ok(Played {
        moves,
        opening,
        outcome,
    })
}

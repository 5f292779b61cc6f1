//! Self-play data: games of one agent spec against itself, every position
//! recorded with its observation, legal-action mask, the action played and
//! the final result, generated in parallel and identical for a given seed
//! whatever the number of threads.
//!
//! Seeding: game `i` draws from a `ChaCha8Rng` seeded with the master seed
//! on stream `i`: first its opening seed, then South's agent seed, then
//! North's. The opening (`opening_plies` uniformly random plies, drawn
//! again if the game is over after it) is the arena's
//! ([`ngola_arena::play::random_opening`]); its positions are recorded too,
//! marked in [`SelfPlayData::opening`], so that every game can be replayed
//! from the start position with its actions.

use std::sync::atomic::{AtomicBool, Ordering};

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use thiserror::Error;

use ngola_agents::AgentSpec;
use ngola_arena::play::random_opening;
use ngola_rules::{MoveList, Player};

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
pub const MAX_OPENING_PLIES: u32 = ngola_arena::experiment::MAX_OPENING_PLIES;

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
    /// The game's result from the side to move's view: +1, 0, -1.
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

    fn append(&mut self, mut other: SelfPlayData) {
        // `extend_from_slice` into the reserved space (`append` would too).
        self.observations.append(&mut other.observations);
        self.legal_mask.append(&mut other.legal_mask);
        self.actions.append(&mut other.actions);
        self.to_move.append(&mut other.to_move);
        self.game_id.append(&mut other.game_id);
        self.ply.append(&mut other.ply);
        self.opening.append(&mut other.opening);
        self.outcome.append(&mut other.outcome);
    }
}

/// The seeds of game `index`: opening, South's agent, North's agent.
pub fn game_seeds(master: u64, index: u64) -> [u64; 3] {
    let mut rng = ChaCha8Rng::seed_from_u64(master);
    rng.set_stream(index);
    [rng.next_u64(), rng.next_u64(), rng.next_u64()]
}

/// Plays `config.games` games of `spec` against itself from `start` on
/// `config.threads` threads. Checks `stop` before each game (and then
/// returns [`SelfPlayError::Interrupted`]).
pub fn selfplay<G: Encode>(
    start: &G,
    spec: &AgentSpec,
    config: &SelfPlayConfig,
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
    let games: Vec<Result<SelfPlayData, SelfPlayError>> = pool.install(|| {
        (0..config.games)
            .into_par_iter()
            .map(|i| {
                if stop.load(Ordering::Relaxed) {
                    return Err(SelfPlayError::Interrupted);
                }
                play_one(start, spec, config, i)
            })
            .collect()
    });
    let games = games.into_iter().collect::<Result<Vec<_>, _>>()?;
    // One allocation per array: the games' data is copied once.
    let positions: usize = games.iter().map(SelfPlayData::len).sum();
    let (obs_len, num_actions) = (
        G::observation_len(start.rules()),
        G::num_actions(start.rules()),
    );
    let mut data = SelfPlayData {
        observation_len: obs_len,
        num_actions,
        observations: Vec::with_capacity(positions * obs_len),
        legal_mask: Vec::with_capacity(positions * num_actions),
        actions: Vec::with_capacity(positions),
        to_move: Vec::with_capacity(positions),
        game_id: Vec::with_capacity(positions),
        ply: Vec::with_capacity(positions),
        opening: Vec::with_capacity(positions),
        outcome: Vec::with_capacity(positions),
    };
    for game in games {
        data.append(game);
    }
    Ok(data)
}

/// Plays game `index` and records its positions.
fn play_one<G: Encode>(
    start: &G,
    spec: &AgentSpec,
    config: &SelfPlayConfig,
    index: u64,
) -> Result<SelfPlayData, SelfPlayError> {
    let fail = |message: String| SelfPlayError::Game {
        game: index,
        message,
    };
    let [opening_seed, south_seed, north_seed] = game_seeds(config.seed, index);
    let (_, opening) = random_opening(start, config.opening_plies, opening_seed).map_err(fail)?;
    let obs_len = G::observation_len(start.rules());
    let num_actions = G::num_actions(start.rules());
    // Room for a typical game, so that short games never reallocate.
    const ROOM: usize = 64;
    let mut data = SelfPlayData {
        observations: Vec::with_capacity(ROOM * obs_len),
        legal_mask: Vec::with_capacity(ROOM * num_actions),
        ..SelfPlayData::default()
    };
    let mut record = |game: &G, mv: G::Move, in_opening: bool| {
        let at = data.observations.len();
        data.observations.resize(at + obs_len, 0.0);
        game.observe(game.to_move(), &mut data.observations[at..]);
        let at = data.legal_mask.len();
        data.legal_mask.resize(at + num_actions, false);
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        for &legal in &moves {
            data.legal_mask[at + game.action(legal)] = true;
        }
        data.actions.push(game.action(mv) as u32);
        data.to_move.push(game.to_move().index() as u8);
        data.game_id.push(index);
        data.ply.push(game.ply());
        data.opening.push(in_opening);
    };

    let mut game = start.clone();
    for text in &opening {
        let mv = game.parse_move(text).map_err(|e| fail(e.to_string()))?;
        record(&game, mv, true);
        game.play(mv);
    }
    let build = |seed| spec.try_build::<G>(seed).map_err(|e| fail(e.to_string()));
    let mut players = [build(south_seed)?, build(north_seed)?];
    let mut after = game.clone();
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break outcome;
        }
        let (mv, played) = players[game.to_move().index()].select_into(&game, &mut after);
        record(&game, mv, false);
        for player in players.iter_mut() {
            player.observe(&game, mv);
        }
        if played {
            std::mem::swap(&mut game, &mut after);
        } else {
            game.play(mv);
        }
    };
    data.outcome = data
        .to_move
        .iter()
        .map(|&side| outcome.sign_for(Player::from_index(side as usize)) as i8)
        .collect();
    Ok(data)
}

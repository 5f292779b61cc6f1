//! Many games stepped at once against a fixed opponent: the batched
//! stepper behind `ngola.envs.VectorEnv` (Gymnasium's vector API).
//!
//! A [`VecGames`] holds `n` games. In each, a learner (the caller) plays one
//! side and an agent built from a spec string plays the other; a step
//! takes one action id per game, plays it, lets the opponent answer until
//! the learner is to move again or the game is over, and writes the
//! learner's observation, legal-action mask, reward (+1, 0, -1 at the end,
//! 0 before) and flags into a [`Batch`].
//!
//! Autoreset is Gymnasium's `NEXT_STEP` mode: the step that ends a game
//! returns its last observation with `terminated` set; the next step of
//! that game ignores its action, starts a new game and returns its first
//! observation (reward 0, not terminated).
//!
//! Seeding: game `i` draws from its own `ChaCha8Rng`, seeded by
//! [`VecGames::reset`] with the master seed on stream `i`, so that results
//! do not depend on the number of threads. Each game draws, in order: the
//! learner's side (when it is random), then one seed per opponent move. The
//! opponent is built afresh from its spec for every move it makes, seeded
//! from that draw (search tables are reused per thread, so this costs no
//! allocation); a searching opponent therefore keeps no tree between moves.
//!
//! An illegal action (out of range, or not legal in the position) ends the
//! game as a loss for the learner (reward -1, `illegal` set).

use ngola_agents::Resources;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use thiserror::Error;

use ngola_agents::play::{play_out, Ended, Players};
use ngola_agents::{AgentSpec, Evaluate};
use ngola_rules::{Game, MoveList, Player};

use crate::encode::Encode;

/// Which side the learner plays in each game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayAs {
    /// South or North with equal chances, drawn anew for every game.
    Random,
    /// Always this side.
    Side(Player),
}

/// The most tries at starting a game in which the learner gets to move
/// (the opponent can end a game of a tiny rule set before that).
const START_TRIES: u32 = 1000;

/// Why a batch could not be stepped.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum VecError {
    /// A setting out of range; names the field.
    #[error("{field}: {message}")]
    Setting {
        /// The setting's name.
        field: &'static str,
        /// What is wrong and what is allowed.
        message: String,
    },
    /// The opponent could not be built (its table does not fit in memory).
    #[error("opponent: {0}")]
    Opponent(String),
    /// Every start drawn ended before the learner's first move.
    #[error(
        "game {0}: the opponent ended {START_TRIES} games in a row before the agent's first move"
    )]
    NoStart(usize),
    /// The worker threads could not be started.
    #[error("cannot start {threads} threads: {message}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// The system's answer.
        message: String,
    },
}

/// What one step (or reset) of every game returns, game `i`'s values at
/// index `i` (`observations` and `action_mask` hold `observation_len` and
/// `num_actions` values per game).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Batch {
    /// Observations from the learner's side.
    pub observations: Vec<f32>,
    /// 1 for the learner's legal actions, else 0 (all 0 once a game is over).
    pub action_mask: Vec<i8>,
    /// +1 (won), 0 (drawn, or not over), -1 (lost) for the learner.
    pub rewards: Vec<f32>,
    /// The game ended in this step.
    pub terminated: Vec<bool>,
    /// The game was stopped in this step, still going, at the runner's ply
    /// limit ([`ngola_agents::play::last_ply`]; only rules under which a
    /// game need not end reach it).
    pub truncated: Vec<bool>,
    /// The action was illegal (and the game lost).
    pub illegal: Vec<bool>,
    /// The side the learner plays: 0 South, 1 North.
    pub learner: Vec<u8>,
}

impl Batch {
    /// A batch of `n` games of the given sizes, zeroed.
    fn new(n: usize, observation_len: usize, num_actions: usize) -> Batch {
        Batch {
            observations: vec![0.0; n * observation_len],
            action_mask: vec![0; n * num_actions],
            rewards: vec![0.0; n],
            terminated: vec![false; n],
            truncated: vec![false; n],
            illegal: vec![false; n],
            learner: vec![0; n],
        }
    }
}

/// One game of the batch.
#[derive(Clone, Debug)]
struct Slot<G: Game> {
    game: G,
    rng: ChaCha8Rng,
    learner: Player,
    /// The game ended in the previous step: the next step starts a new one.
    ended: bool,
    /// The learner's legal actions in `game` (as last written to the mask),
    /// so that checking an action costs no move generation.
    legal: Vec<bool>,
    /// Scratch position for the opponent's moves (kept to reuse its buffers).
    after: G,
}

/// What one game's step writes besides its observation and mask.
#[derive(Copy, Clone, Debug, Default)]
struct Flags {
    reward: f32,
    terminated: bool,
    truncated: bool,
    illegal: bool,
    learner: u8,
}

/// `n` games of `G` against one opponent spec; see the module documentation.
pub struct VecGames<G: Encode + Evaluate> {
    start: G,
    opponent: AgentSpec,
    /// The opponent's memory limit and the databases it opened.
    resources: Resources,
    play_as: PlayAs,
    slots: Vec<Slot<G>>,
    pool: Option<rayon::ThreadPool>,
    observation_len: usize,
    num_actions: usize,
}

/// Games per rayon task: enough that a task's work outweighs its cost.
const MIN_CHUNK: usize = 64;

impl<G: Encode + Evaluate> VecGames<G> {
    /// `n` games from `start` against `opponent` (built with `resources`)
    /// on `threads` threads (1: the caller's thread only). The games start
    /// at [`VecGames::reset`].
    pub fn new(
        start: G,
        n: usize,
        opponent: AgentSpec,
        play_as: PlayAs,
        threads: usize,
        resources: Resources,
    ) -> Result<Self, VecError> {
        let bad = |field, message: &str| VecError::Setting {
            field,
            message: message.to_string(),
        };
        if n == 0 {
            return Err(bad("n", "must be at least 1"));
        }
        if threads == 0 {
            return Err(bad("threads", "must be at least 1"));
        }
        if start.outcome().is_some() {
            return Err(bad("start", "the game is over in its start position"));
        }
        // Build the opponent once now, so that a table too big is reported here.
        opponent
            .try_build::<G>(&resources, 0)
            .map_err(|e| VecError::Opponent(e.to_string()))?;
        let pool = if threads > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| VecError::Threads {
                    threads,
                    message: e.to_string(),
                })?;
            Some(pool)
        } else {
            None
        };
        let slot = Slot {
            game: start.clone(),
            rng: ChaCha8Rng::seed_from_u64(0),
            learner: Player::South,
            ended: true,
            legal: vec![false; G::num_actions(start.rules())],
            after: start.clone(),
        };
        Ok(VecGames {
            observation_len: G::observation_len(start.rules()),
            num_actions: G::num_actions(start.rules()),
            slots: vec![slot; n],
            start,
            opponent,
            resources,
            play_as,
            pool,
        })
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never true: a batch holds at least one game.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The length of one observation.
    pub fn observation_len(&self) -> usize {
        self.observation_len
    }

    /// The size of the action space.
    pub fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// Game `i`'s position, if there is such a game.
    pub fn game(&self, i: usize) -> Option<&G> {
        self.slots.get(i).map(|s| &s.game)
    }

    /// Starts a new game in every slot. With `Some(seed)` each game's
    /// generator is seeded first (game `i`: `seed` on stream `i`); with
    /// `None` the generators go on from where they are.
    pub fn reset(&mut self, seed: Option<u64>) -> Result<Batch, VecError> {
        if let Some(seed) = seed {
            for (i, slot) in self.slots.iter_mut().enumerate() {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                rng.set_stream(i as u64);
                slot.rng = rng;
            }
        }
        self.run(None)
    }

    /// Plays one action id per game (`actions.len()` must be the number of
    /// games); see the module documentation.
    pub fn step(&mut self, actions: &[i64]) -> Result<Batch, VecError> {
        if actions.len() != self.slots.len() {
            return Err(VecError::Setting {
                field: "actions",
                message: format!(
                    "{} actions for {} games: give one action per game",
                    actions.len(),
                    self.slots.len()
                ),
            });
        }
        self.run(Some(actions))
    }

    /// Steps every slot (or starts a game in every slot when `actions` is
    /// `None`) and gathers the batch.
    fn run(&mut self, actions: Option<&[i64]>) -> Result<Batch, VecError> {
        let n = self.slots.len();
        let (obs_len, num_actions) = (self.observation_len, self.num_actions);
        let mut batch = Batch::new(n, obs_len, num_actions);
        let mut flags = vec![Flags::default(); n];
        let ctx = Context {
            start: &self.start,
            opponent: &self.opponent,
            resources: &self.resources,
            play_as: self.play_as,
        };
        let work = |(i, (((slot, obs), mask), flag)): SlotWork<'_, G>| {
            let action = actions.map(|a| a[i]);
            ctx.advance(i, slot, action, obs, mask, flag)
        };
        let slots = &mut self.slots;
        let observations = &mut batch.observations;
        let masks = &mut batch.action_mask;
        let result = match &self.pool {
            None => slots
                .iter_mut()
                .zip(observations.chunks_mut(obs_len))
                .zip(masks.chunks_mut(num_actions))
                .zip(flags.iter_mut())
                .enumerate()
                .try_for_each(work),
            Some(pool) => pool.install(|| {
                slots
                    .par_iter_mut()
                    .zip(observations.par_chunks_mut(obs_len))
                    .zip(masks.par_chunks_mut(num_actions))
                    .zip(flags.par_iter_mut())
                    .enumerate()
                    .with_min_len(MIN_CHUNK)
                    .try_for_each(work)
            }),
        };
        result?;
        for (i, flag) in flags.into_iter().enumerate() {
            batch.rewards[i] = flag.reward;
            batch.terminated[i] = flag.terminated;
            batch.truncated[i] = flag.truncated;
            batch.illegal[i] = flag.illegal;
            batch.learner[i] = flag.learner;
        }
        Ok(batch)
    }
}

/// One slot's share of a step: its index, the slot, and where its
/// observation, mask and flags go.
type SlotWork<'a, G> = (
    usize,
    (
        ((&'a mut Slot<G>, &'a mut [f32]), &'a mut [i8]),
        &'a mut Flags,
    ),
);

/// What every slot's step reads.
struct Context<'a, G: Game> {
    start: &'a G,
    opponent: &'a AgentSpec,
    resources: &'a Resources,
    play_as: PlayAs,
}

impl<G: Encode + Evaluate> Context<'_, G> {
    /// One slot's step: starts a game when `action` is `None` or the game
    /// ended in the previous step, else plays `action` and the opponent's
    /// answers. Writes the learner's observation and mask.
    fn advance(
        &self,
        index: usize,
        slot: &mut Slot<G>,
        action: Option<i64>,
        obs: &mut [f32],
        mask: &mut [i8],
        flags: &mut Flags,
    ) -> Result<(), VecError> {
        match action {
            Some(action) if !slot.ended => self.play(slot, action, flags)?,
            _ => self.begin(index, slot)?,
        }
        flags.learner = slot.learner.index() as u8;
        slot.game.observe(slot.learner, obs);
        slot.legal.fill(false);
        if !slot.ended {
            let mut moves = MoveList::new();
            slot.game.legal_moves(&mut moves);
            for &mv in &moves {
                let action = slot.game.action(mv);
                mask[action] = 1;
                slot.legal[action] = true;
            }
        }
        Ok(())
    }

    /// Starts a new game in `slot`, played up to the learner's first move.
    fn begin(&self, index: usize, slot: &mut Slot<G>) -> Result<(), VecError> {
        for _ in 0..START_TRIES {
            slot.learner = match self.play_as {
                PlayAs::Side(side) => side,
                PlayAs::Random => Player::from_index(usize::from(slot.rng.random::<bool>())),
            };
            // `clone_from` keeps the buffers (Oware's history).
            slot.game.clone_from(self.start);
            slot.ended = false;
            self.opponent_moves(slot)?;
            if !slot.ended {
                return Ok(());
            }
        }
        Err(VecError::NoStart(index))
    }

    /// Plays the learner's `action` and the opponent's answers.
    fn play(&self, slot: &mut Slot<G>, action: i64, flags: &mut Flags) -> Result<(), VecError> {
        // `legal` holds the mask the learner was given for this position.
        let mv = usize::try_from(action)
            .ok()
            .filter(|&a| slot.legal.get(a).copied().unwrap_or(false))
            .and_then(|a| slot.game.move_of(a));
        let Some(mv) = mv else {
            flags.reward = -1.0;
            flags.terminated = true;
            flags.illegal = true;
            slot.ended = true;
            return Ok(());
        };
        slot.game.play(mv);
        if self.opponent_moves(slot)? {
            flags.truncated = true;
            return Ok(());
        }
        if let Some(outcome) = slot.game.outcome() {
            flags.reward = outcome.sign_for(slot.learner) as f32;
            flags.terminated = true;
            slot.ended = true;
        }
        Ok(())
    }

    /// The opponent's moves until the learner is to move or the game is
    /// over; `true` if the game reached the ply limit (it is then ended).
    fn opponent_moves(&self, slot: &mut Slot<G>) -> Result<bool, VecError> {
        let mut opponent = Opponent {
            spec: self.opponent,
            resources: self.resources,
            learner: slot.learner,
            rng: &mut slot.rng,
        };
        let started_at = self.start.ply();
        match play_out(&mut slot.game, &mut slot.after, &mut opponent, started_at) {
            Ended::Over(_) => {
                slot.ended = true;
                Ok(false)
            }
            Ended::Stopped(Pause::LearnersTurn) => Ok(false),
            Ended::Stopped(Pause::Failed(error)) => Err(error),
            Ended::PlyLimit => {
                slot.ended = true;
                Ok(true)
            }
        }
    }
}

/// The opponent's side of a slot's game, played through the one game loop
/// until the learner is to move: built afresh for each move, from the
/// slot's next seed.
struct Opponent<'a> {
    spec: &'a AgentSpec,
    resources: &'a Resources,
    learner: Player,
    rng: &'a mut ChaCha8Rng,
}

/// Why the opponent stops playing.
enum Pause {
    /// The learner is to move.
    LearnersTurn,
    /// The opponent could not be built.
    Failed(VecError),
}

impl<G: Encode + Evaluate> Players<G> for Opponent<'_> {
    type Stop = Pause;

    fn choose(&mut self, game: &G, after: &mut G) -> Result<(G::Move, bool), Pause> {
        if game.to_move() == self.learner {
            return Err(Pause::LearnersTurn);
        }
        let seed = self.rng.next_u64();
        let mut agent = self
            .spec
            .try_build::<G>(self.resources, seed)
            .map_err(|e| Pause::Failed(VecError::Opponent(e.to_string())))?;
        Ok(agent.select_into(game, after))
    }
}

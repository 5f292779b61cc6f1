//! Players that are not ngola's built-in agents: UGI engine processes
//! ([`crate::ugi`]), and whatever code outside this crate seats (the Python
//! bindings seat Python callables).
//!
//! An experiment names such a player as the agent `engine:NAME`. The runner
//! asks a [`Seats`] for a [`Contestant`] for each such agent, once per
//! worker thread and agent, the first time that worker plays a game with it
//! (so processes start lazily), and keeps it for every later game of that
//! worker. Before each game the contestant is told the game's seed and
//! start ([`Contestant::new_game`]); at each of its turns it is asked for a
//! move ([`Contestant::choose`]) and answers the move as text in the game's
//! notation. The runner checks everything it is told: a move that does not
//! parse or is illegal loses the game (`illegal-move`), an answer later
//! than the clock allows loses it (`time-forfeit`), and a contestant
//! reports what went wrong on its side as a [`Fault`] value, never a panic:
//! `Crash` and `Timeout` lose the game and the run goes on; `Refused` and
//! `Fatal` stop the run.
//!
//! A minimal implementation, for a player that always answers its first
//! legal move:
//!
//! ```
//! use ngola_arena::contestant::{Contestant, Fault, NewGame, Seats, Turn};
//! use ngola_rules::{Game, MoveList};
//!
//! struct First;
//!
//! impl<G: Game> Contestant<G> for First {
//!     fn new_game(&mut self, _game: &NewGame<'_, G>) -> Result<(), Fault> {
//!         Ok(())
//!     }
//!     fn choose(&mut self, turn: &Turn<'_, G>) -> Result<String, Fault> {
//!         let mut moves = MoveList::new();
//!         turn.game.legal_moves(&mut moves);
//!         moves.first().map(|m| m.to_string()).ok_or(Fault::Crash("no move".into()))
//!     }
//! }
//!
//! struct FirstSeats;
//!
//! impl<G: Game> Seats<G> for FirstSeats {
//!     fn knows(&self, name: &str) -> bool {
//!         name == "first"
//!     }
//!     fn seat(&self, _name: &str, _worker: usize) -> Result<Box<dyn Contestant<G>>, Fault> {
//!         Ok(Box::new(First))
//!     }
//! }
//! ```

use std::time::Duration;

use ngola_rules::Game;

/// What went wrong on a contestant's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The player is gone or failed (a process that exited or closed its
    /// output, a callable that raised): it loses the game (`crash`), and
    /// is seated again for its next game. The text (exit status, last
    /// error line) goes into the row's `fault` column.
    Crash(String),
    /// The player broke the protocol (e.g. an engine line longer than the
    /// limit): it loses the game (`illegal-move`); the text, already short,
    /// goes into the row's `fault` column.
    Illegal(String),
    /// No answer within the time allowed ([`Turn::allowed`]): the player
    /// loses the game (`time-forfeit`).
    Timeout(Duration),
    /// The player cannot play this experiment (e.g. an engine that answers
    /// the rules with `info error <reason>`): the run stops with this
    /// reason as bad input (exit code 2).
    Refused(String),
    /// The player cannot be used at all (e.g. an engine that failed its
    /// handshake three times in a row): the run stops with this message
    /// (exit code 1).
    Fatal(String),
}

/// What a contestant is told before each game.
#[derive(Debug)]
pub struct NewGame<'a, G: Game> {
    /// The game's start position (its rules are `start.rules()`).
    pub start: &'a G,
    /// True if `start` is the rules' start position (UGI: `startpos`).
    pub standard_start: bool,
    /// The seed the schedule gives this agent for this game: a stochastic
    /// player should draw only from it, so that games can be replayed.
    pub seed: u64,
    /// The side this contestant plays.
    pub side: ngola_rules::Player,
}

/// The clocks of a game under a time control, before the move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Time left on each side's clock, `[South, North]`.
    pub remaining: [Duration; 2],
    /// Added to the mover's clock after each move.
    pub increment: Duration,
}

/// What a contestant is asked at its turn.
#[derive(Debug)]
pub struct Turn<'a, G: Game> {
    /// The game's start position.
    pub start: &'a G,
    /// True if `start` is the rules' start position (UGI: `startpos`).
    pub standard_start: bool,
    /// Every move from `start`, the opening's included.
    pub moves: &'a [G::Move],
    /// The position now (the contestant's side is to move).
    pub game: &'a G,
    /// The clocks, under a time control.
    pub clocks: Option<Clocks>,
    /// How long the runner waits for the answer (the mover's clock plus
    /// the margin, or a fixed bound without a clock). A contestant that can
    /// stop waiting returns [`Fault::Timeout`] after it.
    pub allowed: Duration,
}

/// A player seated by a [`Seats`]: kept by one worker thread across its
/// games, so it need not be thread-safe beyond `Send`.
pub trait Contestant<G: Game>: Send {
    /// A new game starts: reset, take the seed. A fault here loses the
    /// game for this contestant (`Crash`, `Timeout`) or stops the run
    /// (`Refused`, `Fatal`).
    fn new_game(&mut self, game: &NewGame<'_, G>) -> Result<(), Fault>;

    /// The move for the side to move in `turn.game`, as text in the
    /// game's notation (the runner parses and checks it).
    fn choose(&mut self, turn: &Turn<'_, G>) -> Result<String, Fault>;

    /// The game is over (by the rules or a fault of either side); `game` is
    /// its last position. The default does nothing.
    fn game_over(&mut self, _game: &G) {}
}

/// Seats external players: the runner asks it for each agent `engine:NAME`
/// of the experiment.
pub trait Seats<G: Game>: Sync {
    /// True if this can seat the external agent `name` (checked for every
    /// external agent before a run starts).
    fn knows(&self, name: &str) -> bool;

    /// A contestant for agent `name`, for worker thread `worker` (from 1).
    /// It should start nothing expensive: the first
    /// [`Contestant::new_game`] may. An error stops the run.
    fn seat(&self, name: &str, worker: usize) -> Result<Box<dyn Contestant<G>>, Fault>;
}

/// Seats nobody: for experiments of built-in agents only.
pub struct NoSeats;

impl<G: Game> Seats<G> for NoSeats {
    fn knows(&self, _name: &str) -> bool {
        false
    }

    fn seat(&self, name: &str, _worker: usize) -> Result<Box<dyn Contestant<G>>, Fault> {
        Err(Fault::Refused(format!(
            "no external agent `{name}` is defined"
        )))
    }
}

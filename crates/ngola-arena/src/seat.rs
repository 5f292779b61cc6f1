//! The game loop with seated players: built-in agents and external
//! contestants, clocks, and the faults that lose a game.

use std::time::{Duration, Instant};

use ngola_agents::play::{play_out, Ended, Players};
use ngola_agents::{move_budget, Agent, Clock, Evaluate, SearchLimit};
use ngola_rules::{Game, Outcome, Player};

use crate::adjudicate::Adjudicator;
use crate::contestant::{Clocks, Contestant, Fault, NewGame, Seats, Turn};
use crate::entry::TimeControl;
use crate::error::ArenaError;
use crate::record::{GameResult, Reason};
use crate::schedule::ScheduledGame;
use ngola_ugi::line::excerpt;

/// How long an external player may take over a move when the run has no
/// clock (it then loses by `time-forfeit`).
pub const NO_CLOCK_LIMIT: Duration = Duration::from_secs(60);

/// The run's clocks: the time control (if any) and the margin a clock
/// may run over.
#[derive(Copy, Clone, Debug)]
pub struct ClockRules {
    /// Every agent's clock, if the run has one.
    pub tc: Option<TimeControl>,
    /// How far a clock may run below zero before its side loses: a
    /// tolerance on the clock as a whole (what it ran over stays owed).
    pub margin: Duration,
}

/// One side of a game.
pub(crate) enum Seat<G: Evaluate> {
    /// A built-in agent, built for this game.
    BuiltIn(Box<dyn Agent<G>>),
    /// An external player, kept by the worker across games.
    External(Box<dyn Contestant<G>>),
}

/// A worker's external players, by agent id, seated on first use.
pub(crate) struct Table<'s, G: Game> {
    seats: &'s dyn Seats<G>,
    worker: usize,
    seated: Vec<Option<Box<dyn Contestant<G>>>>,
}

impl<'s, G: Game> Table<'s, G> {
    /// An empty table for worker `worker` (from 1) of a run of `agents`.
    pub(crate) fn new(seats: &'s dyn Seats<G>, worker: usize, agents: usize) -> Self {
        Table {
            seats,
            worker,
            seated: (0..agents).map(|_| None).collect(),
        }
    }

    /// Agent `id`'s contestant (external agent `name`), seated if new.
    pub(crate) fn take(&mut self, id: u32, name: &str) -> Result<Box<dyn Contestant<G>>, Fault> {
        match self.seated.get_mut(id as usize).and_then(Option::take) {
            Some(contestant) => Ok(contestant),
            None => self.seats.seat(name, self.worker),
        }
    }

    /// Gives agent `id`'s contestant back for the worker's next games.
    pub(crate) fn put(&mut self, id: u32, contestant: Box<dyn Contestant<G>>) {
        if let Some(slot) = self.seated.get_mut(id as usize) {
            *slot = Some(contestant);
        }
    }
}

/// The error that stops a run for a fault that is not a lost game.
pub(crate) fn stop(name: &str, fault: Fault, game: u64) -> ArenaError {
    match fault {
        Fault::Refused(reason) => ArenaError::field(format!("engines.{name}"), reason),
        Fault::Fatal(message) => ArenaError::Game { game, message },
        // Not expected from `seat`; still never a panic.
        Fault::Crash(text) | Fault::Illegal(text) => ArenaError::Game {
            game,
            message: format!("engine `{name}`: {text}"),
        },
        Fault::Timeout(waited) => ArenaError::Game {
            game,
            message: format!(
                "engine `{name}`: no answer in {:.3} s",
                waited.as_secs_f64()
            ),
        },
    }
}

/// How a game ended: its result, reason and the fault text.
pub(crate) struct End {
    pub(crate) result: GameResult,
    pub(crate) reason: Reason,
    pub(crate) fault: String,
}

impl End {
    fn natural(outcome: Outcome) -> End {
        End {
            result: GameResult::from_outcome(&outcome),
            reason: Reason::from(outcome.reason),
            fault: String::new(),
        }
    }

    fn fault(faulty: Player, reason: Reason, fault: String) -> End {
        End {
            result: match faulty {
                Player::South => GameResult::North,
                Player::North => GameResult::South,
            },
            reason,
            fault,
        }
    }
}

fn seconds(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// A fault of `side`'s contestant as a lost game (or the error that stops
/// the run).
fn lost(side: Player, fault: Fault, game: u64, name: &str) -> Result<End, ArenaError> {
    match fault {
        Fault::Crash(text) => Ok(End::fault(side, Reason::Crash, text)),
        Fault::Illegal(text) => Ok(End::fault(side, Reason::IllegalMove, text)),
        Fault::Timeout(waited) => Ok(End::fault(
            side,
            Reason::TimeForfeit,
            format!("no answer in {}", seconds(waited)),
        )),
        other => Err(stop(name, other, game)),
    }
}

/// Where a game's moves start: the rules' start position (`standard`) or a
/// suite's position.
#[derive(Copy, Clone)]
pub(crate) struct Start<'a, G> {
    /// The position.
    pub(crate) position: &'a G,
    /// True for the rules' start position (UGI: `startpos`).
    pub(crate) standard: bool,
}

/// Plays `game` (the position after the opening) to its end between
/// `seats` (`[South, North]`, external ones named by `labels`). `moves`
/// holds the opening's moves from `start`, and gets every move played.
/// Returns the last position and how the game ended. Before each move
/// the position is put to `adjudicator`, whose verdict ends the game.
#[allow(clippy::too_many_arguments)]
pub(crate) fn seated_game<G: Evaluate>(
    start: Start<'_, G>,
    mut game: G,
    moves: &mut Vec<G::Move>,
    seats: &mut [Seat<G>; 2],
    scheduled: &ScheduledGame,
    rules: &ClockRules,
    adjudicator: &Adjudicator<G>,
    labels: [&str; 2],
) -> Result<(G, End), ArenaError> {
    let external = seats.iter().any(|s| matches!(s, Seat::External(_)));
    let name = |side: Player| labels[side.index()];
    if external {
        for side in Player::BOTH {
            if let Seat::External(contestant) = &mut seats[side.index()] {
                let new_game = NewGame {
                    start: start.position,
                    standard_start: start.standard,
                    seed: scheduled.agent_seed(side),
                    side,
                };
                if let Err(fault) = contestant.new_game(&new_game) {
                    let end = lost(side, fault, scheduled.id, name(side))?;
                    finish(seats, &game);
                    return Ok((game, end));
                }
            }
        }
    }
    let ledger = rules.tc.map(|tc| Ledger {
        balance: [nanos(tc.base); 2],
        increment: tc.increment,
    });
    // Where an agent may write the position after its move.
    let mut after = game.clone();
    let started_at = start.position.ply();
    let mut players = SeatedPlayers {
        start,
        moves,
        seats,
        ledger,
        rules,
        adjudicator,
        scheduled,
        labels,
    };
    let end = match play_out(&mut game, &mut after, &mut players, started_at) {
        Ended::Over(outcome) => End::natural(outcome),
        // Rules under which the game need not end: stopped, a draw.
        Ended::PlyLimit => End {
            result: GameResult::Draw,
            reason: Reason::PlyLimit,
            fault: String::new(),
        },
        Ended::Stopped(Stop::Lost(end)) => end,
        Ended::Stopped(Stop::Error(error)) => return Err(error),
    };
    finish(seats, &game);
    Ok((game, end))
}

/// The seats of a game as the game loop's players: each move timed and
/// charged to the mover's clock, external players' answers checked.
struct SeatedPlayers<'a, 's, G: Evaluate> {
    start: Start<'a, G>,
    moves: &'a mut Vec<G::Move>,
    seats: &'a mut [Seat<G>; 2],
    ledger: Option<Ledger>,
    rules: &'a ClockRules,
    adjudicator: &'a Adjudicator<G>,
    scheduled: &'a ScheduledGame,
    labels: [&'s str; 2],
}

/// Why a seat stops a game: a fault that loses it, or an error that stops
/// the run.
enum Stop {
    Lost(End),
    Error(ArenaError),
}

impl<G: Evaluate> Players<G> for SeatedPlayers<'_, '_, G> {
    type Stop = Stop;

    fn choose(&mut self, game: &G, after: &mut G) -> Result<(G::Move, bool), Stop> {
        if let Some((result, reason)) = self.adjudicator.verdict(game) {
            return Err(Stop::Lost(End {
                result,
                reason,
                fault: String::new(),
            }));
        }
        let side = game.to_move();
        let i = side.index();
        let lost = |fault| match lost(side, fault, self.scheduled.id, self.labels[i]) {
            Ok(end) => Stop::Lost(end),
            Err(error) => Stop::Error(error),
        };
        let forfeit = |reason, text| Stop::Lost(End::fault(side, reason, text));
        let clocks = self.ledger.as_ref().map(Ledger::clocks);
        let margin = nanos(self.rules.margin);
        let allowed = self
            .ledger
            .as_ref()
            .map_or(NO_CLOCK_LIMIT, |l| l.allowed(i, margin));
        let timer = Instant::now();
        let answer = match &mut self.seats[i] {
            Seat::BuiltIn(agent) => match clocks {
                None => Answer::Played(agent.select_into(game, after)),
                Some(c) => {
                    let budget = move_budget(Clock {
                        remaining: c.remaining[i],
                        increment: c.increment,
                    });
                    let mv = agent.select_limited(game, &SearchLimit::time(budget));
                    Answer::Played((mv, false))
                }
            },
            Seat::External(contestant) => {
                let turn = Turn {
                    start: self.start.position,
                    standard_start: self.start.standard,
                    moves: self.moves,
                    game,
                    clocks,
                    allowed,
                };
                Answer::Text(contestant.choose(&turn).map_err(lost)?)
            }
        };
        // The clock first: a late answer loses on time whatever it says.
        if let Some(ledger) = self.ledger.as_mut() {
            let used = timer.elapsed();
            if !ledger.charge(i, used, margin) {
                return Err(forfeit(Reason::TimeForfeit, over_time(used, allowed)));
            }
        }
        match answer {
            Answer::Played(played) => Ok(played),
            Answer::Text(text) => match game.parse_move(&text) {
                Ok(mv) if game.check_move(mv).is_ok() => Ok((mv, false)),
                _ => Err(forfeit(Reason::IllegalMove, excerpt(&text))),
            },
        }
    }

    fn played(&mut self, before: &G, mv: G::Move) {
        for seat in self.seats.iter_mut() {
            if let Seat::BuiltIn(agent) = seat {
                agent.observe(before, mv);
            }
        }
        self.moves.push(mv);
    }
}

/// A seat's answer: a built-in agent's move (and whether it played it
/// into `after`), or an external player's text, still to be checked.
enum Answer<M> {
    Played((M, bool)),
    Text(String),
}

/// Nanoseconds as a signed count (a clock may run below zero).
fn nanos(d: Duration) -> i128 {
    i128::try_from(d.as_nanos()).unwrap_or(i128::MAX)
}

/// Both sides' clocks, in signed nanoseconds: a clock that ran over stays
/// below zero (its debt counts against the margin for the rest of the
/// game), and the increment is added after each move.
struct Ledger {
    balance: [i128; 2],
    increment: Duration,
}

impl Ledger {
    /// The clocks as the players are told them (a clock below zero as 0).
    fn clocks(&self) -> Clocks {
        let shown = |b: i128| Duration::from_nanos(u64::try_from(b.max(0)).unwrap_or(u64::MAX));
        Clocks {
            remaining: [shown(self.balance[0]), shown(self.balance[1])],
            increment: self.increment,
        }
    }

    /// How long side `i` may take over this move: its clock plus the
    /// margin, less what it already ran over.
    fn allowed(&self, i: usize, margin: i128) -> Duration {
        let left = self.balance[i].saturating_add(margin).max(0);
        Duration::from_nanos(u64::try_from(left).unwrap_or(u64::MAX))
    }

    /// Charges `used` to side `i`'s clock, then adds the increment; false
    /// if the clock fell more than `margin` below zero (the side loses).
    fn charge(&mut self, i: usize, used: Duration, margin: i128) -> bool {
        let balance = self.balance[i].saturating_sub(nanos(used));
        self.balance[i] = balance.saturating_add(nanos(self.increment));
        balance >= -margin
    }
}

fn over_time(used: Duration, allowed: Duration) -> String {
    format!("used {}, allowed {}", seconds(used), seconds(allowed))
}

/// Tells the external players the game is over.
fn finish<G: Evaluate>(seats: &mut [Seat<G>; 2], game: &G) {
    for seat in seats.iter_mut() {
        if let Seat::External(contestant) = seat {
            contestant.game_over(game);
        }
    }
}

//! The game loop with seated players: built-in agents and external
//! contestants, clocks, and the faults that lose a game.

use std::time::{Duration, Instant};

use ngola_agents::play::{play_out, Ended, Players};
use ngola_agents::{move_budget, Agent, Clock, Evaluate, SearchLimit};
use ngola_rules::{Game, Outcome, Player};

use crate::contestant::{Clocks, Contestant, Fault, NewGame, Seats, Turn};
use crate::entry::TimeControl;
use crate::error::ArenaError;
use crate::play::MAX_GAME_PLIES;
use crate::record::{GameResult, Reason};
use crate::schedule::ScheduledGame;

/// How long an external player may take over a move when the run has no
/// clock (it then loses by `time-forfeit`).
pub const NO_CLOCK_LIMIT: Duration = Duration::from_secs(60);

/// The run's clocks: the time control (if any) and the margin a clock
/// may run over.
#[derive(Copy, Clone, Debug)]
pub struct ClockRules {
    /// Every agent's clock, if the run has one.
    pub tc: Option<TimeControl>,
    /// How far a clock may run over before its side loses.
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
        Fault::Crash(text) => ArenaError::Game {
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
/// Returns the last position and how the game ended.
pub(crate) fn seated_game<G: Evaluate>(
    start: Start<'_, G>,
    mut game: G,
    moves: &mut Vec<G::Move>,
    seats: &mut [Seat<G>; 2],
    scheduled: &ScheduledGame,
    rules: &ClockRules,
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
    let clocks = rules.tc.map(|tc| Clocks {
        remaining: [tc.base; 2],
        increment: tc.increment,
    });
    // Where an agent may write the position after its move.
    let mut after = game.clone();
    let last_ply = start.position.ply().saturating_add(MAX_GAME_PLIES);
    let mut players = SeatedPlayers {
        start,
        moves,
        seats,
        clocks,
        rules,
        scheduled,
        labels,
    };
    let end = match play_out(&mut game, &mut after, &mut players, Some(last_ply)) {
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
    clocks: Option<Clocks>,
    rules: &'a ClockRules,
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
        let side = game.to_move();
        let i = side.index();
        let lost = |fault| match lost(side, fault, self.scheduled.id, self.labels[i]) {
            Ok(end) => Stop::Lost(end),
            Err(error) => Stop::Error(error),
        };
        let forfeit = |reason, text| Stop::Lost(End::fault(side, reason, text));
        let allowed = self
            .clocks
            .map_or(NO_CLOCK_LIMIT, |c| c.remaining[i] + self.rules.margin);
        let timer = Instant::now();
        let (mv, played) = match &mut self.seats[i] {
            Seat::BuiltIn(agent) => match self.clocks {
                None => agent.select_into(game, after),
                Some(c) => {
                    let budget = move_budget(Clock {
                        remaining: c.remaining[i],
                        increment: c.increment,
                    });
                    (
                        agent.select_limited(game, &SearchLimit::time(budget)),
                        false,
                    )
                }
            },
            Seat::External(contestant) => {
                let turn = Turn {
                    start: self.start.position,
                    standard_start: self.start.standard,
                    moves: self.moves,
                    game,
                    clocks: self.clocks,
                    allowed,
                };
                let text = contestant.choose(&turn).map_err(lost)?;
                let used = timer.elapsed();
                if self.clocks.is_some() && used > allowed {
                    return Err(forfeit(Reason::TimeForfeit, over_time(used, allowed)));
                }
                match game.parse_move(&text) {
                    Ok(mv) if game.check_move(mv).is_ok() => (mv, false),
                    _ => return Err(forfeit(Reason::IllegalMove, text)),
                }
            }
        };
        if let Some(c) = self.clocks.as_mut() {
            let used = timer.elapsed();
            if used > allowed {
                return Err(forfeit(Reason::TimeForfeit, over_time(used, allowed)));
            }
            c.remaining[i] = c.remaining[i].saturating_sub(used) + c.increment;
        }
        Ok((mv, played))
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

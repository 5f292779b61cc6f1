//! Playing one scheduled game: from the pair's opening (see
//! [`crate::openings`]), the two agents in turn until the game ends.

use ngola_agents::Resources;
use std::time::Instant;

use ngola_agents::Evaluate;
use ngola_rules::{Game, Player};

use crate::adjudicate::Adjudicator;
use crate::entry::{AgentEntry, AgentKind};
use crate::error::ArenaError;
use crate::openings::{MoveTexts, Opening};
use crate::record::GameRecord;
use crate::schedule::ScheduledGame;
use crate::seat::{seated_game, stop, ClockRules, Seat, Start, Table};

/// The longest game the runner plays, in plies (opening included): the
/// rules' one ply limit.
pub use ngola_rules::MAX_GAME_PLIES;

/// What a worker keeps from game to game: the moves of the game being
/// played and the texts of moves seen so far.
pub struct Scratch<G: Game> {
    moves: Vec<G::Move>,
    texts: MoveTexts<G::Move>,
    text: String,
}

impl<G: Game> Default for Scratch<G> {
    fn default() -> Self {
        Scratch {
            moves: Vec::with_capacity(256),
            texts: MoveTexts::default(),
            text: String::new(),
        }
    }
}

impl<G: Game> Scratch<G> {
    /// Takes back a record's `moves` text once it is no longer needed, so
    /// that the next game writes into its buffer.
    pub fn recycle(&mut self, mut text: String) {
        text.clear();
        self.text = text;
    }
}

/// Plays `scheduled` from `opening` (whose moves start at `start`, the
/// rules' start position, unless it is a suite's position text) between
/// `agents[south]` and `agents[north]`: built-in agents are built with
/// their own seeds, external ones come from the worker's `table`. `names`
/// are the agents' canonical specs, as recorded; `scratch` is the
/// worker's. Under `clocks.tc` every move is timed and charged to the
/// mover's clock; built-in agents search within
/// [`ngola_agents::move_budget`] of their clock. A fault (crash, illegal
/// move, time) ends the game, lost by the faulty side; an error stops the
/// run. A position `adjudicator` decides ends the game with its verdict.
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_game<G: Evaluate>(
    start: &G,
    opening: Opening<G>,
    agents: &[AgentEntry],
    resources: &Resources,
    names: &[String],
    scheduled: &ScheduledGame,
    table: &mut Table<'_, G>,
    clocks: &ClockRules,
    adjudicator: &Adjudicator<G>,
    scratch: &mut Scratch<G>,
) -> Result<GameRecord, ArenaError> {
    let clock = Instant::now();
    let game_error = |message: String| ArenaError::Game {
        game: scheduled.id,
        message,
    };
    let Opening {
        position: game,
        moves: opening_moves,
        text: opening_text,
        from_position,
    } = opening;
    scratch.moves.clear();
    scratch.moves.extend_from_slice(&opening_moves);
    let entry = |id: u32| {
        agents
            .get(id as usize)
            .ok_or_else(|| game_error(format!("agent id {id} is not in the experiment")))
    };
    let entries = [entry(scheduled.south)?, entry(scheduled.north)?];
    let ids = [scheduled.south, scheduled.north];
    let mut seats = Vec::with_capacity(2);
    for (side, entry) in Player::BOTH.into_iter().zip(entries) {
        let seed = scheduled.agent_seed(side);
        seats.push(match &entry.kind {
            AgentKind::BuiltIn(spec) => Seat::BuiltIn(spec.build::<G>(resources, seed)),
            AgentKind::External(name) => Seat::External(
                table
                    .take(ids[side.index()], name)
                    .map_err(|f| stop(name, f, scheduled.id))?,
            ),
        });
    }
    let mut seats: [Seat<G>; 2] = match <[Seat<G>; 2]>::try_from(seats) {
        Ok(seats) => seats,
        Err(_) => return Err(game_error("a game has two seats".to_string())),
    };
    let labels = entries.map(|e| e.external().unwrap_or_default());
    // The moves start at the suite's position, or at the rules' start.
    let suite_start = from_position.then(|| game.clone());
    let origin = match &suite_start {
        Some(position) => Start {
            position,
            standard: false,
        },
        None => Start {
            position: start,
            standard: true,
        },
    };
    let ended = seated_game(
        origin,
        game,
        &mut scratch.moves,
        &mut seats,
        scheduled,
        clocks,
        adjudicator,
        labels,
    );
    // Contestants go back to the worker's table whatever happened.
    for (seat, id) in seats.into_iter().zip(ids) {
        if let Seat::External(contestant) = seat {
            table.put(id, contestant);
        }
    }
    let (game, end) = ended?;
    let [south_total, north_total] = game.totals();
    let micros = clock.elapsed().as_micros();
    let mut moves_text = std::mem::take(&mut scratch.text);
    moves_text.clear();
    scratch.texts.write(&scratch.moves, &mut moves_text);
    Ok(GameRecord {
        game: scheduled.id,
        pair: scheduled.pair,
        pairing: scheduled.pairing,
        south_id: scheduled.south,
        north_id: scheduled.north,
        south: names[scheduled.south as usize].clone(),
        north: names[scheduled.north as usize].clone(),
        seed: scheduled.seed,
        result: end.result,
        plies: game.ply(),
        south_total,
        north_total,
        reason: end.reason,
        time_s: micros as f64 / 1e6,
        opening: opening_text,
        moves: moves_text,
        fault: end.fault,
    })
}

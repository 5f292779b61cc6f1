//! Playing one scheduled game: the pair's random opening, then the two
//! agents in turn until the game ends.

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use ngola_agents::Evaluate;
use ngola_rules::{Game, Player};

use crate::entry::{AgentEntry, AgentKind};
use crate::error::ArenaError;
use crate::record::GameRecord;
use crate::schedule::ScheduledGame;
use crate::seat::{seated_game, stop, ClockRules, Seat, Table};

/// How many openings are drawn before giving up on finding one after
/// which the game goes on.
pub const OPENING_ATTEMPTS: u32 = 1000;

/// The position after `plies` uniformly random plies from `start`, drawn
/// from a `ChaCha8Rng` seeded with `seed`, and the moves as text. An
/// opening after which the game is over is drawn again (the same RNG
/// goes on), so both games of a pair start from a live position.
pub fn random_opening<G: Game>(
    start: &G,
    plies: u32,
    seed: u64,
) -> Result<(G, Vec<String>), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if plies == 0 {
        return Ok((start.clone(), Vec::new()));
    }
    for _ in 0..OPENING_ATTEMPTS {
        let mut game = start.clone();
        let mut moves = Vec::with_capacity(plies as usize);
        for _ in 0..plies {
            match game.play_random(&mut rng) {
                Some(mv) => moves.push(mv.to_string()),
                None => break,
            }
        }
        if moves.len() == plies as usize && game.outcome().is_none() {
            return Ok((game, moves));
        }
    }
    Err(format!(
        "no opening of {plies} random plies out of {OPENING_ATTEMPTS} draws leaves the game going on; \
         choose fewer opening_plies"
    ))
}

/// Plays `scheduled` from `start` between `agents[south]` and
/// `agents[north]`: built-in agents are built with their own seeds,
/// external ones come from the worker's `table`. `names` are the agents'
/// canonical specs, as recorded. Under `clocks.tc` every move is timed and
/// charged to the mover's clock; built-in agents search within
/// [`ngola_agents::move_budget`] of their clock. A fault (crash, illegal move, time)
/// ends the game, lost by the faulty side; an error stops the run.
pub(crate) fn play_game<G: Evaluate>(
    start: &G,
    opening_plies: u32,
    agents: &[AgentEntry],
    names: &[String],
    scheduled: &ScheduledGame,
    table: &mut Table<'_, G>,
    clocks: &ClockRules,
) -> Result<GameRecord, ArenaError> {
    let clock = Instant::now();
    let game_error = |message: String| ArenaError::Game {
        game: scheduled.id,
        message,
    };
    let (game, opening) =
        random_opening(start, opening_plies, scheduled.opening_seed).map_err(game_error)?;
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
            AgentKind::BuiltIn(spec) => Seat::BuiltIn(spec.build::<G>(seed)),
            AgentKind::External(name) => Seat::External(
                table
                    .take(ids[side.index()], name)
                    .map_err(|f| stop(name, f, scheduled.id))?,
            ),
        });
    }
    let [south, north] = <[Seat<G>; 2]>::try_from(seats).unwrap_or_else(|_| unreachable!());
    let mut seats = [south, north];
    let labels = entries.map(|e| e.external().unwrap_or_default());
    let ended = seated_game(start, game, &opening, &mut seats, scheduled, clocks, labels);
    // Contestants go back to the worker's table whatever happened.
    for (seat, id) in seats.into_iter().zip(ids) {
        if let Seat::External(contestant) = seat {
            table.put(id, contestant);
        }
    }
    let (game, end) = ended?;
    let [south_total, north_total] = game.totals();
    let micros = clock.elapsed().as_micros();
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
        opening: opening.join(" "),
        fault: end.fault,
    })
}

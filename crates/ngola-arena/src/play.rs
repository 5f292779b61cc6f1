//! Playing one scheduled game: the pair's random opening, then the two
//! agents in turn until the game ends.

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use ngola_agents::{AgentSpec, Evaluate};
use ngola_rules::{Game, Player};

use crate::record::{GameRecord, GameResult, Reason};
use crate::schedule::ScheduledGame;

/// How many openings are drawn before giving up on finding one after
/// which the game goes on.
pub const OPENING_ATTEMPTS: u32 = 1000;

/// The longest game the runner plays, in plies (opening included): a game
/// still going then is stopped and scored a draw, reason `ply-limit`.
/// Only rules without a ply cap (`max_plies=0`) or with a cap above it
/// get there, e.g. Mangola with `endless_sowing=stop`, where a game need
/// not end at all. The solver's limit on a line is the same.
pub const MAX_GAME_PLIES: u32 = 100_000;

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
/// `agents[north]`, each built with its own seed. `names` are the agents'
/// canonical specs, as recorded.
pub fn play_game<G: Evaluate>(
    start: &G,
    opening_plies: u32,
    agents: &[AgentSpec],
    names: &[String],
    scheduled: &ScheduledGame,
) -> Result<GameRecord, String> {
    let clock = Instant::now();
    let (mut game, opening) = random_opening(start, opening_plies, scheduled.opening_seed)?;
    let spec = |id: u32| {
        agents
            .get(id as usize)
            .ok_or_else(|| format!("agent id {id} is not in the experiment"))
    };
    let mut players = [
        spec(scheduled.south)?.build::<G>(scheduled.agent_seed(Player::South)),
        spec(scheduled.north)?.build::<G>(scheduled.agent_seed(Player::North)),
    ];
    // Where an agent may write the position after its move.
    let mut after = game.clone();
    let last_ply = start.ply().saturating_add(MAX_GAME_PLIES);
    let (result, reason) = loop {
        if let Some(outcome) = game.outcome() {
            break (
                GameResult::from_outcome(&outcome),
                Reason::from(outcome.reason),
            );
        }
        if game.ply() >= last_ply {
            break (GameResult::Draw, Reason::PlyLimit);
        }
        let (mv, played) = players[game.to_move().index()].select_into(&game, &mut after);
        debug_assert!(game.check_move(mv).is_ok(), "agent chose an illegal move");
        for player in players.iter_mut() {
            player.observe(&game, mv);
        }
        if played {
            // The agent played the move already (a random agent does); the
            // old position's buffers serve as the next scratch.
            std::mem::swap(&mut game, &mut after);
        } else {
            game.play(mv);
        }
    };
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
        result,
        plies: game.ply(),
        south_total,
        north_total,
        reason,
        time_s: micros as f64 / 1e6,
        opening: opening.join(" "),
    })
}

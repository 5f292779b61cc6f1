//! Playing one scheduled game: from the pair's opening (see
//! [`crate::openings`]), the two agents in turn until the game ends.

use std::time::Instant;

use ngola_agents::{AgentSpec, Evaluate};
use ngola_rules::{Game, Player};

use crate::openings::{MoveTexts, Opening};
use crate::record::{GameRecord, GameResult, Reason};
use crate::schedule::ScheduledGame;

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

/// Plays `scheduled` from `opening` between `agents[south]` and
/// `agents[north]`, each built with its own seed. `names` are the agents'
/// canonical specs, as recorded; `scratch` is the worker's.
pub fn play_game<G: Evaluate>(
    opening: Opening<G>,
    agents: &[AgentSpec],
    names: &[String],
    scheduled: &ScheduledGame,
    scratch: &mut Scratch<G>,
) -> Result<GameRecord, String> {
    let clock = Instant::now();
    let Opening {
        position: mut game,
        moves: opening_moves,
        text: opening_text,
        ..
    } = opening;
    let moves = &mut scratch.moves;
    moves.clear();
    moves.extend_from_slice(&opening_moves);
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
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break outcome;
        }
        let (mv, played) = players[game.to_move().index()].select_into(&game, &mut after);
        debug_assert!(game.check_move(mv).is_ok(), "agent chose an illegal move");
        moves.push(mv);
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
        result: GameResult::from_outcome(&outcome),
        plies: game.ply(),
        south_total,
        north_total,
        reason: Reason::from(outcome.reason),
        time_s: micros as f64 / 1e6,
        opening: opening_text,
        moves: moves_text,
    })
}

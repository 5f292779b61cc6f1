//! The evaluation after every generation: the network's own move (the
//! `policy` agent, no search) against an opponent, each of `pairs` random
//! openings played with both colours.

use ngola_agents::Resources;
use std::sync::Arc;

use rayon::prelude::*;

use ngola_agents::network::PolicyAgent;
use ngola_agents::play::{play_out, Ended, Seated};
use ngola_agents::{Agent, AgentSpec, Evaluate};
use ngola_nn::Network;
use ngola_rules::opening::random_opening;
use ngola_rules::Player;

use super::play::game_seed;
use super::TrainError;

/// Random plies of the evaluation's openings (distinct openings make the
/// games of a deterministic pair of agents distinct).
pub const EVAL_OPENING_PLIES: u32 = 4;

/// The network's score (wins 1, draws 1/2) over `2 * pairs` games against
/// `opponent`, and the number of games.
pub fn evaluate<G: Evaluate>(
    start: &G,
    net: &Arc<Network<G>>,
    opponent: &AgentSpec,
    pairs: u32,
    seed: u64,
    resources: &Resources,
) -> Result<(f64, u32), TrainError> {
    let scores: Vec<Result<f64, TrainError>> =
        (0..u64::from(pairs))
            .into_par_iter()
            .map(|pair| {
                let opening_seed = game_seed(seed, u64::MAX, pair);
                let (opening, _) = random_opening(start, EVAL_OPENING_PLIES, opening_seed)
                    .map_err(|e| TrainError::Game {
                        message: e.to_string(),
                    })?;
                let mut total = 0.0;
                for net_side in [Player::South, Player::North] {
                    let mine: Box<dyn Agent<G>> =
                        Box::new(PolicyAgent::new(Arc::clone(net), "policy".into()));
                    let theirs = opponent
                        .try_build::<G>(resources, opening_seed ^ net_side.index() as u64)
                        .map_err(|e| TrainError::Setting {
                            field: "eval_opponent",
                            message: e.to_string(),
                        })?;
                    let agents = match net_side {
                        Player::South => [mine, theirs],
                        Player::North => [theirs, mine],
                    };
                    let mut game = opening.clone();
                    let mut after = opening.clone();
                    let mut seated = Seated::new(agents);
                    let started_at = game.ply();
                    total += match play_out(&mut game, &mut after, &mut seated, started_at) {
                        Ended::Over(outcome) => outcome.score_for(net_side),
                        _ => 0.5,
                    };
                }
                Ok(total)
            })
            .collect();
    let mut sum = 0.0;
    for s in scores {
        sum += s?;
    }
    let games = 2 * pairs;
    Ok((
        if games > 0 {
            sum / f64::from(games)
        } else {
            0.5
        },
        games,
    ))
}

//! Matches between two agent specs on one game: pairs of games from the
//! same random opening with colours swapped, so that neither side profits
//! from the opening or the first move.
#![allow(dead_code)]

use ngola_agents::play::{play_out, Seated};
use ngola_agents::rng::FastRng;
use ngola_agents::Resources;
use ngola_agents::{AgentSpec, Evaluate};
use ngola_rules::Player;

/// A match's result from the first spec's view.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Plies of all games, counted from the start position.
    pub plies: u64,
    /// Games South won.
    pub south_wins: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points (win 1, draw 1/2) per game.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "+{} ={} -{} ({:.1}%), South won {}, {:.1} plies per game",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score(),
            self.south_wins,
            self.plies as f64 / self.games().max(1) as f64
        )
    }
}

/// Plays one game from `start`; +1/0/-1 for the player `a` (South if
/// `a_is_south`), the final ply and the winner.
pub fn play<G: Evaluate>(
    start: &G,
    a: &AgentSpec,
    b: &AgentSpec,
    a_is_south: bool,
    seed: u64,
) -> (i32, u32, Option<Player>) {
    let agent_a = a.build::<G>(&Resources::default(), seed);
    let agent_b = b.build::<G>(&Resources::default(), seed ^ 0x5555);
    let agents = if a_is_south {
        [agent_a, agent_b]
    } else {
        [agent_b, agent_a]
    };
    let mut players = Seated::new(agents);
    let mut game = start.clone();
    let mut after = start.clone();
    // Rules under which a game need not end: stopped (a draw) where the
    // tournament runner stops games.
    play_out(&mut game, &mut after, &mut players, start.ply());
    let a_player = if a_is_south {
        Player::South
    } else {
        Player::North
    };
    let outcome = game.outcome();
    (
        outcome.map_or(0, |o| o.sign_for(a_player)),
        game.ply(),
        outcome.and_then(|o| o.winner),
    )
}

/// `pairs` pairs of games between `a` and `b` from `start`, each pair from
/// an opening of `opening` random plies, colours swapped within the pair.
pub fn duel<G: Evaluate>(
    start: &G,
    a: &AgentSpec,
    b: &AgentSpec,
    pairs: u32,
    opening: u32,
    seed: u64,
) -> Tally {
    let mut tally = Tally::default();
    let mut rng = FastRng::new(seed);
    for pair in 0..pairs {
        let mut opened = start.clone();
        for _ in 0..opening {
            if opened.play_random(&mut rng).is_none() {
                break;
            }
        }
        if opened.outcome().is_some() {
            continue;
        }
        for a_is_south in [true, false] {
            let (result, plies, winner) = play(
                &opened,
                a,
                b,
                a_is_south,
                seed.wrapping_add(pair as u64 * 2 + a_is_south as u64),
            );
            tally.plies += plies as u64;
            tally.south_wins += (winner == Some(Player::South)) as u32;
            match result {
                1 => tally.wins += 1,
                0 => tally.draws += 1,
                _ => tally.losses += 1,
            }
        }
    }
    tally
}

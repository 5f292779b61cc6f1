//! The one game loop: the side to move chooses, everyone is told, the move
//! is played, until the rules end the game, a ply limit stops it, or a
//! player stops it (a fault, a pause for a caller's move). Tournaments,
//! self-play, batched stepping and the play session all play through it;
//! what differs between them is who the [`Players`] are.
//!
//! Two agents playing a game out, each seeded:
//!
//! ```
//! use ngola_agents::play::{play_out, Ended, Seated};
//! use ngola_agents::{AgentSpec, Resources};
//! use ngola_rules::kalah::Kalah;
//! use ngola_rules::Game;
//!
//! let spec: AgentSpec = "random".parse().unwrap();
//! let resources = Resources::default();
//! let mut players = Seated::new([
//!     spec.build::<Kalah>(&resources, 1),
//!     spec.build::<Kalah>(&resources, 2),
//! ]);
//! let mut game = Kalah::start(Default::default());
//! let mut after = game.clone();
//! let started_at = game.ply();
//! match play_out(&mut game, &mut after, &mut players, started_at) {
//!     Ended::Over(outcome) => assert!(game.outcome() == Some(outcome)),
//!     other => panic!("a game of Kalah ends: {other:?}"),
//! }
//! assert_eq!(players.moves.len() as u32, game.ply());
//! ```

use ngola_rules::{Game, Outcome, MAX_GAME_PLIES};

use crate::agent::Agent;

/// Who plays a game through [`play_out`].
pub trait Players<G: Game> {
    /// Why a player stops the game before its end (a fault that loses
    /// it, a caller's turn).
    type Stop;

    /// The move of the side to move in `game` (not over), as
    /// [`Agent::select_into`] gives it: with `true` when the position after
    /// it was written into `after`. `Err` stops the game.
    fn choose(&mut self, game: &G, after: &mut G) -> Result<(G::Move, bool), Self::Stop>;

    /// `mv` was chosen in `before` and is played next. The default does
    /// nothing.
    fn played(&mut self, _before: &G, _mv: G::Move) {}
}

/// The ply at which a game that started at ply `started_at` is stopped
/// still going ([`MAX_GAME_PLIES`] later): only rules under which a game
/// need not end reach it (endless sowing allowed, no ply cap), and every
/// game loop stops there, tournaments scoring the game a draw.
pub fn last_ply(started_at: u32) -> u32 {
    started_at.saturating_add(MAX_GAME_PLIES)
}

/// How [`play_out`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended<S> {
    /// The rules ended the game.
    Over(Outcome),
    /// The game reached [`last_ply`], still going.
    PlyLimit,
    /// A player stopped it.
    Stopped(S),
}

/// Plays `game`, which started at ply `started_at`, on until it is over,
/// its ply reaches [`last_ply`]`(started_at)`, or a player stops it;
/// `game` is then the last position. `after` is scratch space for players
/// that play their move on a copy (its buffers are reused from move to
/// move). The one game loop: tournaments, self-play, training's
/// evaluation and the batched environments all play through it.
pub fn play_out<G: Game, P: Players<G>>(
    game: &mut G,
    after: &mut G,
    players: &mut P,
    started_at: u32,
) -> Ended<P::Stop> {
    let last = last_ply(started_at);
    loop {
        if let Some(outcome) = game.outcome() {
            return Ended::Over(outcome);
        }
        if game.ply() >= last {
            return Ended::PlyLimit;
        }
        let (mv, done) = match players.choose(game, after) {
            Ok(chosen) => chosen,
            Err(stop) => return Ended::Stopped(stop),
        };
        debug_assert!(
            game.check_move(mv).is_ok(),
            "a player chose an illegal move"
        );
        players.played(game, mv);
        if done {
            // The player played the move already (a random agent does); the
            // old position's buffers serve as the next scratch.
            std::mem::swap(game, after);
        } else {
            game.play(mv);
        }
    }
}

/// Two agents, `[South, North]`, each told every move, the moves kept.
pub struct Seated<G: Game> {
    /// South's and North's agents.
    pub agents: [Box<dyn Agent<G>>; 2],
    /// Every move played through this, in order.
    pub moves: Vec<G::Move>,
}

impl<G: Game> Seated<G> {
    /// `agents` (`[South, North]`), no moves yet.
    pub fn new(agents: [Box<dyn Agent<G>>; 2]) -> Self {
        Seated {
            agents,
            moves: Vec::with_capacity(64),
        }
    }
}

impl<G: Game> Players<G> for Seated<G> {
    /// Agents never stop a game.
    type Stop = std::convert::Infallible;

    fn choose(&mut self, game: &G, after: &mut G) -> Result<(G::Move, bool), Self::Stop> {
        Ok(self.agents[game.to_move().index()].select_into(game, after))
    }

    fn played(&mut self, before: &G, mv: G::Move) {
        for agent in self.agents.iter_mut() {
            agent.observe(before, mv);
        }
        self.moves.push(mv);
    }
}

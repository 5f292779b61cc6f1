//! Static evaluation of positions, per game, and the few facts about each
//! game that the searches need (whether it is scored, its ply cap, whether
//! its history since the last capture decides the game).
//!
//! Every game has two evaluations, selectable in specs with `eval=`:
//! - `material`: the plain seed difference, [`Evaluate::material`]: the
//!   side to move's [`Game::totals`] minus the opponent's.
//! - `heuristic` (default): [`Evaluate::evaluate`], a per-game evaluation
//!   that adds what the seed count misses (documented in each game's
//!   module: [`mangola`], [`umelbagara`], [`kalah`], [`oware`]).
//!
//! Both are in the same unit: [`SEED`] points per seed.

use std::fmt;
use std::str::FromStr;

use std::path::Path;
use std::sync::Arc;

use ngola_rules::Game;
use ngola_tablebase::TablebaseError;

use crate::tablebase::Oracle;

pub mod kalah;
pub mod mangola;
pub mod oware;
pub mod umelbagara;

/// Evaluation points per seed: evaluations are in hundredths of a seed, so
/// that heuristics can weigh features finer than a whole seed.
pub const SEED: i32 = 100;

/// A game the agents can play: a [`Game`] with a static evaluation and the
/// facts the searches need.
pub trait Evaluate: Game + ngola_nn::Encode {
    /// True when the winner is decided by comparing [`Game::totals`], so
    /// that the final margin (difference of totals) is the game's score
    /// (Kalah, Oware, Um el-Bagara); false when totals do not decide
    /// (Mangola: seeds never leave the board and the loser is the player
    /// who cannot move). The solver reports margin 0 for unscored games.
    const SCORED: bool;

    /// Evaluation points at which MCTS's cut-off rollouts count a position
    /// as a 73% win (one unit of the logistic `1 / (1 + e^-x)`).
    const EVAL_SCALE: f64;

    /// The per-game heuristic value of the position for the side to move,
    /// in [`SEED`] points; larger is better. Only called while the game
    /// goes on.
    fn evaluate(&self) -> i32;

    /// The plain seed difference for the side to move, in [`SEED`] points.
    fn material(&self) -> i32 {
        let totals = self.totals();
        let me = self.to_move().index();
        (totals[me] as i32 - totals[1 - me] as i32) * SEED
    }

    /// The ply at which the rules end the game by the ply cap, or `None`
    /// when the game has no cap. The exact solver needs it: a position's
    /// value can depend on how many plies are left before the cap. It is
    /// the encoding's ([`ngola_nn::Encode::ply_limit`]).
    fn ply_cap(&self) -> Option<u32> {
        self.ply_limit()
    }

    /// Opens the endgame database in `dir` for this game (`tb=DIR` in a
    /// spec), or returns the one `databases` already opened; an error for a
    /// game without databases or a folder that does not hold one of this
    /// game.
    fn open_tablebase(
        dir: &Path,
        _databases: &crate::tablebase::Databases,
    ) -> Result<Arc<dyn Oracle<Self>>, TablebaseError> {
        Err(crate::tablebase::no_databases(Self::NAME, dir))
    }

    /// The side holding more than half of all seeds for good (Kalah: in its
    /// store; Oware: captured), so that no line of play can take the win
    /// from it, or `None` (also for games where seeds never leave the
    /// board for good, or the game already ended). Match runners adjudicate
    /// games there (`--adjudicate majority`).
    fn majority(&self) -> Option<ngola_rules::Player> {
        None
    }

    /// True when the game's future depends on the positions played since
    /// [`Game::totals`] last changed, not only on the position (Oware: a
    /// position repeating one since the last capture ends the game). The
    /// solver then adds the set of those positions on its line to its table
    /// key. Default false.
    const PATH_HISTORY: bool = false;

    /// Plies below which the rules depend on the ply itself, not only on the
    /// position ([`Game::zobrist`]) and the cap: Mangola's opening and
    /// second moves (plies 0 to 3), whose phase follows from the ply. The
    /// prover keys positions at those plies by the ply too, so that a
    /// result is never reused where the next moves belong to another phase.
    /// Default 0.
    const PHASE_PLIES: u32 = 0;
}

/// Which evaluation a search uses (`eval=` in specs).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum EvalKind {
    /// The game's own heuristic, [`Evaluate::evaluate`].
    #[default]
    Heuristic,
    /// The plain seed difference, [`Evaluate::material`].
    Material,
}

impl EvalKind {
    /// The names accepted in specs, in the order of the variants.
    pub const NAMES: [&'static str; 2] = ["heuristic", "material"];

    /// The value of `game` for its side to move under this evaluation.
    #[inline]
    pub fn eval<G: Evaluate>(self, game: &G) -> i32 {
        match self {
            EvalKind::Heuristic => game.evaluate(),
            EvalKind::Material => game.material(),
        }
    }

    /// The name used in specs.
    pub fn name(self) -> &'static str {
        match self {
            EvalKind::Heuristic => "heuristic",
            EvalKind::Material => "material",
        }
    }
}

impl fmt::Display for EvalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EvalKind {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "heuristic" => Ok(EvalKind::Heuristic),
            "material" => Ok(EvalKind::Material),
            _ => Err(()),
        }
    }
}

//! Kalah's evaluation.
//!
//! Under OpenSpiel's rules the game ends as soon as a row is empty and each
//! side keeps the seeds of its own row, so the seed difference
//! ([`Game::totals`]: store plus own pits) is the natural material. The
//! heuristic adds what it misses, for the side to move:
//! - seeds in a store are safe, seeds in pits can still be captured:
//!   `STORE` points per seed of store difference on top of the material;
//! - a move ending in the mover's store gives another turn: `EXTRA` points
//!   if the side to move has one (a tempo);
//! - the biggest capture the side to move can make now (`CAPTURE` points
//!   per seed it would win), and the biggest the opponent could make if it
//!   were his turn (`THREAT` points per seed, subtracted).
//!
//! Weights were chosen by short alpha-beta matches against the plain seed
//! difference (see the crate's `eval_strength` test and README).

use ngola_rules::kalah::Kalah;
use ngola_rules::{Game, Player};

use super::{Evaluate, SEED};

const STORE: i32 = 25;
const EXTRA: i32 = 40;
const CAPTURE: i32 = 60;
const THREAT: i32 = 40;

/// `side`'s pits in sowing order (South a1..ap, North bp..b1) and the count
/// of the pit facing each.
fn rows(game: &Kalah, side: Player) -> ([u8; 8], [u8; 8]) {
    let p = game.pits();
    let mine = game.sowing_row(side);
    let theirs = game.sowing_row(side.opponent());
    let mut facing = [0u8; 8];
    for i in 0..p {
        // The rows run in opposite directions: sowing position i faces the
        // opponent's sowing position p - 1 - i.
        facing[i] = theirs[p - 1 - i];
    }
    (mine, facing)
}

/// (has an extra-turn move, seeds of the biggest capture) for `side` to move.
fn prospects(game: &Kalah, side: Player) -> (bool, i32) {
    let p = game.pits();
    let (mine, facing) = rows(game, side);
    let empty_capture = game.rules().empty_capture;
    let mut extra = false;
    let mut capture = 0;
    for i in 0..p {
        let seeds = mine[i] as usize;
        if seeds == 0 {
            continue;
        }
        // Pit i is p - i sowing steps from the store.
        if seeds == p - i {
            extra = true;
        }
        // Within one lap, without passing the store: lands on pit i + seeds.
        let target = i + seeds;
        if target < p && mine[target] == 0 && (facing[target] > 0 || empty_capture) {
            capture = capture.max(facing[target] as i32 + 1);
        }
    }
    (extra, capture)
}

impl Evaluate for Kalah {
    const SCORED: bool = true;
    const EVAL_SCALE: f64 = 4.0 * SEED as f64;

    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        let them = me.opponent();
        let store = self.store(me) as i32 - self.store(them) as i32;
        let (extra, capture) = prospects(self, me);
        let (_, threat) = prospects(self, them);
        self.material() + STORE * store + EXTRA * extra as i32 + CAPTURE * capture - THREAT * threat
    }

    fn open_tablebase(
        dir: &std::path::Path,
        databases: &crate::tablebase::Databases,
    ) -> Result<std::sync::Arc<dyn crate::tablebase::Oracle<Self>>, ngola_tablebase::TablebaseError>
    {
        crate::tablebase::open::<ngola_tablebase::KalahEndgame>(dir, databases)
    }

    fn majority(&self) -> Option<ngola_rules::Player> {
        let all: u32 = self.totals().iter().sum();
        ngola_rules::Player::BOTH
            .into_iter()
            .find(|&side| 2 * u32::from(self.store(side)) > all)
    }
}

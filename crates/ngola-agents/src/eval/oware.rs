//! Oware's evaluation.
//!
//! The material is the score difference ([`Game::totals`]); seeds on the
//! board belong to nobody yet. The heuristic adds, for the side to move:
//! - the biggest capture it can make now (`CAPTURE` points per seed), and
//!   the biggest the opponent could make if it were his turn (`THREAT`
//!   points per seed, subtracted): houses holding 1 or 2 seeds are what the
//!   next move captures;
//! - seeds on its own side (`SIDE` points per seed of difference): they are
//!   what it collects when the game ends by repetition, by the cap or when
//!   the opponent cannot be fed, and what it moves with;
//! - its mobility (`MOBILITY` points per playable house of difference).
//!
//! Captures are found by sowing each move's seeds within one lap (longer
//! sowings, which skip the origin, are left out).

use ngola_rules::oware::Oware;
use ngola_rules::{Game, Player};

use super::{Evaluate, SEED};

const CAPTURE: i32 = 70;
const THREAT: i32 = 45;
const SIDE: i32 = 8;
const MOBILITY: i32 = 6;

/// The board in sowing order from `side`'s first house: `side`'s houses,
/// then the opponent's.
fn ring(game: &Oware, side: Player) -> ([u8; 16], usize) {
    let h = game.houses();
    let mut ring = [0u8; 16];
    for (k, s) in [side, side.opponent()].into_iter().enumerate() {
        ring[k * h..(k + 1) * h].copy_from_slice(&game.sowing_row(s)[..h]);
    }
    (ring, h)
}

/// (biggest capture in seeds, playable houses, seeds on own side) for
/// `side` to move.
fn prospects(game: &Oware, side: Player) -> (i32, i32, i32) {
    let (ring, h) = ring(game, side);
    let mut best = 0;
    let mut mobile = 0;
    let mut own = 0;
    for i in 0..h {
        let seeds = ring[i] as usize;
        own += seeds as i32;
        if seeds == 0 {
            continue;
        }
        mobile += 1;
        let last = i + seeds;
        if seeds >= 2 * h || last < h {
            continue;
        }
        // Houses i+1..=last got one seed each; take backwards from `last`
        // while in the opponent's row with 2 or 3 seeds.
        let mut taken = 0;
        let mut j = last % (2 * h);
        while j >= h && j > i {
            let after = ring[j] as i32 + 1;
            if after != 2 && after != 3 {
                break;
            }
            taken += after;
            j -= 1;
        }
        best = best.max(taken);
    }
    (best, mobile, own)
}

impl Evaluate for Oware {
    const SCORED: bool = true;
    const EVAL_SCALE: f64 = 4.0 * SEED as f64;
    const PATH_HISTORY: bool = true;

    fn majority(&self) -> Option<ngola_rules::Player> {
        ngola_rules::Player::BOTH
            .into_iter()
            .find(|&side| 2 * u32::from(self.score(side)) > self.total_seeds())
    }

    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        let (capture, mobile, own) = prospects(self, me);
        let (threat, their_mobile, theirs) = prospects(self, me.opponent());
        self.material() + CAPTURE * capture - THREAT * threat
            + SIDE * (own - theirs)
            + MOBILITY * (mobile - their_mobile)
    }

    fn open_tablebase(
        dir: &std::path::Path,
        databases: &crate::tablebase::Databases,
    ) -> Result<std::sync::Arc<dyn crate::tablebase::Oracle<Self>>, ngola_tablebase::TablebaseError>
    {
        crate::tablebase::open::<ngola_tablebase::OwareEndgame>(dir, databases)
    }
}

//! Mangola's evaluation.
//!
//! Seeds never leave the board: a capture moves the seeds of two opponent
//! holes onto the capturer's side, and a player loses when he cannot move
//! (every hole of his holds 0 or 1). The material is the seed difference
//! ([`Game::totals`]). The heuristic adds, for the side to move:
//! - mobility: `MOBILITY` points per hole holding 2 or more seeds, counted
//!   up to `MOBILITY_CAP` holes per side (beyond that more holes hardly
//!   matter; near zero they decide the game);
//! - targets: a column whose two holes both hold seeds can be captured
//!   when the capturer's last seed ends in his non-empty inner hole facing
//!   it; `TARGET` points per seed in opponent columns the side to move
//!   could capture that way (its inner hole there is not empty). The same
//!   count for the opponent's chances was measured to add nothing.
//!
//! Relay sowing makes where a move ends hard to foresee without playing
//! it, so the heuristic stays static; the search does the rest. Measured
//! (`tests/strength.rs` checks it): it beats the plain seed difference
//! clearly one ply deep (59%), but from three plies on Mangola games
//! between equal searchers are decided by captures inside the horizon and
//! the edge shrinks to about 51%.

use ngola_rules::mangola::Mangola;
use ngola_rules::{Game, Player};

use super::{Evaluate, SEED};

const MOBILITY: i32 = 20;
const MOBILITY_CAP: i32 = 6;
const TARGET: i32 = 20;

/// Per column (index 0 = column 1): (outer, inner) seeds of `player`.
fn columns(game: &Mangola, player: Player) -> [(u8, u8); 8] {
    let n = game.columns();
    let circuit = game.circuit(player);
    let mut cols = [(0u8, 0u8); 8];
    for k in 1..=n {
        // South: a_k at k-1 (outer), b_k at 2n-k (inner);
        // North: c_k at k-1 (inner), d_k at 2n-k (outer).
        let (first, second) = (circuit[k - 1], circuit[2 * n - k]);
        cols[k - 1] = match player {
            Player::South => (first, second),
            Player::North => (second, first),
        };
    }
    cols
}

impl Evaluate for Mangola {
    const SCORED: bool = false;
    const EVAL_SCALE: f64 = 6.0 * SEED as f64;
    const PHASE_PLIES: u32 = 4;

    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        let n = self.columns();
        let mine = columns(self, me);
        let theirs = columns(self, me.opponent());
        let mut mobility = [0i32; 2];
        let mut target = 0i32;
        for k in 0..n {
            let (my_outer, my_inner) = mine[k];
            let (their_outer, their_inner) = theirs[k];
            mobility[0] += (my_outer >= 2) as i32 + (my_inner >= 2) as i32;
            mobility[1] += (their_outer >= 2) as i32 + (their_inner >= 2) as i32;
            if my_inner > 0 && their_outer > 0 && their_inner > 0 {
                target += (their_outer + their_inner) as i32;
            }
        }
        self.material()
            + MOBILITY * (mobility[0].min(MOBILITY_CAP) - mobility[1].min(MOBILITY_CAP))
            + TARGET * target
    }
}

//! Um el-Bagara's evaluation.
//!
//! The material is [`Game::totals`]: counters taken plus counters in one's
//! own houses (how the game is scored when it ends). A capture of `g`
//! counters moves the material difference by `2g`. The heuristic adds, for
//! the side to move:
//! - the biggest capture (with its chain) it can make now, `CAPTURE`
//!   points per counter, and the biggest the opponent could make if it were
//!   his turn, `THREAT` points per counter (subtracted): houses holding 1 or
//!   3 counters are what the next move captures;
//! - its mobility, `MOBILITY` points per house with 2 or more counters of
//!   difference (a player who cannot move passes and the game drifts to
//!   its end with the counters where they are).
//!
//! Moves are sown exactly (direction rules, laps through the origin) except
//! under `skip_origin=true`, where sowings of a full lap are approximated.

use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, Player};

use super::{Evaluate, SEED};

const CAPTURE: i32 = 140;
const THREAT: i32 = 90;
const MOBILITY: i32 = 10;

/// The houses as one loop, anticlockwise from a1: a1..ah, bh..b1.
fn ring(game: &UmElBagara) -> ([u8; 18], usize) {
    let h = game.rules().houses();
    let mut ring = [0u8; 18];
    for c in 1..=h {
        ring[c - 1] = game.count(Player::South, c).unwrap_or(0) as u8;
        ring[2 * h - c] = game.count(Player::North, c).unwrap_or(0) as u8;
    }
    (ring, h)
}

/// Loop index of `side`'s house in column `c` (1-based).
fn index(side: Player, c: usize, h: usize) -> usize {
    match side {
        Player::South => c - 1,
        Player::North => 2 * h - c,
    }
}

/// (biggest capture in counters, houses with 2 or more) for `side` to move.
fn prospects(ring: &[u8; 18], h: usize, side: Player) -> (i32, i32) {
    let n = 2 * h;
    let middle = h / 2 + 1;
    let mut best = 0;
    let mut mobile = 0;
    for c in 1..=h {
        let origin = index(side, c, h);
        let seeds = ring[origin] as usize;
        if seeds < 2 {
            continue;
        }
        mobile += 1;
        // Left houses (as the mover sees the board) sow clockwise (-1),
        // right ones anticlockwise (+1); South's left is column 1, North's
        // is column h.
        let left = match side {
            Player::South => c < middle,
            Player::North => c > middle,
        };
        let directions: &[isize] = if c == middle {
            &[1, -1]
        } else if left {
            &[-1]
        } else {
            &[1]
        };
        for &dir in directions {
            let step =
                |k: usize| (origin as isize + dir * k as isize).rem_euclid(n as isize) as usize;
            // House j at distance d (1..=n, the origin at n) along the
            // sowing gets a counter at steps d, d + n, ... up to `seeds`.
            let (laps, rest) = (seeds / n, seeds % n);
            let after = |j: usize| {
                let d = ((j as isize - origin as isize) * dir).rem_euclid(n as isize) as usize;
                let d = if d == 0 { n } else { d };
                let base = if j == origin { 0 } else { ring[j] as usize };
                base + laps + (d <= rest) as usize
            };
            let mut taken = 0;
            let mut emptied = 0u32;
            // Backwards from the last house along the houses reached.
            for k in (1..=seeds).rev() {
                let j = step(k);
                let theirs = (j >= h) == (side == Player::South);
                let count = after(j);
                if emptied & (1 << j) != 0 || !theirs || (count != 2 && count != 4) {
                    break;
                }
                taken += count as i32;
                emptied |= 1 << j;
            }
            best = best.max(taken);
        }
    }
    (best, mobile)
}

impl Evaluate for UmElBagara {
    const SCORED: bool = true;
    const EVAL_SCALE: f64 = 5.0 * SEED as f64;

    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        let (ring, h) = ring(self);
        let (capture, mobile) = prospects(&ring, h, me);
        let (threat, their_mobile) = prospects(&ring, h, me.opponent());
        self.material() + CAPTURE * capture - THREAT * threat + MOBILITY * (mobile - their_mobile)
    }

    fn open_tablebase(
        dir: &std::path::Path,
        databases: &crate::tablebase::Databases,
    ) -> Result<std::sync::Arc<dyn crate::tablebase::Oracle<Self>>, ngola_tablebase::TablebaseError>
    {
        crate::tablebase::open::<ngola_tablebase::UmElBagaraEndgame>(dir, databases)
    }
}

//! Mangola: `2 * columns` mover-relative actions (outer row, then inner
//! row, each from the mover's left), the 4-row board, the phase.

use ngola_rules::mangola::{Mangola, MangolaMove, MangolaRules, Phase};
use ngola_rules::{Game, Player};

use super::Encode;

impl Encode for Mangola {
    const BANKED: bool = false;
    const EXTRA_LEN: usize = 3;
    const EXTRA_NAME: &'static str = "phase";

    fn num_actions(rules: &MangolaRules) -> usize {
        2 * rules.columns as usize + usize::from(rules.swap)
    }

    fn board_shape(rules: &MangolaRules) -> (usize, usize) {
        (4, rules.columns as usize)
    }

    fn action(&self, mv: MangolaMove) -> usize {
        if mv.is_swap() {
            return Self::num_actions(self.rules()) - 1;
        }
        let n = self.columns();
        // Row 0 = a (South's outer) .. 3 = d (North's outer).
        match mv.owner() {
            Player::South => mv.row() * n + mv.column() - 1,
            Player::North => (3 - mv.row()) * n + n - mv.column(),
        }
    }

    fn move_of(&self, action: usize) -> Option<MangolaMove> {
        let n = self.columns();
        if action == 2 * n && self.rules().swap {
            return Some(MangolaMove::SWAP);
        }
        if action >= 2 * n {
            return None;
        }
        let (r, j) = (action / n, action % n);
        match self.to_move() {
            Player::South => MangolaMove::new(r, j + 1),
            Player::North => MangolaMove::new(3 - r, n - j),
        }
    }

    fn board(&self, out: &mut [u32]) {
        let n = self.columns();
        for (r, row) in self.rows().iter().enumerate() {
            for (c, &seeds) in row.iter().take(n).enumerate() {
                out[r * n + c] = u32::from(seeds);
            }
        }
    }

    fn extra(&self, out: &mut [f32]) {
        out.fill(0.0);
        out[match self.phase() {
            Phase::Opening => 0,
            Phase::SecondMove => 1,
            Phase::Free => 2,
        }] = 1.0;
    }

    fn ply_limit(&self) -> Option<u32> {
        let cap = self.rules().max_plies;
        (cap != 0).then_some(cap)
    }
}

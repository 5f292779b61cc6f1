//! Kalah: OpenSpiel's `mancala` action ids, the 2-row board, the stores.

use ngola_rules::kalah::{openspiel, Kalah, KalahMove, KalahRules};
use ngola_rules::{Game, Player};

use super::Encode;

impl Encode for Kalah {
    const BANKED: bool = true;

    fn num_actions(rules: &KalahRules) -> usize {
        2 * rules.pits as usize + 2 + usize::from(rules.swap)
    }

    fn board_shape(rules: &KalahRules) -> (usize, usize) {
        (2, rules.pits as usize)
    }

    fn action(&self, mv: KalahMove) -> usize {
        if mv.is_swap() {
            return Self::num_actions(self.rules()) - 1;
        }
        openspiel::move_to_action(mv, self.pits()) as usize
    }

    fn move_of(&self, action: usize) -> Option<KalahMove> {
        if self.rules().swap && action == Self::num_actions(self.rules()) - 1 {
            return Some(KalahMove::SWAP);
        }
        openspiel::action_to_move(u32::try_from(action).ok()?, self.pits())
    }

    fn board(&self, out: &mut [u32]) {
        // Sowing order is column order for South, reversed for North.
        let p = self.pits();
        let (south, north) = out.split_at_mut(p);
        for (cell, &seeds) in south.iter_mut().zip(&self.sowing_row(Player::South)[..p]) {
            *cell = u32::from(seeds);
        }
        for (cell, &seeds) in north
            .iter_mut()
            .rev()
            .zip(&self.sowing_row(Player::North)[..p])
        {
            *cell = u32::from(seeds);
        }
    }

    fn banked(&self) -> [u32; 2] {
        Player::BOTH.map(|side| u32::from(self.store(side)))
    }

    fn ply_limit(&self) -> Option<u32> {
        // Over once more than `max_plies` plies were played.
        let cap = self.rules().max_plies;
        (cap != 0).then(|| cap.saturating_add(1))
    }
}

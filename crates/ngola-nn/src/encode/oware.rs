//! Oware: OpenSpiel's `oware` action ids (relative to the mover), the
//! 2-row board, the scores.

use ngola_rules::oware::{openspiel, Oware, OwareMove, OwareRules};
use ngola_rules::{Game, Player};

use super::Encode;

impl Encode for Oware {
    const BANKED: bool = true;

    fn num_actions(rules: &OwareRules) -> usize {
        rules.houses as usize + usize::from(rules.swap)
    }

    fn board_shape(rules: &OwareRules) -> (usize, usize) {
        (2, rules.houses as usize)
    }

    fn action(&self, mv: OwareMove) -> usize {
        if mv.is_swap() {
            return Self::num_actions(self.rules()) - 1;
        }
        openspiel::move_to_action(mv, self.houses()) as usize
    }

    fn move_of(&self, action: usize) -> Option<OwareMove> {
        if self.rules().swap && action == Self::num_actions(self.rules()) - 1 {
            return Some(OwareMove::SWAP);
        }
        openspiel::action_to_move(u32::try_from(action).ok()?, self.to_move(), self.houses())
    }

    fn board(&self, out: &mut [u32]) {
        // Sowing order is column order for South, reversed for North.
        let h = self.houses();
        let (south, north) = out.split_at_mut(h);
        for (cell, &seeds) in south.iter_mut().zip(&self.sowing_row(Player::South)[..h]) {
            *cell = u32::from(seeds);
        }
        for (cell, &seeds) in north
            .iter_mut()
            .rev()
            .zip(&self.sowing_row(Player::North)[..h])
        {
            *cell = u32::from(seeds);
        }
    }

    fn banked(&self) -> [u32; 2] {
        Player::BOTH.map(|side| u32::from(self.score(side)))
    }

    fn ply_limit(&self) -> Option<u32> {
        let cap = self.rules().max_plies;
        (cap != 0).then_some(cap)
    }
}

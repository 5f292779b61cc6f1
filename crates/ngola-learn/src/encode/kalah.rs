//! Kalah: OpenSpiel's `mancala` action ids, the 2-row board, the stores.

use ngola_rules::kalah::{openspiel, Kalah, KalahMove, KalahRules};
use ngola_rules::Player;

use super::Encode;

impl Encode for Kalah {
    const BANKED: bool = true;

    fn num_actions(rules: &KalahRules) -> usize {
        2 * rules.pits as usize + 2
    }

    fn board_shape(rules: &KalahRules) -> (usize, usize) {
        (2, rules.pits as usize)
    }

    fn action(&self, mv: KalahMove) -> usize {
        openspiel::move_to_action(mv, self.pits()) as usize
    }

    fn move_of(&self, action: usize) -> Option<KalahMove> {
        openspiel::action_to_move(u32::try_from(action).ok()?, self.pits())
    }

    fn board(&self, out: &mut [u32]) {
        let p = self.pits();
        for (r, side) in Player::BOTH.into_iter().enumerate() {
            for (c, &seeds) in self.row(side).iter().enumerate() {
                out[r * p + c] = u32::from(seeds);
            }
        }
    }

    fn banked(&self) -> [u32; 2] {
        Player::BOTH.map(|side| u32::from(self.store(side)))
    }
}

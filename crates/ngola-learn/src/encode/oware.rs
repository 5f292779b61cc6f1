//! Oware: OpenSpiel's `oware` action ids (relative to the mover), the
//! 2-row board, the scores.

use ngola_rules::oware::{openspiel, Oware, OwareMove, OwareRules};
use ngola_rules::{Game, Player};

use super::Encode;

impl Encode for Oware {
    const BANKED: bool = true;

    fn num_actions(rules: &OwareRules) -> usize {
        rules.houses as usize
    }

    fn board_shape(rules: &OwareRules) -> (usize, usize) {
        (2, rules.houses as usize)
    }

    fn action(&self, mv: OwareMove) -> usize {
        openspiel::move_to_action(mv, self.houses()) as usize
    }

    fn move_of(&self, action: usize) -> Option<OwareMove> {
        openspiel::action_to_move(u32::try_from(action).ok()?, self.to_move(), self.houses())
    }

    fn board(&self, out: &mut [u32]) {
        let h = self.houses();
        for (r, side) in Player::BOTH.into_iter().enumerate() {
            for (c, &seeds) in self.row(side).iter().enumerate() {
                out[r * h + c] = u32::from(seeds);
            }
        }
    }

    fn banked(&self) -> [u32; 2] {
        Player::BOTH.map(|side| u32::from(self.score(side)))
    }
}

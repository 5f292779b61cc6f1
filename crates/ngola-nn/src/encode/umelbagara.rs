//! Um el-Bagara: `houses + 2` mover-relative actions in legal-move order
//! (houses from the mover's left, the middle one clockwise then
//! anticlockwise, then `pass`), the 2-row board, counters taken.

use ngola_rules::umelbagara::{Direction, UmElBagara, UmElBagaraMove, UmElBagaraRules};
use ngola_rules::{Game, Player};

use super::Encode;

impl Encode for UmElBagara {
    const BANKED: bool = true;

    fn num_actions(rules: &UmElBagaraRules) -> usize {
        rules.houses() + 2 + usize::from(rules.swap())
    }

    fn board_shape(rules: &UmElBagaraRules) -> (usize, usize) {
        (2, rules.houses())
    }

    fn action(&self, mv: UmElBagaraMove) -> usize {
        if mv.is_swap() {
            return Self::num_actions(self.rules()) - 1;
        }
        let n = self.rules().houses();
        let (Some(row), column) = (mv.row(), mv.column() as usize) else {
            return n + 1;
        };
        let middle = n / 2;
        let j = match row {
            Player::South => column - 1,
            Player::North => n - column,
        };
        if j < middle || (j == middle && mv.direction() != Some(Direction::Anticlockwise)) {
            j
        } else {
            j + 1
        }
    }

    fn move_of(&self, action: usize) -> Option<UmElBagaraMove> {
        if self.rules().swap() && action == Self::num_actions(self.rules()) - 1 {
            return Some(UmElBagaraMove::SWAP);
        }
        let n = self.rules().houses();
        let middle = n / 2;
        let (j, direction) = match action {
            a if a == n + 1 => return Some(UmElBagaraMove::PASS),
            a if a > n + 1 => return None,
            a if a < middle => (a, None),
            a if a == middle => (a, Some(Direction::Clockwise)),
            a if a == middle + 1 => (middle, Some(Direction::Anticlockwise)),
            a => (a - 1, None),
        };
        let side = self.to_move();
        let column = match side {
            Player::South => j + 1,
            Player::North => n - j,
        };
        UmElBagaraMove::house(side, column as u8, direction)
    }

    fn board(&self, out: &mut [u32]) {
        let n = self.rules().houses();
        for (r, side) in Player::BOTH.into_iter().enumerate() {
            for column in 1..=n {
                out[r * n + column - 1] = self.count(side, column).unwrap_or(0);
            }
        }
    }

    fn banked(&self) -> [u32; 2] {
        self.taken()
    }

    fn ply_limit(&self) -> Option<u32> {
        let cap = self.rules().max_plies();
        (cap != 0).then_some(cap)
    }
}

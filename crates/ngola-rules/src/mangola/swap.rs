//! The swap rule on the Mangola board (docs/src/rules.md, "The swap rule").
//!
//! The swap is offered after South's opening, before North's: at ply 1,
//! in place of North's opening. The board then turns half round, so South
//! owns the unopened side and plays the opening next (ply 2), North plays
//! the second move of the side South opened (ply 3), and from there on
//! play alternates as without the swap, each phase one ply later.

use super::Mangola;
use crate::game::Player;
use crate::swap::SwapStatus;

impl Mangola {
    /// Whether `swap` is legal now (the game not being over aside).
    #[inline]
    pub(super) fn swap_offered(&self) -> bool {
        self.swap.offered_to(self.side) && !self.capped()
    }

    /// Plays the swap: the board turns half round, and South moves. Circuit
    /// hole `i` of one player lands on hole `i + columns` of the other's
    /// circuit (South's `a1`, index 0, on North's `dn`, index `columns`).
    pub(super) fn play_swap(&mut self) {
        let n = self.columns();
        let turn = |circuit: u128| {
            let bytes = circuit.to_le_bytes();
            let mut out = [0u8; 16];
            for (i, &seeds) in bytes.iter().enumerate().take(2 * n) {
                out[(i + n) % (2 * n)] = seeds;
            }
            u128::from_le_bytes(out)
        };
        self.circuits = [turn(self.circuits[1]), turn(self.circuits[0])];
        self.side = Player::South;
        self.ply += 1;
        self.swap = SwapStatus::Swapped;
    }
}

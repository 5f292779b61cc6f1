//! Oware moves: the house a move empties, written `a3` or `b6`.

use std::fmt;

use crate::game::Player;

use crate::kalah::two_row::pit_name;

/// An Oware move: the house it empties, by row owner and column (1-based, left
/// to right as South sees the board). Written `a3` (South's third house) or
/// `b6`; read with [`crate::Game::parse_move`], which knows the board width.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OwareMove {
    side: Player,
    column: u8,
}

impl OwareMove {
    /// The move emptying house `column` of `side`'s row (`a` for South, `b` for North).
    pub fn new(side: Player, column: u8) -> OwareMove {
        OwareMove { side, column }
    }

    /// Whose row the house is in.
    pub fn side(self) -> Player {
        self.side
    }

    /// The house's column, 1-based.
    pub fn column(self) -> u8 {
        self.column
    }
}

impl fmt::Display for OwareMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&pit_name(self.side, self.column))
    }
}

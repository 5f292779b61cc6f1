//! Kalah moves: the pit a move empties, written `a3` or `b6`.

use std::fmt;

use crate::game::Player;

use super::two_row::pit_name;

/// A Kalah move: the pit it empties, by row owner and column (1-based, left
/// to right as South sees the board). Written `a3` (South's third pit) or
/// `b6`; read with [`crate::Game::parse_move`], which knows the board width.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KalahMove {
    side: Player,
    column: u8,
}

impl KalahMove {
    /// The move emptying pit `column` of `side`'s row (`a` for South, `b` for North).
    pub fn new(side: Player, column: u8) -> KalahMove {
        KalahMove { side, column }
    }

    /// Whose row the pit is in.
    pub fn side(self) -> Player {
        self.side
    }

    /// The pit's column, 1-based.
    pub fn column(self) -> u8 {
        self.column
    }
}

impl fmt::Display for KalahMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&pit_name(self.side, self.column))
    }
}

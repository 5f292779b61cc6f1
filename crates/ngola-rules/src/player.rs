//! The two players, below everything that speaks of a side to move.

use std::fmt;

use crate::error::PositionError;

/// One of the two players. South always moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The first player (rows `a`, `b`).
    South,
    /// The second player.
    North,
}

impl Player {
    /// Both players, South first.
    pub const BOTH: [Player; 2] = [Player::South, Player::North];

    /// The other player.
    #[inline]
    pub fn opponent(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// 0 for South, 1 for North: the index into `[South, North]` arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The player with the given index (0 South, anything else North).
    #[inline]
    pub fn from_index(i: usize) -> Player {
        if i == 0 {
            Player::South
        } else {
            Player::North
        }
    }

    /// The letter used in position text: `S` or `N`.
    pub fn letter(self) -> char {
        match self {
            Player::South => 'S',
            Player::North => 'N',
        }
    }

    /// Reads `S` or `N` (the side field of a position text).
    pub fn from_letter(text: &str) -> Result<Player, PositionError> {
        match text {
            "S" => Ok(Player::South),
            "N" => Ok(Player::North),
            other => Err(PositionError::new(
                "side",
                format!("`{other}` is not a side to move; expected S or N"),
            )),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::South => "South",
            Player::North => "North",
        })
    }
}

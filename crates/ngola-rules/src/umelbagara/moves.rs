//! Moves of Um el-Bagara and their notation: `a1`, `b4`, `a3<`, `a3>`, `pass`.

use std::fmt;

use crate::game::Player;

use super::rules::MAX_HOUSES;

/// The way a sowing goes round the loop of houses (seen from above, South
/// at the bottom). Anticlockwise is a1 a2 .. an bn .. b1, clockwise the reverse.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Written `<` after a middle house.
    Clockwise,
    /// Written `>` after a middle house.
    Anticlockwise,
}

impl Direction {
    /// The suffix written after a middle house: `<` or `>`.
    pub fn suffix(self) -> char {
        match self {
            Direction::Clockwise => '<',
            Direction::Anticlockwise => '>',
        }
    }

    /// `clockwise` or `anticlockwise`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Clockwise => "clockwise",
            Direction::Anticlockwise => "anticlockwise",
        }
    }
}

// The bits of a move: column (0 = pass or swap), row b, the direction
// written, and the swap.
const COLUMN_MASK: u8 = 0x0F;
const ROW_B: u8 = 0x10;
const DIR_CLOCKWISE: u8 = 0x20;
const DIR_ANTICLOCKWISE: u8 = 0x40;
const SWAP: u8 = 0x80;

/// One move: a house (row, column) with a direction where one was written,
/// or a pass. One byte, `Copy`.
///
/// A move is only notation: whether `a3` needs a direction (it is a middle
/// house) or is a house of the player to move is decided by
/// [`Game::check_move`](crate::Game::check_move) in a position.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct UmElBagaraMove(u8);

impl UmElBagaraMove {
    /// The pass (legal only when the mover cannot move and his opponent can).
    pub const PASS: UmElBagaraMove = UmElBagaraMove(0);

    /// The swap (rule option `swap`): North takes South's side instead of
    /// moving (see [`crate::swap`]).
    pub const SWAP: UmElBagaraMove = UmElBagaraMove(SWAP);

    /// Whether this is the swap.
    #[inline]
    pub fn is_swap(self) -> bool {
        self.0 == SWAP
    }

    /// The move from house `column` (1-based, as South sees the board) of
    /// `row` (South's row `a` or North's row `b`), with a direction or none.
    /// `None` if the column is not 1 to 9.
    pub fn house(row: Player, column: u8, direction: Option<Direction>) -> Option<Self> {
        if column == 0 || column > MAX_HOUSES {
            return None;
        }
        let row_bit = match row {
            Player::South => 0,
            Player::North => ROW_B,
        };
        let dir_bits = match direction {
            None => 0,
            Some(Direction::Clockwise) => DIR_CLOCKWISE,
            Some(Direction::Anticlockwise) => DIR_ANTICLOCKWISE,
        };
        Some(UmElBagaraMove(column | row_bit | dir_bits))
    }

    /// Builds a move from parts known to be valid (column 1 to 9).
    #[inline]
    pub(crate) fn from_parts(row: Player, column: u8, direction: Option<Direction>) -> Self {
        debug_assert!((1..=MAX_HOUSES).contains(&column));
        let row_bit = (row == Player::North) as u8 * ROW_B;
        let dir_bits = match direction {
            None => 0,
            Some(Direction::Clockwise) => DIR_CLOCKWISE,
            Some(Direction::Anticlockwise) => DIR_ANTICLOCKWISE,
        };
        UmElBagaraMove(column | row_bit | dir_bits)
    }

    /// Whether this is the pass.
    #[inline]
    pub fn is_pass(self) -> bool {
        self.0 == 0
    }

    /// The row of the house (`South` for `a`, `North` for `b`); `None` for
    /// a pass or the swap.
    #[inline]
    pub fn row(self) -> Option<Player> {
        if self.is_pass() || self.is_swap() {
            None
        } else if self.0 & ROW_B != 0 {
            Some(Player::North)
        } else {
            Some(Player::South)
        }
    }

    /// The house's column, 1-based as South sees the board; 0 for a pass or the swap.
    #[inline]
    pub fn column(self) -> u8 {
        self.0 & COLUMN_MASK
    }

    /// The direction written after the house, if any.
    #[inline]
    pub fn direction(self) -> Option<Direction> {
        if self.0 & DIR_CLOCKWISE != 0 {
            Some(Direction::Clockwise)
        } else if self.0 & DIR_ANTICLOCKWISE != 0 {
            Some(Direction::Anticlockwise)
        } else {
            None
        }
    }

    /// Reads `pass`, or a row letter `a`/`b`, a column `1`..`houses` and an
    /// optional `<`/`>`. Whether the direction fits the house is left to
    /// `check_move`.
    pub fn parse(text: &str, houses: usize) -> Result<Self, crate::MoveParseError> {
        use crate::MoveParseError;
        let shape = || {
            format!(
                "expected `pass`, `swap` or a house a1..a{houses} / b1..b{houses}, \
                 with `<` (clockwise) or `>` (anticlockwise) after the middle house"
            )
        };
        if text == "pass" {
            return Ok(UmElBagaraMove::PASS);
        }
        if text == crate::swap::SWAP_WORD {
            return Ok(UmElBagaraMove::SWAP);
        }
        let mut chars = text.chars();
        let row = match chars.next() {
            Some('a') => Player::South,
            Some('b') => Player::North,
            _ => return Err(MoveParseError::new(text, shape())),
        };
        let rest = chars.as_str();
        let (digits, direction) = match rest.as_bytes().last() {
            Some(b'<') => (&rest[..rest.len() - 1], Some(Direction::Clockwise)),
            Some(b'>') => (&rest[..rest.len() - 1], Some(Direction::Anticlockwise)),
            _ => (rest, None),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(MoveParseError::new(text, shape()));
        }
        match digits.parse::<usize>() {
            Ok(column) if (1..=houses).contains(&column) => {
                Ok(UmElBagaraMove::from_parts(row, column as u8, direction))
            }
            _ => Err(MoveParseError::new(
                text,
                format!("column `{digits}` is not on this board: columns run from 1 to {houses}"),
            )),
        }
    }
}

impl fmt::Display for UmElBagaraMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.row() {
            None if self.is_swap() => f.write_str(crate::swap::SWAP_WORD),
            None => f.write_str("pass"),
            Some(row) => {
                let letter = if row == Player::South { 'a' } else { 'b' };
                write!(f, "{letter}{}", self.column())?;
                match self.direction() {
                    Some(d) => write!(f, "{}", d.suffix()),
                    None => Ok(()),
                }
            }
        }
    }
}

impl fmt::Debug for UmElBagaraMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "UmElBagaraMove({self})")
    }
}

//! The notation of the two-row games: a move is the pit it empties
//! (`a3`, `b6`), and the position text is
//! `NAME a1,..,an/b1,..,bn SIDE PLY south,north`.

use std::fmt;

use crate::error::{MoveParseError, PositionError};
use crate::game::{check_ply, Player};
use crate::swap::SwapStatus;

use super::board::{byte_at, column_index, MAX_TOTAL_SEEDS};

/// A move of Kalah or Oware: the pit (Oware: house) it empties, by row
/// owner and column (1-based, left to right as South sees the board).
/// Written `a3` (South's third pit) or `b6`; read with
/// [`crate::Game::parse_move`], which knows the board width.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PitMove {
    side: Player,
    column: u8,
}

impl PitMove {
    /// The move emptying pit `column` of `side`'s row (`a` for South, `b` for North).
    pub fn new(side: Player, column: u8) -> PitMove {
        PitMove { side, column }
    }

    /// The swap (rule option `swap`): North takes South's side instead of
    /// moving, written `swap` (see [`crate::swap`]). Its column is 0.
    pub const SWAP: PitMove = PitMove {
        side: Player::North,
        column: 0,
    };

    /// Whether this is the swap.
    #[inline]
    pub fn is_swap(self) -> bool {
        self.column == 0
    }

    /// Whose row the pit is in (North for the swap).
    pub fn side(self) -> Player {
        self.side
    }

    /// The pit's column, 1-based (0 for the swap).
    pub fn column(self) -> u8 {
        self.column
    }
}

impl fmt::Display for PitMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_swap() {
            return f.write_str(crate::swap::SWAP_WORD);
        }
        f.write_str(&pit_name(self.side, self.column))
    }
}

/// Writes a pit name: `a3`, `b6`.
pub(crate) fn pit_name(side: Player, column: u8) -> String {
    format!("{}{}", row_letter(side), column)
}

/// `a` for South's row, `b` for North's.
pub(crate) fn row_letter(side: Player) -> char {
    match side {
        Player::South => 'a',
        Player::North => 'b',
    }
}

/// Reads a pit name `a1`..`a{n}` / `b1`..`b{n}` (what a move is written as).
pub(crate) fn parse_pit(text: &str, n: usize, what: &str) -> Result<(Player, u8), MoveParseError> {
    let expected = || {
        format!(
            "a move is the {what} it empties: row `a` (South) or `b` (North) and a column 1..{n}, e.g. `a3`"
        )
    };
    let mut chars = text.chars();
    let side = match chars.next() {
        Some('a') | Some('A') => Player::South,
        Some('b') | Some('B') => Player::North,
        _ => return Err(MoveParseError::new(text, expected())),
    };
    match chars.as_str().parse::<u8>() {
        Ok(column) if (1..=n as u8).contains(&column) => Ok((side, column)),
        _ => Err(MoveParseError::new(text, expected())),
    }
}

/// The fields of a two-row position text, checked for form but not for
/// game-specific rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TwoRowText {
    /// The rows, South's first (see the module doc).
    pub rows: [u64; 2],
    /// The side to move.
    pub side: Player,
    /// Plies played so far.
    pub ply: u32,
    /// The fifth field: stores (Kalah) or scores (Oware), South's first.
    pub banked: [u8; 2],
    /// The optional sixth field, read under the rule option `swap`.
    pub swap: SwapStatus,
}

/// Reads `NAME a1,..,an/b1,..,bn SIDE PLY s,n [SWAP]` with exactly `n`
/// counts per row; `banked_field` names the fifth field in errors (`stores`
/// or `scores`), `swap` is the rule option.
pub(crate) fn parse_two_row(
    text: &str,
    name: &str,
    n: usize,
    option: &str,
    banked_field: &str,
    swap: bool,
) -> Result<TwoRowText, PositionError> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    let swap_field = SwapStatus::split_field(&mut fields, 5);
    let game = fields.first().copied().unwrap_or("");
    if game != name {
        return Err(PositionError::new(
            "game",
            format!("`{game}` is not `{name}`; a position text starts with the game's name"),
        ));
    }
    if fields.len() != 5 {
        return Err(PositionError::new(
            "fields",
            format!(
                "expected 5 fields separated by spaces (`{name} ROWS SIDE PLY SOUTH,NORTH`, then `swapped` or `swap-open` where the swap rule needs it), found {}",
                fields.len()
            ),
        ));
    }
    let rows = parse_rows(fields[1], n, option)?;
    let side = Player::from_letter(fields[2])?;
    let ply = fields[3].parse::<u32>().map_err(|_| {
        PositionError::new(
            "ply",
            format!("`{}` is not a number of plies (0 or more)", fields[3]),
        )
    })?;
    check_ply(ply)?;
    let banked = parse_pair(fields[4], banked_field)?;
    let swap = SwapStatus::parse(swap_field, ply, swap)?;
    let total = rows
        .iter()
        .map(|row| (0..n).map(|j| byte_at(*row, j) as u32).sum::<u32>())
        .sum::<u32>()
        + banked[0] as u32
        + banked[1] as u32;
    if total > MAX_TOTAL_SEEDS {
        return Err(PositionError::new(
            "rows",
            format!("the position holds {total} seeds; at most {MAX_TOTAL_SEEDS} are supported"),
        ));
    }
    Ok(TwoRowText {
        rows,
        side,
        ply,
        banked,
        swap,
    })
}

fn parse_rows(text: &str, n: usize, option: &str) -> Result<[u64; 2], PositionError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 2 {
        return Err(PositionError::new(
            "rows",
            format!(
                "expected two rows `a/b` separated by one `/`, found {}",
                rows.len()
            ),
        ));
    }
    let mut words = [0u64; 2];
    for (side, row) in [Player::South, Player::North].into_iter().zip(rows) {
        let letter = row_letter(side);
        let counts: Vec<&str> = row.split(',').collect();
        if counts.len() != n {
            return Err(PositionError::new(
                "rows",
                format!(
                    "row {letter} has {} counts but the rule option {option}={n} needs {n}",
                    counts.len()
                ),
            ));
        }
        for (i, count) in counts.iter().enumerate() {
            let column = i as u8 + 1;
            let value = count.parse::<u8>().map_err(|_| {
                PositionError::new(
                    "rows",
                    format!(
                        "{letter}{column}: `{count}` is not a seed count (0..={MAX_TOTAL_SEEDS})"
                    ),
                )
            })?;
            words[side.index()] |= (value as u64) << (8 * column_index(side, column, n));
        }
    }
    Ok(words)
}

fn parse_pair(text: &str, field: &str) -> Result<[u8; 2], PositionError> {
    let bad = || {
        PositionError::new(
            field,
            format!("`{text}` is not two seed counts `SOUTH,NORTH` (each 0..={MAX_TOTAL_SEEDS})"),
        )
    };
    let (south, north) = text.split_once(',').ok_or_else(bad)?;
    let south = south.parse::<u8>().map_err(|_| bad())?;
    let north = north.parse::<u8>().map_err(|_| bad())?;
    Ok([south, north])
}

/// Writes the position text read by [`parse_two_row`].
pub(crate) fn format_two_row(
    f: &mut std::fmt::Formatter<'_>,
    name: &str,
    rows: [u64; 2],
    n: usize,
    side: Player,
    ply: u32,
    banked: [u8; 2],
) -> std::fmt::Result {
    write!(f, "{name} ")?;
    for side in [Player::South, Player::North] {
        if side == Player::North {
            f.write_str("/")?;
        }
        for column in 1..=n as u8 {
            if column > 1 {
                f.write_str(",")?;
            }
            write!(
                f,
                "{}",
                byte_at(rows[side.index()], column_index(side, column, n))
            )?;
        }
    }
    write!(f, " {} {} {},{}", side.letter(), ply, banked[0], banked[1])
}

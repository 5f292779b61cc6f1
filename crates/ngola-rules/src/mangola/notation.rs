//! Mangola's notation: moves (`a1` .. `d8`) and position text
//! (`mangola 2,2,2,2,2,2,2,2/.../... S 0`, docs/src/rules.md "Position text").

use std::fmt;
use std::str::FromStr;

use super::board::{circuit_of, ROW_LETTERS};
use crate::error::{MoveParseError, PositionError};
use crate::game::Player;
use crate::swap::SwapStatus;

/// A Mangola move: the hole its sowing starts from, written `a1` .. `d8`
/// (row letter, then column counted from South's left).
///
/// Internally `8 * row + (column - 1)` with row 0 = `a` .. 3 = `d`, which is
/// also Ludii's site number of the hole on the full 4 x 8 board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MangolaMove(u8);

impl MangolaMove {
    /// The swap (rule option `swap`): North takes South's side instead of
    /// playing his opening, written `swap` (see [`crate::swap`]). Not a
    /// hole: its row, column and site mean nothing.
    pub const SWAP: MangolaMove = MangolaMove(u8::MAX);

    /// Whether this is the swap.
    #[inline]
    pub fn is_swap(self) -> bool {
        self == MangolaMove::SWAP
    }

    /// The hole in `row` (0 = `a` .. 3 = `d`) and `column` (1 to 8), or
    /// `None` if either is off the largest board.
    pub fn new(row: usize, column: usize) -> Option<MangolaMove> {
        if row < 4 && (1..=8).contains(&column) {
            Some(MangolaMove((8 * row + column - 1) as u8))
        } else {
            None
        }
    }

    /// The hole with Ludii's site number `site` (0 to 31), or `None`.
    pub fn from_site(site: usize) -> Option<MangolaMove> {
        MangolaMove::new(site / 8, site % 8 + 1)
    }

    /// Ludii's site number of this hole on the 4 x 8 board: `8 * row + column - 1`.
    pub fn site(self) -> usize {
        self.0 as usize
    }

    /// The row: 0 = `a` (South's outer) .. 3 = `d` (North's outer).
    pub fn row(self) -> usize {
        self.0 as usize / 8
    }

    /// The column, 1 to 8, left to right as South sees the board.
    pub fn column(self) -> usize {
        self.0 as usize % 8 + 1
    }

    /// The player who owns the hole (rows `a`, `b`: South; `c`, `d`: North).
    pub fn owner(self) -> Player {
        if self.row() < 2 {
            Player::South
        } else {
            Player::North
        }
    }

    /// The hole's index in its owner's circuit on a board of `columns`
    /// columns (South: a1 = 0 .. a8 = 7, b8 = 8 .. b1 = 15).
    pub fn circuit_index(self, columns: usize) -> usize {
        circuit_of(self.row(), self.column(), columns).1
    }

    /// The hole at `index` of `player`'s circuit on a board of `columns` columns.
    /// `index` is taken modulo the circuit length `2 * columns`, and
    /// `columns` is clamped to 2..=8.
    #[inline]
    pub fn from_circuit(player: Player, index: usize, columns: usize) -> MangolaMove {
        MangolaMove(CIRCUIT_SITES[columns.clamp(2, 8)][player.index()][index & 15])
    }
}

/// `CIRCUIT_SITES[columns][player][index]`: the site of circuit hole
/// `index % (2 * columns)` (a table, so that playouts convert without branches).
const CIRCUIT_SITES: [[[u8; 16]; 2]; 9] = {
    let mut table = [[[0u8; 16]; 2]; 9];
    let mut columns = 2;
    while columns <= 8 {
        let mut player = 0;
        while player < 2 {
            let mut i = 0;
            while i < 16 {
                let index = i % (2 * columns);
                let (row, column) = if index < columns {
                    (2 * player, index + 1)
                } else {
                    (2 * player + 1, 2 * columns - index)
                };
                table[columns][player][i] = (8 * row + column - 1) as u8;
                i += 1;
            }
            player += 1;
        }
        columns += 1;
    }
    table
};

impl fmt::Display for MangolaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_swap() {
            return f.write_str(crate::swap::SWAP_WORD);
        }
        write!(f, "{}{}", ROW_LETTERS[self.row()], self.column())
    }
}

impl FromStr for MangolaMove {
    type Err = MoveParseError;

    /// Reads `a1` .. `d8` (the row letter may be upper case). Whether the
    /// column exists on a narrower board is checked by
    /// [`crate::Game::parse_move`].
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = |reason: &str| MoveParseError::new(text, reason);
        let trimmed = text.trim();
        if trimmed == crate::swap::SWAP_WORD {
            return Ok(MangolaMove::SWAP);
        }
        let mut chars = trimmed.chars();
        let row_letter = chars
            .next()
            .ok_or_else(|| bad("empty; a move is a hole such as b3 (row a-d, column 1-8)"))?;
        let row = ROW_LETTERS
            .iter()
            .position(|&c| c == row_letter.to_ascii_lowercase())
            .ok_or_else(|| {
                bad("a move is a hole: a row letter a-d, then a column 1-8 (e.g. b3)")
            })?;
        let column: usize = chars
            .as_str()
            .parse()
            .map_err(|_| bad("a move is a hole: a row letter a-d, then a column 1-8 (e.g. b3)"))?;
        MangolaMove::new(row, column).ok_or_else(|| bad("the column must be from 1 to 8 (e.g. b3)"))
    }
}

/// The fields of a parsed position text, before they become a position.
pub(crate) struct ParsedPosition {
    /// Seeds by row (0 = `a` .. 3 = `d`) and column (0-based).
    pub rows: [[u8; 8]; 4],
    pub side: Player,
    pub ply: u32,
    /// The optional fifth field (`swapped`, `swap-open`).
    pub swap: Option<String>,
}

/// The most seeds a position may hold (the 64 seeds of the full board):
/// every hole then fits a byte with room for the SWAR tests.
pub const MAX_TOTAL_SEEDS: u32 = 64;

/// Reads the position text of docs/src/rules.md for a board of `columns` columns.
pub(crate) fn parse_position(text: &str, columns: usize) -> Result<ParsedPosition, PositionError> {
    let mut fields = text.split(' ');
    let game = fields.next().unwrap_or_default();
    if game != "mangola" {
        return Err(PositionError::new(
            "game",
            format!("`{game}` is not this game; a Mangola position starts with `mangola`"),
        ));
    }
    let rows_text = fields.next().ok_or_else(|| {
        PositionError::new(
            "rows",
            "missing; expected four rows a/b/c/d such as 2,2,2,2,2,2,2,2/...",
        )
    })?;
    let row_texts: Vec<&str> = rows_text.split('/').collect();
    if row_texts.len() != 4 {
        return Err(PositionError::new(
            "rows",
            format!(
                "{} rows given; expected 4 (a/b/c/d, separated by `/`)",
                row_texts.len()
            ),
        ));
    }
    let mut rows = [[0u8; 8]; 4];
    let mut total = 0u32;
    for (r, row_text) in row_texts.iter().enumerate() {
        let field = format!("row {}", ROW_LETTERS[r]);
        let counts: Vec<&str> = row_text.split(',').collect();
        if counts.len() != columns {
            return Err(PositionError::new(
                field,
                format!(
                    "holds {} holes, but the rule option columns is {columns}; every row must \
                     have exactly `columns` holes (set columns={} to read this position)",
                    counts.len(),
                    counts.len()
                ),
            ));
        }
        for (c, count) in counts.iter().enumerate() {
            let seeds: u8 = count
                .parse()
                .ok()
                .filter(|&n| u32::from(n) <= MAX_TOTAL_SEEDS)
                .ok_or_else(|| {
                    PositionError::new(
                        format!("row {}, column {}", ROW_LETTERS[r], c + 1),
                        format!("`{count}` is not a seed count from 0 to {MAX_TOTAL_SEEDS}"),
                    )
                })?;
            rows[r][c] = seeds;
            total += u32::from(seeds);
        }
    }
    if total > MAX_TOTAL_SEEDS {
        return Err(PositionError::new(
            "counts",
            format!("the board holds {total} seeds; at most {MAX_TOTAL_SEEDS} are allowed"),
        ));
    }
    let side_text = fields
        .next()
        .ok_or_else(|| PositionError::new("side", "missing; expected S or N"))?;
    let side = Player::from_letter(side_text)?;
    let ply_text = fields
        .next()
        .ok_or_else(|| PositionError::new("ply", "missing; expected the number of plies played"))?;
    let ply = ply_text.parse::<u32>().map_err(|_| {
        PositionError::new(
            "ply",
            format!("`{ply_text}` is not a ply number (a whole number of plies played)"),
        )
    })?;
    let mut extra: Vec<&str> = fields.collect();
    let swap = SwapStatus::split_field(&mut extra, 0).map(str::to_string);
    if !extra.is_empty() {
        return Err(PositionError::new(
            "extra fields",
            format!(
                "unexpected `{}` after the ply; a Mangola position has 4 fields: game, rows, side, ply \
                 (then `swapped` or `swap-open` where the swap rule needs it)",
                extra.join(" ")
            ),
        ));
    }
    Ok(ParsedPosition {
        rows,
        side,
        ply,
        swap,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circuit_sites_invert_circuit_index() {
        for columns in 2..=8 {
            for player in Player::BOTH {
                for index in 0..2 * columns {
                    let hole = MangolaMove::from_circuit(player, index, columns);
                    assert_eq!(hole.owner(), player);
                    assert_eq!(hole.circuit_index(columns), index);
                    assert!(hole.column() <= columns);
                }
            }
        }
        assert_eq!(
            MangolaMove::from_circuit(Player::North, 8, 8).to_string(),
            "d8"
        );
        assert_eq!(
            MangolaMove::from_circuit(Player::South, 15, 8).to_string(),
            "b1"
        );
    }
}

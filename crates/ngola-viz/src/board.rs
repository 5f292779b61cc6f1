//! A position as the drawings see it: read from the position text of
//! docs/src/rules.md, so the same code draws every game.

use ngola_rules::{GameKind, Player, PositionError, SwapStatus};

/// The largest count a hole, store or score may hold in a drawing; far
/// above any real game (Mangola has 64 seeds), it only keeps nonsense out.
const MAX_COUNT: u32 = 10_000;

/// The largest board width drawn (Mangola 8, Um el-Bagara up to 9).
const MAX_COLUMNS: usize = 16;

/// What a game keeps beside its holes, and what the drawings call it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BankKind {
    /// Nothing: seeds never leave the board (Mangola).
    None,
    /// Counters taken by captures (Um el-Bagara).
    Taken,
    /// Stores at the ends of the board, each on its owner's right (Kalah).
    Store,
    /// Seeds captured (Oware).
    Captured,
}

impl BankKind {
    /// The bank kind of a game.
    pub fn of(game: GameKind) -> BankKind {
        match game {
            GameKind::Mangola => BankKind::None,
            GameKind::UmElBagara => BankKind::Taken,
            GameKind::Kalah => BankKind::Store,
            GameKind::Oware => BankKind::Captured,
        }
    }

    /// The word for it in drawings (`taken`, `store`, `captured`), empty for none.
    pub fn label(self) -> &'static str {
        match self {
            BankKind::None => "",
            BankKind::Taken => "taken",
            BankKind::Store => "store",
            BankKind::Captured => "captured",
        }
    }
}

/// One position, as read from its position text: everything a drawing
/// shows and nothing of the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// The game.
    pub game: GameKind,
    /// The counts row by row in position-text order (`a`, `b`, then `c`,
    /// `d` for Mangola), each row in column order 1..n.
    pub rows: Vec<Vec<u32>>,
    /// The side to move.
    pub to_move: Player,
    /// Plies played so far.
    pub ply: u32,
    /// Stores, taken or captured counts, South's first (absent for Mangola).
    pub banks: Option<[u32; 2]>,
    /// Whether North took South's side with the move `swap` (the position
    /// text's last field `swapped`; the board is drawn as it stands).
    pub swapped: bool,
}

impl BoardView {
    /// Reads a position text (docs/src/rules.md "Position text") of any game.
    /// Errors name the bad field, like the games' own parsers.
    pub fn parse(text: &str) -> Result<BoardView, PositionError> {
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        let name = fields
            .first()
            .ok_or_else(|| PositionError::new("game", "the position text is empty"))?;
        let game: GameKind = name
            .parse()
            .map_err(|e: ngola_rules::UnknownGame| PositionError::new("game", e.to_string()))?;
        let has_bank = BankKind::of(game) != BankKind::None;
        let expected = if has_bank { 5 } else { 4 };
        let swap = SwapStatus::split_field(&mut fields, expected);
        if fields.len() != expected {
            return Err(PositionError::new(
                "fields",
                format!(
                    "{game} position text has {expected} fields (game, rows, side, ply{}), found {}",
                    if has_bank { ", banks" } else { "" },
                    fields.len()
                ),
            ));
        }
        let rows = parse_rows(game, fields[1])?;
        let to_move = Player::from_letter(fields[2])?;
        let ply = fields[3].parse::<u32>().map_err(|_| {
            PositionError::new("ply", format!("`{}` is not a ply number", fields[3]))
        })?;
        let banks = if has_bank {
            Some(parse_banks(fields[4])?)
        } else {
            None
        };
        // Whether the swap rule is on is not part of the text: read it as on.
        let swapped = SwapStatus::parse(swap, ply, true)? == SwapStatus::Swapped;
        Ok(BoardView {
            game,
            rows,
            to_move,
            ply,
            banks,
            swapped,
        })
    }

    /// The number of columns (holes per row).
    pub fn columns(&self) -> usize {
        self.rows.first().map_or(0, Vec::len)
    }

    /// The count of the hole in row `row` (0 = `a`) and column `col` (0 = column 1).
    pub fn count(&self, row: usize, col: usize) -> u32 {
        self.rows[row][col]
    }

    /// The letter of row `row` (0 = `a`).
    pub fn row_letter(row: usize) -> char {
        (b'a' + row as u8) as char
    }

    /// The name of a hole in docs/src/rules.md notation, e.g. `c7`.
    pub fn hole_name(row: usize, col: usize) -> String {
        format!("{}{}", Self::row_letter(row), col + 1)
    }

    /// Reads a hole name (`a1`..) into (row, column) indices on this
    /// board, or `None` if it is not one of its holes.
    pub fn hole_at(&self, name: &str) -> Option<(usize, usize)> {
        let mut chars = name.chars();
        let letter = chars.next()?;
        let row = (letter as u32).checked_sub('a' as u32)? as usize;
        let col = chars.as_str().parse::<usize>().ok()?.checked_sub(1)?;
        (row < self.rows.len() && col < self.columns()).then_some((row, col))
    }

    /// The player who owns row `row`.
    pub fn row_owner(&self, row: usize) -> Player {
        if row < self.rows.len() / 2 {
            Player::South
        } else {
            Player::North
        }
    }

    /// What this game keeps beside its holes.
    pub fn bank_kind(&self) -> BankKind {
        BankKind::of(self.game)
    }

    /// The bank of `player` (store, taken or captured), 0 for Mangola.
    pub fn bank(&self, player: Player) -> u32 {
        self.banks.map_or(0, |b| b[player.index()])
    }

    /// The seeds in `player`'s rows.
    pub fn seeds_on_side(&self, player: Player) -> u32 {
        (0..self.rows.len())
            .filter(|&r| self.row_owner(r) == player)
            .map(|r| self.rows[r].iter().sum::<u32>())
            .sum()
    }

    /// The rows from the top of the drawing to the bottom, for a viewer
    /// sitting on `viewer`'s side: his own rows at the bottom, outer row
    /// nearest to him (South: `d c b a`; North: `a b c d`).
    pub fn rows_from_top(&self, viewer: Player) -> Vec<usize> {
        let n = self.rows.len();
        match viewer {
            Player::South => (0..n).rev().collect(),
            Player::North => (0..n).collect(),
        }
    }

    /// The columns from left to right for a viewer on `viewer`'s side
    /// (South: 1..n; North, who sits across the board: n..1).
    pub fn columns_from_left(&self, viewer: Player) -> Vec<usize> {
        let n = self.columns();
        match viewer {
            Player::South => (0..n).collect(),
            Player::North => (0..n).rev().collect(),
        }
    }
}

fn parse_rows(game: GameKind, field: &str) -> Result<Vec<Vec<u32>>, PositionError> {
    let expected_rows = if game == GameKind::Mangola { 4 } else { 2 };
    let rows = field
        .split('/')
        .enumerate()
        .map(|(i, row)| {
            row.split(',')
                .map(|count| match count.parse::<u32>() {
                    Ok(n) if n <= MAX_COUNT => Ok(n),
                    _ => Err(PositionError::new(
                        "rows",
                        format!(
                            "row {}: `{count}` is not a seed count",
                            BoardView::row_letter(i)
                        ),
                    )),
                })
                .collect::<Result<Vec<u32>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()?;
    if rows.len() != expected_rows {
        return Err(PositionError::new(
            "rows",
            format!(
                "{game} has {expected_rows} rows separated by `/`, found {}",
                rows.len()
            ),
        ));
    }
    let width = rows[0].len();
    if !(1..=MAX_COLUMNS).contains(&width) || rows.iter().any(|r| r.len() != width) {
        return Err(PositionError::new(
            "rows",
            format!("every row needs the same number of holes (1 to {MAX_COLUMNS})"),
        ));
    }
    Ok(rows)
}

fn parse_banks(field: &str) -> Result<[u32; 2], PositionError> {
    let bad = || {
        PositionError::new(
            "banks",
            format!("`{field}` is not two counts `south,north`"),
        )
    };
    let (south, north) = field.split_once(',').ok_or_else(bad)?;
    let read = |t: &str| match t.parse::<u32>() {
        Ok(n) if n <= MAX_COUNT => Ok(n),
        _ => Err(bad()),
    };
    Ok([read(south)?, read(north)?])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_game_s_start_text() {
        let m = BoardView::parse(
            "mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0",
        )
        .unwrap();
        assert_eq!((m.rows.len(), m.columns(), m.banks), (4, 8, None));
        assert_eq!(m.seeds_on_side(Player::South), 32);
        let u = BoardView::parse("umelbagara 5,5,5,5,5/5,5,5,5,5 N 7 3,4").unwrap();
        assert_eq!(u.to_move, Player::North);
        assert_eq!((u.ply, u.banks), (7, Some([3, 4])));
        assert_eq!(u.bank_kind().label(), "taken");
        let k = BoardView::parse("kalah 1,2,3,4,5,6/0,0,0,0,0,9 S 3 2,1").unwrap();
        assert_eq!(k.count(0, 5), 6);
        assert_eq!(k.count(1, 5), 9);
        assert_eq!(k.bank(Player::North), 1);
        assert!(!k.swapped);
        let swapped = BoardView::parse("kalah 1,2,3,4,5,6/0,0,0,0,0,9 S 3 2,1 swapped").unwrap();
        assert!(swapped.swapped);
        assert_eq!(swapped.rows, k.rows);
        let m = BoardView::parse("mangola 0,4/4,0/2,2/2,2 S 2 swapped").unwrap();
        assert!(m.swapped);
    }

    #[test]
    fn bad_fields_are_named() {
        let field = |t: &str| BoardView::parse(t).unwrap_err().field;
        assert_eq!(field("chess 1/1 S 0 0,0"), "game");
        assert_eq!(field("kalah 4,4/4,x S 0 0,0"), "rows");
        assert_eq!(field("kalah 4,4/4 S 0 0,0"), "rows");
        assert_eq!(field("kalah 4,4/4,4/4,4 S 0 0,0"), "rows");
        assert_eq!(field("kalah 4,4/4,4 E 0 0,0"), "side");
        assert_eq!(field("kalah 4,4/4,4 S -1 0,0"), "ply");
        assert_eq!(field("kalah 4,4/4,4 S 0 0"), "banks");
        assert_eq!(field("kalah 4,4/4,4 S 0"), "fields");
        assert_eq!(field("mangola 2,2/2,2/2,2/2,2 S 0 0,0"), "swap");
        assert_eq!(field("mangola 2,2/2,2/2,2/2,2 S 0 0,0 x"), "fields");
        assert_eq!(field("kalah 4,4/4,4 S 1 0,0 swapped"), "swap");
        assert_eq!(field(""), "game");
    }

    #[test]
    fn viewers_see_their_own_rows_at_the_bottom() {
        let m = BoardView::parse("mangola 1,2/3,4/5,6/7,8 S 0").unwrap();
        // South sits at row a: d c b a from the top, columns 1..n from the left.
        assert_eq!(m.rows_from_top(Player::South), vec![3, 2, 1, 0]);
        assert_eq!(m.columns_from_left(Player::South), vec![0, 1]);
        // North sits across the board: a at the top, columns reversed.
        assert_eq!(m.rows_from_top(Player::North), vec![0, 1, 2, 3]);
        assert_eq!(m.columns_from_left(Player::North), vec![1, 0]);
        assert_eq!(m.row_owner(1), Player::South);
        assert_eq!(m.row_owner(2), Player::North);
    }

    #[test]
    fn hole_names_round_trip() {
        let m = BoardView::parse("mangola 1,2/3,4/5,6/7,8 S 0").unwrap();
        assert_eq!(BoardView::hole_name(2, 1), "c2");
        assert_eq!(m.hole_at("c2"), Some((2, 1)));
        assert_eq!(m.hole_at("e1"), None);
        assert_eq!(m.hole_at("a3"), None);
        assert_eq!(m.hole_at("a0"), None);
        assert_eq!(m.hole_at("pass"), None);
    }
}

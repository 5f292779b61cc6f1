//! The board as plain text for a terminal, drawn as a player sitting on
//! one side sees it: his rows at the bottom, row letters on the left,
//! column numbers above and below, each side's total on its outer row.

use std::fmt::Write;

use ngola_rules::Player;

use crate::board::{BankKind, BoardView};

/// Width of one hole's column in characters.
const CELL: usize = 4;

/// Draws `board` for a person on `viewer`'s side. `you` marks one side
/// as the reader's (`(you)` after its label).
///
/// South's view of a Kalah start position:
///
/// ```text
///   kalah  ply 0  South to move
///                 1   2   3   4   5   6
///           b     4   4   4   4   4   4   North
///   [   0]                                [   0]
///           a     4   4   4   4   4   4   South  <- to move
///                 1   2   3   4   5   6
///   stores: North 0 (left), South 0 (right)
/// ```
pub fn draw_board(board: &BoardView, viewer: Player, you: Option<Player>) -> String {
    let stores = board.bank_kind() == BankKind::Store;
    // Left margin: the stores' column (Kalah), then the row letter.
    let store_width = if stores { 8 } else { 0 };
    let columns = board.columns_from_left(viewer);
    let rows = board.rows_from_top(viewer);
    let mut out = String::new();

    let _ = writeln!(
        out,
        "  {}  ply {}  {} to move",
        board.game, board.ply, board.to_move
    );
    let numbers = column_numbers(&columns);
    let pad = " ".repeat(store_width + 5);
    let _ = writeln!(out, "{pad}{numbers}");
    for (i, &row) in rows.iter().enumerate() {
        if i == rows.len() / 2 {
            out.push_str(&middle_line(board, viewer, stores, columns.len()));
        }
        let _ = write!(
            out,
            "{}  {}  ",
            " ".repeat(store_width),
            BoardView::row_letter(row)
        );
        for &col in &columns {
            let _ = write!(out, "{:>CELL$}", board.count(row, col));
        }
        let outer = i == 0 || i + 1 == rows.len();
        if outer {
            let owner = board.row_owner(row);
            let _ = write!(out, "   {}", side_label(board, owner, you));
        }
        trim_end_in_place(&mut out);
        out.push('\n');
    }
    let _ = writeln!(out, "{pad}{numbers}");
    if stores {
        let (left, right) = (viewer.opponent(), viewer);
        let _ = writeln!(
            out,
            "  stores: {left} {} (left), {right} {} (right)",
            board.bank(left),
            board.bank(right)
        );
    }
    out
}

/// `   1   2   3 ...` for the columns in drawing order.
fn column_numbers(columns: &[usize]) -> String {
    columns
        .iter()
        .map(|c| format!("{:>CELL$}", c + 1))
        .collect::<String>()
}

/// The line between the two sides: a rule, or for Kalah the two stores,
/// each on its owner's right.
fn middle_line(board: &BoardView, viewer: Player, stores: bool, columns: usize) -> String {
    let holes_width = columns * CELL;
    if !stores {
        return format!("{}{}\n", " ".repeat(7), "-".repeat(holes_width - 1));
    }
    let left = board.bank(viewer.opponent());
    let right = board.bank(viewer);
    format!(
        "  [{left:>4}]{}[{right:>4}]\n",
        " ".repeat(5 + holes_width + 3)
    )
}

/// `North 30 seeds`, `South taken 4 (you)  <- to move`, ...
fn side_label(board: &BoardView, side: Player, you: Option<Player>) -> String {
    let mut label = side.to_string();
    match board.bank_kind() {
        BankKind::None => {
            let _ = write!(label, " {} seeds", board.seeds_on_side(side));
        }
        BankKind::Store => {}
        kind => {
            let _ = write!(label, " {} {}", kind.label(), board.bank(side));
        }
    }
    if you == Some(side) {
        label.push_str(" (you)");
    }
    if board.to_move == side {
        label.push_str("  <- to move");
    }
    label
}

fn trim_end_in_place(text: &mut String) {
    let kept = text.trim_end_matches(' ').len();
    text.truncate(kept);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kalah_south_view_matches_the_documented_drawing() {
        let board = BoardView::parse("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0").unwrap();
        let expected = "  kalah  ply 0  South to move
                1   2   3   4   5   6
          b     4   4   4   4   4   4   North
  [   0]                                [   0]
          a     4   4   4   4   4   4   South  <- to move
                1   2   3   4   5   6
  stores: North 0 (left), South 0 (right)
";
        assert_eq!(draw_board(&board, Player::South, None), expected);
    }

    #[test]
    fn kalah_north_view_is_rotated_with_north_store_on_the_right() {
        // North sits across the board: his row b at the bottom, read from
        // b6 on his left to b1 on his right, and he sows towards his store
        // on the right (after b1), which holds 7 here.
        let board = BoardView::parse("kalah 1,2,3,4,5,6/7,8,9,10,11,12 N 5 3,7").unwrap();
        let text = draw_board(&board, Player::North, Some(Player::North));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[1].split_whitespace().collect::<Vec<_>>(),
            ["6", "5", "4", "3", "2", "1"]
        );
        assert!(lines[2].starts_with("          a     6   5   4   3   2   1   South"));
        assert_eq!(
            lines[3].split_whitespace().collect::<Vec<_>>(),
            ["[", "3]", "[", "7]"]
        );
        assert!(lines[4].ends_with("b    12  11  10   9   8   7   North (you)  <- to move"));
        assert_eq!(lines[6], "  stores: South 3 (left), North 7 (right)");
    }

    #[test]
    fn mangola_rows_run_d_c_b_a_for_south_and_a_b_c_d_for_north() {
        let board = BoardView::parse("mangola 1,0/2,0/3,0/4,9 S 2").unwrap();
        let south = draw_board(&board, Player::South, Some(Player::South));
        let letters: Vec<&str> = south
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .filter(|w| w.len() == 1 && w.chars().all(|c| c.is_ascii_lowercase()))
            .collect();
        assert_eq!(letters, ["d", "c", "b", "a"]);
        // North's outer row d holds 4 and 9, his side 3 + 4 + 9 = 16 seeds.
        assert!(south.contains("d     4   9   North 16 seeds"));
        assert!(south.contains("a     1   0   South 3 seeds (you)  <- to move"));
        let north = draw_board(&board, Player::North, None);
        assert!(north.contains("a     0   1   South 3 seeds  <- to move"));
        assert!(north.contains("d     9   4   North 16 seeds"));
    }

    #[test]
    fn taken_counts_are_shown_for_um_el_bagara() {
        let board = BoardView::parse("umelbagara 0,1,0,0,3/2,0,0,0,1 N 30 20,24").unwrap();
        let text = draw_board(&board, Player::South, None);
        assert!(text.contains("North taken 24  <- to move"));
        assert!(text.contains("South taken 20"));
    }
}

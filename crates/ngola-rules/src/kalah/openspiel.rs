//! Kalah and OpenSpiel's `mancala`: action ids and board arrays, so that
//! OpenSpiel's recorded games (and comparison scripts) can be replayed.
//!
//! OpenSpiel's board has `2p + 2` entries for `p` pits per row (14 for 6):
//! index 0 is North's store, `1..=p` South's pits `a1..ap`, `p + 1` South's
//! store, and `p + 2..=2p + 1` North's pits in sowing order `bp..b1`, so
//! `bk` is index `2p + 2 - k` and faces `ak`. An action is the index of the
//! pit it empties: `ak` is action `k`, `bk` is action `2p + 2 - k`.

use crate::error::PositionError;
use crate::game::Player;
use crate::options::RuleOptions;

use super::{Kalah, KalahMove, KalahRules};
use crate::two_row::board::{column_index, MAX_TOTAL_SEEDS};

/// OpenSpiel's action id for `mv` on a board of `pits` pits per row.
pub fn move_to_action(mv: KalahMove, pits: usize) -> u32 {
    match mv.side() {
        Player::South => mv.column() as u32,
        Player::North => (2 * pits + 2) as u32 - mv.column() as u32,
    }
}

/// The move with OpenSpiel action id `action` on a board of `pits` pits per
/// row, or `None` for a store index or an id out of range.
pub fn action_to_move(action: u32, pits: usize) -> Option<KalahMove> {
    let p = pits as u32;
    if (1..=p).contains(&action) {
        Some(KalahMove::new(Player::South, action as u8))
    } else if (p + 2..=2 * p + 1).contains(&action) {
        Some(KalahMove::new(Player::North, (2 * p + 2 - action) as u8))
    } else {
        None
    }
}

/// The position as OpenSpiel's board array (`2 * pits + 2` entries).
pub fn to_board(game: &Kalah) -> Vec<u32> {
    let p = game.pits();
    let mut board = vec![0u32; 2 * p + 2];
    board[0] = game.store(Player::North) as u32;
    board[p + 1] = game.store(Player::South) as u32;
    for column in 1..=p as u8 {
        board[column as usize] = game.count(Player::South, column) as u32;
        board[2 * p + 2 - column as usize] = game.count(Player::North, column) as u32;
    }
    board
}

/// The position with OpenSpiel's board array `board` (`2 * rules.pits + 2`
/// entries), `to_move` to play and `ply` plies played.
pub fn from_board(
    board: &[u32],
    to_move: Player,
    ply: u32,
    rules: KalahRules,
) -> Result<Kalah, PositionError> {
    rules.validate_for_position()?;
    let p = rules.pits as usize;
    if board.len() != 2 * p + 2 {
        return Err(PositionError::new(
            "board",
            format!(
                "OpenSpiel's board for pits={p} has {} entries, found {}",
                2 * p + 2,
                board.len()
            ),
        ));
    }
    let total: u64 = board.iter().map(|&c| c as u64).sum();
    if total > MAX_TOTAL_SEEDS as u64 {
        return Err(PositionError::new(
            "board",
            format!("the position holds {total} seeds; at most {MAX_TOTAL_SEEDS} are supported"),
        ));
    }
    let mut rows = [0u64; 2];
    for column in 1..=p as u8 {
        let south = board[column as usize] as u64;
        let north = board[2 * p + 2 - column as usize] as u64;
        rows[0] |= south << (8 * column_index(Player::South, column, p));
        rows[1] |= north << (8 * column_index(Player::North, column, p));
    }
    Ok(Kalah::from_parts(
        rows,
        [board[p + 1] as u8, board[0] as u8],
        to_move,
        ply,
        rules,
    ))
}

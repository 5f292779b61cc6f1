//! Oware and OpenSpiel's `oware`: actions and board arrays, so that
//! OpenSpiel's recorded games (and comparison scripts) can be replayed.
//!
//! OpenSpiel's `seeds` array has `2h` houses for `h` houses per row (12
//! for 6), in sowing order: South's `ak` is house `k - 1`, North's `bk` is
//! house `2h - k`. Its actions are relative to the mover: action `j` of
//! South empties `a(j+1)`, of North `b(h-j)` (house `h + j`).

use crate::error::PositionError;
use crate::game::Player;

use super::{Oware, OwareMove, OwareRules, MAX_TOTAL_SEEDS};

/// OpenSpiel's relative action for `mv` on a board of `houses` houses per row.
pub fn move_to_action(mv: OwareMove, houses: usize) -> u32 {
    match mv.side() {
        Player::South => mv.column() as u32 - 1,
        Player::North => houses as u32 - mv.column() as u32,
    }
}

/// The move of `mover` with OpenSpiel's relative action `action` on a board
/// of `houses` houses per row, or `None` if `action >= houses`.
pub fn action_to_move(action: u32, mover: Player, houses: usize) -> Option<OwareMove> {
    let h = houses as u32;
    if action >= h {
        return None;
    }
    Some(match mover {
        Player::South => OwareMove::new(Player::South, (action + 1) as u8),
        Player::North => OwareMove::new(Player::North, (h - action) as u8),
    })
}

/// OpenSpiel's house index (0..2h) of house `column` of `side`'s row.
pub fn house_index(side: Player, column: u8, houses: usize) -> usize {
    match side {
        Player::South => column as usize - 1,
        Player::North => 2 * houses - column as usize,
    }
}

/// The board as OpenSpiel's `seeds` array (`2 * houses` entries).
pub fn to_seeds(game: &Oware) -> Vec<u32> {
    let h = game.houses();
    let mut seeds = vec![0u32; 2 * h];
    for side in [Player::South, Player::North] {
        for column in 1..=h as u8 {
            seeds[house_index(side, column, h)] = game.count(side, column) as u32;
        }
    }
    seeds
}

/// The position with OpenSpiel's `seeds` (`2 * rules.houses` entries) and
/// `scores`, `to_move` to play, `ply` plies played, and a fresh repetition
/// history. Refused like a position text (see [`crate::Game::from_position`]).
pub fn from_state(
    seeds: &[u32],
    scores: [u32; 2],
    to_move: Player,
    ply: u32,
    rules: OwareRules,
) -> Result<Oware, PositionError> {
    let h = rules.houses as usize;
    if seeds.len() != 2 * h {
        return Err(PositionError::new(
            "seeds",
            format!(
                "OpenSpiel's seeds for houses={h} has {} entries, found {}",
                2 * h,
                seeds.len()
            ),
        ));
    }
    let total: u64 = seeds.iter().chain(&scores).map(|&c| c as u64).sum();
    if total > MAX_TOTAL_SEEDS as u64 {
        return Err(PositionError::new(
            "seeds",
            format!("the position holds {total} seeds; at most {MAX_TOTAL_SEEDS} are supported"),
        ));
    }
    // OpenSpiel's house h + j is byte j of North's row (both in sowing order).
    let mut rows = [0u64; 2];
    for (i, &count) in seeds.iter().enumerate() {
        rows[i / h] |= (count as u64) << (8 * (i % h));
    }
    Oware::from_parts(
        rows,
        [scores[0] as u8, scores[1] as u8],
        to_move,
        ply,
        rules,
    )
}

//! The swap (pie) rule that every game offers as the rule option `swap`
//! (docs/src/rules.md, "The swap rule").
//!
//! After South's first turn, North may, instead of moving, take over the
//! position South made: the move `swap`. The players keep their names
//! (South is always the player who moved first) and the board turns half
//! round instead: every hole goes to the place of the hole opposite it
//! through the centre of the board (for Mangola `ak` ↔ `d(n+1-k)` and
//! `bk` ↔ `c(n+1-k)`, for the two-row games `ak` ↔ `b(n+1-k)`), stores,
//! scores and taken counters change owner with their side, and South is to
//! move. So North now owns the side South sowed, seen from North's seat,
//! and South owns the side North had not yet moved; the swap is one ply.
//!
//! This module holds what the games share: the state of the offer, the
//! word `swap` and the optional last field of the position text.

use crate::error::{IllegalMove, PositionError};
use crate::options::{RuleKey, SWAP_KEY};
use crate::player::Player;

/// The rule option `swap`, the same in every game.
pub const RULE_KEY: RuleKey = RuleKey {
    key: SWAP_KEY,
    allowed: "true | false",
    help: "the swap (pie) rule: on his first turn North may take South's side instead of moving, the move `swap` (default false)",
};

/// The word a swap is written as.
pub const SWAP_WORD: &str = "swap";

/// The position-text field of a position reached by a swap.
pub const SWAPPED_FIELD: &str = "swapped";

/// The position-text field of a position past ply 1 where North has not
/// moved yet, so that the swap is still to be offered (only Kalah, where
/// South's first turn can be several plies, reaches one).
pub const OPEN_FIELD: &str = "swap-open";

/// Where a game stands with the swap rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum SwapStatus {
    /// North has not moved yet: the swap is offered on North's first turn
    /// (the rule option `swap` is on).
    Open,
    /// No swap can happen any more and none did: North has moved, or the
    /// rule option `swap` is off.
    #[default]
    Closed,
    /// North played `swap`.
    Swapped,
}

impl SwapStatus {
    /// The status at the start of a game: [`SwapStatus::Open`] under
    /// `swap=true`, [`SwapStatus::Closed`] otherwise.
    pub fn at_start(swap: bool) -> SwapStatus {
        if swap {
            SwapStatus::Open
        } else {
            SwapStatus::Closed
        }
    }

    /// The status a position at ply `ply` without a swap field has under
    /// `swap` (the rule option): open up to ply 1, closed from ply 2.
    pub fn implied(ply: u32, swap: bool) -> SwapStatus {
        SwapStatus::at_start(swap && ply <= 1)
    }

    /// Whether `swap` is a legal move for `side` to move in a game not over.
    #[inline]
    pub fn offered_to(self, side: Player) -> bool {
        self == SwapStatus::Open && side == Player::North
    }

    /// The status after the player `side` made an ordinary move (a North
    /// move closes the offer).
    #[inline]
    pub fn after_move(self, side: Player) -> SwapStatus {
        if self == SwapStatus::Open && side == Player::North {
            SwapStatus::Closed
        } else {
            self
        }
    }

    /// The optional last field of the position text at ply `ply`: `swapped`
    /// after a swap, `swap-open` when the swap is still to come past ply 1,
    /// nothing otherwise (the status then follows from the ply).
    pub fn field(self, ply: u32) -> Option<&'static str> {
        match self {
            SwapStatus::Swapped => Some(SWAPPED_FIELD),
            SwapStatus::Open if ply >= 2 => Some(OPEN_FIELD),
            _ => None,
        }
    }

    /// Writes [`SwapStatus::field`], with the space before it, if any.
    pub fn write_field(self, f: &mut std::fmt::Formatter<'_>, ply: u32) -> std::fmt::Result {
        match self.field(ply) {
            Some(field) => write!(f, " {field}"),
            None => Ok(()),
        }
    }

    /// Reads the optional last field (`None` when absent) of a position at
    /// ply `ply` under `swap` (the rule option). Without the field the swap
    /// is open up to ply 1 and closed from ply 2. Errors name the field
    /// `swap`.
    pub fn parse(field: Option<&str>, ply: u32, swap: bool) -> Result<SwapStatus, PositionError> {
        let status = match field {
            None if ply <= 1 => SwapStatus::Open,
            None => SwapStatus::Closed,
            Some(SWAPPED_FIELD) if ply >= 2 => SwapStatus::Swapped,
            Some(SWAPPED_FIELD) => {
                return Err(PositionError::new(
                    "swap",
                    format!("`{SWAPPED_FIELD}` at ply {ply}: a swap is ply 1 at the earliest, so a swapped position is at ply 2 or later"),
                ))
            }
            Some(OPEN_FIELD) => SwapStatus::Open,
            Some(other) => {
                return Err(PositionError::new(
                    "swap",
                    format!("`{other}` is not a swap field; expected `{SWAPPED_FIELD}` or `{OPEN_FIELD}` (or nothing)"),
                ))
            }
        };
        match (status, swap) {
            (SwapStatus::Swapped, false) => Err(PositionError::new(
                "swap",
                format!("`{SWAPPED_FIELD}` needs the rule option swap=true"),
            )),
            (SwapStatus::Open, false) => Ok(SwapStatus::Closed),
            _ => Ok(status),
        }
    }

    /// Splits the optional swap field off the end of a position text's
    /// fields, where `fields` has `count` fields without it.
    pub fn split_field<'a>(fields: &mut Vec<&'a str>, count: usize) -> Option<&'a str> {
        if fields.len() == count + 1 {
            fields.pop()
        } else {
            None
        }
    }

    /// A value mixed into the Zobrist hash: 0 when closed, so that games
    /// without the swap hash as they always did.
    #[inline]
    pub fn hash(self) -> u64 {
        match self {
            SwapStatus::Closed => 0,
            SwapStatus::Open => 0x9E37_79B9_7F4A_7C15,
            SwapStatus::Swapped => 0xD6E8_FEB8_6659_FD93,
        }
    }
}

/// What the swap does, for [`crate::Game::describe_move`].
pub const DESCRIPTION: &str =
    "North takes South's side: the board turns half round and South moves";

/// `Ok` if the swap is legal for `side` to move in a game under status
/// `status` (`over`: the game has ended; `option`: the rule option `swap`).
pub(crate) fn check<M: std::fmt::Display>(
    status: SwapStatus,
    side: Player,
    over: bool,
    option: bool,
    mv: M,
) -> Result<(), IllegalMove> {
    let why = if !option {
        "the swap needs the rule option swap=true"
    } else if over {
        "the game is over"
    } else if status == SwapStatus::Swapped {
        "the swap has been played already"
    } else if status == SwapStatus::Closed {
        "the swap is offered only on North's first turn, which has passed"
    } else if side != Player::North {
        "only North may swap, on his first turn"
    } else {
        return Ok(());
    };
    Err(IllegalMove::new(mv, why))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_reads_back_what_it_writes() {
        for status in [SwapStatus::Open, SwapStatus::Closed, SwapStatus::Swapped] {
            for ply in 0..5 {
                if status != SwapStatus::Open && ply < 2 {
                    continue;
                }
                let back = SwapStatus::parse(status.field(ply), ply, true).unwrap();
                assert_eq!(back, status, "ply {ply}");
            }
        }
    }

    #[test]
    fn bad_fields_name_the_swap_field() {
        for (field, ply, swap) in [
            ("swapped", 1, true),
            ("swapped", 4, false),
            ("swop", 4, true),
        ] {
            let e = SwapStatus::parse(Some(field), ply, swap).unwrap_err();
            assert_eq!(e.field, "swap", "{field} {ply} {swap}");
        }
        assert_eq!(
            SwapStatus::parse(None, 1, false).unwrap(),
            SwapStatus::Closed
        );
    }

    #[test]
    fn only_north_is_offered_the_swap_and_his_move_closes_it() {
        let open = SwapStatus::Open;
        assert!(open.offered_to(Player::North));
        assert!(!open.offered_to(Player::South));
        assert_eq!(open.after_move(Player::South), SwapStatus::Open);
        assert_eq!(open.after_move(Player::North), SwapStatus::Closed);
        assert!(!SwapStatus::Swapped.offered_to(Player::North));
        assert!(!SwapStatus::Closed.offered_to(Player::North));
    }
}

//! Plain, per-seed reference implementations of the four games, written
//! from docs/src/rules.md (Mangola, Um el-Bagara) and from OpenSpiel's rules (Kalah,
//! Oware) with none of the fast engine's tricks, and the proof-certificate
//! checker that plays by them ([`certificate`]).
//!
//! They are slow on purpose and share nothing with the fast move
//! generators but the rule-option types and [`Player`]: the property tests
//! check the engine against them, the benches compare with them, and a
//! certificate written by the prover (which searches with the fast
//! engine) is checked on this separate code path.
//!
//! [`RefGame`] is what the checker needs of each: reading and writing
//! position text, the legal moves in the game's notation with the
//! positions they lead to, and the end of the game.

pub mod certificate;
pub mod kalah;
pub mod mangola;
pub mod oware;
mod text;
pub mod umelbagara;

use crate::error::PositionError;
use crate::game::Player;
use crate::options::RuleOptions;

/// How a reference game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RefResult {
    /// The winner, `None` for a draw.
    pub winner: Option<Player>,
    /// Each side's final tally `[South, North]` for scored games (Kalah:
    /// store plus own pits; Oware: score; Um el-Bagara: taken plus own
    /// houses); `[0, 0]` for Mangola.
    pub totals: [u32; 2],
}

impl RefResult {
    /// A result decided by comparing `totals`.
    pub fn from_totals(totals: [u32; 2]) -> RefResult {
        let winner = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Some(Player::South),
            std::cmp::Ordering::Less => Some(Player::North),
            std::cmp::Ordering::Equal => None,
        };
        RefResult { winner, totals }
    }

    /// `player`'s total minus the opponent's.
    pub fn margin_for(&self, player: Player) -> i64 {
        let i = player.index();
        i64::from(self.totals[i]) - i64::from(self.totals[1 - i])
    }
}

/// What the certificate checker needs of a reference implementation.
pub trait RefGame: Clone + Sized {
    /// The rule options (shared with the fast engine: they are data, not play).
    type Rules: RuleOptions;
    /// The game's name, as at the start of its position text.
    const NAME: &'static str;
    /// True when the totals decide the winner (the final margin is a score).
    const SCORED: bool;

    /// Reads a position text (docs/src/rules.md) under `rules`, with a fresh history.
    fn from_text(text: &str, rules: Self::Rules) -> Result<Self, PositionError>;

    /// The text that names this state in a certificate: the position text
    /// of docs/src/rules.md, plus (Oware only) the positions since the last capture,
    /// which the repetition rule needs (see [`certificate`]).
    fn key_text(&self) -> String;

    /// The player to move.
    fn side(&self) -> Player;

    /// Every legal move, in the game's notation, with the state it leads to.
    /// Empty when the game is over.
    fn successors(&self) -> Vec<(String, Self)>;

    /// How the game ended, or `None` while it goes on.
    fn result(&self) -> Option<RefResult>;

    /// Every seed of the game: on the board and taken (the most a final
    /// margin can be).
    fn seeds(&self) -> u32;
}

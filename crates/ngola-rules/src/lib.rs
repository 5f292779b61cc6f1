//! Rules and move generation for the mancala games of ngola.
//!
//! One [`Game`] trait, one module per game. Each game module holds the board
//! representation, the sowing, the notation and the rule options, and
//! nothing about search, tournaments or command lines.
//!
//! Rules follow the rules book (`docs/src/rules.md`); every ambiguity there is a named
//! rule option (see each game's `Rules` type).

pub mod batch;
pub mod error;
pub mod game;
pub mod kind;
pub mod opening;
pub mod options;
pub mod perft;
pub mod player;
pub mod reference;
pub mod swap;

pub mod kalah;
pub mod mangola;
pub mod oware;
pub mod two_row;
pub mod umelbagara;

pub use error::{IllegalMove, MoveParseError, PlayTextError, PositionError, RuleError};
pub use game::{
    check_ply, ply_cap, EndReason, Game, MoveList, Outcome, Player, MAX_GAME_PLIES, MAX_MOVES,
    MAX_PLY,
};
pub use kind::{GameKind, UnknownGame};
pub use options::RuleOptions;
pub use swap::SwapStatus;

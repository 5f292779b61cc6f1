//! Seeing ngola games: boards, diagrams, replays, records and plots, over the rules alone.
//!
//! - [`board`]: a position as the drawings see it, read from the position
//!   text of docs/src/rules.md, so that one code path draws every game;
//! - [`text`]: the board for a terminal, from either side;
//! - [`diagram`]: the board as an SVG diagram;
//! - [`page`]: a self-contained HTML page stepping through a game;
//! - [`record`]: the game record format of `ngola play` and `ngola replay`;
//! - [`plot`]: tournament plots (cross-table, Elo, first-player score) as SVG;
//! - [`png`]: SVG diagrams rasterised to PNG, with built-in fonts.
//!
//! Nothing here parses command lines; the `ngola` program does that.

#![warn(missing_docs)]

pub mod board;
pub mod diagram;
pub mod page;
pub mod plot;
pub mod png;
pub mod record;
pub mod svg;
pub mod text;

pub use board::{BankKind, BoardView};
pub use diagram::{board_svg, game_title, DiagramOptions};
pub use page::{replay_page, Frame};
pub use png::{svg_to_png, PngError, PNG_SCALE};
pub use record::{Record, RecordError, RecordedMove};

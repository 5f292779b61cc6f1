//! The UGI protocol (the game-independent form of UCI, as cutegames
//! speaks it), once for ngola: its words ([`protocol`]), the engine server
//! over any agent ([`server`], which `ngola engine` runs), and the client
//! a tournament drives an external engine with ([`client`]).
//!
//! Both halves speak through [`protocol::Command`] and
//! [`protocol::Response`], which parse and print themselves: a protocol
//! word is spelled in one place.

pub mod client;
pub mod line;
pub mod protocol;
pub mod server;

pub use protocol::{Command, Go, Query, Response, Start, WordError};

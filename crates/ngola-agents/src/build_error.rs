//! Why an agent could not be built from a valid spec: below the spec and
//! every agent that opens a file or a table, so that each can say it.

use std::path::PathBuf;

use thiserror::Error;

use crate::memory::MemoryError;

/// Why an agent could not be built from a valid spec.
#[derive(Debug, Error)]
pub enum BuildError {
    /// The machine cannot hold its table.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// Its endgame database (`tb=`) cannot be used.
    #[error("tb={dir}: {source}")]
    Tablebase {
        /// The folder given.
        dir: PathBuf,
        /// What is wrong with it.
        source: ngola_tablebase::TablebaseError,
    },
    /// Its endgame database is not of the game's rules of play (for the
    /// solver: not of the game's exact rules, ply cap included).
    #[error("tb={dir}: {reason}")]
    TablebaseRules {
        /// The folder given.
        dir: PathBuf,
        /// How the rules differ.
        reason: String,
    },
    /// Its network (`net=` or `eval=net:`) cannot be used.
    #[error("network {path}: {source}")]
    Network {
        /// The file given.
        path: PathBuf,
        /// What is wrong with it.
        source: ngola_nn::NnError,
    },
}

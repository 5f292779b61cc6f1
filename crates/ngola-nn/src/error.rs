//! [`NnError`]: everything that can go wrong loading, saving or running a
//! network.

use std::path::PathBuf;

/// An error of a network: its file, its layout, or the tensor backend.
#[derive(Debug, thiserror::Error)]
pub enum NnError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The file is not a network of the documented layout: `field` names
    /// the part (a header key, a metadata entry, a tensor) that is wrong.
    #[error("network file: bad {field}: {reason}")]
    Format {
        /// The header key, metadata entry or tensor name at fault.
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The network was made for another game or other rules.
    #[error("network is for {found}, not {expected}")]
    WrongGame {
        /// The game and rules asked for.
        expected: String,
        /// The game and rules the network was made for.
        found: String,
    },
    /// A tensor or a batch has the wrong shape.
    #[error("{name}: shape {found}, expected {expected}")]
    Shape {
        /// The tensor or argument.
        name: String,
        /// The shape required.
        expected: String,
        /// The shape found.
        found: String,
    },
    /// The tensor library failed.
    #[error("tensor backend: {0}")]
    Backend(String),
}

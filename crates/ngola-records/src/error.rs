//! The error of a setting this crate reads (an SPRT's bounds): the field
//! and what is wrong with it. Files' errors are [`ngola_files::FileError`].

use thiserror::Error;

/// A bad value of a named field (e.g. `sprt.elo1: missing`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{field}: {message}")]
pub struct FieldError {
    /// The field, as the user wrote it (`sprt.alpha`).
    pub field: String,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl FieldError {
    /// A bad value of `field`.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> FieldError {
        FieldError {
            field: field.into(),
            message: message.into(),
        }
    }
}

//! Error types shared by every game: each names the part of the input that
//! is wrong and what would have been accepted.

use thiserror::Error;

/// A rule option that could not be applied (`--rule key=value`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// The key is not an option of this game.
    #[error("unknown rule option `{key}` for {game}; valid options: {valid}")]
    UnknownKey {
        /// The key as given.
        key: String,
        /// The game's name.
        game: &'static str,
        /// The valid keys, comma-separated.
        valid: String,
    },
    /// The value is not allowed for this key.
    #[error("bad value `{value}` for rule option `{key}`: expected {allowed}")]
    BadValue {
        /// The key.
        key: String,
        /// The value as given.
        value: String,
        /// What the key accepts.
        allowed: String,
    },
    /// The text is not of the form `key=value`.
    #[error("malformed rule `{0}`: expected key=value")]
    Malformed(String),
}

/// A position text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("bad position: field `{field}`: {reason}")]
pub struct PositionError {
    /// Which field of the position text is wrong (e.g. `game`, `rows`, `side`, `ply`).
    pub field: String,
    /// What is wrong with it and what is allowed.
    pub reason: String,
}

impl PositionError {
    /// Builds an error for `field` with the given explanation.
    pub fn new(field: impl Into<String>, reason: impl Into<String>) -> Self {
        PositionError {
            field: field.into(),
            reason: reason.into(),
        }
    }
}

/// A move text that is not a move of this game at all (not merely illegal here).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot read move `{text}`: {reason}")]
pub struct MoveParseError {
    /// The text as given.
    pub text: String,
    /// What is wrong and what a move looks like.
    pub reason: String,
}

impl MoveParseError {
    /// Builds an error for `text` with the given explanation.
    pub fn new(text: impl Into<String>, reason: impl Into<String>) -> Self {
        MoveParseError {
            text: text.into(),
            reason: reason.into(),
        }
    }
}

/// A well-formed move that may not be played in the current position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("illegal move `{mv}`: {reason}")]
pub struct IllegalMove {
    /// The move, in the game's notation.
    pub mv: String,
    /// Why it is illegal (e.g. "the hole holds a single seed").
    pub reason: String,
}

impl IllegalMove {
    /// Builds an error for `mv` with the given explanation.
    pub fn new(mv: impl ToString, reason: impl Into<String>) -> Self {
        IllegalMove {
            mv: mv.to_string(),
            reason: reason.into(),
        }
    }
}

/// A move given as text that cannot be played here: either not a move of
/// this game, or a move the position does not allow.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayTextError {
    /// The text is not a move of this game.
    #[error(transparent)]
    Parse(#[from] MoveParseError),
    /// The move is not legal in the position.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

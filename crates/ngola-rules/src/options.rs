//! Rule options: the named choices docs/src/rules.md makes where the sources are
//! silent or disagree. Each game has a small `Copy` struct implementing
//! [`RuleOptions`]; `Default` is docs/src/rules.md's default.

use std::fmt::Debug;

use crate::error::{PositionError, RuleError};

/// The key of the swap rule's option, the same in every game (its
/// description is [`crate::swap::RULE_KEY`]): a rule set without the swap
/// leaves it out of [`RuleOptions::to_pairs`].
pub const SWAP_KEY: &str = "swap";

/// Description of one rule option, for help texts and error messages.
#[derive(Debug, Clone, Copy)]
pub struct RuleKey {
    /// The key as typed after `--rule`.
    pub key: &'static str,
    /// The values it accepts (e.g. `lap-start | after-capture | ludii`).
    pub allowed: &'static str,
    /// One line on what it decides.
    pub help: &'static str,
}

/// A game's rule options.
pub trait RuleOptions: Copy + Default + Debug + PartialEq + Send + Sync + 'static {
    /// The game these options belong to (for error messages).
    const GAME: &'static str;

    /// Every option of the game.
    fn keys() -> &'static [RuleKey];

    /// Sets one option from text.
    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError>;

    /// The value of one option as text (`None` for an unknown key).
    fn get(&self, key: &str) -> Option<String>;

    /// Whether the swap (pie) rule is on (the option `swap`, which every
    /// game has: see [`crate::swap`]); rule sets without it answer `false`.
    fn swap_rule(&self) -> bool {
        false
    }

    /// Checks the options together (e.g. a board size against another
    /// option); called after all options are set.
    fn validate(&self) -> Result<(), RuleError> {
        Ok(())
    }

    /// [`RuleOptions::validate`] as an error of a position built under
    /// these rules (field `rules`).
    fn validate_for_position(&self) -> Result<(), PositionError> {
        self.validate()
            .map_err(|e| PositionError::new("rules", e.to_string()))
    }

    /// Every option as `key=value`, in the order of [`RuleOptions::keys`],
    /// but `swap` only when it is on: rules written before the swap rule
    /// existed (experiment files, database headers) read back equal.
    fn to_pairs(&self) -> Vec<(String, String)> {
        Self::keys()
            .iter()
            .map(|k| (k.key.to_string(), self.get(k.key).unwrap_or_default()))
            .filter(|(k, v)| !(k == SWAP_KEY && v == "false"))
            .collect()
    }

    /// Applies `key=value` texts to the defaults.
    fn from_assignments<S: AsRef<str>>(assignments: &[S]) -> Result<Self, RuleError> {
        let mut rules = Self::default();
        for text in assignments {
            let text = text.as_ref();
            let (key, value) = text
                .split_once('=')
                .ok_or_else(|| RuleError::Malformed(text.to_string()))?;
            rules.set(key.trim(), value.trim())?;
        }
        rules.validate()?;
        Ok(rules)
    }

    /// The error for a key this game does not have.
    fn unknown_key(key: &str) -> RuleError {
        RuleError::UnknownKey {
            key: key.to_string(),
            game: Self::GAME,
            valid: Self::keys()
                .iter()
                .map(|k| k.key)
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

/// Reads an integer option in `min..=max`.
pub fn parse_int(key: &str, value: &str, min: u32, max: u32) -> Result<u32, RuleError> {
    match value.parse::<u32>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(RuleError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            allowed: format!("an integer from {min} to {max}"),
        }),
    }
}

/// Reads a boolean option (`true`/`false`, also `on`/`off`, `yes`/`no`, `1`/`0`).
pub fn parse_bool(key: &str, value: &str) -> Result<bool, RuleError> {
    match value {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(RuleError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            allowed: "true or false".to_string(),
        }),
    }
}

/// Reads one of a fixed set of names, returning its index in `names`.
pub fn parse_choice(key: &str, value: &str, names: &[&str]) -> Result<usize, RuleError> {
    names
        .iter()
        .position(|n| *n == value)
        .ok_or_else(|| RuleError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            allowed: format!("one of {}", names.join(", ")),
        })
}

//! The rule options of Um el-Bagara (docs/src/rules.md, "Um el-Bagara" and "Board sizes").

use crate::error::RuleError;
use crate::options::{parse_bool, parse_int, RuleKey, RuleOptions};

/// The smallest number of houses per row.
pub const MIN_HOUSES: u8 = 3;
/// The largest number of houses per row.
pub const MAX_HOUSES: u8 = 9;
/// The most counters per house at the start.
pub const MAX_COUNTERS: u8 = 12;

/// Rule options of Um el-Bagara. `Default` is docs/src/rules.md's default (and Ludii's
/// game): 5 houses per row, 5 counters per house, the origin is not skipped,
/// the game is capped at 1000 plies.
///
/// The fields are private so that every value is valid: set them with
/// [`RuleOptions::set`] or [`UmElBagaraRules::new`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct UmElBagaraRules {
    /// Houses per row: 3, 5, 7 or 9.
    houses: u8,
    /// Counters per house at the start: 1 to 12.
    counters: u8,
    /// Whether a lapping sowing leaves its origin out.
    skip_origin: bool,
    /// The ply cap, 0 for none.
    max_plies: u32,
    /// The swap (pie) rule.
    swap: bool,
}

impl Default for UmElBagaraRules {
    fn default() -> Self {
        UmElBagaraRules {
            houses: 5,
            counters: 5,
            skip_origin: false,
            max_plies: 1000,
            swap: false,
        }
    }
}

const KEYS: &[RuleKey] = &[
    RuleKey {
        key: "skip_origin",
        allowed: "true | false",
        help: "a sowing of 2*houses or more counters skips the house it started from (default false, as Ludii)",
    },
    RuleKey {
        key: "houses",
        allowed: "3 | 5 | 7 | 9",
        help: "houses per row (odd, so that there is a middle house; default 5)",
    },
    RuleKey {
        key: "counters",
        allowed: "1..12",
        help: "counters per house at the start (default 5)",
    },
    RuleKey {
        key: "max_plies",
        allowed: "0.. (0 = no cap)",
        help: "the game is scored as at its natural end after this many plies (default 1000)",
    },
    crate::swap::RULE_KEY,
];

impl UmElBagaraRules {
    /// Options with the given values, or the error naming the first bad one.
    pub fn new(
        houses: u32,
        counters: u32,
        skip_origin: bool,
        max_plies: u32,
    ) -> Result<Self, RuleError> {
        let mut rules = UmElBagaraRules::default();
        rules.set("houses", &houses.to_string())?;
        rules.set("counters", &counters.to_string())?;
        rules.skip_origin = skip_origin;
        rules.max_plies = max_plies;
        Ok(rules)
    }

    /// Houses per row (odd, 3 to 9).
    #[inline]
    pub fn houses(&self) -> usize {
        self.houses as usize
    }

    /// Counters per house at the start (1 to 12).
    #[inline]
    pub fn counters(&self) -> u32 {
        self.counters as u32
    }

    /// Whether a sowing that laps the board skips its origin house.
    #[inline]
    pub fn skip_origin(&self) -> bool {
        self.skip_origin
    }

    /// The ply cap (0 = none).
    #[inline]
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// Whether the swap (pie) rule is on: on North's first turn he may take
    /// South's side instead of moving, the move `swap` (see [`crate::swap`]).
    #[inline]
    pub fn swap(&self) -> bool {
        self.swap
    }

    /// Counters in play: on the board plus taken, always `2 * houses * counters`.
    #[inline]
    pub fn total_counters(&self) -> u32 {
        2 * self.houses as u32 * self.counters as u32
    }
}

impl RuleOptions for UmElBagaraRules {
    const GAME: &'static str = "umelbagara";

    fn swap_rule(&self) -> bool {
        self.swap
    }

    fn keys() -> &'static [RuleKey] {
        KEYS
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            "skip_origin" => self.skip_origin = parse_bool(key, value)?,
            "houses" => {
                let houses = parse_int(key, value, MIN_HOUSES as u32, MAX_HOUSES as u32)
                    .ok()
                    .filter(|h| h % 2 == 1)
                    .ok_or_else(|| RuleError::BadValue {
                        key: key.to_string(),
                        value: value.to_string(),
                        allowed: format!(
                            "an odd integer from {MIN_HOUSES} to {MAX_HOUSES} (3, 5, 7 or 9)"
                        ),
                    })?;
                self.houses = houses as u8;
            }
            "counters" => self.counters = parse_int(key, value, 1, MAX_COUNTERS as u32)? as u8,
            "max_plies" => self.max_plies = parse_int(key, value, 0, u32::MAX)?,
            "swap" => self.swap = parse_bool(key, value)?,
            _ => return Err(Self::unknown_key(key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            "skip_origin" => self.skip_origin.to_string(),
            "houses" => self.houses.to_string(),
            "counters" => self.counters.to_string(),
            "max_plies" => self.max_plies.to_string(),
            "swap" => self.swap.to_string(),
            _ => return None,
        })
    }
}

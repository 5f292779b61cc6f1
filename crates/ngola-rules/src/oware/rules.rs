//! Oware's rule options.

use crate::error::RuleError;
use crate::options::{parse_bool, parse_int, RuleKey, RuleOptions};

/// Oware's rule options. `Default` is OpenSpiel 2.0.2's `oware`: 6 houses
/// of 4 seeds, and a cap of 1000 plies (OpenSpiel refuses a 1001st ply).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct OwareRules {
    /// Houses per row, 2..=8 (default 6; OpenSpiel's `num_houses_per_player`).
    pub houses: u8,
    /// Seeds per house at the start, 1..=8 (default 4; OpenSpiel's `num_seeds_per_house`).
    pub seeds: u8,
    /// When a move brings the ply count to `max_plies` and the game goes on,
    /// it ends there, scored as at its natural end: each side collects the
    /// seeds of its own row and the higher score wins (default 1000; 0 means
    /// no cap, which is safe: the repetition rule ends every game). OpenSpiel
    /// aborts instead; random games never come near (longest seen: 397 plies).
    pub max_plies: u32,
    /// The swap (pie) rule: on North's first turn he may take South's side
    /// instead of moving, the move `swap` (default `false`; see
    /// [`crate::swap`]).
    pub swap: bool,
}

impl Default for OwareRules {
    fn default() -> Self {
        OwareRules {
            houses: 6,
            seeds: 4,
            max_plies: 1000,
            swap: false,
        }
    }
}

/// The largest `max_plies` accepted.
const MAX_PLIES_LIMIT: u32 = 1_000_000_000;

const KEYS: &[RuleKey] = &[
    RuleKey {
        key: "houses",
        allowed: "2..=8",
        help: "houses per row (default 6)",
    },
    RuleKey {
        key: "seeds",
        allowed: "1..=8",
        help: "seeds per house at the start (default 4)",
    },
    RuleKey {
        key: "max_plies",
        allowed: "0..=1000000000",
        help: "at this ply the game ends and each side collects its row (default 1000; 0 = no cap)",
    },
    crate::swap::RULE_KEY,
];

impl RuleOptions for OwareRules {
    const GAME: &'static str = "oware";

    fn swap_rule(&self) -> bool {
        self.swap
    }

    fn keys() -> &'static [RuleKey] {
        KEYS
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            "houses" => self.houses = parse_int(key, value, 2, 8)? as u8,
            "seeds" => self.seeds = parse_int(key, value, 1, 8)? as u8,
            "max_plies" => self.max_plies = parse_int(key, value, 0, MAX_PLIES_LIMIT)?,
            "swap" => self.swap = parse_bool(key, value)?,
            _ => return Err(Self::unknown_key(key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        match key {
            "houses" => Some(self.houses.to_string()),
            "seeds" => Some(self.seeds.to_string()),
            "max_plies" => Some(self.max_plies.to_string()),
            "swap" => Some(self.swap.to_string()),
            _ => None,
        }
    }

    fn validate(&self) -> Result<(), RuleError> {
        if !(2..=8).contains(&self.houses) {
            return Err(RuleError::BadValue {
                key: "houses".to_string(),
                value: self.houses.to_string(),
                allowed: "an integer from 2 to 8".to_string(),
            });
        }
        if !(1..=8).contains(&self.seeds) {
            return Err(RuleError::BadValue {
                key: "seeds".to_string(),
                value: self.seeds.to_string(),
                allowed: "an integer from 1 to 8".to_string(),
            });
        }
        Ok(())
    }
}

//! Kalah's rule options.

use crate::error::RuleError;
use crate::options::{parse_bool, parse_int, RuleKey, RuleOptions};

/// Kalah's rule options. `Default` is OpenSpiel 2.0.2's `mancala`:
/// 6 pits of 4 seeds, no capture into an empty opposite pit, ended after
/// more than 1000 plies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct KalahRules {
    /// Pits per row, 1..=8 (default 6).
    pub pits: u8,
    /// Seeds per pit at the start, 1..=8 (default 4).
    pub seeds: u8,
    /// `false` (default, OpenSpiel): a last seed in an empty own pit captures
    /// only if the opposite pit holds seeds. `true` (Irving, Donkers and
    /// Uiterwijk 2000): it captures anyway, and with an empty opposite pit
    /// the single seed itself goes to the store.
    pub empty_capture: bool,
    /// The game is over once **more than** `max_plies` plies have been
    /// played, as OpenSpiel words it (default 1000, so ply 1001 is the last);
    /// 0 means no cap (every Kalah game ends anyway: without seeds entering
    /// a store a player's seeds only move towards it).
    pub max_plies: u32,
    /// The swap (pie) rule: on North's first turn he may take South's side
    /// instead of moving, the move `swap` (default `false`; see
    /// [`crate::swap`]).
    pub swap: bool,
}

impl Default for KalahRules {
    fn default() -> Self {
        KalahRules {
            pits: 6,
            seeds: 4,
            empty_capture: false,
            max_plies: 1000,
            swap: false,
        }
    }
}

/// The largest `max_plies` accepted.
const MAX_PLIES_LIMIT: u32 = 1_000_000_000;

const KEYS: &[RuleKey] = &[
    RuleKey {
        key: "pits",
        allowed: "1..=8",
        help: "pits per row (default 6)",
    },
    RuleKey {
        key: "seeds",
        allowed: "1..=8",
        help: "seeds per pit at the start (default 4)",
    },
    RuleKey {
        key: "empty_capture",
        allowed: "true | false",
        help: "a last seed in an empty own pit captures even when the opposite pit is empty (default false, as OpenSpiel)",
    },
    RuleKey {
        key: "max_plies",
        allowed: "0..=1000000000",
        help: "the game ends once more than this many plies were played (default 1000, as OpenSpiel; 0 = no cap)",
    },
    crate::swap::RULE_KEY,
];

impl RuleOptions for KalahRules {
    const GAME: &'static str = "kalah";

    fn swap_rule(&self) -> bool {
        self.swap
    }

    fn keys() -> &'static [RuleKey] {
        KEYS
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            "pits" => self.pits = parse_int(key, value, 1, 8)? as u8,
            "seeds" => self.seeds = parse_int(key, value, 1, 8)? as u8,
            "empty_capture" => self.empty_capture = parse_bool(key, value)?,
            "max_plies" => self.max_plies = parse_int(key, value, 0, MAX_PLIES_LIMIT)?,
            "swap" => self.swap = parse_bool(key, value)?,
            _ => return Err(Self::unknown_key(key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        match key {
            "pits" => Some(self.pits.to_string()),
            "seeds" => Some(self.seeds.to_string()),
            "empty_capture" => Some(self.empty_capture.to_string()),
            "max_plies" => Some(self.max_plies.to_string()),
            "swap" => Some(self.swap.to_string()),
            _ => None,
        }
    }

    fn validate(&self) -> Result<(), RuleError> {
        let bad = |key: &str, value: u8| RuleError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            allowed: "an integer from 1 to 8".to_string(),
        };
        if !(1..=8).contains(&self.pits) {
            return Err(bad("pits", self.pits));
        }
        if !(1..=8).contains(&self.seeds) {
            return Err(bad("seeds", self.seeds));
        }
        Ok(())
    }
}

//! Mangola's rule options (docs/src/rules.md, "Mangola" and "Board sizes").

use std::fmt;

use crate::error::RuleError;
use crate::options::{parse_bool, parse_choice, parse_int, RuleKey, RuleOptions};

/// Where the seeds of a capture are sown (docs/src/rules.md, "Capture").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum CaptureSowing {
    /// The seeds of `L` and of both facing holes are sown from the first hole
    /// that received a seed in the lap that made the capture (default).
    #[default]
    LapStart,
    /// The seeds of `L` and of both facing holes are sown from the hole after `L`.
    AfterCapture,
    /// Ludii 1.3: only the facing holes' seeds are sown, from two holes after
    /// the first empty hole behind `L`; then `L` is sown as an ordinary lap.
    Ludii,
}

impl CaptureSowing {
    /// Every value, in the order of [`CaptureSowing::NAMES`].
    pub const ALL: [CaptureSowing; 3] = [
        CaptureSowing::LapStart,
        CaptureSowing::AfterCapture,
        CaptureSowing::Ludii,
    ];
    /// The option values as typed.
    pub const NAMES: [&'static str; 3] = ["lap-start", "after-capture", "ludii"];

    /// The value as typed after `capture_sowing=`.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

impl fmt::Display for CaptureSowing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a sowing that never ends does (docs/src/rules.md, "End of the game").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum EndlessSowing {
    /// Such a move may not be chosen (default).
    #[default]
    Illegal,
    /// The move is cut: the turn ends with the board after lap `lap_limit`
    /// (or, with exact detection, the board of the first lap boundary the
    /// sowing reaches again).
    Stop,
}

impl EndlessSowing {
    /// Every value, in the order of [`EndlessSowing::NAMES`].
    pub const ALL: [EndlessSowing; 2] = [EndlessSowing::Illegal, EndlessSowing::Stop];
    /// The option values as typed.
    pub const NAMES: [&'static str; 2] = ["illegal", "stop"];

    /// The value as typed after `endless_sowing=`.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

impl fmt::Display for EndlessSowing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Mangola's rule options. `Default` is docs/src/rules.md's default.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MangolaRules {
    /// Where a capture's seeds are sown (`capture_sowing`).
    pub capture_sowing: CaptureSowing,
    /// What an endless sowing does (`endless_sowing`).
    pub endless_sowing: EndlessSowing,
    /// A move needing more laps than this is endless; 0 asks for exact cycle
    /// detection instead (`lap_limit`).
    pub lap_limit: u32,
    /// The game is a draw when this many plies have been played; 0 = no cap
    /// (`max_plies`).
    pub max_plies: u32,
    /// Holes per row, 2 to 8 (`columns`).
    pub columns: u8,
    /// The swap (pie) rule (`swap`): after South's opening North may take
    /// South's side instead of playing his own opening (see [`crate::swap`]).
    pub swap: bool,
}

impl Default for MangolaRules {
    fn default() -> Self {
        MangolaRules {
            capture_sowing: CaptureSowing::LapStart,
            endless_sowing: EndlessSowing::Illegal,
            lap_limit: 10_000,
            max_plies: 1000,
            columns: 8,
            swap: false,
        }
    }
}

impl MangolaRules {
    /// Whether endless sowings are found by exact cycle detection (`lap_limit=0`).
    #[inline]
    pub fn exact_detection(&self) -> bool {
        self.lap_limit == 0
    }
}

/// What `lap_limit` accepts (also its error message).
const LAP_LIMIT_ALLOWED: &str = "0 (exact cycle detection) or a lap count from 1 to 4294967295";

const KEYS: &[RuleKey] = &[
    RuleKey {
        key: "capture_sowing",
        allowed: "lap-start | after-capture | ludii",
        help: "where the seeds of a capture are sown (default lap-start)",
    },
    RuleKey {
        key: "endless_sowing",
        allowed: "illegal | stop",
        help: "a sowing that never ends may not be chosen, or is cut (default illegal)",
    },
    RuleKey {
        key: "lap_limit",
        allowed: LAP_LIMIT_ALLOWED,
        help: "a move needing more laps than this is endless (default 10000)",
    },
    RuleKey {
        key: "max_plies",
        allowed: "an integer from 0 (no cap) to 4294967295",
        help: "the game is a draw after this many plies (default 1000)",
    },
    RuleKey {
        key: "columns",
        allowed: "an integer from 2 to 8",
        help: "holes per row: the board is 4 x columns (default 8)",
    },
    crate::swap::RULE_KEY,
];

impl RuleOptions for MangolaRules {
    const GAME: &'static str = "mangola";

    fn swap_rule(&self) -> bool {
        self.swap
    }

    fn keys() -> &'static [RuleKey] {
        KEYS
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            "capture_sowing" => {
                let i = parse_choice(key, value, &CaptureSowing::NAMES)?;
                self.capture_sowing = CaptureSowing::ALL[i];
            }
            "endless_sowing" => {
                let i = parse_choice(key, value, &EndlessSowing::NAMES)?;
                self.endless_sowing = EndlessSowing::ALL[i];
            }
            "lap_limit" => {
                self.lap_limit =
                    parse_int(key, value, 0, u32::MAX).map_err(|_| RuleError::BadValue {
                        key: key.to_string(),
                        value: value.to_string(),
                        allowed: LAP_LIMIT_ALLOWED.to_string(),
                    })?;
            }
            "max_plies" => self.max_plies = parse_int(key, value, 0, u32::MAX)?,
            "columns" => self.columns = parse_int(key, value, 2, 8)? as u8,
            "swap" => self.swap = parse_bool(key, value)?,
            _ => return Err(Self::unknown_key(key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            "capture_sowing" => self.capture_sowing.name().to_string(),
            "endless_sowing" => self.endless_sowing.name().to_string(),
            "lap_limit" => self.lap_limit.to_string(),
            "max_plies" => self.max_plies.to_string(),
            "columns" => self.columns.to_string(),
            "swap" => self.swap.to_string(),
            _ => return None,
        })
    }

    fn validate(&self) -> Result<(), RuleError> {
        if !(2..=8).contains(&self.columns) {
            return Err(RuleError::BadValue {
                key: "columns".to_string(),
                value: self.columns.to_string(),
                allowed: "an integer from 2 to 8".to_string(),
            });
        }
        Ok(())
    }
}

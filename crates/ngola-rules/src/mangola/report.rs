//! What a move does, without playing it: laps, captures, endless sowings.

use std::fmt;

/// How a move's sowing ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveEnding {
    /// The opening: checkering the circuit, no laps and no capture.
    Opening,
    /// A last seed fell into an empty hole and went to sleep.
    Finished,
    /// The sowing needed more than `limit` laps (`lap_limit`): endless.
    LapLimit {
        /// The rule option `lap_limit`.
        limit: u32,
    },
    /// Exact detection (`lap_limit=0`) found the lap boundaries repeating
    /// with this period: endless.
    Cycle {
        /// Laps between two visits of the same lap boundary.
        length: u64,
    },
}

/// A summary of one move, as [`super::Mangola::move_report`] simulates it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveReport {
    /// Laps sown (0 for the opening). For an endless move: the laps sown
    /// until the cut (`stop`) or until it was found endless (`illegal`).
    pub laps: u64,
    /// Captures made.
    pub captures: u32,
    /// Opponent seeds taken by those captures.
    pub seeds_captured: u32,
    /// How the sowing ends.
    pub ending: MoveEnding,
    /// Whether the move is legal and played cut (`endless_sowing=stop`)
    /// rather than illegal, when it is endless.
    pub cut: bool,
}

impl MoveReport {
    /// Whether the sowing never ends (lap limit exceeded or a cycle proven).
    pub fn is_endless(&self) -> bool {
        matches!(
            self.ending,
            MoveEnding::LapLimit { .. } | MoveEnding::Cycle { .. }
        )
    }

    /// The cycle length when exact detection proved the sowing cyclic.
    pub fn cycle_length(&self) -> Option<u64> {
        match self.ending {
            MoveEnding::Cycle { length } => Some(length),
            _ => None,
        }
    }
}

fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

impl fmt::Display for MoveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ending == MoveEnding::Opening {
            return f.write_str("opening: checkers the circuit, no capture");
        }
        let captures = if self.captures == 0 {
            "no capture".to_string()
        } else {
            format!(
                "{} ({})",
                plural(self.captures.into(), "capture"),
                plural(self.seeds_captured.into(), "seed")
            )
        };
        let what = if self.cut { "cut" } else { "illegal" };
        match self.ending {
            MoveEnding::Opening | MoveEnding::Finished => {
                write!(f, "{}, {captures}", plural(self.laps, "lap"))
            }
            MoveEnding::LapLimit { limit } => write!(
                f,
                "endless sowing (more than {}), {what}: {} sown, {captures}",
                plural(limit.into(), "lap"),
                plural(self.laps, "lap")
            ),
            MoveEnding::Cycle { length } => write!(
                f,
                "endless sowing (its lap boundaries repeat every {}), {what}: {} sown, {captures}",
                plural(length, "lap"),
                plural(self.laps, "lap")
            ),
        }
    }
}

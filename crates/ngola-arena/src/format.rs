//! Small settings of an experiment that read from text: the tournament
//! format, a shard of a run, and the SPRT parameters.

use std::fmt;
use std::str::FromStr;

use crate::error::ArenaError;

/// Who plays whom.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every agent against every other.
    RoundRobin,
    /// The first agent against each of the others (who do not meet).
    Gauntlet,
}

impl Format {
    /// The name used in experiment files and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::Gauntlet => "gauntlet",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Format {
    type Err = ArenaError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "round-robin" | "roundrobin" | "rr" => Ok(Format::RoundRobin),
            "gauntlet" => Ok(Format::Gauntlet),
            other => Err(ArenaError::field(
                "format",
                format!("unknown format `{other}`; valid formats: round-robin, gauntlet"),
            )),
        }
    }
}

/// One deterministic slice of a run: shard `index` of `count`, counted
/// from 1. Shard `i` plays the colour-swapped pairs whose index `p`
/// satisfies `p % count == i - 1`, so both games of a pair stay together
/// and every shard gets a fair share of every pairing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1..=count.
    pub index: u32,
    /// The number of shards, at least 1.
    pub count: u32,
}

impl Shard {
    /// True if the pair with this index belongs to the shard.
    pub fn holds_pair(self, pair: u64) -> bool {
        pair % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ArenaError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || {
            ArenaError::field(
                "shard",
                format!("`{text}` is not a shard; expected i/n with 1 <= i <= n (e.g. 2/8)"),
            )
        };
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = index.trim().parse().map_err(|_| bad())?;
        let count: u32 = count.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

pub use ngola_records::stats::sprt::{SprtConfig, MAX_SPRT_ELO};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_read_and_split_pairs() {
        let shard: Shard = "2/3".parse().unwrap();
        assert_eq!(shard, Shard { index: 2, count: 3 });
        assert!(shard.holds_pair(1) && shard.holds_pair(4));
        assert!(!shard.holds_pair(0) && !shard.holds_pair(2));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            let err = bad.parse::<Shard>().unwrap_err();
            assert!(err.to_string().starts_with("shard:"), "{err}");
        }
    }

    #[test]
    fn sprt_reads_defaults_and_names_bad_keys() {
        let sprt: SprtConfig = "elo0=0,elo1=10".parse().unwrap();
        assert_eq!((sprt.alpha, sprt.beta), (0.05, 0.05));
        assert_eq!(sprt.to_string().parse::<SprtConfig>().unwrap(), sprt);
        let err = "elo0=0,elo1=10,gamma=1".parse::<SprtConfig>().unwrap_err();
        assert!(err.to_string().contains("gamma"), "{err}");
        let err = "elo0=5,elo1=5".parse::<SprtConfig>().unwrap_err();
        assert!(err.to_string().starts_with("sprt.elo1"), "{err}");
        let err = "elo0=0,elo1=5,alpha=x".parse::<SprtConfig>().unwrap_err();
        assert!(err.to_string().starts_with("sprt.alpha"), "{err}");
        // Bounds whose LLR would be NaN are refused.
        let err = "elo0=0,elo1=1e6".parse::<SprtConfig>().unwrap_err();
        assert!(err.to_string().starts_with("sprt.elo1"), "{err}");
        let err = "elo0=-2001,elo1=0".parse::<SprtConfig>().unwrap_err();
        assert!(err.to_string().starts_with("sprt.elo0"), "{err}");
        assert!("elo0=-2000,elo1=2000".parse::<SprtConfig>().is_ok());
    }

    #[test]
    fn formats_read_back() {
        for f in [Format::RoundRobin, Format::Gauntlet] {
            assert_eq!(f.as_str().parse::<Format>().unwrap(), f);
        }
        assert!("swiss".parse::<Format>().is_err());
    }
}

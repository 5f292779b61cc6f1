//! Reading the arguments of UGI's `go` and `setoption` commands.

use std::time::Duration;

use ngola_agents::{move_budget, Clock, SearchLimit};
use ngola_rules::{Player, PositionError, RuleError, UnknownGame};
use thiserror::Error;

/// The words `go` takes (each followed by a number, except `infinite`).
pub const GO_WORDS: &str = "p1time, p2time, p1inc, p2inc, movetime, nodes, depth, infinite";

/// Why the words of a `go` or `setoption` command are refused; the engine
/// answers `error <message>` (`go`) or `info error <message>` (`setoption`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WordError {
    /// A `go` word that is none of [`GO_WORDS`].
    #[error("go: unknown word `{0}`; go takes {words}", words = GO_WORDS)]
    UnknownGoWord(String),
    /// A `go` word without its number.
    #[error("go: `{0}` needs a number")]
    MissingNumber(String),
    /// A `go` word whose number is not a whole number at least 0.
    #[error("go: `{word} {value}`: expected a whole number at least 0")]
    BadNumber {
        /// The word.
        word: String,
        /// The text given as its number.
        value: String,
    },
    /// A `go` word given twice.
    #[error("go: `{0}` given twice")]
    GivenTwice(String),
    /// A clock given for one side only, and the other side to move.
    #[error("go: {side} is to move but `{}` is missing", clock_word(*.side))]
    MissingClock {
        /// The side to move.
        side: Player,
    },
    /// A `setoption` that is not `setoption name <name> value <value>`.
    #[error("setoption: expected `setoption name <name> value <value>`")]
    SetoptionUsage,
    /// A `setoption` name that is not an option.
    #[error("unknown option `{0}`; options: game, rules, seed")]
    UnknownOption(String),
    /// `setoption name game` with a name that is not a game's.
    #[error("{0}")]
    UnknownGame(#[source] UnknownGame),
    /// `setoption name rules` giving a key twice.
    #[error("cannot play rules `{rules}`: `{key}` is given more than once")]
    RepeatedRule {
        /// The option's value.
        rules: String,
        /// The key given twice.
        key: String,
    },
    /// `setoption name rules` with rules the game cannot be played under.
    #[error("cannot play rules `{rules}`: {source}")]
    BadRules {
        /// The option's value.
        rules: String,
        /// Why the rules are refused.
        #[source]
        source: RuleError,
    },
    /// `setoption name rules` with rules the command line's `--position`
    /// is not a position of.
    #[error("cannot play rules `{rules}` from --position: {source}")]
    RulesOffPosition {
        /// The option's value.
        rules: String,
        /// Why the position does not read under them.
        #[source]
        source: PositionError,
    },
    /// `setoption name rules` with rules the agent's network or endgame
    /// database is not of (a tournament refuses the same agent).
    #[error("the agent cannot play rules `{rules}`: {reason}")]
    RulesOffAgent {
        /// The option's value.
        rules: String,
        /// What of the agent does not fit them (its network or database).
        reason: String,
    },
    /// `setoption name seed` with a value that is not a seed.
    #[error("seed `{0}`: expected a whole number from 0 to {max}", max = u64::MAX)]
    BadSeed(String),
}

/// The `go` word of `side`'s clock.
fn clock_word(side: Player) -> &'static str {
    match side {
        Player::South => "p1time",
        Player::North => "p2time",
    }
}

/// A parsed `go` command: the limit for the player to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    p1time: Option<u64>,
    p2time: Option<u64>,
    p1inc: Option<u64>,
    p2inc: Option<u64>,
    movetime: Option<u64>,
    nodes: Option<u64>,
    depth: Option<u64>,
}

impl Go {
    /// Reads the words after `go`: `p1time <ms> p2time <ms> p1inc <ms>
    /// p2inc <ms>`, `movetime <ms>`, `nodes <N>`, `depth <N>` in any order
    /// and combination (the first limit reached stops the search), or
    /// nothing; `infinite` adds nothing (the search is synchronous, so it
    /// stops at the agent's own budget).
    pub fn parse(rest: &str) -> Result<Go, WordError> {
        let mut go = Go::default();
        let mut words = rest.split_whitespace();
        while let Some(word) = words.next() {
            if word == "infinite" {
                continue;
            }
            let slot = match word {
                "p1time" => &mut go.p1time,
                "p2time" => &mut go.p2time,
                "p1inc" => &mut go.p1inc,
                "p2inc" => &mut go.p2inc,
                "movetime" => &mut go.movetime,
                "nodes" => &mut go.nodes,
                "depth" => &mut go.depth,
                other => return Err(WordError::UnknownGoWord(other.to_string())),
            };
            let value = words
                .next()
                .ok_or_else(|| WordError::MissingNumber(word.to_string()))?;
            let number = value.parse::<u64>().map_err(|_| WordError::BadNumber {
                word: word.to_string(),
                value: value.to_string(),
            })?;
            if slot.replace(number).is_some() {
                return Err(WordError::GivenTwice(word.to_string()));
            }
        }
        Ok(go)
    }

    /// The search limit for `side` to move: the clock's share (see
    /// [`move_budget`]) and/or `movetime`, `nodes`, `depth`.
    pub fn limit(&self, side: Player) -> Result<SearchLimit, WordError> {
        let (time, inc) = match side {
            Player::South => (self.p1time, self.p1inc),
            Player::North => (self.p2time, self.p2inc),
        };
        let clocked = self.p1time.is_some() || self.p2time.is_some();
        let clock_budget = match time {
            Some(ms) => Some(move_budget(Clock {
                remaining: Duration::from_millis(ms),
                increment: Duration::from_millis(inc.unwrap_or(0)),
            })),
            None if clocked => return Err(WordError::MissingClock { side }),
            None => None,
        };
        let movetime = self.movetime.map(Duration::from_millis);
        Ok(SearchLimit {
            time: ngola_agents::limit::tighter(clock_budget, movetime),
            nodes: self.nodes,
            depth: self.depth.map(|d| u32::try_from(d).unwrap_or(u32::MAX)),
        })
    }
}

/// A parsed `setoption name <name> value <value>` (the value may hold
/// spaces; it may be empty).
pub fn parse_setoption(rest: &str) -> Result<(&str, &str), WordError> {
    let rest = rest
        .strip_prefix("name")
        .ok_or(WordError::SetoptionUsage)?
        .trim_start();
    let (name, value) = match rest.strip_prefix("value") {
        Some(value) if value.is_empty() || value.starts_with(' ') => ("", value),
        _ => match rest.split_once(" value") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest.trim(), ""),
        },
    };
    if name.is_empty() {
        return Err(WordError::SetoptionUsage);
    }
    Ok((name, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }

    #[test]
    fn every_go_form_gives_its_limit() {
        let limit = |text: &str, side| Go::parse(text).unwrap().limit(side).unwrap();
        assert_eq!(limit("", Player::South), SearchLimit::NONE);
        assert_eq!(limit("infinite", Player::South), SearchLimit::NONE);
        assert_eq!(limit("movetime 250", Player::North).time, ms(250));
        assert_eq!(limit("nodes 5000", Player::South).nodes, Some(5000));
        assert_eq!(limit("depth 7", Player::South).depth, Some(7));
        // The clock of the side to move, through the time manager.
        let clock = "p1time 12000 p2time 2400 p1inc 100 p2inc 0";
        assert_eq!(limit(clock, Player::South).time, ms(1075));
        assert_eq!(limit(clock, Player::North).time, ms(200));
        // Combined: the tighter time wins, the other limits stay.
        let both = limit(
            "p1time 10000 p2time 10000 movetime 50 depth 3",
            Player::South,
        );
        assert_eq!((both.time, both.depth), (ms(50), Some(3)));
    }

    #[test]
    fn bad_go_words_are_named() {
        for (text, needle) in [
            ("wtime 5", "unknown word `wtime`"),
            ("depth", "`depth` needs a number"),
            ("depth -1", "`depth -1`"),
            ("nodes 1 nodes 2", "given twice"),
        ] {
            let err = Go::parse(text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
        let err = Go::parse("p1time 100")
            .unwrap()
            .limit(Player::North)
            .unwrap_err();
        assert_eq!(
            err,
            WordError::MissingClock {
                side: Player::North
            }
        );
        assert_eq!(
            err.to_string(),
            "go: North is to move but `p2time` is missing"
        );
    }

    #[test]
    fn go_errors_are_variants_a_caller_can_match() {
        assert_eq!(
            Go::parse("wtime 5"),
            Err(WordError::UnknownGoWord("wtime".to_string()))
        );
        assert_eq!(
            Go::parse("depth"),
            Err(WordError::MissingNumber("depth".to_string()))
        );
        assert_eq!(
            Go::parse("depth -1"),
            Err(WordError::BadNumber {
                word: "depth".to_string(),
                value: "-1".to_string()
            })
        );
        assert_eq!(
            Go::parse("nodes 1 nodes 2"),
            Err(WordError::GivenTwice("nodes".to_string()))
        );
        assert_eq!(
            WordError::UnknownGoWord("wtime".to_string()).to_string(),
            format!("go: unknown word `wtime`; go takes {GO_WORDS}")
        );
        assert_eq!(
            WordError::BadSeed("x".to_string()).to_string(),
            format!("seed `x`: expected a whole number from 0 to {}", u64::MAX)
        );
    }

    #[test]
    fn setoption_splits_name_and_value() {
        assert_eq!(
            parse_setoption("name rules value pits=3,seeds=2"),
            Ok(("rules", "pits=3,seeds=2"))
        );
        assert_eq!(parse_setoption("name rules value"), Ok(("rules", "")));
        assert_eq!(parse_setoption("name seed value 7"), Ok(("seed", "7")));
        assert_eq!(parse_setoption("seed 7"), Err(WordError::SetoptionUsage));
        assert_eq!(
            parse_setoption("name  value 7"),
            Err(WordError::SetoptionUsage)
        );
    }
}

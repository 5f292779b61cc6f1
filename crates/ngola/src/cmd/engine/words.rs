//! Reading the arguments of UGI's `go` and `setoption` commands.

use std::time::Duration;

use ngola_agents::{move_budget, Clock, SearchLimit};
use ngola_rules::Player;

/// The words `go` takes (each followed by a number, except `infinite`).
pub const GO_WORDS: &str = "p1time, p2time, p1inc, p2inc, movetime, nodes, depth, infinite";

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
    pub fn parse(rest: &str) -> Result<Go, String> {
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
                other => return Err(format!("go: unknown word `{other}`; go takes {GO_WORDS}")),
            };
            let value = words
                .next()
                .ok_or_else(|| format!("go: `{word}` needs a number"))?;
            let number = value
                .parse::<u64>()
                .map_err(|_| format!("go: `{word} {value}`: expected a whole number at least 0"))?;
            if slot.replace(number).is_some() {
                return Err(format!("go: `{word}` given twice"));
            }
        }
        Ok(go)
    }

    /// The search limit for `side` to move: the clock's share (see
    /// [`move_budget`]) and/or `movetime`, `nodes`, `depth`.
    pub fn limit(&self, side: Player) -> Result<SearchLimit, String> {
        let (time, inc, name) = match side {
            Player::South => (self.p1time, self.p1inc, "p1time"),
            Player::North => (self.p2time, self.p2inc, "p2time"),
        };
        let clocked = self.p1time.is_some() || self.p2time.is_some();
        let clock_budget = match time {
            Some(ms) => Some(move_budget(Clock {
                remaining: Duration::from_millis(ms),
                increment: Duration::from_millis(inc.unwrap_or(0)),
            })),
            None if clocked => {
                return Err(format!("go: {side} is to move but `{name}` is missing"))
            }
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
pub fn parse_setoption(rest: &str) -> Result<(&str, &str), String> {
    let usage = "setoption: expected `setoption name <name> value <value>`";
    let rest = rest.strip_prefix("name").ok_or(usage)?.trim_start();
    let (name, value) = match rest.strip_prefix("value") {
        Some(value) if value.is_empty() || value.starts_with(' ') => ("", value),
        _ => match rest.split_once(" value") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest.trim(), ""),
        },
    };
    if name.is_empty() {
        return Err(usage.to_string());
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
        let clock = "p1time 10000 p2time 2000 p1inc 100 p2inc 0";
        assert_eq!(limit(clock, Player::South).time, ms(575));
        assert_eq!(limit(clock, Player::North).time, ms(100));
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
            let err = Go::parse(text).unwrap_err();
            assert!(err.contains(needle), "{text}: {err}");
        }
        let err = Go::parse("p1time 100")
            .unwrap()
            .limit(Player::North)
            .unwrap_err();
        assert!(err.contains("p2time"), "{err}");
    }

    #[test]
    fn setoption_splits_name_and_value() {
        assert_eq!(
            parse_setoption("name rules value pits=3,seeds=2"),
            Ok(("rules", "pits=3,seeds=2"))
        );
        assert_eq!(parse_setoption("name rules value"), Ok(("rules", "")));
        assert_eq!(parse_setoption("name seed value 7"), Ok(("seed", "7")));
        assert!(parse_setoption("seed 7").is_err());
        assert!(parse_setoption("name  value 7").is_err());
    }
}

//! The agents of an experiment: a built-in agent spec or an external agent
//! (`engine:NAME`), each with an optional short name (`ab8=alphabeta:depth=8`);
//! the external engines' definitions (`[engines.NAME]`); and the time
//! control (`tc = "10+0.1"`).
//!
//! Tables, plots and progress show an agent's [`AgentEntry::display_name`]
//! (its short name, else its spec); `experiment.toml`, `games.csv` and
//! `standings.csv` keep the full spec.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use ngola_agents::AgentSpec;

/// The prefix of an external agent's spec: `engine:NAME`.
pub const ENGINE_PREFIX: &str = "engine:";

/// True if `name` may name an agent or an engine: letters, digits, `.`,
/// `_`, `-`, not empty.
pub fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
}

/// What plays: one of ngola's agents, or an external one.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentKind {
    /// A built-in agent.
    BuiltIn(AgentSpec),
    /// An external agent seated by a [`crate::contestant::Seats`]
    /// (`engine:NAME`: for the command line, the UGI engine defined as
    /// `[engines.NAME]` or `--engine NAME=COMMAND`).
    External(String),
}

/// One agent of an experiment: what plays, and an optional short name.
#[derive(Clone, Debug, PartialEq)]
pub struct AgentEntry {
    /// The short name (`ab8` in `ab8=alphabeta:depth=8`).
    pub name: Option<String>,
    /// What plays.
    pub kind: AgentKind,
}

impl AgentEntry {
    /// A built-in agent without a short name.
    pub fn built_in(spec: AgentSpec) -> AgentEntry {
        AgentEntry {
            name: None,
            kind: AgentKind::BuiltIn(spec),
        }
    }

    /// The full spec in canonical form (`alphabeta:depth=8,nodes=none,...`,
    /// `engine:mine`), as `games.csv` and `standings.csv` record it.
    pub fn spec(&self) -> String {
        match &self.kind {
            AgentKind::BuiltIn(spec) => spec.to_string(),
            AgentKind::External(name) => format!("{ENGINE_PREFIX}{name}"),
        }
    }

    /// The name tables, plots and progress show: the short name if there
    /// is one, else the full spec.
    pub fn display_name(&self) -> String {
        self.name.clone().unwrap_or_else(|| self.spec())
    }

    /// The external agent's name, if this is one.
    pub fn external(&self) -> Option<&str> {
        match &self.kind {
            AgentKind::External(name) => Some(name),
            AgentKind::BuiltIn(_) => None,
        }
    }
}

/// Why an agent entry (`[NAME=]SPEC`) does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// A short name with other characters than letters, digits, `.`, `_`
    /// and `-` (or none).
    #[error("short name `{0}`: use letters, digits, `.`, `_` and `-` only")]
    BadName(String),
    /// `engine:NAME` with a bad or missing NAME.
    #[error(
        "`{0}`: an external agent is `engine:NAME`, NAME of letters, digits, `.`, `_` and `-`"
    )]
    BadEngineName(String),
    /// A built-in agent spec that does not read.
    #[error("{0}")]
    Spec(#[source] ngola_agents::SpecError),
}

impl FromStr for AgentEntry {
    type Err = EntryError;

    /// Reads `[NAME=]SPEC`: a short name before the first `=` that comes
    /// before any `:` (in `alphabeta:depth=8` the `=` belongs to the spec).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let (name, spec) = match text.split_once('=') {
            Some((name, spec)) if !name.contains(':') => (Some(name.trim()), spec.trim()),
            _ => (None, text),
        };
        if let Some(name) = name {
            if !is_valid_name(name) {
                return Err(EntryError::BadName(name.to_string()));
            }
        }
        let kind = match spec.strip_prefix(ENGINE_PREFIX) {
            Some(engine) => {
                let engine = engine.trim();
                if !is_valid_name(engine) {
                    return Err(EntryError::BadEngineName(spec.to_string()));
                }
                AgentKind::External(engine.to_string())
            }
            None => AgentKind::BuiltIn(spec.parse().map_err(EntryError::Spec)?),
        };
        Ok(AgentEntry {
            name: name.map(str::to_string),
            kind,
        })
    }
}

impl fmt::Display for AgentEntry {
    /// `NAME=SPEC` or `SPEC`, the spec in canonical form: reads back to
    /// the same entry.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.name {
            Some(name) => write!(f, "{name}={}", self.spec()),
            None => f.write_str(&self.spec()),
        }
    }
}

/// How to start an external UGI engine (`[engines.NAME]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineConfig {
    /// The program and its arguments (run directly, no shell).
    pub command: Vec<String>,
    /// The working directory (default: the current one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dir: Option<PathBuf>,
    /// Options sent as `setoption name KEY value VALUE` after the rules
    /// (in files, any TOML scalar; kept as text).
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "option_texts"
    )]
    pub options: BTreeMap<String, String>,
}

/// An engine's `options` table, each value as text.
fn option_texts<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, String>, D::Error> {
    toml::Table::deserialize(d)?
        .into_iter()
        .map(|(key, value)| {
            let text =
                scalar_text(&format!("options.{key}"), value).map_err(serde::de::Error::custom)?;
            Ok((key, text))
        })
        .collect()
}

/// A time control: `base` seconds on each clock, `increment` added after
/// each move (written `BASE+INC` in seconds, e.g. `10+0.1`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Added to the mover's clock after each move.
    pub increment: Duration,
}

/// Reads seconds with up to three decimals (whole milliseconds).
fn seconds(text: &str) -> Option<Duration> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() && fraction.is_empty()
        || !whole.chars().all(|c| c.is_ascii_digit())
        || !fraction.chars().all(|c| c.is_ascii_digit())
        || fraction.len() > 3
    {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let millis: u64 = format!("{fraction:0<3}").parse().ok()?;
    let total = whole.checked_mul(1000)?.checked_add(millis)?;
    // Clocks are sent in milliseconds to engines; keep them sane.
    (total <= 1_000_000_000_000).then(|| Duration::from_millis(total))
}

/// Why a time control (`BASE+INC`) does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Not `BASE+INC` in seconds of whole milliseconds.
    #[error("`{0}`: expected BASE+INC in seconds (whole milliseconds), e.g. `10+0.1` or `60+0`")]
    Malformed(String),
    /// No time at all: base and increment both 0.
    #[error("`{0}`: a clock needs some time (base or increment)")]
    NoTime(String),
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || TimeControlError::Malformed(text.to_string());
        let (base, increment) = text.split_once('+').ok_or_else(bad)?;
        let base = seconds(base).ok_or_else(bad)?;
        let increment = seconds(increment).ok_or_else(bad)?;
        if base.is_zero() && increment.is_zero() {
            return Err(TimeControlError::NoTime(text.to_string()));
        }
        Ok(TimeControl { base, increment })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = |d: Duration| {
            let ms = d.as_millis();
            if ms.is_multiple_of(1000) {
                format!("{}", ms / 1000)
            } else {
                let text = format!("{}.{:03}", ms / 1000, ms % 1000);
                text.trim_end_matches('0').to_string()
            }
        };
        write!(f, "{}+{}", secs(self.base), secs(self.increment))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_short_names_specs_and_engines_and_write_them_back() {
        let ab: AgentEntry = "ab8=alphabeta:depth=8".parse().unwrap();
        assert_eq!(ab.name.as_deref(), Some("ab8"));
        assert_eq!(ab.display_name(), "ab8");
        assert!(ab.spec().starts_with("alphabeta:depth=8,nodes=none"));
        assert_eq!(ab.to_string().parse::<AgentEntry>().unwrap(), ab);
        // The `=` of a parameter is not a short name.
        let plain: AgentEntry = "greedy:eval=material".parse().unwrap();
        assert_eq!(
            (plain.name.clone(), plain.display_name()),
            (None, "greedy:eval=material".to_string())
        );
        let mine: AgentEntry = "mine=engine:bot".parse().unwrap();
        assert_eq!(mine.external(), Some("bot"));
        assert_eq!(
            (mine.spec(), mine.to_string()),
            ("engine:bot".to_string(), "mine=engine:bot".to_string())
        );
        let bare: AgentEntry = "engine:bot".parse().unwrap();
        assert_eq!(bare.display_name(), "engine:bot");
        for bad in [
            "a b=random",
            "x=engine:",
            "x=engine:a/b",
            "x=bogus",
            "=random",
        ] {
            assert!(bad.parse::<AgentEntry>().is_err(), "{bad}");
        }
        assert_eq!(
            "a b=random".parse::<AgentEntry>(),
            Err(EntryError::BadName("a b".to_string()))
        );
        assert_eq!(
            "x=engine:a/b".parse::<AgentEntry>(),
            Err(EntryError::BadEngineName("engine:a/b".to_string()))
        );
        assert!(matches!(
            "x=bogus".parse::<AgentEntry>(),
            Err(EntryError::Spec(_))
        ));
    }

    #[test]
    fn time_controls_read_seconds_and_write_them_back() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(
            (tc.base, tc.increment),
            (Duration::from_secs(10), Duration::from_millis(100))
        );
        assert_eq!(tc.to_string(), "10+0.1");
        let tc: TimeControl = "0.25+0".parse().unwrap();
        assert_eq!(tc.to_string(), "0.25+0");
        assert_eq!(
            "1.5+.05".parse::<TimeControl>().unwrap().to_string(),
            "1.5+0.05"
        );
        for bad in ["10", "10+", "+1", "a+1", "1+0.0001", "-1+2", "1e3+0"] {
            assert_eq!(
                bad.parse::<TimeControl>(),
                Err(TimeControlError::Malformed(bad.to_string())),
                "{bad}"
            );
        }
        let err = "0+0".parse::<TimeControl>().unwrap_err();
        assert_eq!(err, TimeControlError::NoTime("0+0".to_string()));
        assert_eq!(
            err.to_string(),
            "`0+0`: a clock needs some time (base or increment)"
        );
    }
}

/// A TOML value that should have been a scalar (a rule value or an engine
/// option): the field and the type found.
#[derive(Debug)]
pub(crate) struct NotScalar {
    field: String,
    found: &'static str,
}

impl std::fmt::Display for NotScalar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: expected a string, number or boolean, found {}",
            self.field, self.found
        )
    }
}

/// A TOML scalar as text (rule values and engine options); the error
/// names `field`.
pub(crate) fn scalar_text(field: &str, value: toml::Value) -> Result<String, NotScalar> {
    match value {
        toml::Value::String(s) => Ok(s),
        toml::Value::Integer(i) => Ok(i.to_string()),
        toml::Value::Boolean(b) => Ok(b.to_string()),
        toml::Value::Float(f) => Ok(f.to_string()),
        other => Err(NotScalar {
            field: field.to_string(),
            found: other.type_str(),
        }),
    }
}

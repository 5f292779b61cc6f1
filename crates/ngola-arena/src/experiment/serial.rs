//! An [`Experiment`] written back as TOML (`experiment.toml`, through
//! serde), and two experiments compared field by field on that form.

use std::collections::BTreeMap;
use std::fmt::Display;
use std::time::Duration;

use serde::ser::{SerializeMap, SerializeSeq};
use serde::Serializer;

use crate::suite::{OpeningSuite, SUITE_FILE};

use super::Experiment;

/// The fields that do not decide the games: two experiments that differ
/// only in them play the same games.
const NOT_IDENTITY: [&str; 6] = ["name", "labels", "threads", "anchor", "shard", "accuracy"];

/// A value by its `Display` text.
pub(super) fn display<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// An optional value by its `Display` text (left out when `None`).
pub(super) fn display_some<T: Display, S: Serializer>(
    value: &Option<T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => s.collect_str(value),
        None => s.serialize_none(),
    }
}

/// A list of values by their `Display` texts.
pub(super) fn display_all<T: Display, S: Serializer>(
    values: &[T],
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut seq = s.serialize_seq(Some(values.len()))?;
    for value in values {
        seq.serialize_element(&value.to_string())?;
    }
    seq.end()
}

/// A duration in whole milliseconds.
pub(super) fn millis<S: Serializer>(value: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(value.as_millis() as u64)
}

/// A suite by the name of its copy in the output folder.
pub(super) fn suite<S: Serializer>(value: &Option<OpeningSuite>, s: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(_) => s.serialize_str(SUITE_FILE),
        None => s.serialize_none(),
    }
}

/// Rule options as a table: a value unquoted where it reads back as the
/// same integer or boolean (`columns = 8`), so that the file loads as
/// typed data, otherwise a string.
pub(super) fn rule_table<S: Serializer>(
    rules: &[(String, String)],
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(rules.len()))?;
    for (key, value) in rules {
        match value.parse::<i64>() {
            Ok(n) if n.to_string() == *value => map.serialize_entry(key, &n)?,
            _ => match value.as_str() {
                "true" => map.serialize_entry(key, &true)?,
                "false" => map.serialize_entry(key, &false)?,
                _ => map.serialize_entry(key, value)?,
            },
        }
    }
    map.end()
}

impl Experiment {
    /// The experiment as TOML, every field explicit (except `out`: the
    /// file lives in the output folder). Reads back to the same value.
    /// Numbers are TOML numbers, rule values too where they are integers or
    /// booleans (`columns = 8`), so that the file loads as typed data. A
    /// suite is named `openings.txt`, the copy beside the file in an
    /// output folder.
    pub fn to_toml(&self) -> String {
        self.to_toml_with("")
    }

    /// [`Experiment::to_toml`] with `comments` (lines starting with `#`,
    /// such as the run's provenance) after the first line.
    pub fn to_toml_with(&self, comments: &str) -> String {
        let mut text = String::from(
            "# Written by `ngola tournament`: the resolved experiment, every default explicit.\n",
        );
        text += comments;
        // Every field serializes to TOML (seeds are at most i64::MAX); the
        // fields come in `Experiment`'s order, `openings_order` only beside
        // a suite.
        let fields = toml::to_string(self).unwrap_or_default();
        for line in fields.lines() {
            if self.openings.is_none() && line.starts_with("openings_order = ") {
                continue;
            }
            text += line;
            text.push('\n');
        }
        text
    }

    /// The fields as a TOML table, `openings_order` only beside a suite.
    fn table(&self) -> toml::Table {
        let mut table = toml::Table::try_from(self).unwrap_or_default();
        if self.openings.is_none() {
            table.remove("openings_order");
        }
        table
    }

    /// The fields that decide the games and in which `self` and `other`
    /// differ (empty if they describe the same games), by name. Name,
    /// labels, threads, anchor, shard and output folder do not count;
    /// agents count by their specs (not short names), engines only where
    /// agents use them, a suite by its openings.
    pub fn identity_differences(&self, other: &Experiment) -> Vec<String> {
        let (mine, theirs) = (self.table(), other.table());
        let mut keys: Vec<&String> = mine.keys().chain(theirs.keys()).collect();
        keys.sort();
        keys.dedup();
        keys.into_iter()
            .filter(|key| !NOT_IDENTITY.contains(&key.as_str()))
            .filter(|key| match key.as_str() {
                "agents" => self.agent_names() != other.agent_names(),
                "engines" => self.engines_used() != other.engines_used(),
                "openings" => self.openings != other.openings,
                _ => mine.get(*key) != theirs.get(*key),
            })
            .cloned()
            .collect()
    }

    /// What `field` (a name [`Experiment::identity_differences`] returns)
    /// is in this experiment, for messages.
    pub fn field_text(&self, field: &str) -> String {
        match field {
            "rules" => {
                let mut rules: Vec<String> =
                    self.rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
                rules.sort();
                rules.join(",")
            }
            "agents" => self.agent_names().join(" "),
            "openings" => self.openings.as_ref().map_or("none".to_string(), |s| {
                format!("{} openings from {}", s.len(), s.path.display())
            }),
            "engines" => {
                let used: BTreeMap<&str, Vec<String>> = self
                    .engines_used()
                    .into_iter()
                    .map(|(name, e)| (name, e.map(|e| e.command.clone()).unwrap_or_default()))
                    .collect();
                format!("{used:?}")
            }
            _ => match self.table().get(field) {
                Some(toml::Value::String(text)) => text.clone(),
                Some(value) => value.to_string(),
                None => "none".to_string(),
            },
        }
    }
}

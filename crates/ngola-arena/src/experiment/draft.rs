//! An experiment as given, before it is checked: the one serde shape of
//! experiment files, which flags fill too. Every field is optional; later
//! sources override earlier ones ([`ExperimentDraft::overlay`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::de::{self, Deserializer};
use serde::Deserialize;

use crate::entry::{scalar_text, EngineConfig};
use crate::error::{ArenaError, FileError, Result};

use super::OpeningPlies;

/// Declares [`ExperimentDraft`]'s optional fields once: the struct and
/// [`ExperimentDraft::overlay`] come from the one list.
macro_rules! draft_fields {
    ($($(#[$meta:meta])* $field:ident: $ty:ty,)*) => {
        /// An experiment as given: every field optional, values not yet
        /// checked (see [`ExperimentDraft::finish`]). As read from TOML,
        /// unknown keys are errors that name the key.
        #[derive(Debug, Clone, Default, PartialEq, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct ExperimentDraft {
            $($(#[$meta])* pub $field: Option<$ty>,)*
            /// Rule options as `(key, value)`, applied in order to the
            /// defaults (the file's `[rules]` table).
            #[serde(default, deserialize_with = "rule_table")]
            pub rules: Vec<(String, String)>,
            /// External engines by name (`[engines.NAME]`); a later
            /// source's definition of a name replaces an earlier one's.
            #[serde(default)]
            pub engines: BTreeMap<String, EngineConfig>,
        }

        impl ExperimentDraft {
            /// `self` with every field that `over` sets replaced by
            /// `over`'s; rule assignments are appended (so `over`'s win).
            pub fn overlay(mut self, over: ExperimentDraft) -> Self {
                $(if over.$field.is_some() { self.$field = over.$field; })*
                self.rules.extend(over.rules);
                self.engines.extend(over.engines);
                self
            }
        }
    };
}

draft_fields! {
    /// Names the default output folder.
    name: String,
    /// The game's name.
    game: String,
    /// Agent entries: `[NAME=]SPEC`, SPEC a built-in spec or `engine:NAME`.
    agents: Vec<String>,
    /// What tables call each agent, in the agents' order (default: its
    /// short name, else its spec as given).
    labels: Vec<String>,
    /// Time control `BASE+INC` (seconds) for every agent.
    tc: String,
    /// Milliseconds a clock may run over.
    timemargin: u64,
    /// `round-robin` or `gauntlet`.
    format: String,
    /// Games per pairing (both colours), even.
    games: u32,
    /// Master seed.
    seed: u64,
    /// Random plies before each colour-swapped pair, or `auto`.
    opening_plies: OpeningPlies,
    /// Worker threads.
    threads: usize,
    /// `elo0=..,elo1=..,alpha=..,beta=..`.
    sprt: String,
    /// `i/n`.
    shard: String,
    /// Output folder.
    out: PathBuf,
    /// An opening suite file.
    openings: PathBuf,
    /// `sequential` or `random`.
    openings_order: String,
    /// Let pairs of a pairing repeat openings when too few exist.
    allow_repeated_openings: bool,
    /// Ends games early: `tablebase=DIR`, `majority`.
    adjudicate: Vec<String>,
    /// An endgame database folder: each agent's moves measured against it
    /// (`accuracy.csv`).
    accuracy: PathBuf,
    /// The agent rated 0 in `ratings.csv`: a name, spec or id.
    #[serde(default, deserialize_with = "id_or_name")]
    anchor: String,
}

/// The `[rules]` table as `(key, value)` assignments.
fn rule_table<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, String)>, D::Error> {
    toml::Table::deserialize(d)?
        .into_iter()
        .map(|(key, value)| {
            let text = scalar_text(&format!("rules.{key}"), value).map_err(de::Error::custom)?;
            Ok((key, text))
        })
        .collect()
}

/// `anchor`: an agent id or a name, as text.
fn id_or_name<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum IdOrName {
        Id(u32),
        Name(String),
    }
    Ok(
        Option::<IdOrName>::deserialize(d)?.map(|anchor| match anchor {
            IdOrName::Id(id) => id.to_string(),
            IdOrName::Name(name) => name,
        }),
    )
}

impl ExperimentDraft {
    /// Reads an experiment file. Errors name the file and the bad field.
    pub fn from_file(path: &Path) -> Result<Self> {
        // An experiment file that cannot be read is the user's to fix.
        let text =
            crate::text_file::read_text(path, crate::text_file::MAX_LINE).map_err(|e| match e {
                ArenaError::File(FileError::Io { source, .. }) => {
                    ArenaError::bad_file(path, source.to_string())
                }
                e => e,
            })?;
        let mut draft =
            Self::from_toml(&text).map_err(|e| ArenaError::bad_file(path, e.to_string()))?;
        if draft.name.is_none() {
            draft.name = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        }
        // A suite named in a file lives beside it.
        if let (Some(suite), Some(dir)) = (&draft.openings, path.parent()) {
            if suite.is_relative() {
                draft.openings = Some(dir.join(suite));
            }
        }
        Ok(draft)
    }

    /// Reads the text of an experiment file; the error's message names the
    /// bad key.
    pub fn from_toml(text: &str) -> Result<Self, toml::de::Error> {
        toml::from_str(text)
    }

    /// True if nothing is set.
    pub fn is_empty(&self) -> bool {
        *self == ExperimentDraft::default()
    }

    /// True if the draft sets anything that decides the games (anything
    /// but `name`, `labels`, `threads`, `out` and `anchor`).
    pub fn sets_identity(&self) -> bool {
        let identity_free = ExperimentDraft {
            name: None,
            labels: None,
            threads: None,
            out: None,
            anchor: None,
            ..self.clone()
        };
        !identity_free.is_empty()
    }
}

//! Experiment specs: what a tournament plays, read from a TOML file
//! and/or command-line flags, validated, and written back with every
//! default explicit (the folder's `experiment.toml`).
//!
//! ```toml
//! name = "quickstart"              # optional; names the default output folder
//! game = "mangola"
//! agents = ["random", "greedy", "ab2=alphabeta:depth=2", "mine=engine:mine"]
//! format = "round-robin"           # or "gauntlet" (first agent vs each other)
//! games = 20                       # per pairing, both colours included; even
//! seed = 7                         # master seed of the schedule
//! opening_plies = "auto"           # random plies before each colour-swapped pair
//! # openings = "book.txt"          # an opening suite instead (path relative to this file)
//! # openings_order = "sequential"  # or "random"
//! # allow_repeated_openings = false
//! # anchor = "random"              # the agent rated 0 in ratings.csv (default: the first)
//! threads = 2                      # not part of the results
//! sprt = "elo0=0,elo1=10,alpha=0.05,beta=0.05"   # optional, two agents only
//! shard = "1/4"                    # optional
//! out = "results/runs/quickstart"  # optional
//! tc = "10+0.1"                    # optional clock for every agent: BASE+INC seconds
//! timemargin = 100                 # ms a clock may run over in all before the game is lost
//!
//! [rules]
//! capture_sowing = "lap-start"
//!
//! [engines.mine]                   # an external UGI engine, agent `engine:mine`
//! command = ["python3", "bots/mine.py"]   # argv, no shell
//! dir = "."                        # optional working directory
//! options = { hash = "64" }        # optional, sent as setoption
//! ```
//!
//! Two types: an [`ExperimentDraft`] is what files and flags give (serde,
//! every field optional), [`ExperimentDraft::finish`] checks it into an
//! [`Experiment`], which serde writes back as `experiment.toml`. A new
//! field is declared in the draft's field list and in `Experiment` (with
//! its check in `finish`); reading, overlaying, writing and comparing
//! experiments follow from those two declarations.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use ngola_rules::{Game, GameKind, RuleOptions};

use crate::entry::{AgentEntry, AgentKind, EngineConfig, TimeControl};
use crate::error::{ArenaError, Result};
use crate::format::{Format, Shard, SprtConfig};
use crate::schedule::{pairings, Schedule};
use crate::suite::{OpeningSuite, OpeningsOrder};

mod check;
mod draft;
mod serial;

pub use check::check_threads;
pub use draft::ExperimentDraft;

/// Games per pairing when neither the file nor the flags say.
pub const DEFAULT_GAMES: u32 = 10;
/// Master seed when neither the file nor the flags say.
pub const DEFAULT_SEED: u64 = 1;
/// The largest master seed (TOML integers are signed 64-bit).
pub const MAX_SEED: u64 = i64::MAX as u64;
pub use ngola_rules::opening::MAX_OPENING_PLIES;
/// The most worker threads accepted: more than any machine's cores, and
/// each worker holds its agents' tables (alpha-beta 16 MiB by default).
pub const MAX_THREADS: usize = 1024;
/// How far (ms) a clock may run over before its side loses, by default.
pub const DEFAULT_TIMEMARGIN_MS: u64 = 100;

/// How many random plies open each colour-swapped pair.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum OpeningPlies {
    /// The fewest that give every pair of a pairing its own opening (none
    /// when each pairing plays one pair), chosen when the run is planned
    /// (see [`crate::openings`]); the default.
    #[default]
    Auto,
    /// Exactly this many (0: every game from the start position).
    Plies(u32),
}

/// The text of [`OpeningPlies::Auto`] in files.
const AUTO: &str = "auto";

impl fmt::Display for OpeningPlies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningPlies::Auto => f.write_str(AUTO),
            OpeningPlies::Plies(k) => write!(f, "{k}"),
        }
    }
}

impl Serialize for OpeningPlies {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            OpeningPlies::Auto => serializer.serialize_str(AUTO),
            OpeningPlies::Plies(k) => serializer.serialize_u32(*k),
        }
    }
}

impl<'de> Deserialize<'de> for OpeningPlies {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Given {
            Plies(u32),
            Word(String),
        }
        match Given::deserialize(deserializer)? {
            Given::Plies(k) => Ok(OpeningPlies::Plies(k)),
            Given::Word(word) if word == AUTO => Ok(OpeningPlies::Auto),
            Given::Word(word) => Err(serde::de::Error::custom(format!(
                "opening_plies: `{word}`: give a number of plies or \"{AUTO}\""
            ))),
        }
    }
}

/// A checked experiment. After [`Experiment::resolve`] its rules list
/// every option of the game, so that `to_toml` writes every default.
/// Serialized in the order of `experiment.toml` (see the `serial` module).
///
/// ```
/// use ngola_arena::{Experiment, ExperimentDraft};
/// use ngola_rules::mangola::Mangola;
///
/// let draft = ExperimentDraft::from_toml(
///     r#"
///     game = "mangola"
///     agents = ["random", "ab=alphabeta:depth=2"]
///     games = 10
///     [rules]
///     capture_sowing = "ludii"
///     "#,
/// )
/// .unwrap();
/// let mut experiment: Experiment = draft.finish().unwrap();
/// assert_eq!(experiment.labels, ["random", "ab"]);
/// assert_eq!(
///     experiment.agent_names()[1],
///     "alphabeta:depth=2,nodes=none,time=none,eval=heuristic,tt=16"
/// );
/// let rules = experiment.resolve::<Mangola>().unwrap();
/// assert_eq!(rules.columns, 8);
/// // Written back with every default explicit, it reads back the same.
/// let mut again = ExperimentDraft::from_toml(&experiment.to_toml())
///     .unwrap()
///     .finish()
///     .unwrap();
/// again.resolve::<Mangola>().unwrap();
/// assert_eq!(again, experiment);
///
/// // A bad field is an error that names it.
/// let odd = ExperimentDraft::from_toml("game = \"kalah\"\nagents = [\"random\", \"greedy\"]\ngames = 5");
/// assert!(odd.unwrap().finish().unwrap_err().to_string().starts_with("games"));
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Experiment {
    /// Names the default output folder.
    pub name: String,
    /// The game.
    #[serde(serialize_with = "serial::display")]
    pub game: GameKind,
    /// The agents, in order (ids are indices into this list).
    #[serde(serialize_with = "serial::display_all")]
    pub agents: Vec<AgentEntry>,
    /// What tables, plots and progress call each agent: its short name,
    /// else its spec as given (`experiment.toml` and `games.csv` keep the
    /// canonical specs).
    pub labels: Vec<String>,
    /// Round robin or gauntlet.
    #[serde(serialize_with = "serial::display")]
    pub format: Format,
    /// Games per pairing, both colours; even.
    pub games: u32,
    /// Master seed of the schedule.
    pub seed: u64,
    /// Random plies played before each colour-swapped pair.
    pub opening_plies: OpeningPlies,
    /// An opening suite, played instead of random openings.
    #[serde(serialize_with = "serial::suite")]
    pub openings: Option<OpeningSuite>,
    /// The order in which the suite's openings are played.
    #[serde(serialize_with = "serial::display")]
    pub openings_order: OpeningsOrder,
    /// Pairs of a pairing may repeat an opening when too few distinct ones
    /// exist (the summary then says so).
    pub allow_repeated_openings: bool,
    /// The id of the agent rated 0 in `ratings.csv` (default 0, the first).
    pub anchor: u32,
    /// Worker threads (does not change any result).
    pub threads: usize,
    /// Early stop for two-agent matches.
    #[serde(serialize_with = "serial::display_some")]
    pub sprt: Option<SprtConfig>,
    /// The slice of the run this process plays.
    #[serde(serialize_with = "serial::display_some")]
    pub shard: Option<Shard>,
    /// The clock of every agent, if any.
    #[serde(serialize_with = "serial::display_some")]
    pub tc: Option<TimeControl>,
    /// How far a clock may run over before its side loses.
    #[serde(serialize_with = "serial::millis")]
    pub timemargin: Duration,
    /// How games may end before their rules end them (empty: never).
    #[serde(
        serialize_with = "serial::display_all",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub adjudicate: Vec<crate::adjudicate::Adjudication>,
    /// The endgame database the agents' moves are measured against
    /// (`accuracy.csv`); does not change any game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accuracy: Option<PathBuf>,
    /// Output folder, if given (not written: the file lives in it).
    #[serde(skip)]
    pub out: Option<PathBuf>,
    /// Rule options as `(key, value)`.
    #[serde(serialize_with = "serial::rule_table")]
    pub rules: Vec<(String, String)>,
    /// External engines by name (`engine:NAME` agents).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub engines: BTreeMap<String, EngineConfig>,
}

impl Experiment {
    /// Every game of the run (all shards): its schedule.
    pub fn schedule(&self) -> Schedule {
        Schedule::new(self.agents.len(), self.format, self.games, self.seed)
    }

    /// Checks the rule options against game `G` and makes every one
    /// explicit. Returns the game's rules.
    pub fn resolve<G: Game>(&mut self) -> Result<G::Rules> {
        let assignments: Vec<String> = self.rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let rules = G::Rules::from_assignments(&assignments)
            .map_err(|e| ArenaError::field("rules", e.to_string()))?;
        self.rules = rules.to_pairs();
        Ok(rules)
    }

    /// Checks that the agents' tables fit in `limit`, the memory the
    /// caller allows: each worker thread plays one game at a time, whose
    /// two agents hold their tables at once, so the run needs `threads`
    /// times the largest pairing's two tables
    /// ([`ngola_agents::AgentSpec::memory_mb`]). An error names the limit
    /// and the field to change.
    pub fn check_memory(&self, limit: Option<ngola_agents::memory::MemoryLimit>) -> Result<()> {
        // External agents' memory is their own process's.
        let seat = |id: u32| match self.agents.get(id as usize).map(|a| &a.kind) {
            Some(AgentKind::BuiltIn(spec)) => spec.memory_mb(),
            _ => 0,
        };
        let Some((pairing, game)) = pairings(self.agents.len(), self.format)
            .into_iter()
            .map(|p| (p, seat(p.first) + seat(p.second)))
            .max_by_key(|&(_, mb)| mb)
        else {
            return Ok(());
        };
        let threads = self.threads.max(1) as u64;
        ngola_agents::memory::check(limit, threads * game, || {
            format!(
                "the agents' tables ({} and {}: {game} MiB a game, {threads} game(s) at once)",
                self.agents[pairing.first as usize], self.agents[pairing.second as usize]
            )
        })
        .map_err(|e| ArenaError::field("agents", format!("{e}, or fewer threads")))
    }

    /// The agents' full specs in canonical form, as `games.csv` and
    /// `standings.csv` record them (`engine:NAME` for external agents).
    pub fn agent_names(&self) -> Vec<String> {
        self.agents.iter().map(AgentEntry::spec).collect()
    }

    /// The names tables, plots and progress show: each agent's label (its
    /// short name, else its spec as given), followed by ` #ID` where two
    /// agents' labels are the same.
    pub fn display_names(&self) -> Vec<String> {
        self.labels
            .iter()
            .enumerate()
            .map(|(id, label)| {
                if self.labels.iter().filter(|l| *l == label).count() > 1 {
                    format!("{label} #{id}")
                } else {
                    label.clone()
                }
            })
            .collect()
    }

    /// The engines that agents use, by name (the ones that decide games).
    pub fn engines_used(&self) -> BTreeMap<&str, Option<&EngineConfig>> {
        self.agents
            .iter()
            .filter_map(AgentEntry::external)
            .map(|name| (name, self.engines.get(name)))
            .collect()
    }

    /// Reads an `experiment.toml` written by [`Experiment::to_toml`].
    pub fn from_file(path: &Path) -> Result<Experiment> {
        let draft = ExperimentDraft::from_file(path)?;
        draft
            .finish()
            .map_err(|e| ArenaError::bad_file(path, e.to_string()))
    }
}

#[cfg(test)]
mod tests;

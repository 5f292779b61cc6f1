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
//! opening_plies = 0                # random plies before each colour-swapped pair
//! # openings = "book.txt"          # an opening suite instead (path relative to this file)
//! # openings_order = "sequential"  # or "random"
//! # allow_repeated_openings = false
//! # anchor = "random"              # the agent rated 0 in ratings.csv (default: the first)
//! threads = 2                      # not part of the results
//! sprt = "elo0=0,elo1=10,alpha=0.05,beta=0.05"   # optional, two agents only
//! shard = "1/4"                    # optional
//! out = "results/runs/quickstart"  # optional
//! tc = "10+0.1"                    # optional clock for every agent: BASE+INC seconds
//! timemargin = 100                 # ms a clock may run over before the game is lost
//!
//! [rules]
//! capture_sowing = "lap-start"
//!
//! [engines.mine]                   # an external UGI engine, agent `engine:mine`
//! command = ["python3", "bots/mine.py"]   # argv, no shell
//! dir = "."                        # optional working directory
//! options = { hash = "64" }        # optional, sent as setoption
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use serde::Deserialize;

use ngola_rules::{Game, GameKind, RuleOptions};

use crate::entry::{is_valid_name, AgentEntry, AgentKind, EngineConfig, TimeControl};
use crate::error::{ArenaError, Result};
use crate::format::{Format, Shard, SprtConfig};
use crate::schedule::{pairings, MAX_GAMES};
use crate::suite::{OpeningSuite, OpeningsOrder, SUITE_FILE};

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

/// An experiment as given: every field optional, values not yet checked.
/// Later sources override earlier ones with [`ExperimentDraft::overlay`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExperimentDraft {
    /// Names the default output folder.
    pub name: Option<String>,
    /// The game's name.
    pub game: Option<String>,
    /// Rule options as `(key, value)`, applied in order to the defaults.
    pub rules: Vec<(String, String)>,
    /// Agent entries: `[NAME=]SPEC`, SPEC a built-in spec or `engine:NAME`.
    pub agents: Option<Vec<String>>,
    /// External engines by name; a later source's definition of a name
    /// replaces an earlier one's.
    pub engines: BTreeMap<String, EngineConfig>,
    /// Time control `BASE+INC` (seconds) for every agent.
    pub tc: Option<String>,
    /// Milliseconds a clock may run over.
    pub timemargin: Option<u64>,
    /// `round-robin` or `gauntlet`.
    pub format: Option<String>,
    /// Games per pairing (both colours), even.
    pub games: Option<u32>,
    /// Master seed.
    pub seed: Option<u64>,
    /// Random plies before each colour-swapped pair.
    pub opening_plies: Option<u32>,
    /// Worker threads.
    pub threads: Option<usize>,
    /// `elo0=..,elo1=..,alpha=..,beta=..`.
    pub sprt: Option<String>,
    /// `i/n`.
    pub shard: Option<String>,
    /// Output folder.
    pub out: Option<PathBuf>,
    /// An opening suite file.
    pub openings: Option<PathBuf>,
    /// `sequential` or `random`.
    pub openings_order: Option<String>,
    /// Let pairs of a pairing repeat openings when too few exist.
    pub allow_repeated_openings: Option<bool>,
    /// The agent rated 0 in `ratings.csv`: a name, spec or id.
    pub anchor: Option<String>,
}

/// The TOML shape of an experiment file; unknown keys are errors that
/// name the key.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExperimentFile {
    name: Option<String>,
    game: Option<String>,
    agents: Option<Vec<String>>,
    format: Option<String>,
    games: Option<u32>,
    seed: Option<u64>,
    opening_plies: Option<u32>,
    threads: Option<usize>,
    sprt: Option<String>,
    shard: Option<String>,
    out: Option<PathBuf>,
    openings: Option<PathBuf>,
    openings_order: Option<String>,
    allow_repeated_openings: Option<bool>,
    anchor: Option<AnchorText>,
    tc: Option<String>,
    timemargin: Option<u64>,
    rules: Option<toml::Table>,
    engines: Option<BTreeMap<String, EngineFile>>,
}

/// The TOML shape of an `[engines.NAME]` table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EngineFile {
    command: Vec<String>,
    dir: Option<PathBuf>,
    options: Option<toml::Table>,
}

/// A TOML scalar as text (rule values and engine options).
fn scalar_text(field: &str, value: toml::Value) -> Result<String, String> {
    match value {
        toml::Value::String(s) => Ok(s),
        toml::Value::Integer(i) => Ok(i.to_string()),
        toml::Value::Boolean(b) => Ok(b.to_string()),
        toml::Value::Float(f) => Ok(f.to_string()),
        other => Err(format!(
            "{field}: expected a string, number or boolean, found {}",
            other.type_str()
        )),
    }
}

/// `anchor` in a file: an agent id or a name.
#[derive(Deserialize)]
#[serde(untagged)]
enum AnchorText {
    Id(u32),
    Name(String),
}

impl ExperimentDraft {
    /// Reads an experiment file. Errors name the file and the bad field.
    pub fn from_file(path: &Path) -> Result<Self> {
        // An experiment file that cannot be read is the user's to fix.
        let text =
            std::fs::read_to_string(path).map_err(|e| ArenaError::bad_file(path, e.to_string()))?;
        let mut draft = Self::from_toml(&text).map_err(|e| ArenaError::bad_file(path, e))?;
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

    /// Reads the text of an experiment file.
    pub fn from_toml(text: &str) -> Result<Self, String> {
        let file: ExperimentFile = toml::from_str(text).map_err(|e| e.to_string())?;
        let mut rules = Vec::new();
        for (key, value) in file.rules.unwrap_or_default() {
            let value = scalar_text(&format!("rules.{key}"), value)?;
            rules.push((key, value));
        }
        let mut engines = BTreeMap::new();
        for (name, engine) in file.engines.unwrap_or_default() {
            let mut options = BTreeMap::new();
            for (key, value) in engine.options.unwrap_or_default() {
                let value = scalar_text(&format!("engines.{name}.options.{key}"), value)?;
                options.insert(key, value);
            }
            engines.insert(
                name,
                EngineConfig {
                    command: engine.command,
                    dir: engine.dir,
                    options,
                },
            );
        }
        Ok(ExperimentDraft {
            name: file.name,
            game: file.game,
            rules,
            agents: file.agents,
            format: file.format,
            games: file.games,
            seed: file.seed,
            opening_plies: file.opening_plies,
            threads: file.threads,
            sprt: file.sprt,
            shard: file.shard,
            out: file.out,
            openings: file.openings,
            openings_order: file.openings_order,
            allow_repeated_openings: file.allow_repeated_openings,
            anchor: file.anchor.map(|a| match a {
                AnchorText::Id(id) => id.to_string(),
                AnchorText::Name(name) => name,
            }),
            engines,
            tc: file.tc,
            timemargin: file.timemargin,
        })
    }

    /// `self` with every field that `over` sets replaced by `over`'s; rule
    /// assignments are appended (so `over`'s win).
    pub fn overlay(mut self, over: ExperimentDraft) -> Self {
        macro_rules! take {
            ($($field:ident),*) => { $( if over.$field.is_some() { self.$field = over.$field; } )* };
        }
        take!(
            name,
            game,
            agents,
            format,
            games,
            seed,
            opening_plies,
            threads,
            sprt,
            shard,
            out,
            openings,
            openings_order,
            allow_repeated_openings,
            anchor,
            tc,
            timemargin
        );
        self.rules.extend(over.rules);
        self.engines.extend(over.engines);
        self
    }

    /// True if nothing is set.
    pub fn is_empty(&self) -> bool {
        *self == ExperimentDraft::default()
    }

    /// True if the draft sets anything that decides the games (anything
    /// but `name`, `threads`, `out` and `anchor`).
    pub fn sets_identity(&self) -> bool {
        let identity_free = ExperimentDraft {
            name: None,
            threads: None,
            out: None,
            anchor: None,
            ..self.clone()
        };
        !identity_free.is_empty()
    }

    /// Checks every field and applies the defaults. Rule options are
    /// checked by [`Experiment::resolve`], which needs the game's type.
    pub fn finish(self) -> Result<Experiment> {
        let game_name = self
            .game
            .ok_or_else(|| ArenaError::field("game", "missing (e.g. game = \"mangola\")"))?;
        let game = GameKind::from_str(&game_name).map_err(|e| ArenaError::field("game", e))?;
        let agent_texts = self.agents.unwrap_or_default();
        if agent_texts.len() < 2 {
            return Err(ArenaError::field(
                "agents",
                format!(
                    "a tournament needs at least 2 agents, found {}",
                    agent_texts.len()
                ),
            ));
        }
        let agents = agent_texts
            .iter()
            .enumerate()
            .map(|(i, text)| {
                AgentEntry::from_str(text)
                    .map_err(|e| ArenaError::field(format!("agents[{i}] (`{text}`)"), e))
            })
            .collect::<Result<Vec<_>>>()?;
        for (i, agent) in agents.iter().enumerate() {
            let Some(name) = &agent.name else { continue };
            if let Some(j) = agents[..i]
                .iter()
                .position(|a| a.name.as_ref() == Some(name))
            {
                return Err(ArenaError::field(
                    format!("agents[{i}]"),
                    format!("short name `{name}` is also agents[{j}]'s; short names must differ"),
                ));
            }
        }
        for (name, engine) in &self.engines {
            if !is_valid_name(name) {
                return Err(ArenaError::field(
                    format!("engines.{name}"),
                    "an engine's name uses letters, digits, `.`, `_` and `-` only",
                ));
            }
            if engine
                .command
                .first()
                .is_none_or(|program| program.is_empty())
            {
                return Err(ArenaError::field(
                    format!("engines.{name}.command"),
                    "empty: give the program and its arguments, e.g. [\"python3\", \"bot.py\"]",
                ));
            }
        }
        let tc = self
            .tc
            .as_deref()
            .map(TimeControl::from_str)
            .transpose()
            .map_err(|e| ArenaError::field("tc", e))?;
        let timemargin = Duration::from_millis(self.timemargin.unwrap_or(DEFAULT_TIMEMARGIN_MS));
        let format = match self.format {
            Some(text) => text.parse()?,
            None => Format::RoundRobin,
        };
        let openings = self
            .openings
            .as_deref()
            .map(OpeningSuite::read)
            .transpose()?;
        let openings_order = match self.openings_order.as_deref() {
            None => OpeningsOrder::Sequential,
            Some(text) => text.parse()?,
        };
        if self.openings_order.is_some() && openings.is_none() {
            return Err(ArenaError::field(
                "openings_order",
                "orders an opening suite; give one with openings (--openings FILE)",
            ));
        }
        if openings.is_some() && self.opening_plies.is_some_and(|k| k > 0) {
            return Err(ArenaError::field(
                "opening_plies",
                "random openings and an opening suite (openings) exclude each other",
            ));
        }
        // A suite is played once per pairing by default: each opening twice.
        let default_games = openings
            .as_ref()
            .map_or(DEFAULT_GAMES, |suite| suite.default_games());
        let games = self.games.unwrap_or(default_games);
        if games == 0 || games % 2 == 1 {
            return Err(ArenaError::field(
                "games",
                format!(
                    "{games} games per pairing: must be even and at least 2 \
                     (each pairing plays colour-swapped pairs)"
                ),
            ));
        }
        let seed = self.seed.unwrap_or(DEFAULT_SEED);
        if seed > MAX_SEED {
            return Err(ArenaError::field(
                "seed",
                format!("{seed} is larger than {MAX_SEED}"),
            ));
        }
        let opening_plies = self.opening_plies.unwrap_or(0);
        if opening_plies > MAX_OPENING_PLIES {
            return Err(ArenaError::field(
                "opening_plies",
                format!("{opening_plies} is more than {MAX_OPENING_PLIES}"),
            ));
        }
        let threads = match self.threads {
            Some(t) => check_threads(t)?,
            None => std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .min(MAX_THREADS),
        };
        let sprt = self.sprt.as_deref().map(SprtConfig::from_str).transpose()?;
        let shard = self.shard.as_deref().map(Shard::from_str).transpose()?;
        if sprt.is_some() && agents.len() != 2 {
            return Err(ArenaError::field(
                "sprt",
                format!("an SPRT needs exactly 2 agents, found {}", agents.len()),
            ));
        }
        if sprt.is_some() && shard.is_some_and(|s| s.count > 1) {
            return Err(ArenaError::field(
                "sprt",
                "an SPRT stops on the games played so far and cannot be split into shards",
            ));
        }
        let pairings = pairings(agents.len(), format).len() as u64;
        let total = pairings * u64::from(games);
        if total > MAX_GAMES {
            return Err(ArenaError::field(
                "games",
                format!(
                    "{games} games per pairing x {pairings} pairing(s) = {total} games, more than \
                     the {MAX_GAMES} a run may hold (each row is kept in memory until the end); \
                     split the study into runs with other seeds"
                ),
            ));
        }
        let anchor = match &self.anchor {
            Some(anchor) => anchor_id(anchor, &agents)?,
            None => 0,
        };
        let name = self.name.unwrap_or_else(|| "tournament".to_string());
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
        {
            return Err(ArenaError::field(
                "name",
                format!("`{name}`: use letters, digits, `.`, `_` and `-` only"),
            ));
        }
        Ok(Experiment {
            name,
            game,
            rules: self.rules,
            agents,
            format,
            games,
            seed,
            opening_plies,
            threads,
            sprt,
            shard,
            out: self.out,
            openings,
            openings_order,
            allow_repeated_openings: self.allow_repeated_openings.unwrap_or(false),
            anchor,
            engines: self.engines,
            tc,
            timemargin,
        })
    }
}

/// A rule value as TOML: a number or boolean unquoted when it reads back
/// as the same text, otherwise a string.
fn toml_rule_value(value: &str) -> String {
    let plain = value.parse::<i64>().is_ok_and(|n| n.to_string() == value)
        || value == "true"
        || value == "false";
    if plain {
        value.to_string()
    } else {
        toml::Value::String(value.to_string()).to_string()
    }
}

/// Checks a thread count: 1 to [`MAX_THREADS`].
pub fn check_threads(threads: usize) -> Result<usize> {
    if threads == 0 || threads > MAX_THREADS {
        return Err(ArenaError::field(
            "threads",
            format!("{threads}: give 1 to {MAX_THREADS} worker threads"),
        ));
    }
    Ok(threads)
}

/// The id of the agent `anchor` names: an id (`0`, `#0`), an agent's
/// short name, or its spec (in any form that reads to the same canonical
/// spec); an error if none or several match.
fn anchor_id(anchor: &str, agents: &[AgentEntry]) -> Result<u32> {
    let wanted = anchor.trim();
    if let Ok(id) = wanted.trim_start_matches('#').parse::<usize>() {
        if id < agents.len() {
            return Ok(id as u32);
        }
        return Err(ArenaError::field(
            "anchor",
            format!(
                "agent id {id} is not in the experiment (0 to {})",
                agents.len() - 1
            ),
        ));
    }
    let canonical = ngola_agents::AgentSpec::from_str(wanted)
        .ok()
        .map(|s| s.to_string());
    let matches: Vec<usize> = (0..agents.len())
        .filter(|&i| {
            let spec = agents[i].spec();
            agents[i].name.as_deref() == Some(wanted)
                || spec == wanted
                || canonical.as_deref() == Some(spec.as_str())
        })
        .collect();
    match matches.as_slice() {
        [id] => Ok(*id as u32),
        [] => Err(ArenaError::field(
            "anchor",
            format!("`{anchor}` is none of the experiment's agents"),
        )),
        several => Err(ArenaError::field(
            "anchor",
            format!(
                "`{anchor}` names agents {}; give one id",
                several
                    .iter()
                    .map(|i| i.to_string())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        )),
    }
}

/// A checked experiment. After [`Experiment::resolve`] its rules list
/// every option of the game, so that `to_toml` writes every default.
#[derive(Debug, Clone, PartialEq)]
pub struct Experiment {
    /// Names the default output folder.
    pub name: String,
    /// The game.
    pub game: GameKind,
    /// Rule options as `(key, value)`.
    pub rules: Vec<(String, String)>,
    /// The agents, in order (ids are indices into this list).
    pub agents: Vec<AgentEntry>,
    /// External engines by name (`engine:NAME` agents).
    pub engines: BTreeMap<String, EngineConfig>,
    /// The clock of every agent, if any.
    pub tc: Option<TimeControl>,
    /// How far a clock may run over before its side loses.
    pub timemargin: Duration,
    /// Round robin or gauntlet.
    pub format: Format,
    /// Games per pairing, both colours; even.
    pub games: u32,
    /// Master seed of the schedule.
    pub seed: u64,
    /// Random plies played before each colour-swapped pair.
    pub opening_plies: u32,
    /// Worker threads (does not change any result).
    pub threads: usize,
    /// Early stop for two-agent matches.
    pub sprt: Option<SprtConfig>,
    /// The slice of the run this process plays.
    pub shard: Option<Shard>,
    /// Output folder, if given.
    pub out: Option<PathBuf>,
    /// An opening suite, played instead of random openings.
    pub openings: Option<OpeningSuite>,
    /// The order in which the suite's openings are played.
    pub openings_order: OpeningsOrder,
    /// Pairs of a pairing may repeat an opening when too few distinct ones
    /// exist (the summary then says so).
    pub allow_repeated_openings: bool,
    /// The id of the agent rated 0 in `ratings.csv` (default 0, the first).
    pub anchor: u32,
}

impl Experiment {
    /// Checks the rule options against game `G` and makes every one
    /// explicit. Returns the game's rules.
    pub fn resolve<G: Game>(&mut self) -> Result<G::Rules> {
        let assignments: Vec<String> = self.rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let rules = G::Rules::from_assignments(&assignments)
            .map_err(|e| ArenaError::field("rules", e.to_string()))?;
        self.rules = rules.to_pairs();
        Ok(rules)
    }

    /// Checks that the agents' tables fit in memory: each worker thread
    /// plays one game at a time, whose two agents hold their tables at
    /// once, so the run needs `threads` times the largest pairing's two
    /// tables ([`ngola_agents::AgentSpec::memory_mb`]). An error names the limit
    /// ([`ngola_agents::memory`]) and the field to change.
    pub fn check_memory(&self) -> Result<()> {
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
        ngola_agents::memory::check(threads * game, || {
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

    /// The names tables, plots and progress show: each agent's short name,
    /// else its full spec.
    pub fn display_names(&self) -> Vec<String> {
        self.agents.iter().map(AgentEntry::display_name).collect()
    }

    /// The engines that agents use, by name (the ones that decide games).
    pub fn engines_used(&self) -> BTreeMap<&str, Option<&EngineConfig>> {
        self.agents
            .iter()
            .filter_map(AgentEntry::external)
            .map(|name| (name, self.engines.get(name)))
            .collect()
    }

    /// The fields that decide the games and in which `self` and `other`
    /// differ (empty if they describe the same games). Name, threads,
    /// shard and output folder do not count.
    pub fn identity_differences(&self, other: &Experiment) -> Vec<&'static str> {
        let mut diff = Vec::new();
        if self.game != other.game {
            diff.push("game");
        }
        // Files list rules sorted by key (TOML tables), resolved
        // experiments in the game's order: compare the sets.
        let sorted = |rules: &[(String, String)]| {
            let mut rules = rules.to_vec();
            rules.sort();
            rules
        };
        if sorted(&self.rules) != sorted(&other.rules) {
            diff.push("rules");
        }
        if self.agent_names() != other.agent_names() {
            diff.push("agents");
        }
        if self.format != other.format {
            diff.push("format");
        }
        if self.games != other.games {
            diff.push("games");
        }
        if self.seed != other.seed {
            diff.push("seed");
        }
        if self.opening_plies != other.opening_plies {
            diff.push("opening_plies");
        }
        if self.sprt != other.sprt {
            diff.push("sprt");
        }
        if self.openings != other.openings {
            diff.push("openings");
        }
        if self.openings.is_some() && self.openings_order != other.openings_order {
            diff.push("openings_order");
        }
        if self.allow_repeated_openings != other.allow_repeated_openings {
            diff.push("allow_repeated_openings");
        }
        if self.engines_used() != other.engines_used() {
            diff.push("engines");
        }
        if self.tc != other.tc {
            diff.push("tc");
        }
        if self.timemargin != other.timemargin {
            diff.push("timemargin");
        }
        diff
    }

    /// What `field` (a name [`Experiment::identity_differences`] returns)
    /// is in this experiment, for messages.
    pub fn field_text(&self, field: &str) -> String {
        match field {
            "game" => self.game.name().to_string(),
            "rules" => {
                let mut rules: Vec<String> =
                    self.rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
                rules.sort();
                rules.join(",")
            }
            "agents" => self.agent_names().join(" "),
            "format" => self.format.to_string(),
            "games" => self.games.to_string(),
            "seed" => self.seed.to_string(),
            "opening_plies" => self.opening_plies.to_string(),
            "sprt" => self.sprt.map_or("none".to_string(), |s| s.to_string()),
            "shard" => self.shard.map_or("none".to_string(), |s| s.to_string()),
            "openings" => self.openings.as_ref().map_or("none".to_string(), |s| {
                format!("{} openings from {}", s.len(), s.path.display())
            }),
            "openings_order" => self.openings_order.to_string(),
            "allow_repeated_openings" => self.allow_repeated_openings.to_string(),
            _ => String::new(),
        }
    }

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
        let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
        let mut text = String::from(
            "# Written by `ngola tournament`: the resolved experiment, every default explicit.\n",
        );
        text += comments;
        text += &format!("name = {}\n", quote(&self.name));
        text += &format!("game = {}\n", quote(self.game.name()));
        let agents: Vec<String> = self.agents.iter().map(|a| quote(&a.to_string())).collect();
        text += &format!("agents = [{}]\n", agents.join(", "));
        text += &format!("format = {}\n", quote(self.format.as_str()));
        text += &format!("games = {}\n", self.games);
        text += &format!("seed = {}\n", self.seed);
        text += &format!("opening_plies = {}\n", self.opening_plies);
        if self.openings.is_some() {
            text += &format!("openings = {}\n", quote(SUITE_FILE));
            text += &format!("openings_order = {}\n", quote(self.openings_order.as_str()));
        }
        text += &format!(
            "allow_repeated_openings = {}\n",
            self.allow_repeated_openings
        );
        text += &format!("anchor = {}\n", self.anchor);
        text += &format!("threads = {}\n", self.threads);
        if let Some(sprt) = &self.sprt {
            text += &format!("sprt = {}\n", quote(&sprt.to_string()));
        }
        if let Some(shard) = &self.shard {
            text += &format!("shard = {}\n", quote(&shard.to_string()));
        }
        if let Some(tc) = &self.tc {
            text += &format!("tc = {}\n", quote(&tc.to_string()));
        }
        text += &format!("timemargin = {}\n", self.timemargin.as_millis());
        let bare_key = |key: &str| {
            if key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            {
                key.to_string()
            } else {
                quote(key)
            }
        };
        text += "\n[rules]\n";
        for (key, value) in &self.rules {
            text += &format!("{} = {}\n", bare_key(key), toml_rule_value(value));
        }
        for (name, engine) in &self.engines {
            text += &format!("\n[engines.{}]\n", bare_key(name));
            let command: Vec<String> = engine.command.iter().map(|w| quote(w)).collect();
            text += &format!("command = [{}]\n", command.join(", "));
            if let Some(dir) = &engine.dir {
                text += &format!("dir = {}\n", quote(&dir.to_string_lossy()));
            }
            if !engine.options.is_empty() {
                let options: Vec<String> = engine
                    .options
                    .iter()
                    .map(|(k, v)| format!("{} = {}", bare_key(k), quote(v)))
                    .collect();
                text += &format!("options = {{ {} }}\n", options.join(", "));
            }
        }
        text
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
mod tests {
    use super::*;

    fn draft(text: &str) -> ExperimentDraft {
        ExperimentDraft::from_toml(text).unwrap()
    }

    #[test]
    fn unknown_key_is_named() {
        let err = ExperimentDraft::from_toml("game = \"kalah\"\ngamez = 4\n").unwrap_err();
        assert!(err.contains("gamez"), "{err}");
    }

    #[test]
    fn wrong_type_is_named() {
        let err = ExperimentDraft::from_toml("games = \"many\"\n").unwrap_err();
        assert!(err.contains("games"), "{err}");
        let err = ExperimentDraft::from_toml("[rules]\nx = [1]\n").unwrap_err();
        assert!(err.contains("rules.x"), "{err}");
    }

    #[test]
    fn bad_fields_are_named() {
        let base = "game = \"kalah\"\nagents = [\"random\", \"random\"]\n";
        let cases = [
            (
                "game = \"chess\"\nagents = [\"random\", \"random\"]\n",
                "game",
            ),
            (
                "game = \"kalah\"\nagents = [\"random\", \"bogus:x=1\"]\n",
                "agents[1]",
            ),
            ("game = \"kalah\"\nagents = [\"random\"]\n", "agents"),
            (&format!("{base}games = 3\n"), "games"),
            (&format!("{base}format = \"swiss\"\n"), "format"),
            (
                &format!("{base}seed = 9223372036854775807\nthreads = 0\n"),
                "threads",
            ),
            (&format!("{base}shard = \"4/3\"\n"), "shard"),
            (&format!("{base}sprt = \"elo0=0\"\n"), "sprt.elo1"),
            (&format!("{base}name = \"a b\"\n"), "name"),
            ("agents = [\"random\", \"random\"]\n", "game"),
        ];
        for (text, field) in cases {
            let err = draft(text).finish().unwrap_err();
            assert!(err.is_input());
            assert!(
                err.to_string().starts_with(field),
                "`{text}` gave `{err}`, expected field {field}"
            );
        }
    }

    #[test]
    fn sprt_needs_two_agents_and_no_shards() {
        let text = "game = \"kalah\"\nagents = [\"random\", \"random\", \"random\"]\nsprt = \"elo0=0,elo1=10\"\n";
        let err = draft(text).finish().unwrap_err();
        assert!(err.to_string().starts_with("sprt"), "{err}");
        let text = "game = \"kalah\"\nagents = [\"random\", \"random\"]\nsprt = \"elo0=0,elo1=10\"\nshard = \"1/2\"\n";
        assert!(draft(text).finish().is_err());
    }

    #[test]
    fn defaults_apply_and_flags_override() {
        let file = draft(
            "game = \"kalah\"\nagents = [\"random\", \"random\"]\ngames = 4\n[rules]\na = 1\n",
        );
        let flags = ExperimentDraft {
            games: Some(6),
            rules: vec![("a".into(), "2".into())],
            ..Default::default()
        };
        assert!(flags.sets_identity());
        assert!(!ExperimentDraft {
            threads: Some(3),
            ..Default::default()
        }
        .sets_identity());
        let exp = file.overlay(flags).finish().unwrap();
        assert_eq!(exp.games, 6);
        assert_eq!(exp.seed, DEFAULT_SEED);
        assert_eq!(exp.format, Format::RoundRobin);
        assert_eq!(exp.opening_plies, 0);
        assert_eq!(
            exp.rules,
            vec![("a".to_string(), "1".to_string()), ("a".into(), "2".into())]
        );
    }

    #[test]
    fn toml_round_trips() {
        let text = "name = \"x\"\ngame = \"oware\"\nagents = [\"random\", \"random\"]\ngames = 4\nseed = 99\nopening_plies = 3\nthreads = 2\nanchor = 1\nallow_repeated_openings = true\nsprt = \"elo0=-5,elo1=5,alpha=0.1,beta=0.2\"\n[rules]\nmax_plies = 100\nflag = true\nname = \"007\"\n";
        let exp = draft(text).finish().unwrap();
        let again = ExperimentDraft::from_toml(&exp.to_toml())
            .unwrap()
            .finish()
            .unwrap();
        assert_eq!(again, exp);
        assert!(exp.identity_differences(&again).is_empty());
        // Numbers and booleans are written as TOML numbers and booleans,
        // a text that only looks like one stays a string.
        let written = exp.to_toml();
        for line in [
            "max_plies = 100\n",
            "flag = true\n",
            "name = \"007\"\n",
            "anchor = 1\n",
        ] {
            assert!(written.contains(line), "{line} in {written}");
        }
        assert_eq!((exp.anchor, exp.allow_repeated_openings), (1, true));
        // The anchor by spec, and refused when it names no agent or two.
        let named = |anchor: &str| {
            draft(&format!(
                "game = \"kalah\"\nagents = [\"random\", \"greedy\", \"greedy\"]\nanchor = \"{anchor}\"\n"
            ))
            .finish()
        };
        assert_eq!(named("random").unwrap().anchor, 0);
        assert_eq!(named("#2").unwrap().anchor, 2);
        let err = named("greedy").unwrap_err().to_string();
        assert!(
            err.starts_with("anchor") && err.contains("1 and 2"),
            "{err}"
        );
        assert!(named("mcts").unwrap_err().to_string().starts_with("anchor"));
        assert!(named("7").unwrap_err().to_string().starts_with("anchor"));
        let other = Experiment {
            seed: 100,
            threads: 1,
            ..exp.clone()
        };
        assert_eq!(exp.identity_differences(&other), vec!["seed"]);
    }

    #[test]
    fn engines_short_names_and_clocks_round_trip_and_decide_identity() {
        let text = "game = \"kalah\"\nagents = [\"ab=alphabeta:depth=2\", \"me=engine:bot\", \"random\"]\ntc = \"10+0.1\"\ntimemargin = 250\n[engines.bot]\ncommand = [\"python3\", \"my bot.py\"]\ndir = \"bots\"\noptions = { hash = 64, style = \"wild\" }\n[engines.unused]\ncommand = [\"x\"]\n";
        let exp = draft(text).finish().unwrap();
        assert_eq!(exp.display_names(), vec!["ab", "me", "random"]);
        assert!(exp.agent_names()[0].starts_with("alphabeta:depth=2,nodes=none"));
        assert_eq!(exp.agent_names()[1], "engine:bot");
        assert_eq!(exp.timemargin, Duration::from_millis(250));
        assert_eq!(exp.engines["bot"].options["hash"], "64");
        let again = ExperimentDraft::from_toml(&exp.to_toml())
            .unwrap()
            .finish()
            .unwrap();
        assert_eq!(again, exp);
        // Engines that play, the clock and the margin decide the games;
        // an unused engine and the short names do not.
        let mut other = exp.clone();
        other.engines.remove("unused");
        other.agents[0].name = None;
        assert!(exp.identity_differences(&other).is_empty());
        other
            .engines
            .get_mut("bot")
            .unwrap()
            .command
            .push("--fast".into());
        other.tc = None;
        other.timemargin = Duration::from_millis(100);
        assert_eq!(
            exp.identity_differences(&other),
            vec!["engines", "tc", "timemargin"]
        );
        for (bad, field) in [
            ("[engines.bot]\ncommand = []\n", "engines.bot.command"),
            ("tc = \"fast\"\n", "tc"),
            ("[engines.\"a b\"]\ncommand = [\"x\"]\n", "engines.a b"),
        ] {
            let text = format!("game = \"kalah\"\nagents = [\"random\", \"random\"]\n{bad}");
            let err = draft(&text).finish().unwrap_err();
            assert!(err.to_string().starts_with(field), "{bad}: {err}");
        }
        let err = ExperimentDraft::from_toml("[engines.bot]\ncommand = [\"x\"]\nshell = true\n")
            .unwrap_err();
        assert!(err.contains("shell"), "{err}");
    }
}

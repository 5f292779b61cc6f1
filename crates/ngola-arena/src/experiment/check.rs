//! The validation step: an [`ExperimentDraft`] checked field by field,
//! with the defaults applied, into an [`Experiment`]. Errors name the field.

use std::collections::BTreeMap;
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use ngola_rules::GameKind;

use crate::entry::{is_valid_name, AgentEntry, EngineConfig, TimeControl};
use crate::error::{ArenaError, Result};
use crate::format::{Format, Shard, SprtConfig};
use crate::schedule::{pairings, MAX_GAMES};
use crate::suite::{OpeningSuite, OpeningsOrder};

use super::{
    Experiment, ExperimentDraft, OpeningPlies, DEFAULT_GAMES, DEFAULT_SEED, DEFAULT_TIMEMARGIN_MS,
    MAX_OPENING_PLIES, MAX_SEED, MAX_THREADS,
};

impl ExperimentDraft {
    /// Checks every field and applies the defaults. Rule options are
    /// checked by [`Experiment::resolve`], which needs the game's type.
    pub fn finish(self) -> Result<Experiment> {
        let game = check_game(self.game.as_deref())?;
        let agent_texts = self.agents.unwrap_or_default();
        let agents = check_agents(&agent_texts)?;
        check_engines(&self.engines)?;
        let tc = self
            .tc
            .as_deref()
            .map(TimeControl::from_str)
            .transpose()
            .map_err(|e| ArenaError::field("tc", e.to_string()))?;
        let timemargin = Duration::from_millis(self.timemargin.unwrap_or(DEFAULT_TIMEMARGIN_MS));
        let format = match self.format {
            Some(text) => text.parse()?,
            None => Format::RoundRobin,
        };
        let (openings, openings_order) = check_openings(
            self.openings.as_deref(),
            self.openings_order.as_deref(),
            self.opening_plies,
        )?;
        // A suite is played once per pairing by default: each opening twice.
        let default_games = openings
            .as_ref()
            .map_or(DEFAULT_GAMES, |suite| suite.default_games());
        let games = check_games(self.games.unwrap_or(default_games))?;
        let seed = self.seed.unwrap_or(DEFAULT_SEED);
        if seed > MAX_SEED {
            return Err(ArenaError::field(
                "seed",
                format!("{seed} is larger than {MAX_SEED}"),
            ));
        }
        let opening_plies = self.opening_plies.unwrap_or_default();
        if let OpeningPlies::Plies(k) = opening_plies {
            if k > MAX_OPENING_PLIES {
                return Err(ArenaError::field(
                    "opening_plies",
                    format!("{k} is more than {MAX_OPENING_PLIES}"),
                ));
            }
        }
        let threads = match self.threads {
            Some(t) => check_threads(t)?,
            None => std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .min(MAX_THREADS),
        };
        let sprt = self.sprt.as_deref().map(SprtConfig::from_str).transpose()?;
        let shard = self.shard.as_deref().map(Shard::from_str).transpose()?;
        check_sprt(sprt.as_ref(), shard, agents.len())?;
        check_total(agents.len(), format, games)?;
        let anchor = match &self.anchor {
            Some(anchor) => anchor_id(anchor, &agents)?,
            None => 0,
        };
        let labels = labels(self.labels, &agent_texts, &agents)?;
        let name = check_name(self.name.unwrap_or_else(|| "tournament".to_string()))?;
        Ok(Experiment {
            name,
            game,
            rules: self.rules,
            agents,
            labels,
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
            adjudicate: crate::adjudicate::parse_all(&self.adjudicate.unwrap_or_default())?,
            accuracy: self.accuracy,
        })
    }
}

fn check_game(name: Option<&str>) -> Result<GameKind> {
    let name =
        name.ok_or_else(|| ArenaError::field("game", "missing (e.g. game = \"mangola\")"))?;
    GameKind::from_str(name).map_err(|e| ArenaError::field("game", e.to_string()))
}

/// At least two agents, each an entry that reads, short names distinct.
fn check_agents(texts: &[String]) -> Result<Vec<AgentEntry>> {
    if texts.len() < 2 {
        return Err(ArenaError::field(
            "agents",
            format!(
                "a tournament needs at least 2 agents, found {}",
                texts.len()
            ),
        ));
    }
    let agents = texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            AgentEntry::from_str(text)
                .map_err(|e| ArenaError::field(format!("agents[{i}] (`{text}`)"), e.to_string()))
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
    Ok(agents)
}

fn check_engines(engines: &BTreeMap<String, EngineConfig>) -> Result<()> {
    for (name, engine) in engines {
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
    Ok(())
}

/// The suite (read) and its order; an order without a suite, or random
/// plies beside one, is refused.
fn check_openings(
    suite: Option<&Path>,
    order: Option<&str>,
    plies: Option<OpeningPlies>,
) -> Result<(Option<OpeningSuite>, OpeningsOrder)> {
    let openings = suite.map(OpeningSuite::read).transpose()?;
    let openings_order = match order {
        None => OpeningsOrder::Sequential,
        Some(text) => text.parse()?,
    };
    if order.is_some() && openings.is_none() {
        return Err(ArenaError::field(
            "openings_order",
            "orders an opening suite; give one with openings (--openings FILE)",
        ));
    }
    if openings.is_some()
        && plies.is_some_and(|k| !matches!(k, OpeningPlies::Plies(0) | OpeningPlies::Auto))
    {
        return Err(ArenaError::field(
            "opening_plies",
            "random openings and an opening suite (openings) exclude each other",
        ));
    }
    Ok((openings, openings_order))
}

fn check_games(games: u32) -> Result<u32> {
    if games == 0 || games % 2 == 1 {
        return Err(ArenaError::field(
            "games",
            format!(
                "{games} games per pairing: must be even and at least 2 \
                 (each pairing plays colour-swapped pairs)"
            ),
        ));
    }
    Ok(games)
}

/// An SPRT needs two agents and one process.
fn check_sprt(sprt: Option<&SprtConfig>, shard: Option<Shard>, agents: usize) -> Result<()> {
    if sprt.is_some() && agents != 2 {
        return Err(ArenaError::field(
            "sprt",
            format!("an SPRT needs exactly 2 agents, found {agents}"),
        ));
    }
    if sprt.is_some() && shard.is_some_and(|s| s.count > 1) {
        return Err(ArenaError::field(
            "sprt",
            "an SPRT stops on the games played so far and cannot be split into shards",
        ));
    }
    Ok(())
}

/// A run holds at most [`MAX_GAMES`] games.
fn check_total(agents: usize, format: Format, games: u32) -> Result<()> {
    let pairings = pairings(agents, format).len() as u64;
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
    Ok(())
}

fn check_name(name: String) -> Result<String> {
    if is_valid_name(&name) {
        Ok(name)
    } else {
        Err(ArenaError::field(
            "name",
            format!("`{name}`: use letters, digits, `.`, `_` and `-` only"),
        ))
    }
}

/// What tables call each agent: `given` (one per agent), else each
/// agent's short name, else its spec as typed.
fn labels(
    given: Option<Vec<String>>,
    texts: &[String],
    agents: &[AgentEntry],
) -> Result<Vec<String>> {
    match given {
        Some(labels) if labels.len() != agents.len() => Err(ArenaError::field(
            "labels",
            format!(
                "{} labels for {} agents: give one per agent",
                labels.len(),
                agents.len()
            ),
        )),
        Some(labels) => Ok(labels),
        None => Ok(agents
            .iter()
            .zip(texts)
            .map(|(agent, text)| match &agent.name {
                Some(name) => name.clone(),
                None => text.trim().to_string(),
            })
            .collect()),
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

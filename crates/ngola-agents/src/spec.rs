//! Agent specs: the strings researchers type to name an agent and its
//! parameters.
//!
//! Grammar: `KIND[:KEY=VALUE[,KEY=VALUE]...]`, spaces around tokens
//! ignored, each key at most once.
//!
//! | kind | keys (default) |
//! |---|---|
//! | `random` | none |
//! | `greedy` | `eval` (`heuristic`) |
//! | `alphabeta` | `depth` (`auto`, or 100 when `nodes` or `time` is given), `nodes` (`none`), `time` (`none`), `eval` (`heuristic`), `tt` MiB (16), `tb` (`none`) |
//! | `mcts` | `sims` (`auto`, or `none` when `time` is given), `time` (`none`), `c` (1.4), `solver` (`true`), `rollout` (`full` or plies), `eval` (`heuristic`), `reuse` (`true`), `tb` (`none`) |
//! | `solver` | `tt` MiB (64), `tb` (`none`) |
//! | `policy` | `net` (required) |
//! | `az` | `net` (required), `sims` (200), `c` (1.5) |
//!
//! Values: integers; `none` for no limit; durations as `250ms`, `2s` or
//! `1.5s` (whole milliseconds); booleans `true`/`false`; `eval` is
//! `heuristic` or `material`, or for alpha-beta `net:PATH` (the value of
//! the network in the safetensors file `PATH`, [`crate::network`]); `net`
//! is such a file, whose most likely legal move `policy` plays and whose
//! priors and values guide `az`'s search ([`crate::az`]); `tb` is the folder of an endgame database
//! (`ngola tablebase build`) whose exact values end the search where it
//! covers the position ([`crate::tablebase`]), written out only when given. `Display` writes every parameter explicitly
//! (the canonical form output files record), and parsing it gives the same
//! spec back. A `time` budget makes games depend on the machine's speed and
//! load, so they cannot be replayed exactly; every other budget gives the
//! same game from the same seed.
//!
//! # Budgets and clocks
//! A spec that names no budget (no `depth`, `nodes` or `time` for
//! alpha-beta, no `sims` or `time` for MCTS) has the budget `auto`, written
//! `depth=auto` and `sims=auto` in canonical form: with no limit from the
//! caller it searches to depth 6 ([`crate::alphabeta::DEFAULT_DEPTH`]) or
//! runs 10,000 simulations ([`crate::mcts::DEFAULT_SIMS`]); given a limit
//! (the share of a clock that [`crate::limit::move_budget`] allots, a UGI
//! `go movetime`, `nodes` or, for alpha-beta, `depth`) it searches by that
//! limit alone, as a chess engine searches by its clock. An explicit budget
//! (`depth=6`, `sims=10000`) stays a budget: a caller's limit only caps it.

use crate::resources::Resources;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use thiserror::Error;

use crate::agent::Agent;
use crate::alphabeta::{AlphaBetaAgent, AlphaBetaConfig, DEFAULT_DEPTH, MAX_DEPTH};
use crate::az::{AzAgent, AzConfig};
pub use crate::build_error::BuildError;
use crate::eval::{EvalKind, Evaluate};
use crate::greedy::GreedyAgent;
use crate::mcts::{MctsAgent, MctsConfig, DEFAULT_SIMS};
use crate::random::RandomAgent;
use crate::solver::{SolverAgent, SolverConfig};

/// The agent kinds, as written before the `:` of a spec.
pub const KINDS: &[&str] = &[
    "random",
    "greedy",
    "alphabeta",
    "mcts",
    "solver",
    "policy",
    "az",
];

const GREEDY_KEYS: &[&str] = &["eval"];
const ALPHABETA_KEYS: &[&str] = &["depth", "nodes", "time", "eval", "tt", "tb"];
const MCTS_KEYS: &[&str] = &[
    "sims", "time", "c", "solver", "rollout", "eval", "reuse", "tb",
];
const SOLVER_KEYS: &[&str] = &["tt", "tb"];
const POLICY_KEYS: &[&str] = &["net"];
const AZ_KEYS: &[&str] = &["net", "sims", "c"];

/// The budget of a spec that names none (see the module docs).
const AUTO: &str = "auto";
const AUTO_DEPTH_ALONE: &str = "an integer from 1 to 100, or `auto` (no budget of its own: \
                                depth 6, or the caller's limit) without `nodes` or `time`";
const AUTO_SIMS_ALONE: &str = "a positive integer or `none`, or `auto` (no budget of its own: \
                               10000, or the caller's limit) without `time`";

/// A spec that could not be read; names the bad part and the valid ones.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// The part before `:` is not an agent kind.
    #[error("unknown agent `{kind}` in spec `{spec}`; valid agents: {valid}")]
    UnknownKind {
        /// The whole spec.
        spec: String,
        /// The kind as given.
        kind: String,
        /// The valid kinds.
        valid: String,
    },
    /// A parameter key this kind does not take.
    #[error("unknown parameter `{key}` for agent `{kind}`; valid parameters: {valid}")]
    UnknownKey {
        /// The agent kind.
        kind: String,
        /// The key as given.
        key: String,
        /// The valid keys.
        valid: String,
    },
    /// A parameter value that is not allowed.
    #[error("bad value `{value}` for `{key}` of agent `{kind}`: expected {allowed}")]
    BadValue {
        /// The agent kind.
        kind: String,
        /// The key.
        key: String,
        /// The value as given.
        value: String,
        /// What the key accepts.
        allowed: String,
    },
    /// A parameter given twice.
    #[error("parameter `{key}` of agent `{kind}` given twice")]
    Duplicate {
        /// The agent kind.
        kind: String,
        /// The key.
        key: String,
    },
    /// Every budget of a search switched off.
    #[error("agent `{kind}` needs a budget: give {keys}")]
    NoBudget {
        /// The agent kind.
        kind: String,
        /// The budget keys.
        keys: String,
    },
    /// A parameter not written `key=value`.
    #[error("malformed parameter `{0}`: expected key=value")]
    Malformed(String),
}

/// A parsed, validated agent spec. `Display` writes it back in canonical
/// form (every parameter explicit), which is what output files record.
///
/// ```
/// use ngola_agents::{AgentSpec, Resources, SpecError};
/// use ngola_rules::kalah::{Kalah, KalahRules};
/// use ngola_rules::Game;
///
/// let spec: AgentSpec = "alphabeta:depth=4".parse().unwrap();
/// let canonical = spec.to_string();
/// assert_eq!(canonical, "alphabeta:depth=4,nodes=none,time=none,eval=heuristic,tt=16");
/// assert_eq!(canonical.parse::<AgentSpec>().unwrap(), spec);
///
/// // Built with the caller's resources: here no memory limit, no database open.
/// let mut agent = spec.build::<Kalah>(&Resources::default(), 7);
/// let game = Kalah::start(KalahRules::default());
/// let mv = agent.select(&game);
/// assert!(game.check_move(mv).is_ok());
///
/// // A bad spec says what is wrong, as a value a caller can match.
/// let error = "alphabeta:dept=3".parse::<AgentSpec>().unwrap_err();
/// assert!(matches!(error, SpecError::UnknownKey { .. }));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum AgentSpec {
    /// Uniform random moves.
    Random,
    /// One ply of look-ahead by the evaluation, ties at random.
    Greedy {
        /// The evaluation.
        eval: EvalKind,
    },
    /// Alpha-beta search.
    AlphaBeta(AlphaBetaConfig),
    /// Monte Carlo tree search.
    Mcts(MctsConfig),
    /// The exact solver (small boards only).
    Solver(SolverConfig),
    /// The most likely legal move of a network, no search.
    Policy {
        /// The network's safetensors file.
        net: PathBuf,
    },
    /// PUCT search guided by a network (AlphaZero's search).
    Az(AzConfig),
}

impl AgentSpec {
    /// Builds the agent for game `G` with the caller's `resources` (its
    /// memory limit, the databases it opened); a stochastic agent draws
    /// only from an RNG seeded with `seed`.
    ///
    /// # Panics
    /// If the agent's table does not fit in the memory limit, or a file it
    /// names does not open; [`AgentSpec::try_build`] reports that instead
    /// (callers check [`AgentSpec::check_files`] and
    /// [`AgentSpec::memory_mb`] first).
    pub fn build<G: Evaluate>(&self, resources: &Resources, seed: u64) -> Box<dyn Agent<G>> {
        self.try_build(resources, seed)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Builds the agent for game `G` with the caller's `resources`, or an
    /// error naming the memory limit if its table does not fit
    /// ([`crate::memory`]), or the file that does not open.
    pub fn try_build<G: Evaluate>(
        &self,
        resources: &Resources,
        seed: u64,
    ) -> Result<Box<dyn Agent<G>>, BuildError> {
        let name = self.to_string();
        let memory = resources.memory;
        let oracle = |tb: &Option<PathBuf>| {
            tb.as_ref()
                .map(|dir| {
                    G::open_tablebase(dir, &resources.databases).map_err(|source| {
                        BuildError::Tablebase {
                            dir: dir.clone(),
                            source,
                        }
                    })
                })
                .transpose()
        };
        Ok(match self {
            AgentSpec::Random => Box::new(RandomAgent::new(seed)),
            AgentSpec::Greedy { eval } => Box::new(GreedyAgent::new(*eval, seed)),
            AgentSpec::AlphaBeta(config) => {
                let mut agent = AlphaBetaAgent::try_new(config.clone(), name, memory)?;
                if let Some(path) = &config.net {
                    agent = agent.with_network(crate::network::open(path)?);
                }
                match oracle(&config.tb)? {
                    Some(o) => Box::new(agent.with_oracle(o)),
                    None => Box::new(agent),
                }
            }
            AgentSpec::Mcts(config) => {
                let agent = MctsAgent::new(config.clone(), seed, name);
                match oracle(&config.tb)? {
                    Some(o) => Box::new(agent.with_oracle(o)),
                    None => Box::new(agent),
                }
            }
            AgentSpec::Solver(config) => {
                let agent = SolverAgent::try_new(config, name, memory)?;
                match oracle(&config.tb)? {
                    Some(o) => Box::new(agent.with_oracle(o)),
                    None => Box::new(agent),
                }
            }
            AgentSpec::Policy { net } => Box::new(crate::network::PolicyAgent::new(
                crate::network::open(net)?,
                name,
            )),
            AgentSpec::Az(config) => {
                let evaluator: std::sync::Arc<dyn ngola_nn::Evaluator<G>> =
                    crate::network::open(&config.net)?;
                Box::new(AzAgent::new(evaluator, config.sims, config.c, name))
            }
        })
    }

    /// The network file the spec names (`net=` or `eval=net:`), if any.
    pub fn network(&self) -> Option<&PathBuf> {
        match self {
            AgentSpec::AlphaBeta(c) => c.net.as_ref(),
            AgentSpec::Policy { net } => Some(net),
            AgentSpec::Az(c) => Some(&c.net),
            _ => None,
        }
    }

    /// Checks that the network the spec names, if any, opens and is one of
    /// `G` under `rules`: callers check before play, so that no game is
    /// played by an agent whose network does not fit.
    pub fn check_network<G: Evaluate>(&self, rules: &G::Rules) -> Result<(), BuildError> {
        match self.network() {
            Some(path) => crate::network::check::<G>(path, rules),
            None => Ok(()),
        }
    }

    /// Checks every file the spec names against `G` under `rules`: its
    /// network ([`AgentSpec::check_network`]) and its endgame database
    /// ([`AgentSpec::check_tablebase`], opened into `resources`). Callers
    /// check before play.
    pub fn check_files<G: Evaluate>(
        &self,
        resources: &Resources,
        rules: &G::Rules,
    ) -> Result<(), BuildError> {
        self.check_network::<G>(rules)?;
        self.check_tablebase::<G>(resources, rules)
    }

    /// Checks that the endgame database the spec names, if any, opens and
    /// is of `G`'s rules of play under `rules` (for the solver, of exactly
    /// `rules`: it takes only a game's own exact values): callers check
    /// before play, so that no game is played by an agent that would not
    /// use its database, or would use wrong values.
    pub fn check_tablebase<G: Evaluate>(
        &self,
        resources: &Resources,
        rules: &G::Rules,
    ) -> Result<(), BuildError> {
        let Some(dir) = self.tablebase() else {
            return Ok(());
        };
        let oracle = G::open_tablebase(dir, &resources.databases).map_err(|source| {
            BuildError::Tablebase {
                dir: dir.clone(),
                source,
            }
        })?;
        let refused = |reason: &str| BuildError::TablebaseRules {
            dir: dir.clone(),
            reason: reason.to_string(),
        };
        if !oracle.covers_rules(rules) {
            return Err(refused(
                "the database is of other rules of play than the game's",
            ));
        }
        if matches!(self, AgentSpec::Solver(_)) && !oracle.covers_exactly(rules) {
            return Err(refused(
                "the solver takes only a game's own exact values, and the database's are \
                 those of the game without a ply cap while the game's rules have one: add \
                 --rule max_plies=0",
            ));
        }
        Ok(())
    }

    /// The endgame database the spec names (`tb=`), if any.
    pub fn tablebase(&self) -> Option<&PathBuf> {
        match self {
            AgentSpec::AlphaBeta(c) => c.tb.as_ref(),
            AgentSpec::Solver(c) => c.tb.as_ref(),
            AgentSpec::Mcts(c) => c.tb.as_ref(),
            _ => None,
        }
    }

    /// The most memory (MiB) one agent of this spec takes for its tables:
    /// alpha-beta's `tt`, the solver's `tt` twice (its alpha-beta fallback
    /// has a table of the same size), MCTS's tree at its largest; 0 for
    /// the others.
    pub fn memory_mb(&self) -> u64 {
        match self {
            AgentSpec::Random | AgentSpec::Greedy { .. } | AgentSpec::Policy { .. } => 0,
            AgentSpec::Az(config) => crate::az::tree_mb(config.sims),
            AgentSpec::AlphaBeta(config) => config.tt_mb as u64,
            AgentSpec::Mcts(_) => crate::mcts::MAX_TREE_MB,
            AgentSpec::Solver(config) => 2 * config.tt_mb as u64,
        }
    }
}

/// The `key=value` pairs of one spec, checked against the kind's keys.
struct Params<'a> {
    kind: &'a str,
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Params<'a> {
    fn parse(kind: &'a str, params: &'a str, valid: &[&str]) -> Result<Self, SpecError> {
        let mut pairs: Vec<(&str, &str)> = Vec::new();
        for part in params.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .ok_or_else(|| SpecError::Malformed(part.to_string()))?;
            if !valid.contains(&key) {
                return Err(SpecError::UnknownKey {
                    kind: kind.to_string(),
                    key: key.to_string(),
                    valid: if valid.is_empty() {
                        "(none)".to_string()
                    } else {
                        valid.join(", ")
                    },
                });
            }
            if pairs.iter().any(|(k, _)| *k == key) {
                return Err(SpecError::Duplicate {
                    kind: kind.to_string(),
                    key: key.to_string(),
                });
            }
            pairs.push((key, value));
        }
        Ok(Params { kind, pairs })
    }

    fn raw(&self, key: &str) -> Option<&'a str> {
        self.pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    fn bad(&self, key: &str, value: &str, allowed: impl Into<String>) -> SpecError {
        SpecError::BadValue {
            kind: self.kind.to_string(),
            key: key.to_string(),
            value: value.to_string(),
            allowed: allowed.into(),
        }
    }

    fn int(&self, key: &str, min: u64, max: u64) -> Result<Option<u64>, SpecError> {
        let Some(v) = self.raw(key) else {
            return Ok(None);
        };
        match v.replace('_', "").parse::<u64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ => Err(self.bad(key, v, format!("an integer from {min} to {max}"))),
        }
    }

    /// `Some(None)` for `none`.
    fn limit(&self, key: &str) -> Result<Option<Option<u64>>, SpecError> {
        match self.raw(key) {
            None => Ok(None),
            Some("none") => Ok(Some(None)),
            Some(v) => match v.replace('_', "").parse::<u64>() {
                Ok(n) if n >= 1 => Ok(Some(Some(n))),
                _ => Err(self.bad(key, v, "a positive integer or `none`")),
            },
        }
    }

    fn duration(&self, key: &str) -> Result<Option<Option<Duration>>, SpecError> {
        match self.raw(key) {
            None => Ok(None),
            Some("none") => Ok(Some(None)),
            Some(v) => parse_duration(v)
                .map(|d| Some(Some(d)))
                .ok_or_else(|| self.bad(key, v, "a duration such as `250ms`, `2s` or `1.5s` (whole milliseconds, more than 0), or `none`")),
        }
    }

    fn boolean(&self, key: &str) -> Result<Option<bool>, SpecError> {
        match self.raw(key) {
            None => Ok(None),
            Some("true") => Ok(Some(true)),
            Some("false") => Ok(Some(false)),
            Some(v) => Err(self.bad(key, v, "true or false")),
        }
    }

    /// `eval=` of alpha-beta, which also takes `net:PATH` (read before).
    fn eval_or_net(&self) -> Result<EvalKind, SpecError> {
        match self.raw("eval") {
            None => Ok(EvalKind::default()),
            Some(v) => v.parse().map_err(|_| {
                let mut names = EvalKind::NAMES.to_vec();
                names.push("net:PATH");
                self.bad("eval", v, names.join(" or "))
            }),
        }
    }

    fn eval(&self) -> Result<EvalKind, SpecError> {
        match self.raw("eval") {
            None => Ok(EvalKind::default()),
            Some(v) => v
                .parse()
                .map_err(|_| self.bad("eval", v, EvalKind::NAMES.join(" or "))),
        }
    }

    /// A folder; `none` for none.
    fn path(&self, key: &str) -> Result<Option<PathBuf>, SpecError> {
        match self.raw(key) {
            None | Some("none") => Ok(None),
            Some("") => Err(self.bad(key, "", "a folder or `none`")),
            Some(v) => Ok(Some(PathBuf::from(v))),
        }
    }

    fn float(&self, key: &str) -> Result<Option<f64>, SpecError> {
        let Some(v) = self.raw(key) else {
            return Ok(None);
        };
        match v.parse::<f64>() {
            Ok(x) if x.is_finite() && x >= 0.0 => Ok(Some(x)),
            _ => Err(self.bad(key, v, "a number at least 0")),
        }
    }
}

/// Reads `250ms`, `2s`, `1.5s`: a positive whole number of milliseconds.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1000.0)
    } else {
        return None;
    };
    let value: f64 = number.trim().parse().ok()?;
    let ms = value * scale;
    if !ms.is_finite() || ms < 1.0 || ms.fract() != 0.0 || ms > 1e12 {
        return None;
    }
    Some(Duration::from_millis(ms as u64))
}

/// Writes a duration as [`parse_duration`] reads it (`2s`, `250ms`).
pub fn format_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.rem_euclid(1000) == 0 {
        format!("{}s", ms / 1000)
    } else {
        format!("{ms}ms")
    }
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(spec: &str) -> Result<Self, Self::Err> {
        let spec = spec.trim();
        let (kind, params) = spec.split_once(':').unwrap_or((spec, ""));
        let kind = kind.trim();
        match kind {
            "random" => {
                Params::parse(kind, params, &[])?;
                Ok(AgentSpec::Random)
            }
            "greedy" => {
                let p = Params::parse(kind, params, GREEDY_KEYS)?;
                Ok(AgentSpec::Greedy { eval: p.eval()? })
            }
            "alphabeta" => {
                let p = Params::parse(kind, params, ALPHABETA_KEYS)?;
                let nodes = p.limit("nodes")?.flatten();
                let time = p.duration("time")?.flatten();
                let budgeted = nodes.is_some() || time.is_some();
                let (depth, auto) = match p.raw("depth") {
                    Some(AUTO) if budgeted => {
                        return Err(p.bad("depth", AUTO, AUTO_DEPTH_ALONE));
                    }
                    Some(AUTO) => (DEFAULT_DEPTH, true),
                    _ => match p.int("depth", 1, MAX_DEPTH as u64)? {
                        Some(d) => (d as u32, false),
                        None if budgeted => (MAX_DEPTH, false),
                        None => (DEFAULT_DEPTH, true),
                    },
                };
                let (eval, net) = match p.raw("eval").and_then(crate::network::parse_spec_value) {
                    Some(path) => (EvalKind::default(), Some(path)),
                    None => (p.eval_or_net()?, None),
                };
                Ok(AgentSpec::AlphaBeta(AlphaBetaConfig {
                    depth,
                    nodes,
                    time,
                    eval,
                    net,
                    tt_mb: p
                        .int("tt", 1, 65_536)?
                        .map_or(crate::alphabeta::DEFAULT_TT_MB, |v| v as u32),
                    tb: p.path("tb")?,
                    auto,
                }))
            }
            "mcts" => {
                let p = Params::parse(kind, params, MCTS_KEYS)?;
                let time = p.duration("time")?.flatten();
                let (sims, auto) = match p.raw("sims") {
                    Some(AUTO) if time.is_some() => {
                        return Err(p.bad("sims", AUTO, AUTO_SIMS_ALONE));
                    }
                    Some(AUTO) => (Some(DEFAULT_SIMS), true),
                    _ => match p.limit("sims")? {
                        Some(s) => (s, false),
                        None if time.is_some() => (None, false),
                        None => (Some(DEFAULT_SIMS), true),
                    },
                };
                if sims.is_none() && time.is_none() {
                    return Err(SpecError::NoBudget {
                        kind: kind.to_string(),
                        keys: "sims=N or time=DURATION".to_string(),
                    });
                }
                let rollout =
                    match p.raw("rollout") {
                        None | Some("full") => None,
                        Some(v) => match v.parse::<u32>() {
                            Ok(k) if k <= crate::mcts::MAX_ROLLOUT_PLIES => Some(k),
                            _ => return Err(p.bad(
                                "rollout",
                                v,
                                format!(
                                    "`full` or a number of plies from 0 to {} (0 scores the leaf by the evaluation)",
                                    crate::mcts::MAX_ROLLOUT_PLIES
                                ),
                            )),
                        },
                    };
                let defaults = MctsConfig::default();
                Ok(AgentSpec::Mcts(MctsConfig {
                    sims,
                    time,
                    c: p.float("c")?.unwrap_or(defaults.c),
                    solver: p.boolean("solver")?.unwrap_or(defaults.solver),
                    rollout,
                    eval: p.eval()?,
                    reuse: p.boolean("reuse")?.unwrap_or(defaults.reuse),
                    tb: p.path("tb")?,
                    auto,
                }))
            }
            "solver" => {
                let p = Params::parse(kind, params, SOLVER_KEYS)?;
                Ok(AgentSpec::Solver(SolverConfig {
                    tt_mb: p
                        .int("tt", 1, 65_536)?
                        .map_or(crate::solver::DEFAULT_TT_MB, |v| v as u32),
                    tb: p.path("tb")?,
                }))
            }
            "policy" => {
                let p = Params::parse(kind, params, POLICY_KEYS)?;
                match p.path("net")? {
                    Some(net) => Ok(AgentSpec::Policy { net }),
                    None => Err(p.bad(
                        "net",
                        p.raw("net").unwrap_or(""),
                        "the path of a network file (safetensors)",
                    )),
                }
            }
            "az" => {
                let p = Params::parse(kind, params, AZ_KEYS)?;
                let net = match p.path("net")? {
                    Some(net) => net,
                    None => {
                        return Err(p.bad(
                            "net",
                            p.raw("net").unwrap_or(""),
                            "the path of a network file (safetensors)",
                        ))
                    }
                };
                let sims = match p.int("sims", 1, u64::from(crate::az::MAX_SIMS))? {
                    Some(s) => s as u32,
                    None => crate::az::DEFAULT_SIMS,
                };
                let c = p.float("c")?.unwrap_or(crate::az::DEFAULT_C);
                Ok(AgentSpec::Az(AzConfig { net, sims, c }))
            }
            _ => Err(SpecError::UnknownKind {
                spec: spec.to_string(),
                kind: kind.to_string(),
                valid: KINDS.join(", "),
            }),
        }
    }
}

fn opt<T: fmt::Display>(value: &Option<T>) -> String {
    value.as_ref().map_or("none".to_string(), |v| v.to_string())
}

/// `,tb=DIR` when a database is given (nothing otherwise, so that specs
/// without one read as they always have).
fn write_tb(f: &mut fmt::Formatter<'_>, tb: &Option<PathBuf>) -> fmt::Result {
    match tb {
        Some(dir) => write!(f, ",tb={}", dir.display()),
        None => Ok(()),
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Greedy { eval } => write!(f, "greedy:eval={eval}"),
            AgentSpec::AlphaBeta(c) => {
                write!(
                    f,
                    "alphabeta:depth={},nodes={},time={},eval={},tt={}",
                    if c.auto {
                        AUTO.to_string()
                    } else {
                        c.depth.to_string()
                    },
                    opt(&c.nodes),
                    opt(&c.time.map(format_duration)),
                    c.net
                        .as_deref()
                        .map_or(c.eval.to_string(), crate::network::spec_value),
                    c.tt_mb
                )?;
                write_tb(f, &c.tb)
            }
            AgentSpec::Mcts(c) => {
                write!(
                    f,
                    "mcts:sims={},time={},c={},solver={},rollout={},eval={},reuse={}",
                    if c.auto {
                        AUTO.to_string()
                    } else {
                        opt(&c.sims)
                    },
                    opt(&c.time.map(format_duration)),
                    c.c,
                    c.solver,
                    c.rollout.map_or("full".to_string(), |k| k.to_string()),
                    c.eval,
                    c.reuse
                )?;
                write_tb(f, &c.tb)
            }
            AgentSpec::Solver(c) => {
                write!(f, "solver:tt={}", c.tt_mb)?;
                write_tb(f, &c.tb)
            }
            AgentSpec::Policy { net } => write!(f, "policy:net={}", net.display()),
            AgentSpec::Az(c) => write!(f, "az:net={},sims={},c={}", c.net.display(), c.sims, c.c),
        }
    }
}

//! Agent specs: the strings researchers type to name an agent and its
//! parameters, e.g. `random`, `alphabeta:depth=8`, `mcts:sims=20000,c=1.4`.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::agent::Agent;
use crate::eval::Evaluate;
use crate::random::RandomAgent;

/// The agent kinds, as written before the `:` of a spec.
pub const KINDS: &[&str] = &["random"];

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
    /// A parameter not written `key=value`.
    #[error("malformed parameter `{0}`: expected key=value")]
    Malformed(String),
}

/// A parsed, validated agent spec. `Display` writes it back in canonical
/// form (every parameter explicit), which is what output files record.
#[derive(Debug, Clone, PartialEq)]
pub enum AgentSpec {
    /// Uniform random moves.
    Random,
}

impl AgentSpec {
    /// Builds the agent for game `G`, seeding its RNG with `seed`.
    pub fn build<G: Evaluate>(&self, seed: u64) -> Box<dyn Agent<G>> {
        match self {
            AgentSpec::Random => Box::new(RandomAgent::new(seed)),
        }
    }
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(spec: &str) -> Result<Self, Self::Err> {
        let spec = spec.trim();
        let (kind, params) = spec.split_once(':').unwrap_or((spec, ""));
        let pairs = params
            .split(',')
            .filter(|p| !p.trim().is_empty())
            .map(|p| {
                p.split_once('=')
                    .map(|(k, v)| (k.trim(), v.trim()))
                    .ok_or_else(|| SpecError::Malformed(p.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        match kind {
            "random" => {
                if let Some((key, _)) = pairs.first() {
                    return Err(SpecError::UnknownKey {
                        kind: kind.to_string(),
                        key: key.to_string(),
                        valid: "(none)".to_string(),
                    });
                }
                Ok(AgentSpec::Random)
            }
            _ => Err(SpecError::UnknownKind {
                spec: spec.to_string(),
                kind: kind.to_string(),
                valid: KINDS.join(", "),
            }),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
        }
    }
}

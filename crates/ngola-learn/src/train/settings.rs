//! [`TrainSettings`]: everything a training run is given, checked before
//! the first game.

use std::time::Duration;

use ngola_nn::Inputs;
use serde::{Deserialize, Serialize};

use super::TrainError;

/// The settings of a training run. Every field has a default
/// ([`TrainSettings::default`]) sized for a small CPU; the run's folder
/// records them (`settings.json`), and a resumed run must be given the
/// same ones (but for the budget and the threads).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainSettings {
    /// Master seed: the initial weights, every game, every sample.
    pub seed: u64,
    /// How the network reads an observation. A run recorded before this
    /// setting existed read raw counts, so a `settings.json` without it
    /// reads as [`Inputs::Counts`].
    #[serde(default)]
    pub inputs: Inputs,
    /// Widths of the network's hidden layers.
    pub hidden: Vec<usize>,
    /// What a full search records as the policy target. A run recorded
    /// before this setting existed recorded visits, so a `settings.json`
    /// without it reads as [`PolicyTarget::Visits`].
    #[serde(default)]
    pub policy_target: PolicyTarget,
    /// Simulations of a full search (a move whose search is recorded as a
    /// policy target).
    pub full_sims: u32,
    /// Simulations of a fast search (a move played to move the game on,
    /// not recorded): playout-cap randomisation.
    pub fast_sims: u32,
    /// The share of moves searched in full, in (0, 1].
    pub full_share: f64,
    /// The PUCT exploration constant.
    pub c_puct: f64,
    /// The Dirichlet noise's concentration at the root of full searches.
    pub dirichlet_alpha: f64,
    /// The noise's weight in the root priors, in [0, 1].
    pub dirichlet_weight: f64,
    /// Plies from the start during which a move is drawn in proportion to
    /// its visits (temperature 1); later moves are the most visited.
    pub temperature_plies: u32,
    /// Uniformly random plies before each self-play game.
    pub opening_plies: u32,
    /// Self-play games per generation.
    pub games_per_generation: u32,
    /// Games one worker plays at once, their leaves evaluated in one batch.
    pub games_in_flight: u32,
    /// Positions the replay buffer keeps (the newest).
    pub replay_capacity: usize,
    /// Positions per learner step.
    pub batch_size: usize,
    /// Learner steps per generation, as a multiple of the new positions
    /// divided by the batch size (each new position is drawn about this
    /// many times).
    pub sample_reuse: f64,
    /// AdamW's learning rate.
    pub learning_rate: f64,
    /// AdamW's weight decay.
    pub weight_decay: f64,
    /// Solver nodes allowed per position for an exact label (0: none).
    /// Positions are tried from the end of each game backwards until the
    /// first the solver cannot decide within this.
    pub exact_nodes: u64,
    /// Game pairs (each opening played with both colours) of the
    /// evaluation after every generation (0: no evaluation).
    pub eval_pairs: u32,
    /// The evaluation's opponent, an agent spec.
    pub eval_opponent: String,
}

impl Default for TrainSettings {
    fn default() -> Self {
        TrainSettings {
            seed: 1,
            inputs: Inputs::OneHot,
            hidden: vec![128, 128],
            policy_target: PolicyTarget::CompletedQ,
            full_sims: 96,
            fast_sims: 16,
            full_share: 0.25,
            c_puct: 1.5,
            dirichlet_alpha: 0.3,
            dirichlet_weight: 0.25,
            temperature_plies: 10,
            opening_plies: 0,
            games_per_generation: 128,
            games_in_flight: 32,
            replay_capacity: 100_000,
            batch_size: 256,
            sample_reuse: 4.0,
            learning_rate: 1e-3,
            weight_decay: 1e-4,
            exact_nodes: 20_000,
            eval_pairs: 20,
            eval_opponent: "greedy".to_string(),
        }
    }
}

/// What a full search's position is given as its policy target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PolicyTarget {
    /// The visit distribution of the search (AlphaZero's target).
    #[default]
    Visits,
    /// Gumbel AlphaZero's improved policy: the network's prior sharpened
    /// by the values the search found ([`super::play::completed_q_target`]).
    CompletedQ,
}

impl PolicyTarget {
    /// Both, as the command line names them.
    pub const ALL: [PolicyTarget; 2] = [PolicyTarget::Visits, PolicyTarget::CompletedQ];

    /// The name the settings and the command line give it.
    pub fn name(self) -> &'static str {
        match self {
            PolicyTarget::Visits => "visits",
            PolicyTarget::CompletedQ => "completed-q",
        }
    }
}

impl std::fmt::Display for PolicyTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for PolicyTarget {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|t| t.name() == text)
            .ok_or_else(|| format!("{text:?} is not visits or completed-q"))
    }
}

/// When a run stops (whichever comes first) and how many threads it uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Wall time of this invocation (a resumed run gets it afresh); the
    /// generation under way when it runs out is finished.
    pub time: Option<Duration>,
    /// The last generation (counted from 1, over every invocation).
    pub generations: Option<u64>,
    /// Self-play threads (no result depends on it); at least 1.
    pub threads: usize,
    /// The memory the tables may take (the exact labels' solver, the
    /// evaluation opponent's); `None`: none checked.
    pub memory: Option<ngola_agents::memory::MemoryLimit>,
}

/// The most evaluation pairs a generation may play (each pair two games
/// against the opponent, every generation).
pub const MAX_EVAL_PAIRS: u32 = 100_000;

impl TrainSettings {
    /// Checks every field; the error names the first bad one.
    pub fn check(&self) -> Result<(), TrainError> {
        let bad =
            |field: &'static str, message: String| Err(TrainError::Setting { field, message });
        if self.hidden.is_empty() || self.hidden.iter().any(|&w| w == 0 || w > 4096) {
            return bad("hidden", "one to many widths from 1 to 4096".into());
        }
        if self.full_sims == 0 || self.fast_sims == 0 {
            let field = if self.full_sims == 0 {
                "full_sims"
            } else {
                "fast_sims"
            };
            return bad(field, "must be at least 1".into());
        }
        if self.fast_sims > self.full_sims {
            return bad(
                "fast_sims",
                format!(
                    "{} is more than full_sims ({})",
                    self.fast_sims, self.full_sims
                ),
            );
        }
        if !(self.full_share > 0.0 && self.full_share <= 1.0) {
            return bad(
                "full_share",
                format!("{} is not in (0, 1]", self.full_share),
            );
        }
        if !(self.c_puct.is_finite() && self.c_puct >= 0.0) {
            return bad("c_puct", "a number at least 0".into());
        }
        if !(self.dirichlet_alpha.is_finite() && self.dirichlet_alpha > 0.0) {
            return bad("dirichlet_alpha", "a number above 0".into());
        }
        if !(0.0..=1.0).contains(&self.dirichlet_weight) {
            return bad("dirichlet_weight", "a number from 0 to 1".into());
        }
        if self.opening_plies > ngola_rules::opening::MAX_OPENING_PLIES {
            return bad(
                "opening_plies",
                format!("at most {}", ngola_rules::opening::MAX_OPENING_PLIES),
            );
        }
        if self.games_per_generation == 0 || self.games_in_flight == 0 {
            let field = if self.games_in_flight == 0 {
                "games_in_flight"
            } else {
                "games_per_generation"
            };
            return bad(field, "must be at least 1".into());
        }
        if self.batch_size == 0 {
            return bad("batch_size", "must be at least 1".into());
        }
        if self.replay_capacity < self.batch_size {
            return bad(
                "replay_capacity",
                format!(
                    "{} is less than batch_size ({})",
                    self.replay_capacity, self.batch_size
                ),
            );
        }
        if !(self.sample_reuse.is_finite() && self.sample_reuse > 0.0) {
            return bad("sample_reuse", "a number above 0".into());
        }
        if !(self.learning_rate.is_finite() && self.learning_rate > 0.0) {
            return bad("learning_rate", "a number above 0".into());
        }
        if !(self.weight_decay.is_finite() && self.weight_decay >= 0.0) {
            return bad("weight_decay", "a number at least 0".into());
        }
        if self.eval_pairs > MAX_EVAL_PAIRS {
            // Refused before the first generation, not found by an
            // allocation that fails after it.
            return bad(
                "eval_pairs",
                format!("{} is more than {MAX_EVAL_PAIRS}", self.eval_pairs),
            );
        }
        if self.eval_pairs > 0 {
            if let Err(e) = self.eval_opponent.parse::<ngola_agents::AgentSpec>() {
                return bad("eval_opponent", e.to_string());
            }
        }
        Ok(())
    }

    /// The settings a resumed run must share with the run it resumes
    /// (all of them); the error names the first that differs.
    pub fn check_same(&self, recorded: &TrainSettings) -> Result<(), TrainError> {
        let mine = serde_json::to_value(self).map_err(|e| TrainError::Corrupt {
            file: "settings.json".into(),
            message: e.to_string(),
        })?;
        let theirs = serde_json::to_value(recorded).map_err(|e| TrainError::Corrupt {
            file: "settings.json".into(),
            message: e.to_string(),
        })?;
        if let (Some(a), Some(b)) = (mine.as_object(), theirs.as_object()) {
            for (key, value) in a {
                if b.get(key) != Some(value) {
                    return Err(TrainError::Resume {
                        field: key.clone(),
                        recorded: b.get(key).map_or("nothing".into(), |v| v.to_string()),
                        given: value.to_string(),
                    });
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_recorded_before_inputs_and_targets_existed_read_as_counts_and_visits() {
        let mut recorded = serde_json::to_value(TrainSettings::default()).unwrap();
        let map = recorded.as_object_mut().unwrap();
        map.remove("inputs");
        map.remove("policy_target");
        let old: TrainSettings = serde_json::from_value(recorded).unwrap();
        assert_eq!(old.inputs, Inputs::Counts);
        assert_eq!(old.policy_target, PolicyTarget::Visits);
        // New runs read one-hot counts and learn the completed-Q target.
        let new = TrainSettings::default();
        assert_eq!(
            (new.inputs, new.policy_target),
            (Inputs::OneHot, PolicyTarget::CompletedQ)
        );
        for target in PolicyTarget::ALL {
            assert_eq!(target.name().parse::<PolicyTarget>(), Ok(target));
            let json = serde_json::to_value(target).unwrap();
            assert_eq!(json, serde_json::Value::from(target.name()));
        }
        assert!("q".parse::<PolicyTarget>().is_err());
    }
}

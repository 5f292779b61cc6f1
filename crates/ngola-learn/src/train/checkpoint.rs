//! The training folder: `settings.json` (what the run was given),
//! `checkpoint.json` (how far it got), `checkpoints/gen-N/` (the learner's
//! weights `network.safetensors` and the replay buffer `replay.bin` after
//! generation `N`), `network.safetensors` (a copy of the last weights: the
//! trained network), `train.csv` (one row per generation) and
//! `learning-curve.svg`. Every file is written through a temporary file
//! renamed into place, and the counters after the files they name, so a
//! run killed at any moment resumes from the last complete generation.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{TrainError, TrainSettings};

/// The run's settings file.
pub const SETTINGS_FILE: &str = "settings.json";
/// The counters of the last checkpoint.
pub const CHECKPOINT_FILE: &str = "checkpoint.json";
/// The learner's weights at the last checkpoint (the trained network).
pub const NETWORK_FILE: &str = "network.safetensors";
/// The replay buffer at the last checkpoint.
pub const REPLAY_FILE: &str = "replay.bin";
/// The log, one row per generation.
pub const LOG_FILE: &str = "train.csv";
/// The learning curve drawn from the log.
pub const CURVE_FILE: &str = "learning-curve.svg";

/// What `settings.json` holds: the game and rules, and the settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunSettings {
    /// The game's name.
    pub game: String,
    /// The rule options, `key=value` joined by `,` (the network file's form).
    pub rules: String,
    /// Everything else.
    pub settings: TrainSettings,
}

/// The counters at the end of the last complete generation.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// Generations done.
    pub generation: u64,
    /// Learner steps taken.
    pub steps: u64,
    /// Self-play games played.
    pub games: u64,
    /// Moves played in self-play.
    pub positions: u64,
    /// Examples recorded.
    pub examples: u64,
    /// Examples the last generation added.
    pub new_examples: u64,
    /// Examples labelled with the solver's exact value.
    pub exact: u64,
    /// Seconds of training, over every invocation.
    pub seconds: f64,
}

/// Writes `bytes` to `path` through `path.tmp`, synced to the disk
/// ([`ngola_files::write_atomically`]).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), TrainError> {
    ngola_files::write_atomically(path, bytes).map_err(|source| TrainError::Io {
        path: path.display().to_string(),
        source,
    })
}

/// Writes `value` as pretty JSON to `path`.
pub fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), TrainError> {
    let mut text = serde_json::to_string_pretty(value).map_err(|e| TrainError::Corrupt {
        file: path.display().to_string(),
        message: e.to_string(),
    })?;
    text.push('\n');
    write_atomically(path, text.as_bytes())
}

/// Reads JSON written by [`write_json`].
pub fn read_json<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<T, TrainError> {
    let text = std::fs::read_to_string(path).map_err(|source| TrainError::Io {
        path: path.display().to_string(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|e| TrainError::Corrupt {
        file: path.display().to_string(),
        message: e.to_string(),
    })
}

/// The folder of the checkpoint after `generation`.
pub fn generation_dir(dir: &Path, generation: u64) -> PathBuf {
    dir.join("checkpoints").join(format!("gen-{generation}"))
}

/// Removes every checkpoint folder but the one of `generation`.
pub fn remove_older(dir: &Path, generation: u64) -> Result<(), TrainError> {
    let root = dir.join("checkpoints");
    let keep = generation_dir(dir, generation);
    let entries = std::fs::read_dir(&root).map_err(|source| TrainError::Io {
        path: root.display().to_string(),
        source,
    })?;
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        let ours = entry.file_name().to_string_lossy().starts_with("gen-");
        if ours && path != keep {
            std::fs::remove_dir_all(&path).map_err(|source| TrainError::Io {
                path: path.display().to_string(),
                source,
            })?;
        }
    }
    Ok(())
}

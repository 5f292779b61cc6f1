//! Tournaments: schedule, parallel play, seeding, CSV output, statistics.
//!
//! An [`Experiment`] (from a TOML file and/or flags) becomes a schedule of
//! colour-swapped pairs, a function of its master seed ([`schedule`]),
//! each pair starting from its own opening ([`openings`]); [`runner::run`]
//! plays it on a rayon pool, appending each game (with its moves) to
//! `games.csv` as it ends; [`runner::resume`] finishes a killed run and
//! [`runner::merge`] joins shards, both checking every row by replaying it
//! ([`replay`]); each holds its output folder's lock ([`lock`]) while it
//! writes. Statistics ([`stats`]) are computed from `games.csv` alone;
//! the rows and the statistics are the crate `ngola-records`, re-exported
//! here.
//! Players that are not built-in agents (UGI engines, [`ugi`]; Python
//! callables) take part through the [`contestant`] traits
//! ([`runner::run_with`], [`runner::resume_with`]).

#![warn(missing_docs)]

pub mod accuracy;
pub mod adjudicate;
pub mod contestant;
pub mod entry;
pub mod error;
pub mod experiment;
pub mod format;
pub mod inputs;
mod kept;
/// One writer per output folder (from `ngola-files`, shared with the
/// databases' builds and training runs).
pub use ngola_files::lock;
pub mod openings;
pub mod output;
pub mod play;
pub mod progress;
pub mod provenance;
/// The rows of `games.csv` (from `ngola-records`, which studies, plots
/// and Python read runs with).
pub use ngola_records::record;
pub mod replay;
pub mod runner;
pub mod schedule;
mod seat;
/// Statistics over a run's rows (from `ngola-records`).
pub use ngola_records::stats;
pub mod suite;
pub mod text_file;
pub mod ugi;

pub use contestant::{Contestant, Fault, Seats};
pub use entry::{AgentEntry, AgentKind, EngineConfig, EntryError, TimeControl, TimeControlError};
pub use error::ArenaError;
pub use experiment::{Experiment, ExperimentDraft};
pub use format::{Format, Shard, SprtConfig};
pub use progress::{Live, Observer, Silent};
pub use record::GameRecord;
pub use runner::{
    finish, folder_experiment, merge, resume, resume_with, run, run_with, Caller, IfExists, Report,
};
pub use stats::Statistics;

#[cfg(test)]
mod runner_tests;
#[cfg(test)]
mod toy;

//! Why a training run stopped with an error: below every part of the
//! run, so that each can say it.

use std::path::PathBuf;

use thiserror::Error;

use ngola_nn::NnError;

/// Why a training run stopped with an error.
#[derive(Debug, Error)]
pub enum TrainError {
    /// A setting out of range.
    #[error("{field}: {message}")]
    Setting {
        /// The setting's name.
        field: &'static str,
        /// What is wrong and what is allowed.
        message: String,
    },
    /// A resumed run was given other settings than the run it resumes.
    #[error("the folder holds a run with {field} = {recorded}, not {given}; give the same settings or another folder")]
    Resume {
        /// The setting that differs.
        field: String,
        /// The folder's value.
        recorded: String,
        /// The value given.
        given: String,
    },
    /// The folder holds files of something else.
    #[error(
        "{path} is not a training folder (it has files but no {file}); give an empty or new folder"
    )]
    NotATrainingFolder {
        /// The folder.
        path: PathBuf,
        /// The file a training folder has.
        file: &'static str,
    },
    /// A file of the folder cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// A file of the folder is damaged.
    #[error("{file}: {message}")]
    Corrupt {
        /// The file.
        file: String,
        /// What is wrong with it.
        message: String,
    },
    /// The network failed.
    #[error("network: {source}")]
    Network {
        /// The network's error.
        #[from]
        source: NnError,
    },
    /// A game could not be set up (an opening that cannot be drawn).
    #[error("{message}")]
    Game {
        /// What went wrong.
        message: String,
    },
    /// A learner step's loss was not a finite number (the usual cause: a
    /// learning rate far too high); the last checkpoint stands.
    #[error(
        "training diverged: generation {generation}, learner step {step}: loss {loss}; \
         the last checkpoint stands (lower the learning rate, then resume)"
    )]
    Diverged {
        /// The generation being learned.
        generation: u64,
        /// The learner's step (counted over the whole run).
        step: u64,
        /// The loss, NaN or infinite.
        loss: f32,
    },
    /// The stop flag was raised; the last checkpoint stands.
    #[error("training interrupted")]
    Interrupted,
    /// Another process trains in the same folder (it holds the folder's
    /// lock), or the folder cannot be locked.
    #[error(transparent)]
    Lock(#[from] ngola_files::LockError),
}

impl TrainError {
    /// True for what the caller gave: a setting, a folder of another run
    /// or of something else, a damaged file of the folder (the program
    /// exits with 2 for these, Python raises `ngola.RunError`).
    pub fn is_input(&self) -> bool {
        match self {
            TrainError::Lock(e) => e.is_input(),
            _ => matches!(
                self,
                TrainError::Setting { .. }
                    | TrainError::Resume { .. }
                    | TrainError::NotATrainingFolder { .. }
                    | TrainError::Corrupt { .. }
            ),
        }
    }
}

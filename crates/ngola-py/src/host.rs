//! What the bindings decide for the crates below them (the caller's
//! policy): the agents' memory limit, the git commit recorded as
//! provenance, and the progress bar of a tournament.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use std::sync::OnceLock;

use ngola_agents::memory::{self, MEMORY_ENV};
use ngola_agents::Resources;

/// The git commit the package is built from, if the build set
/// `NGOLA_GIT_COMMIT`, else `unknown`.
pub const GIT_COMMIT: &str = match option_env!("NGOLA_GIT_COMMIT") {
    Some(commit) => commit,
    None => "unknown",
};

/// The module's resources, made when it loads: the agents' memory limit
/// on this machine (see [`ngola_agents::memory`]: `NGOLA_MEMORY_MB` when
/// set, else the tightest of the memory available, the control group's
/// limit and the address-space limit) and the endgame databases the
/// module has opened, shared by every agent and tournament it builds.
static RESOURCES: OnceLock<Resources> = OnceLock::new();

/// The module's resources (see [`RESOURCES`]).
pub fn resources() -> &'static Resources {
    RESOURCES.get_or_init(|| {
        Resources::new(memory::machine_limit(
            std::env::var(MEMORY_ENV).ok().as_deref(),
        ))
    })
}

/// A tournament's progress bar on stderr (drawn only on a terminal):
/// games done, rate, ETA and the leader.
pub struct Bar(ProgressBar);

impl Bar {
    /// A bar shown from the first [`Bar::start`].
    pub fn new() -> Bar {
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} games  ETA {eta}  {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        Bar(ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr()).with_style(style))
    }

    /// `total` games, `done` of them before (a resume).
    pub fn start(&self, total: u64, done: u64) {
        self.0.set_length(total);
        self.0.set_position(done);
        self.0.reset_eta();
    }

    /// `done` games so far, `leader` the best score.
    pub fn game_done(&self, done: u64, leader: Option<(&str, f64)>) {
        self.0.set_position(done);
        if let Some((name, score)) = leader {
            self.0
                .set_message(format!("leader {name} {:.1}%", 100.0 * score));
        }
    }

    /// The run is over.
    pub fn finish(&self) {
        self.0.finish_and_clear();
    }
}

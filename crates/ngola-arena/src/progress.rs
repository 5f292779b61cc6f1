//! Progress reports while games run: the [`Observer`] trait, a silent
//! observer, and an indicatif progress bar on stderr.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// Told about a run's progress. Called from worker threads.
pub trait Observer: Sync {
    /// The run starts: `total` games in this run or shard, `done` of them
    /// already in `games.csv` (a resume).
    fn start(&self, total: u64, done: u64);
    /// One more game is done (`done` so far); `leader` is the agent with
    /// the best score so far and its score fraction.
    fn game_done(&self, done: u64, leader: Option<(&str, f64)>);
    /// The run is over (finished, stopped or failed).
    fn finish(&self);
    /// Polled by the workers before each game: `true` asks the run to stop
    /// taking new games (the games in flight are finished and written, so
    /// the folder can be resumed). The Python bindings raise it on Ctrl-C.
    fn stop_requested(&self) -> bool {
        false
    }
}

/// Reports nothing (for `--quiet` and tests).
pub struct Silent;

impl Observer for Silent {
    fn start(&self, _total: u64, _done: u64) {}
    fn game_done(&self, _done: u64, _leader: Option<(&str, f64)>) {}
    fn finish(&self) {}
}

/// A progress bar on stderr: games done, rate, ETA and the leader. Draws
/// nothing when stderr is not a terminal.
pub struct Bar {
    bar: ProgressBar,
}

impl Bar {
    /// A bar that is shown once [`Observer::start`] is called.
    pub fn new() -> Bar {
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} games  {rate}  ETA {eta}  {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "rate",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.1} games/s", state.per_sec());
            },
        )
        .progress_chars("=> ");
        let bar =
            ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr()).with_style(style);
        Bar { bar }
    }
}

impl Default for Bar {
    fn default() -> Self {
        Bar::new()
    }
}

impl Observer for Bar {
    fn start(&self, total: u64, done: u64) {
        self.bar.set_length(total);
        self.bar.set_position(done);
        self.bar.reset_eta();
    }

    fn game_done(&self, done: u64, leader: Option<(&str, f64)>) {
        self.bar.set_position(done);
        if let Some((name, score)) = leader {
            // Keep the line short: canonical specs can be long.
            let short: String = if name.chars().count() > 32 {
                name.chars().take(31).chain(std::iter::once('…')).collect()
            } else {
                name.to_string()
            };
            self.bar
                .set_message(format!("leader {short} {:.1}%", 100.0 * score));
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

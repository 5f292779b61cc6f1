//! Progress reports while games run: the [`Observer`] trait, a silent
//! observer, and an indicatif progress bar on stderr.

use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// The live state of a run, handed to [`Observer::live`] every few seconds.
#[derive(Clone, Debug, PartialEq)]
pub struct Live {
    /// Every agent that has played: (name, score fraction, games), best
    /// score first.
    pub standings: Vec<(String, f64, u64)>,
    /// Under an SPRT: the LLR, its lower and upper bounds, and the pairs
    /// counted.
    pub sprt: Option<(f64, f64, f64, u64)>,
}

impl Live {
    /// A short text for a progress line: the first `top` agents with their
    /// scores, then the LLR with its bounds.
    pub fn line(&self, top: usize) -> String {
        let short = |name: &str| -> String {
            if name.chars().count() > 24 {
                name.chars().take(23).chain(std::iter::once('…')).collect()
            } else {
                name.to_string()
            }
        };
        let mut parts: Vec<String> = self
            .standings
            .iter()
            .take(top)
            .map(|(name, score, _)| format!("{} {:.1}%", short(name), 100.0 * score))
            .collect();
        if self.standings.len() > top {
            parts.push(format!("+{} more", self.standings.len() - top));
        }
        let mut line = parts.join(" · ");
        if let Some((llr, lower, upper, pairs)) = self.sprt {
            line += &format!("  LLR {llr:.2} [{lower:.2}, {upper:.2}] {pairs} pairs");
        }
        line
    }
}

/// Told about a run's progress. Called from worker threads.
pub trait Observer: Sync {
    /// The run starts: `total` games in this run or shard, `done` of them
    /// already in `games.csv` (a resume).
    fn start(&self, total: u64, done: u64);
    /// One more game is done (`done` so far); `leader` is the agent with
    /// the best score so far and its score fraction.
    fn game_done(&self, done: u64, leader: Option<(&str, f64)>);
    /// The standings so far (and the SPRT's LLR), every few seconds. The
    /// default ignores them.
    fn live(&self, _live: &Live) {}
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

/// A progress bar on stderr: games done, rate, ETA and the live standings
/// (with the LLR under an SPRT), refreshed every few seconds. Draws nothing
/// when stderr is not a terminal.
pub struct Bar {
    bar: ProgressBar,
    /// True once live standings have been shown (they replace the leader).
    live_shown: Mutex<bool>,
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
        Bar {
            bar,
            live_shown: Mutex::new(false),
        }
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
        let live_shown = *self.live_shown.lock().unwrap_or_else(|e| e.into_inner());
        if live_shown {
            return;
        }
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

    fn live(&self, live: &Live) {
        *self.live_shown.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.bar.set_message(live.line(3));
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_live_line_shows_the_top_agents_and_the_llr() {
        let live = Live {
            standings: vec![
                (
                    "alphabeta:depth=4,nodes=none,time=none".to_string(),
                    0.612,
                    50,
                ),
                ("greedy".to_string(), 0.5, 50),
                ("random".to_string(), 0.1, 50),
                ("mcts".to_string(), 0.05, 50),
            ],
            sprt: Some((1.234, -2.944, 2.944, 25)),
        };
        assert_eq!(
            live.line(3),
            "alphabeta:depth=4,nodes… 61.2% · greedy 50.0% · random 10.0% · +1 more  \
             LLR 1.23 [-2.94, 2.94] 25 pairs"
        );
    }
}

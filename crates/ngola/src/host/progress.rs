//! The progress bar of a tournament on stderr: games done, rate, ETA and
//! the live standings (with the LLR under an SPRT), refreshed every few
//! seconds; nothing is drawn when stderr is not a terminal.

use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use ngola_arena::{Live, Observer};

/// A name cut to `max` characters (the last one `…`).
fn short(name: &str, max: usize) -> String {
    if name.chars().count() > max {
        name.chars()
            .take(max - 1)
            .chain(std::iter::once('…'))
            .collect()
    } else {
        name.to_string()
    }
}

/// A short text for a progress line: the first `top` agents with their
/// scores, then the LLR with its bounds.
pub fn live_line(live: &Live, top: usize) -> String {
    let mut parts: Vec<String> = live
        .standings
        .iter()
        .take(top)
        .map(|(name, score, _)| format!("{} {:.1}%", short(name, 24), 100.0 * score))
        .collect();
    if live.standings.len() > top {
        parts.push(format!("+{} more", live.standings.len() - top));
    }
    let mut line = parts.join(" · ");
    if let Some((llr, lower, upper, pairs)) = live.sprt {
        line += &format!("  LLR {llr:.2} [{lower:.2}, {upper:.2}] {pairs} pairs");
    }
    line
}

/// The progress bar: an [`Observer`] drawing on stderr.
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
            self.bar
                .set_message(format!("leader {} {:.1}%", short(name, 32), 100.0 * score));
        }
    }

    fn live(&self, live: &Live) {
        *self.live_shown.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.bar.set_message(live_line(live, 3));
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
            live_line(&live, 3),
            "alphabeta:depth=4,nodes… 61.2% · greedy 50.0% · random 10.0% · +1 more  \
             LLR 1.23 [-2.94, 2.94] 25 pairs"
        );
    }
}

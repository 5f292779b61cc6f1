//! Progress reports while games run: the [`Observer`] trait the caller
//! implements (the `ngola` program draws a progress bar, the Python
//! bindings watch for Ctrl-C), and a silent observer.

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

//! Progress reports while a question is searched, and the monitors that
//! receive them.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use ngola_rules::MoveList;

use super::search::{Context, Search};
use super::shared::Shared;
use super::table::NO_MOVE;
use super::Question;
use crate::eval::Evaluate;

/// The state of a running question, for progress reports.
#[derive(Clone, Debug)]
pub struct Progress {
    /// The question being searched.
    pub question: Question,
    /// Positions expanded, over all questions (and earlier runs continued
    /// from a checkpoint).
    pub nodes: u64,
    /// Wall-clock seconds, likewise.
    pub seconds: f64,
    /// Positions expanded per second in this run.
    pub nodes_per_second: f64,
    /// The root's proof and disproof numbers (open), or 0/INF when settled.
    pub root: (u32, u32),
    /// Proofs and disproofs found so far in this run.
    pub proven: u64,
    /// See `proven`.
    pub disproven: u64,
    /// The current most proving line, in move notation.
    pub line: Vec<String>,
}

/// Saves a checkpoint while the search goes on (given to monitors).
pub struct Saver<'a> {
    pub(super) save: &'a dyn Fn(&mut dyn std::io::Write) -> std::io::Result<u64>,
}

impl Saver<'_> {
    /// Writes a checkpoint to `out`; returns the entries written.
    pub fn save(&self, out: &mut dyn std::io::Write) -> std::io::Result<u64> {
        (self.save)(out)
    }
}

/// Receives progress reports while a question is searched.
pub trait Monitor {
    /// How often to report.
    fn interval(&self) -> Duration;
    /// One report; `saver` writes a checkpoint if the monitor wants one.
    fn report(&mut self, progress: &Progress, saver: &Saver<'_>);
}

/// A monitor that ignores every report.
pub struct Silent;

impl Monitor for Silent {
    fn interval(&self) -> Duration {
        Duration::from_secs(3600)
    }
    fn report(&mut self, _: &Progress, _: &Saver<'_>) {}
}

/// Nodes and seconds over this run and the earlier ones.
pub(super) fn totals(shared: &Shared, prior: (u64, f64), started: Instant) -> (u64, f64) {
    (
        prior.0 + shared.nodes.load(Ordering::Relaxed),
        prior.1 + started.elapsed().as_secs_f64(),
    )
}

/// A progress report of the running question.
#[allow(clippy::too_many_arguments)]
pub(super) fn progress_of<G: Evaluate>(
    shared: &Shared,
    root: &G,
    ctx: &Context,
    question: Question,
    prior: (u64, f64),
    started: Instant,
    run_start: Instant,
    nodes_start: u64,
) -> Progress {
    let search = Search::new(shared, *ctx, false, false);
    let root_numbers = match search.probe_child(root, 0) {
        Some((_, e)) => (e.pn, e.dn),
        None => (1, 1),
    };
    let (nodes, seconds) = totals(shared, prior, started);
    let run_nodes = shared.nodes.load(Ordering::Relaxed) - nodes_start;
    let (proven, disproven) = (
        shared.settled[0].load(Ordering::Relaxed),
        shared.settled[1].load(Ordering::Relaxed),
    );
    Progress {
        question,
        nodes,
        seconds,
        nodes_per_second: run_nodes as f64 / run_start.elapsed().as_secs_f64().max(1e-9),
        root: root_numbers,
        proven,
        disproven,
        line: best_line(&search, root, 40),
    }
}

/// The line of best moves the table holds from `root` (most proving moves
/// where open, proving or disproving moves where settled).
fn best_line<G: Evaluate>(search: &Search<'_>, root: &G, limit: usize) -> Vec<String> {
    let mut line = Vec::new();
    let mut game = root.clone();
    let mut history = 0;
    let mut seen = std::collections::HashSet::new();
    while line.len() < limit && game.outcome().is_none() {
        let Some((_, e)) = search.probe_child(&game, history) else {
            break;
        };
        if e.best == NO_MOVE || !seen.insert((game.zobrist(), game.ply())) {
            break;
        }
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let Some(&mv) = moves.get(e.best as usize) else {
            break;
        };
        let mut child = game.clone();
        child.play(mv);
        history = Context::child_history(&game, &child, history);
        game = child;
        line.push(mv.to_string());
    }
    line
}

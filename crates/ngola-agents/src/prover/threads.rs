//! The search threads of one question, and the coordinator that reports
//! their progress and stops them.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::progress::{progress_of, totals};
use super::search::{Search, Status};
use super::{checkpoint, Answer, Monitor, Prover, Question, Saver, STACK_BYTES};
use crate::eval::Evaluate;

impl<G: Evaluate> Prover<G> {
    /// Runs the search threads on one question.
    pub(super) fn search(
        &mut self,
        root: &G,
        question: Question,
        monitor: &mut dyn Monitor,
    ) -> (Answer, Option<u32>, bool) {
        let ctx = self.context(root, question);
        let decided = Search::new(&self.shared, ctx, false, false).decided(root);
        if let Some(status) = decided {
            let met = status.pn == 0;
            return (
                if met {
                    Answer::Proven
                } else {
                    Answer::Disproven
                },
                met.then_some(0),
                false,
            );
        }
        if self.out_of_time() {
            return (Answer::Unknown, None, false);
        }
        self.shared.stop.store(false, Ordering::Relaxed);
        let threads = self.config.threads.max(1);
        let spread = threads > 1;
        let shared = &self.shared;
        let run_start = Instant::now();
        let nodes_start = shared.nodes.load(Ordering::Relaxed);
        let deadline = self.deadline;
        let interrupt = &self.interrupt;
        let prior = self.prior;
        let started = self.started;
        let asked = self.asked.clone();
        let problem = self.problem(root);
        let unsound = self.config.unsound_store_path_dependent;
        let results: Vec<(Status, bool)> = std::thread::scope(|scope| {
            let (done, finished) = std::sync::mpsc::channel::<()>();
            let mut handles = Vec::new();
            for _ in 0..threads {
                let done = done.clone();
                let spawned = std::thread::Builder::new()
                    .stack_size(STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        let mut search = Search::new(shared, ctx, spread, unsound);
                        let status = search.run(root);
                        if status.settled() {
                            shared.stop.store(true, Ordering::Relaxed);
                        }
                        // The coordinator may have stopped listening: nothing to do then.
                        let _ = done.send(());
                        (status, search.gave_up)
                    });
                if let Ok(handle) = spawned {
                    handles.push(handle);
                }
            }
            drop(done);
            if handles.is_empty() {
                // No thread to be had: search on this one, without reports.
                let mut search = Search::new(shared, ctx, false, unsound);
                let status = search.run(root);
                return vec![(status, search.gave_up)];
            }
            let report = |monitor: &mut dyn Monitor| {
                let progress = progress_of(
                    shared,
                    root,
                    &ctx,
                    question,
                    prior,
                    started,
                    run_start,
                    nodes_start,
                );
                let save = |out: &mut dyn std::io::Write| {
                    checkpoint::save(
                        shared,
                        &problem,
                        &asked,
                        totals(shared, prior, started),
                        out,
                    )
                };
                monitor.report(&progress, &Saver { save: &save });
            };
            let mut running = handles.len();
            let mut next_report = Instant::now() + monitor.interval();
            while running > 0 {
                // Wake for the next report, the deadline, or to look at the
                // interrupt flag a few times a second.
                let mut wake = next_report.min(Instant::now() + Duration::from_millis(200));
                if let Some(d) = deadline {
                    wake = wake.min(d);
                }
                let wait = wake.saturating_duration_since(Instant::now());
                match finished.recv_timeout(wait) {
                    Ok(()) => running -= 1,
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => running = 0,
                }
                let now = Instant::now();
                if deadline.is_some_and(|d| now >= d) || interrupt.load(Ordering::Relaxed) {
                    shared.stop.store(true, Ordering::Relaxed);
                }
                if running > 0 && now >= next_report {
                    next_report = now + monitor.interval();
                    report(monitor);
                }
            }
            let results: Vec<(Status, bool)> =
                handles.into_iter().filter_map(|h| h.join().ok()).collect();
            // Stopped by the time limit or an interrupt with the question
            // open: one last report says where the search stood.
            let stopped =
                deadline.is_some_and(|d| Instant::now() >= d) || interrupt.load(Ordering::Relaxed);
            if stopped && !results.iter().any(|(s, _)| s.settled()) {
                report(monitor);
            }
            results
        });
        let gave_up = results.iter().any(|(_, g)| *g);
        let settled = results
            .iter()
            .map(|(s, _)| *s)
            .find(|s| s.settled())
            .or_else(|| {
                let search = Search::new(&self.shared, ctx, false, false);
                search.settled(root, 0).map(|e| Status::from_entry(&e))
            });
        match settled {
            Some(s) if s.pn == 0 => (Answer::Proven, Some(u32::from(s.depth)), gave_up),
            Some(_) => (Answer::Disproven, None, gave_up),
            None => (Answer::Unknown, None, gave_up),
        }
    }
}

//! Playing a run's missing games on a rayon pool: workers take games in
//! id order, append each row to `games.csv` at once, and report to the
//! progress observer and the SPRT.

use ngola_agents::Resources;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use ngola_agents::Evaluate;

use crate::adjudicate::Adjudicator;
use crate::contestant::Seats;
use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::kept::Played;
use crate::openings::OpeningPlan;
use crate::play::{play_game, Scratch};
use crate::progress::{Live, Observer};
use crate::record::{GameRecord, GamesWriter, SharedWriter};
use crate::schedule::{Schedule, ScheduledGame};
use crate::seat::{ClockRules, Table};
use crate::stats::GameFacts;

use super::check::Present;
use super::complete::{complete, Ending};
use super::counting::Counting;
use super::tracking::{SprtTracker, Tally};
use super::Report;

/// How often the progress line's live standings are refreshed.
const LIVE_EVERY: Duration = Duration::from_secs(2);

/// What a run or resume plays from: its openings, schedule, provenance
/// lines and external players.
pub(super) struct Context<'a, G: Evaluate> {
    pub(super) plan: &'a OpeningPlan<G>,
    pub(super) schedule: &'a Schedule,
    pub(super) provenance: &'a str,
    pub(super) seats: &'a dyn Seats<G>,
    /// The agents' memory limit and the databases opened.
    pub(super) resources: &'a Resources,
}

/// What the workers share: the standings and the SPRT so far (behind a
/// lock), the first error, and the flags that stop taking games.
struct Shared<'o> {
    state: Mutex<State>,
    observer: &'o dyn Observer,
    /// Set to stop taking new games (an error, the SPRT's decision).
    stop: AtomicBool,
    /// The SPRT's last pair once it has decided (`u64::MAX` before).
    stop_pair: AtomicU64,
}

/// The part of [`Shared`] behind its lock.
struct State {
    tally: Tally,
    counting: Counting,
    done: u64,
    error: Option<ArenaError>,
    last_live: Option<Instant>,
}

impl Shared<'_> {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Keeps the first error and stops the run.
    fn fail(&self, error: ArenaError) {
        self.lock().error.get_or_insert(error);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// True once no new game should start.
    fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.observer.stop_requested()
    }

    /// Hands a worker's newly kept games to the progress observer and the
    /// SPRT.
    fn report(&self, played: &mut Played) {
        if !played.has_unreported() {
            return;
        }
        let mut guard = self.lock();
        let s = &mut *guard;
        for (game, key) in played.take_unreported() {
            s.done += 1;
            s.tally.add(&game);
            if let Err(error) = s.counting.add(game, key) {
                s.error.get_or_insert(error);
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        if let Some(pair) = s.counting.stop_pair() {
            self.stop_pair.store(pair, Ordering::Relaxed);
            self.stop.store(true, Ordering::Relaxed);
        }
        self.observer.game_done(s.done, s.tally.leader());
        if s.last_live.is_none_or(|t| t.elapsed() >= LIVE_EVERY) {
            s.last_live = Some(Instant::now());
            self.observer.live(&Live {
                standings: s.tally.standings(),
                sprt: s.counting.tracker().map(SprtTracker::live),
            });
        }
    }
}

/// The standings, SPRT and statistics of the rows already in `games.csv`.
fn shared_from<'o>(
    experiment: &Experiment,
    schedule: &Schedule,
    (existing, dir): (&[GameRecord], &Path),
    observer: &'o dyn Observer,
) -> Result<Shared<'o>> {
    let mut tally = Tally::new(experiment.display_names());
    let mut counting = Counting::new(experiment, schedule.pairs() as usize, dir);
    for r in existing {
        let game = GameFacts::of(r);
        tally.add(&game);
        counting.add(game, r.game_key())?;
    }
    let stop_pair = counting.stop_pair();
    Ok(Shared {
        state: Mutex::new(State {
            tally,
            counting,
            done: existing.len() as u64,
            error: None,
            last_live: None,
        }),
        observer,
        stop: AtomicBool::new(stop_pair.is_some()),
        stop_pair: AtomicU64::new(stop_pair.unwrap_or(u64::MAX)),
    })
}

/// What every worker reads.
struct Work<'a, G: Evaluate> {
    experiment: &'a Experiment,
    plan: &'a OpeningPlan<G>,
    names: &'a [String],
    schedule: &'a Schedule,
    present: &'a Present,
    /// The next game id to consider.
    next: &'a AtomicU64,
    clocks: ClockRules,
    adjudicator: Adjudicator<G>,
    resources: &'a Resources,
    writer: &'a SharedWriter,
    shared: &'a Shared<'a>,
}

impl<G: Evaluate> Work<'_, G> {
    /// The next game of the run (or shard) not yet in `games.csv`, in id
    /// order across the workers.
    fn next_game(&self) -> Option<ScheduledGame> {
        let shard = self.experiment.shard;
        loop {
            let id = self.next.fetch_add(1, Ordering::Relaxed);
            if id >= self.schedule.games() {
                return None;
            }
            if self.present.contains(id) || shard.is_some_and(|s| !s.holds_pair(id / 2)) {
                continue;
            }
            return self.schedule.game(id);
        }
    }

    /// Worker `index`'s games: the next unplayed one, until none is left
    /// or the run stops; each row written at once and kept.
    fn play(&self, played: &mut Played, table: &mut Table<'_, G>) {
        let mut scratch = Scratch::default();
        while !self.shared.stopping() {
            let Some(scheduled) = self.next_game() else {
                break;
            };
            let scheduled = &scheduled;
            let record = match play_caught::<G>(
                self.plan,
                self.experiment,
                self.names,
                scheduled,
                (table, &self.clocks, &self.adjudicator, &mut scratch),
                self.resources,
            ) {
                Ok(record) => record,
                Err(error) => return self.shared.fail(error),
            };
            played.count += 1;
            if record.pair > self.shared.stop_pair.load(Ordering::Relaxed) {
                // Past the SPRT's stop: not part of the run.
                continue;
            }
            if let Err(e) = self.writer.push(record.game, played.line_of(&record)) {
                return self.shared.fail(e.into());
            }
            scratch.recycle(played.keep(record));
            if played.report_due() {
                self.shared.report(played);
            }
        }
    }
}

/// Plays the games of `experiment` (or its shard) that `present` lacks,
/// appending to `writer` after the rows `existing`, then completes the
/// folder from the rows kept in memory.
pub(super) fn play_rest<G: Evaluate>(
    experiment: &Experiment,
    dir: &Path,
    (writer, existing, present): (GamesWriter, Vec<GameRecord>, Present),
    observer: &dyn Observer,
    context: &Context<'_, G>,
) -> Result<Report> {
    let Context {
        plan,
        schedule,
        provenance,
        seats,
        resources,
    } = *context;
    let databases = &resources.databases;
    let names = experiment.agent_names();
    let expected = schedule.shard_len(experiment.shard) as usize;
    let resumed = existing.len() as u64;
    let shared = shared_from(experiment, schedule, (&existing, dir), observer)?;
    let writer = SharedWriter::new(writer, existing.last().map(|r| r.game));
    let existing_sorted = existing.is_sorted_by_key(|r| r.game);
    drop(existing);
    let threads = experiment.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| ArenaError::Game {
            game: 0,
            message: format!("cannot start {threads} threads: {e}"),
        })?;
    let next = AtomicU64::new(0);
    let work = Work {
        experiment,
        plan,
        names: &names,
        schedule,
        present: &present,
        next: &next,
        clocks: ClockRules {
            tc: experiment.tc,
            margin: experiment.timemargin,
        },
        adjudicator: Adjudicator::new(&experiment.adjudicate, plan.start().rules(), databases)?,
        resources,
        writer: &writer,
        shared: &shared,
    };
    observer.start(expected as u64, resumed);
    let played = AtomicU64::new(0);
    pool.scope(|scope| {
        for index in 1..=threads {
            let (work, played) = (&work, &played);
            scope.spawn(move |_| {
                let mut mine = Played::default();
                // The worker's external players (processes end when it drops).
                let mut table = Table::new(seats, index, experiment.agents.len());
                work.play(&mut mine, &mut table);
                drop(table);
                work.shared.report(&mut mine);
                played.fetch_add(mine.count, Ordering::Relaxed);
            });
        }
    });
    observer.finish();
    let in_order = writer.finish();
    let state = shared
        .state
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(error) = state.error {
        return Err(error);
    }
    let played = played.into_inner();
    let file_sorted = in_order? && existing_sorted;
    drop(present);
    let measure = crate::accuracy::measurer::<G>(experiment, plan.start(), databases)?;
    let ending = Ending {
        expected,
        note: plan.note(),
        provenance,
        accuracy: measure.as_deref(),
        uncapped: super::complete::uncapped_note(experiment, plan.start()),
    };
    let report = pool.install(|| complete(experiment, dir, state.counting, !file_sorted, &ending));
    let mut report = report?;
    report.played = played;
    report.resumed = resumed;
    // Rows past an SPRT stop: dropped when seen after the decision, or
    // written before it and dropped by `complete`.
    report.discarded = (resumed + played).saturating_sub(report.stats.games);
    Ok(report)
}

/// Plays one game, turning a panic into an error.
fn play_caught<G: Evaluate>(
    plan: &OpeningPlan<G>,
    experiment: &Experiment,
    names: &[String],
    scheduled: &ScheduledGame,
    (table, clocks, adjudicator, scratch): (
        &mut Table<'_, G>,
        &ClockRules,
        &Adjudicator<G>,
        &mut Scratch<G>,
    ),
    resources: &Resources,
) -> Result<GameRecord> {
    catch_unwind(AssertUnwindSafe(|| {
        let opening = plan
            .opening(scheduled.pair, scheduled.opening_seed)
            .map_err(|error| ArenaError::Opening {
                game: scheduled.id,
                error,
            })?;
        play_game::<G>(
            plan.start(),
            opening,
            &experiment.agents,
            resources,
            names,
            scheduled,
            table,
            clocks,
            adjudicator,
            scratch,
        )
    }))
    .unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(ArenaError::Game {
            game: scheduled.id,
            message: format!("panicked: {what}"),
        })
    })
}

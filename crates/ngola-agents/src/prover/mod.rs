//! The proof-number prover: does the side to move force a win (scored
//! games: a margin of at least M)? Depth-first proof-number search with a
//! shared transposition table, several threads, checkpoints, and
//! certificates that [`ngola_rules::reference::certificate`] checks.
//!
//! # Questions
//! Every search answers one reachability question: can `attacker` force
//! the game to **end**, by its rules or by the ply cap, with the goal met
//! (unscored games: a win; scored games: his total minus the opponent's at
//! least M)? A game that goes on forever fails the attacker. A value is a
//! sequence of questions ([`Prover::value`]): for Mangola "does the side to
//! move win?", then "does the opponent?" (neither: a draw); for scored
//! games "does the side to move win by at least M?" for M found by
//! doubling and bisection, where "at least M" for M <= 0 is asked as "the
//! opponent cannot force more than -M" (so no question ever counts endless
//! play as reaching a goal).
//!
//! # Search
//! Nagai's df-pn: each position has a proof number (how many positions must
//! still be proven, at least, to prove it) and a disproof number; the
//! search descends into the most proving child with thresholds and comes
//! back up when they are exceeded, storing the numbers in the table.
//! Thresholds use Pawlewicz and Lew's 1 + ε trick (ε = 1/4), which cuts the
//! re-expansions of plain df-pn in deep searches. New positions start from
//! numbers given by the game's evaluation (an advantage of k seeds for the
//! attacker makes the proof number 1 and the disproof number about 1 + k),
//! and children are tried in evaluation order where the numbers tie.
//!
//! # Where a result may be reused: the ply cap and repetitions
//! A position's key (its Zobrist hash, Oware's history, the question) does
//! not include the ply, so that a position reached at different plies is
//! one table entry; but under a ply cap its value can depend on the ply.
//! So every proof and disproof carries the range of plies at which it
//! holds, computed bottom-up: a finished game holds at every ply if it
//! ended by the rules, from the cap on if the cap ended it; a parent's
//! range is its children's shifted by one ply and intersected (with the
//! plies before the cap, where it still moves). For unscored games (the
//! cap is a draw, which fails every attacker) a proof also holds with more
//! plies left and a disproof with fewer, so proofs extend down to ply 0
//! and disproofs up without end. A table result is used only at a ply in
//! its range. Positions before [`Evaluate::PHASE_PLIES`] (Mangola's
//! opening and second moves) are keyed by their ply as well.
//!
//! Repetitions (graph-history interaction): in Mangola and Um el-Bagara a
//! position can recur. Within one search line, a position repeating one on
//! the line counts as a failure for the attacker (the defender can repeat
//! forever; a winning strategy never needs to repeat, since along a
//! shortest win the distance to the end always shrinks), so proofs never
//! rest on a repetition and are valid whatever the path. A disproof can:
//! such a result holds only for the line it was found on. Each disproof
//! records the line index of the shallowest repeated position it rests on;
//! it is stored in the table only once the search is back at that position
//! (the repetition then lies inside the subtree: the defender can force a
//! return to the position itself, whatever the path to it), and until
//! then it lives only in the parent's memory for the current visit. This
//! is the "do not store path-dependent results" cure of graph-history
//! interaction (Breuker, van den Herik, Uiterwijk and Allis's analysis;
//! Kishimoto and Müller give a finer one that stores more): it can cost
//! re-searches, never soundness. Oware's repetition rule is part of its
//! state (the key includes the positions since the last capture), and in
//! scored games with a cap the ply is part of the state (results carry
//! ranges, repetitions are not detected): neither can form a cycle.
//!
//! # Threads
//! Every thread runs df-pn from the root over the one shared table (locks
//! per bucket of four entries). Where several threads search, a child
//! that other threads are inside looks worse to a thread choosing among
//! its siblings (its number multiplied by one plus their count: a virtual
//! loss), which spreads them over the most proving subtrees. A result one
//! thread stores serves the others at once.

mod certificate;
mod checkpoint;
mod progress;
mod question;
pub mod range;
mod search;
mod shared;
pub mod table;
mod threads;
mod value;

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ngola_rules::reference::certificate::canonical_rules;

pub use certificate::{CertificateError, CertificateStats};
pub use checkpoint::CheckpointError;
pub use progress::{Monitor, Progress, Saver, Silent};
pub use question::{Answer, Asked, Question, Target};
use search::Context;
use shared::Shared;
use table::{Census, Table, INF};

use crate::eval::Evaluate;
use crate::memory::MemoryError;
use crate::tablebase::Oracle;

/// The stack of each search thread: a line can be as long as the ply cap
/// (or [`MAX_LINE_PLIES`]), one frame per ply.
const STACK_BYTES: usize = 2 << 30;

/// The longest line a search follows without a ply cap; past it the
/// search gives up on that line (the answer may then be unknown).
pub const MAX_LINE_PLIES: u32 = ngola_rules::MAX_GAME_PLIES;

/// Default table size in MiB.
pub const DEFAULT_TT_MB: u64 = 256;

/// The prover's parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProverConfig {
    /// Table size in MiB.
    pub tt_mb: u64,
    /// Search threads (at least 1).
    pub threads: usize,
    /// Stop after this long (the answer is then unknown); `None`: no limit.
    pub time_limit: Option<Duration>,
    /// The longest line followed without a ply cap.
    pub max_line_plies: u32,
    /// For tests only: store disproofs that rest on a repetition above
    /// their position as if they held everywhere, the mistake that makes
    /// graph-history interaction give wrong answers. Never set it otherwise.
    #[doc(hidden)]
    pub unsound_store_path_dependent: bool,
}

impl Default for ProverConfig {
    fn default() -> Self {
        ProverConfig {
            tt_mb: DEFAULT_TT_MB,
            threads: 1,
            time_limit: None,
            max_line_plies: MAX_LINE_PLIES,
            unsound_store_path_dependent: false,
        }
    }
}

/// The value of a position as the prover found it.
#[derive(Clone, Debug)]
pub struct Value<M> {
    /// +1 the side to move wins, 0 draw, -1 loses; `None` if undecided.
    pub result: Option<i32>,
    /// Scored games: the final margin under perfect play (side to move's
    /// view); 0 for Mangola and draws.
    pub margin: i32,
    /// Scored games left undecided: the margin is known to lie in
    /// `lower..=upper`.
    pub bounds: (i32, i32),
    /// The question whose proof backs a decisive result (the certificate's).
    pub proof: Option<Question>,
    /// Its proof's longest line, in plies.
    pub depth: Option<u32>,
    /// A line of best play: the winner's proof moves, the loser's longest
    /// resistance (empty for draws and undecided values).
    pub pv: Vec<M>,
    /// Every question asked, in order.
    pub asked: Vec<Asked>,
    /// Positions expanded (over the runs continued from checkpoints).
    pub nodes: u64,
    /// Wall-clock time, likewise.
    pub seconds: f64,
}

/// The prover for game `G`, with its table.
pub struct Prover<G: Evaluate> {
    shared: Shared,
    config: ProverConfig,
    asked: Vec<Asked>,
    /// The problem (see [`Prover::problem`]) `asked` answers questions of.
    asked_for: String,
    /// A checkpoint was loaded: the next root continues it.
    resumed: bool,
    /// The table holds results of some root.
    used: bool,
    /// Nodes and seconds of earlier runs (checkpoints).
    prior: (u64, f64),
    started: Instant,
    deadline: Option<Instant>,
    /// Set from outside (e.g. on Ctrl-C) to stop the search.
    interrupt: Arc<AtomicBool>,
    _game: std::marker::PhantomData<G>,
}

impl<G: Evaluate> Prover<G> {
    /// A prover with an empty table of `config.tt_mb` MiB, or an error
    /// naming the memory limit `memory` if it does not fit.
    pub fn new(
        config: ProverConfig,
        memory: Option<crate::memory::MemoryLimit>,
    ) -> Result<Prover<G>, MemoryError> {
        let table = Table::new(config.tt_mb, memory)?;
        let started = Instant::now();
        Ok(Prover {
            shared: Shared {
                table,
                stop: AtomicBool::new(false),
                nodes: AtomicU64::new(0),
                busy: (0..1 << 16).map(|_| AtomicU8::new(0)).collect(),
                settled: [AtomicU64::new(0), AtomicU64::new(0)],
                oracle: None,
            },
            deadline: config.time_limit.map(|t| started + t),
            interrupt: Arc::new(AtomicBool::new(false)),
            config,
            asked: Vec::new(),
            asked_for: String::new(),
            resumed: false,
            used: false,
            prior: (0, 0.0),
            started,
            _game: std::marker::PhantomData,
        })
    }

    /// Uses the endgame database `oracle`: every position it decides
    /// exactly is a decided leaf of the search (its value there is the
    /// database's), certificates end there and name the database, and
    /// checkpoints belong to it. Its values hold only without a ply cap and
    /// under the database's rules, which the caller checks
    /// ([`Oracle::covers_rules`]).
    pub fn with_oracle(mut self, oracle: Arc<dyn Oracle<G>>) -> Self {
        self.shared.oracle = Some(Box::new(oracle));
        self
    }

    /// The endgame database the prover uses, if any.
    pub fn oracle(&self) -> Option<&Arc<dyn Oracle<G>>> {
        self.shared.oracle::<G>()
    }

    /// A flag that stops the search when set (from a signal handler, say):
    /// the question searched and those after it are then unknown, and the
    /// table keeps everything found so far (for a checkpoint).
    pub fn interrupt_handle(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.interrupt)
    }

    /// Whether the search was interrupted.
    pub fn interrupted(&self) -> bool {
        self.interrupt.load(Ordering::Relaxed)
    }

    /// The questions asked so far about the last root (including those of a
    /// loaded checkpoint).
    pub fn asked(&self) -> &[Asked] {
        &self.asked
    }

    /// Counts the table's entries for `question` (every `step`-th bucket,
    /// scaled up; 1 for an exact count): the frontier of an unfinished proof.
    pub fn census(&self, question: Question, step: usize) -> Census {
        self.shared.table.census(question.generation(), step)
    }

    /// Positions expanded and seconds spent, this run plus earlier ones.
    pub fn totals(&self) -> (u64, f64) {
        (
            self.prior.0 + self.shared.nodes.load(Ordering::Relaxed),
            self.prior.1 + self.started.elapsed().as_secs_f64(),
        )
    }

    /// Answers one question about `root` (reusing an answer already found
    /// for it, e.g. in a loaded checkpoint).
    pub fn prove(&mut self, root: &G, question: Question, monitor: &mut dyn Monitor) -> Asked {
        self.begin(root);
        self.ask(root, question, monitor)
    }

    /// Starts work on `root`: answers to questions about another root are
    /// forgotten. In games whose history since the last capture decides
    /// (Oware), the table keys leave out the history the root brings from
    /// before the search (it is common to every position searched before
    /// the first capture), so the table is cleared for every new root,
    /// unless a checkpoint was just loaded for it.
    fn begin(&mut self, root: &G) {
        let problem = self.problem(root);
        let resumed = std::mem::take(&mut self.resumed);
        if problem != self.asked_for || (G::PATH_HISTORY && !resumed) {
            self.asked.clear();
            self.asked_for = problem;
            if G::PATH_HISTORY && self.used {
                self.shared.table.clear();
            }
        }
        self.used = true;
    }

    /// The search context of `question` from `root`.
    fn context(&self, root: &G, question: Question) -> Context {
        let cap = root.ply_cap();
        Context {
            attacker: question.attacker,
            target: question.target,
            salt: question.salt(),
            generation: question.generation(),
            cap,
            repetitions: !G::PATH_HISTORY && (!G::SCORED || cap.is_none()),
            monotone: !G::SCORED,
            max_line: match cap {
                Some(cap) => cap.saturating_sub(root.ply()).saturating_add(1),
                None => self.config.max_line_plies,
            },
        }
    }

    /// The problem a checkpoint belongs to: game, rules and root, and the
    /// endgame database if the prover uses one.
    pub fn problem(&self, root: &G) -> String {
        let mut problem = format!("{} {} | {root}", G::NAME, canonical_rules(root.rules()));
        if let Some(oracle) = self.oracle() {
            problem += &format!(" | tablebase {}", oracle.id());
        }
        problem
    }

    /// Answers `question` from `root`: from the questions already asked
    /// about it (e.g. in a checkpoint), else by searching.
    fn ask(&mut self, root: &G, question: Question, monitor: &mut dyn Monitor) -> Asked {
        if let Some(done) = self
            .asked
            .iter()
            .find(|a| a.question == question && a.answer != Answer::Unknown)
        {
            return done.clone();
        }
        let (nodes0, seconds0) = self.totals();
        let (answer, depth, gave_up) = self.search(root, question, monitor);
        let (nodes1, seconds1) = self.totals();
        let asked = Asked {
            question,
            answer,
            nodes: nodes1 - nodes0,
            seconds: seconds1 - seconds0,
            depth,
            gave_up,
        };
        self.asked.retain(|a| a.question != question);
        self.asked.push(asked.clone());
        asked
    }

    /// Whether the time limit has passed or the search was interrupted.
    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d) || self.interrupted()
    }

    /// Loads a checkpoint written for the same problem: its table entries
    /// and the questions it had answered.
    pub fn load_checkpoint(
        &mut self,
        root: &G,
        input: &mut dyn std::io::Read,
    ) -> Result<u64, CheckpointError> {
        let problem = self.problem(root);
        let loaded = checkpoint::load(&self.shared, &problem, G::SCORED, input)?;
        if self.asked_for != problem {
            self.asked.clear();
            self.asked_for = problem;
        }
        self.resumed = true;
        self.used = true;
        for a in loaded.asked {
            if !self.asked.iter().any(|b| b.question == a.question) {
                self.asked.push(a);
            }
        }
        self.prior = (self.prior.0 + loaded.nodes, self.prior.1 + loaded.seconds);
        Ok(loaded.entries)
    }

    /// Writes a checkpoint of the table and the questions answered.
    pub fn save_checkpoint(&self, root: &G, out: &mut dyn std::io::Write) -> std::io::Result<u64> {
        checkpoint::save(
            &self.shared,
            &self.problem(root),
            &self.asked,
            self.totals(),
            out,
        )
    }
}

/// `INF` as the reports show it.
pub const INFINITE: u32 = INF;

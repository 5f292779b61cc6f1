//! `ngola train`: AlphaZero-style training by self-play
//! ([`ngola_learn::train`]).
//!
//! ```text
//! ngola train GAME [--rule K=V]... (--time DURATION | --generations N) [--threads N] -o DIR [SETTINGS]
//! ```
//!
//! The folder holds the checkpoints, `train.csv` and `learning-curve.svg`;
//! running the same command on it again resumes from the last checkpoint
//! (settings not given are the folder's; settings given must agree with
//! them). A progress bar on stderr shows the generation, the games and
//! the last evaluation; at the end one line on stdout names the network:
//!
//! ```text
//! network DIR/network.safetensors generation G steps S games N positions P exact E seconds T
//! ```
//!
//! Ctrl-C stops at once; the last checkpoint stands (exit code 130).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use ngola_agents::Evaluate;
use ngola_learn::train::checkpoint::{self, Checkpoint, RunSettings, CURVE_FILE, SETTINGS_FILE};
use ngola_learn::train::{LogRow, Progress};
use ngola_learn::{Budget, TrainError, TrainSettings};
use ngola_rules::{with_game, GameKind, RuleOptions};

use crate::cli_error::{print, write_file, CliError};
use crate::host::pause::{Pause, PausePoint};

/// Arguments of `ngola train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// The game: mangola, umelbagara, kalah or oware.
    #[arg(value_parser = crate::game_args::parse_game_kind)]
    game: GameKind,
    /// A rule option as key=value (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
    /// Wall time of this run (e.g. 90s, 30m, 2h); the generation under way is finished.
    #[arg(long, value_parser = crate::cmd::prove::parse_duration)]
    time: Option<Duration>,
    /// Stop after this generation (counted over every run of the folder).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    generations: Option<u64>,
    /// Self-play threads (default: every core); no result depends on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// The training folder (created; a run there resumes).
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    output: PathBuf,
    #[command(flatten)]
    settings: SettingArgs,
}

/// The training settings; each defaults to the folder's (on resume) or
/// to the built-in default.
#[derive(Args, Debug, Default)]
pub struct SettingArgs {
    /// Master seed [default: 1].
    #[arg(long)]
    seed: Option<u64>,
    /// How the network reads the board: one-hot (each hole's count one-hot) or counts (raw) [default: one-hot].
    #[arg(long, value_name = "one-hot|counts")]
    inputs: Option<ngola_nn::Inputs>,
    /// The policy target: completed-q (the prior sharpened by the search's values) or visits [default: completed-q].
    #[arg(long, value_name = "completed-q|visits")]
    policy_target: Option<ngola_learn::train::PolicyTarget>,
    /// Hidden layer widths, comma-separated [default: 128,128].
    #[arg(long, value_delimiter = ',')]
    hidden: Option<Vec<usize>>,
    /// Simulations of a full (recorded) search [default: 96].
    #[arg(long)]
    sims: Option<u32>,
    /// Simulations of a fast (unrecorded) search [default: 16].
    #[arg(long)]
    fast_sims: Option<u32>,
    /// Share of moves searched in full [default: 0.25].
    #[arg(long)]
    full_share: Option<f64>,
    /// PUCT exploration constant [default: 1.5].
    #[arg(long)]
    c: Option<f64>,
    /// Dirichlet noise concentration at the root [default: 0.3].
    #[arg(long)]
    dirichlet_alpha: Option<f64>,
    /// Weight of the noise in the root priors [default: 0.25].
    #[arg(long)]
    dirichlet_weight: Option<f64>,
    /// Plies with moves drawn in proportion to visits [default: 10].
    #[arg(long)]
    temperature_plies: Option<u32>,
    /// Random plies before each self-play game [default: 0].
    #[arg(long)]
    opening_plies: Option<u32>,
    /// Self-play games per generation [default: 128].
    #[arg(long)]
    games: Option<u32>,
    /// Games a worker plays at once, leaves batched [default: 32].
    #[arg(long)]
    games_in_flight: Option<u32>,
    /// Positions kept in the replay buffer [default: 100000].
    #[arg(long)]
    replay: Option<usize>,
    /// Positions per learner step [default: 256].
    #[arg(long)]
    batch_size: Option<usize>,
    /// Times each new position is drawn by the learner, on average [default: 4].
    #[arg(long)]
    sample_reuse: Option<f64>,
    /// AdamW learning rate [default: 0.001].
    #[arg(long)]
    lr: Option<f64>,
    /// AdamW weight decay [default: 0.0001].
    #[arg(long)]
    weight_decay: Option<f64>,
    /// Solver nodes per position for exact value labels, 0 for none [default: 20000].
    #[arg(long)]
    exact_nodes: Option<u64>,
    /// Opening pairs of the evaluation after each generation, 0 for none [default: 20].
    #[arg(long)]
    eval_pairs: Option<u32>,
    /// The evaluation's opponent, an agent spec [default: greedy].
    #[arg(long)]
    eval_opponent: Option<String>,
}

/// The settings' flags and the fields they set, written once: both
/// `SettingArgs::apply` and `flag_of` (the flag an error names) come
/// from this table.
macro_rules! setting_flags {
    ($($flag:ident => $field:ident),* $(,)?) => {
        impl SettingArgs {
            /// `s` with every setting given here in place of its own.
            fn apply(&self, mut s: TrainSettings) -> TrainSettings {
                $(if let Some(v) = &self.$flag { s.$field = v.clone(); })*
                s
            }
        }

        /// The command-line flag of a setting (`full_sims` is `sims`).
        fn flag_of(field: &str) -> String {
            match field {
                $(stringify!($field) => stringify!($flag).replace('_', "-"),)*
                other => other.replace('_', "-"),
            }
        }
    };
}

setting_flags!(
    seed => seed, inputs => inputs, policy_target => policy_target, hidden => hidden, sims => full_sims, fast_sims => fast_sims,
    full_share => full_share, c => c_puct, dirichlet_alpha => dirichlet_alpha,
    dirichlet_weight => dirichlet_weight, temperature_plies => temperature_plies,
    opening_plies => opening_plies, games => games_per_generation,
    games_in_flight => games_in_flight, replay => replay_capacity,
    batch_size => batch_size, sample_reuse => sample_reuse, lr => learning_rate,
    weight_decay => weight_decay, exact_nodes => exact_nodes,
    eval_pairs => eval_pairs, eval_opponent => eval_opponent,
);

/// Trains (or resumes) and prints the network's line.
pub fn run(args: TrainArgs) -> Result<(), CliError> {
    if args.time.is_none() && args.generations.is_none() {
        return Err(CliError::input(
            "give --time DURATION or --generations N (or both): a run needs a budget",
        ));
    }
    with_game!(args.game, G => train::<G>(&args))
}

fn train<G: Evaluate>(args: &TrainArgs) -> Result<(), CliError> {
    crate::game_args::check_rule_flags(&args.rules)?;
    let rules = G::Rules::from_assignments(&args.rules).map_err(CliError::input)?;
    let settings_path = args.output.join(SETTINGS_FILE);
    let checkpoint_path = args.output.join(checkpoint::CHECKPOINT_FILE);
    // A test's pause after a generation's checkpoint (see crate::host::pause);
    // a resumed run at or past that generation never pauses.
    let pause = PausePoint::from_env()?.map(Pause::new);
    let base = if checkpoint_path.exists() {
        let recorded: RunSettings = checkpoint::read_json(&settings_path).map_err(train_error)?;
        if let Some(pause) = &pause {
            let done: Checkpoint = checkpoint::read_json(&checkpoint_path).map_err(train_error)?;
            pause.starting_at(done.generation);
        }
        eprintln!(
            "resuming the run in {} ({} [{}])",
            args.output.display(),
            recorded.game,
            recorded.rules
        );
        recorded.settings
    } else {
        TrainSettings::default()
    };
    let settings = args.settings.apply(base);
    let threads = match args.threads {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let budget = Budget {
        time: args.time,
        generations: args.generations,
        threads,
        memory: crate::host::memory_limit(),
    };
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    let progress = Arc::new(Progress::default());
    let bar = progress_bar(&settings, budget.time);
    let ticker = spawn_ticker(bar.clone(), Arc::clone(&progress), Arc::clone(&stop));
    let title = format!(
        "{} [{}]",
        G::NAME,
        ngola_nn::format::rules_text::<G>(&rules)
    );
    let curve = args.output.join(CURVE_FILE);
    let mut curve_error = None;
    let mut on_row = |rows: &[LogRow]| {
        if let Some(last) = rows.last() {
            bar.set_message(row_message(last));
        }
        if let Err(e) = write_file(&curve, &learning_curve(&title, rows)) {
            curve_error = Some(e);
        }
        // The generation's checkpoint is on disk by now.
        if let (Some(pause), Some(last)) = (&pause, rows.last()) {
            pause.reached(last.generation);
        }
    };
    let result = ngola_learn::train::<G>(
        rules,
        &settings,
        &budget,
        &args.output,
        &progress,
        &stop,
        &mut on_row,
    );
    stop.store(true, Ordering::Relaxed);
    let _ = ticker.join();
    bar.finish_and_clear();
    if let Some(e) = curve_error {
        return Err(e);
    }
    match result {
        Ok(trained) => {
            let c = &trained.checkpoint;
            if trained.rows.is_empty() {
                write_file(&curve, &learning_curve(&title, &trained.rows))?;
            }
            print(&format!(
                "network {} generation {} steps {} games {} positions {} exact {} seconds {:.1}\n",
                trained.network.display(),
                c.generation,
                c.steps,
                c.games,
                c.positions,
                c.exact,
                c.seconds
            ))
        }
        Err(TrainError::Interrupted) => {
            eprintln!(
                "interrupted: the last checkpoint in {} stands; run the same command to resume",
                args.output.display()
            );
            Err(CliError {
                code: 130,
                message: String::new(),
                quiet: true,
            })
        }
        Err(e) => Err(train_error(e)),
    }
}

/// Exit 2 for what the user gave (settings, a folder of another run or
/// of something else, a damaged file), 1 for the rest.
fn train_error(e: TrainError) -> CliError {
    match e {
        TrainError::Setting { field, message } => {
            CliError::input(format!("--{}: {message}", flag_of(field)))
        }
        e if e.is_input() => CliError::input(e),
        e => CliError::failure(e),
    }
}

fn progress_bar(settings: &TrainSettings, time: Option<Duration>) -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} train {elapsed_precise} {prefix} | {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.set_prefix(format!(
        "{} games/generation{}",
        settings.games_per_generation,
        time.map_or(String::new(), |t| format!(", budget {}s", t.as_secs()))
    ));
    bar.set_message("generation 1 under way");
    bar
}

/// Shows the running counters twice a second until `stop`.
fn spawn_ticker(
    bar: ProgressBar,
    progress: Arc<Progress>,
    stop: Arc<AtomicBool>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        while !stop.load(Ordering::Relaxed) {
            let games = progress.games.load(Ordering::Relaxed);
            let positions = progress.positions.load(Ordering::Relaxed);
            bar.set_prefix(format!("{games} games, {positions} moves this run"));
            bar.tick();
            std::thread::sleep(Duration::from_millis(500));
        }
    })
}

fn row_message(row: &LogRow) -> String {
    let eval = row.eval_score.map_or(String::new(), |s| {
        format!(", {:.0}% against {}", 100.0 * s, row.eval_opponent)
    });
    format!(
        "generation {} done: {} steps, {:.0} moves/s{eval}",
        row.generation, row.step, row.positions_per_second
    )
}

/// The learning curve: the evaluation's score against hours of training.
pub fn learning_curve(title: &str, rows: &[LogRow]) -> String {
    let (opponent, points) = ngola_learn::train::log::curve_points(rows);
    let opponent = opponent.unwrap_or_else(|| "(no evaluation)".to_string());
    ngola_viz::plot::learning_curve_svg(title, &opponent, &points)
}

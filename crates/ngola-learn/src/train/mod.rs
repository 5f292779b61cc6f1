//! AlphaZero-style training by self-play ([`train`]).
//!
//! A run goes by generations. In each, the workers play
//! `games_per_generation` games with the network of the generation's start
//! ([`play`]: PUCT guided by the network, root noise, a temperature
//! schedule, playout-cap randomisation, the leaves of many games batched),
//! while the learner, on its own thread, takes AdamW steps on batches drawn
//! from the replay buffer as it stood at the generation's start (so
//! self-play plays a network one generation behind the learner's, as in
//! asynchronous AlphaZero). The generation's examples then join the buffer,
//! the network is evaluated ([`eval`]), and the folder is checkpointed
//! ([`checkpoint`]).
//!
//! Value targets are the game's result for the side to move, except near
//! the end, where the positions the solver decides within
//! `exact_nodes` nodes carry its exact value.
//!
//! Determinism: the same settings and seed give the same networks
//! generation by generation, whatever the number of threads; the time
//! budget decides only how many generations are played. A resumed run
//! continues from the last checkpoint with the same weights, buffer and
//! generators; only AdamW's moment estimates start afresh.

pub mod checkpoint;
mod error;
pub mod eval;
pub mod log;
pub mod play;
pub mod replay;
mod settings;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use ngola_agents::{AgentSpec, Evaluate};
use ngola_nn::format::rules_text;
use ngola_nn::{Loss, Network, TrainConfig, Trainer};

pub use checkpoint::{Checkpoint, RunSettings};
pub use error::TrainError;
pub use log::LogRow;
pub use play::Progress;
pub use replay::{Example, Replay};
pub use settings::{Budget, PolicyTarget, TrainSettings};

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Trained {
    /// The counters of the last checkpoint.
    pub checkpoint: Checkpoint,
    /// Every row of the log.
    pub rows: Vec<LogRow>,
    /// The trained network's file.
    pub network: PathBuf,
}

/// Trains a network for `G` under `rules` in `dir` (created, or resumed if
/// it holds a run), until `budget` is spent or `stop` is raised. `on_row`
/// is called with the whole log after every generation (the program draws
/// its learning curve and progress from it).
pub fn train<G: Evaluate>(
    rules: G::Rules,
    settings: &TrainSettings,
    budget: &Budget,
    dir: &Path,
    progress: &Progress,
    stop: &AtomicBool,
    on_row: &mut dyn FnMut(&[LogRow]),
) -> Result<Trained, TrainError> {
    // The evaluation opponent's resources, for this run.
    let resources = ngola_agents::Resources::new(budget.memory);
    settings.check()?;
    if budget.threads == 0 {
        return Err(TrainError::Setting {
            field: "threads",
            message: "must be at least 1".into(),
        });
    }
    let began = Instant::now();
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |source| TrainError::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    // One run per folder: a second process fails here, before it reads
    // or writes anything of the first's.
    let _lock = ngola_files::FolderLock::acquire(dir)?;
    let run = RunSettings {
        game: G::NAME.to_string(),
        rules: rules_text::<G>(&rules),
        settings: settings.clone(),
    };
    let (mut net, mut replay, mut done, mut rows) = open_run::<G>(&run, rules, dir)?;
    let opponent: Option<AgentSpec> = match settings.eval_pairs {
        0 => None,
        _ => settings.eval_opponent.parse().ok(),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(budget.threads)
        .build()
        .map_err(|e| TrainError::Setting {
            field: "threads",
            message: e.to_string(),
        })?;
    let start = G::start(rules);
    let config = TrainConfig {
        learning_rate: settings.learning_rate,
        weight_decay: settings.weight_decay,
        value_weight: 1.0,
    };
    // A resumed run's steps go on from the checkpoint's.
    let mut trainer = Trainer::new(net.snapshot()?, config)?.counting_from(done.steps);
    loop {
        let out_of_time = budget.time.is_some_and(|t| began.elapsed() >= t);
        let out_of_generations = budget.generations.is_some_and(|g| done.generation >= g);
        if out_of_time || out_of_generations {
            break;
        }
        if stop.load(Ordering::Relaxed) {
            return Err(TrainError::Interrupted);
        }
        let generation = done.generation + 1;
        let generation_began = Instant::now();
        let playing = Arc::new(net.snapshot()?);
        let steps = learner_steps(settings, done.new_examples, replay.len());
        let (played, learned) = std::thread::scope(|scope| {
            let learner = scope.spawn(|| learn(&mut trainer, &replay, settings, generation, steps));
            let played = pool.install(|| {
                self_play(&play::Generation {
                    start: &start,
                    net: &*playing,
                    settings,
                    number: generation,
                    stop,
                    progress,
                    memory: budget.memory,
                })
            });
            let learned = learner.join().unwrap_or_else(|_| {
                Err(TrainError::Corrupt {
                    file: "learner".into(),
                    message: "the learner thread panicked".into(),
                })
            });
            (played, learned)
        });
        let played = played?;
        let losses = learned?;
        let self_play_seconds = generation_began.elapsed().as_secs_f64();
        let examples = played.examples.len() as u64;
        for example in played.examples {
            replay.push(example);
        }
        net = trainer.network().snapshot()?;
        let (eval_score, eval_games) = match &opponent {
            Some(spec) => {
                let shared = Arc::new(net.snapshot()?);
                let (score, games) = pool.install(|| {
                    eval::evaluate(
                        &start,
                        &shared,
                        spec,
                        settings.eval_pairs,
                        settings.seed,
                        &resources,
                    )
                })?;
                (Some(score), games)
            }
            None => (None, 0),
        };
        done = Checkpoint {
            generation,
            steps: trainer.steps(),
            games: done.games + played.games,
            positions: done.positions + played.positions,
            examples: done.examples + examples,
            new_examples: examples,
            exact: done.exact + played.exact,
            seconds: done.seconds + generation_began.elapsed().as_secs_f64(),
        };
        let mean = |f: fn(&Loss) -> f32| {
            (!losses.is_empty()).then(|| losses.iter().map(f).sum::<f32>() / losses.len() as f32)
        };
        rows.push(LogRow {
            generation,
            step: done.steps,
            games: done.games,
            positions: done.positions,
            exact: done.exact,
            policy_loss: mean(|l| l.policy),
            value_loss: mean(|l| l.value),
            total_loss: mean(|l| l.total),
            positions_per_second: round_to(
                played.positions as f64 / self_play_seconds.max(1e-9),
                1,
            ),
            seconds: round_to(done.seconds, 3),
            eval_opponent: opponent.as_ref().map_or(String::new(), |o| o.to_string()),
            eval_games,
            eval_score,
        });
        save(dir, &net, &replay, &done, &rows)?;
        on_row(&rows);
    }
    Ok(Trained {
        checkpoint: done,
        rows,
        network: dir.join(checkpoint::NETWORK_FILE),
    })
}

/// `x` rounded to `places` decimals (the log's figures, not its counters).
fn round_to(x: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (x * scale).round() / scale
}

/// The network, buffer, counters and log of the run in `dir`: a new one,
/// or the one checkpointed there.
fn open_run<G: Evaluate>(
    run: &RunSettings,
    rules: G::Rules,
    dir: &Path,
) -> Result<(Network<G>, Replay, Checkpoint, Vec<LogRow>), TrainError> {
    let s = &run.settings;
    let (input, actions) = (G::observation_len(&rules), G::num_actions(&rules));
    let settings_path = dir.join(checkpoint::SETTINGS_FILE);
    let checkpoint_path = dir.join(checkpoint::CHECKPOINT_FILE);
    if checkpoint_path.exists() {
        let recorded: RunSettings = checkpoint::read_json(&settings_path)?;
        for (field, mine, theirs) in [
            ("game", &run.game, &recorded.game),
            ("rules", &run.rules, &recorded.rules),
        ] {
            if mine != theirs {
                return Err(TrainError::Resume {
                    field: field.into(),
                    recorded: theirs.clone(),
                    given: mine.clone(),
                });
            }
        }
        s.check_same(&recorded.settings)?;
        let done: Checkpoint = checkpoint::read_json(&checkpoint_path)?;
        let saved = checkpoint::generation_dir(dir, done.generation);
        let net_path = saved.join(checkpoint::NETWORK_FILE);
        let net = Network::<G>::load(&net_path, &rules)?;
        // The checkpoint's network is the run's: the inputs and widths its
        // settings say.
        let corrupt = |message: String| TrainError::Corrupt {
            file: net_path.display().to_string(),
            message,
        };
        if net.inputs() != s.inputs {
            return Err(corrupt(format!(
                "reads {} inputs, but the run's settings say {}",
                net.inputs(),
                s.inputs
            )));
        }
        if net.hidden_widths() != s.hidden {
            return Err(corrupt(format!(
                "hidden widths {:?}, but the run's settings say {:?}",
                net.hidden_widths(),
                s.hidden
            )));
        }
        let replay = Replay::load(&saved.join(checkpoint::REPLAY_FILE), input, actions)?;
        // Rows past the checkpoint (a run killed between the two) go.
        let log_path = dir.join(checkpoint::LOG_FILE);
        let mut rows = log::read_rows(&log_path)?;
        rows.retain(|r| r.generation <= done.generation);
        // Every generation up to the checkpoint has its row: a log cut or
        // deleted would lose the run's history without a word.
        if !rows.iter().map(|r| r.generation).eq(1..=done.generation) {
            return Err(TrainError::Corrupt {
                file: log_path.display().to_string(),
                message: format!(
                    "holds {} rows for the checkpoint's {} generations: the run's log \
                     lost rows (restore it, or train in a new folder)",
                    rows.len(),
                    done.generation
                ),
            });
        }
        return Ok((net, replay, done, rows));
    }
    let has_files = std::fs::read_dir(dir)
        .map_err(|source| TrainError::Io {
            path: dir.display().to_string(),
            source,
        })?
        .filter_map(Result::ok)
        .any(|e| {
            e.file_name() != checkpoint::SETTINGS_FILE && e.file_name() != ngola_files::LOCK_FILE
        });
    if has_files {
        return Err(TrainError::NotATrainingFolder {
            path: dir.to_path_buf(),
            file: checkpoint::CHECKPOINT_FILE,
        });
    }
    checkpoint::write_json(&settings_path, run)?;
    let net = Network::<G>::with_inputs(rules, s.inputs, &s.hidden, s.seed)?;
    let replay = Replay::new(input, actions, s.replay_capacity);
    log::write_rows(&dir.join(checkpoint::LOG_FILE), &[])?;
    Ok((net, replay, Checkpoint::default(), Vec::new()))
}

/// Learner steps for a generation after `new` examples, with `held` in the
/// buffer: `sample_reuse * new / batch_size`, at least one once the buffer
/// holds a batch, none before.
fn learner_steps(settings: &TrainSettings, new: u64, held: usize) -> u64 {
    if held == 0 {
        return 0;
    }
    ((settings.sample_reuse * new as f64 / settings.batch_size as f64).ceil() as u64).max(1)
}

/// The learner's steps of one generation, each on a batch drawn from
/// `replay` by a generator of the generation.
fn learn<G: Evaluate>(
    trainer: &mut Trainer<G>,
    replay: &Replay,
    settings: &TrainSettings,
    generation: u64,
    steps: u64,
) -> Result<Vec<Loss>, TrainError> {
    let mut rng =
        ChaCha8Rng::seed_from_u64(play::game_seed(settings.seed, generation, u64::MAX - 1));
    let mut losses = Vec::with_capacity(steps as usize);
    for _ in 0..steps {
        let batch = replay.sample(settings.batch_size, &mut rng)?;
        if batch.is_empty() {
            break;
        }
        let loss = trainer.step(&batch)?;
        if !loss.total.is_finite() {
            // The weights are no better: nothing of this generation is
            // kept, and a checkpoint is never written with them.
            return Err(TrainError::Diverged {
                generation,
                step: trainer.steps(),
                loss: loss.total,
            });
        }
        losses.push(loss);
    }
    Ok(losses)
}

/// The generation's self-play: its games in fixed groups of
/// `games_in_flight`, the groups spread over the pool's threads.
fn self_play<G: Evaluate>(
    generation: &play::Generation<'_, G>,
) -> Result<play::Played, TrainError> {
    let settings = generation.settings;
    let games = u64::from(settings.games_per_generation);
    let group = u64::from(settings.games_in_flight);
    let groups: Vec<_> = (0..games.div_ceil(group))
        .map(|k| k * group..((k + 1) * group).min(games))
        .collect();
    let results: Vec<Result<play::Played, TrainError>> = groups
        .into_par_iter()
        .map(|indices| play::play_group(generation, indices))
        .collect();
    let mut all = play::Played::default();
    for r in results {
        all.append(r?);
    }
    Ok(all)
}

/// Checkpoints the run: the weights and the buffer into a folder of the
/// generation, then the log, then the counters that name that folder (the
/// moment the checkpoint counts), then the trained network's copy at the
/// top and the removal of older checkpoints. A kill at any point leaves
/// `checkpoint.json` naming a complete folder.
fn save<G: Evaluate>(
    dir: &Path,
    net: &Network<G>,
    replay: &Replay,
    done: &Checkpoint,
    rows: &[LogRow],
) -> Result<(), TrainError> {
    let saved = checkpoint::generation_dir(dir, done.generation);
    std::fs::create_dir_all(&saved).map_err(|source| TrainError::Io {
        path: saved.display().to_string(),
        source,
    })?;
    net.save(&saved.join(checkpoint::NETWORK_FILE))?;
    replay.save(&saved.join(checkpoint::REPLAY_FILE))?;
    log::write_rows(&dir.join(checkpoint::LOG_FILE), rows)?;
    checkpoint::write_json(&dir.join(checkpoint::CHECKPOINT_FILE), done)?;
    net.save(&dir.join(checkpoint::NETWORK_FILE))?;
    checkpoint::remove_older(dir, done.generation)
}

//! Training by self-play on a small board (Kalah, 4 pits, 3 seeds): the
//! trained network beats
//! `random` and the untrained network, runs are the same whatever the
//! threads, and a run resumes from its checkpoint.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use ngola_agents::play::{play_out, Ended, Seated};
use ngola_agents::AgentSpec;
use ngola_learn::train::checkpoint::{CHECKPOINT_FILE, LOG_FILE, NETWORK_FILE};
use ngola_learn::train::{log::read_rows, Progress};
use ngola_learn::{train, Budget, TrainError, TrainSettings};
use ngola_nn::Network;
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::opening::random_opening;
use ngola_rules::{Game, Player, RuleOptions};

fn rules() -> KalahRules {
    KalahRules::from_assignments(&["pits=4", "seeds=3"]).expect("rules")
}

fn small() -> TrainSettings {
    TrainSettings {
        seed: 7,
        hidden: vec![32, 32],
        full_sims: 32,
        fast_sims: 8,
        full_share: 0.5,
        temperature_plies: 4,
        games_per_generation: 64,
        games_in_flight: 16,
        replay_capacity: 4000,
        batch_size: 64,
        sample_reuse: 4.0,
        learning_rate: 3e-3,
        exact_nodes: 2000,
        eval_pairs: 4,
        ..TrainSettings::default()
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ngola-train-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn run(
    dir: &Path,
    settings: &TrainSettings,
    generations: u64,
    threads: usize,
) -> Result<ngola_learn::Trained, TrainError> {
    let budget = Budget {
        time: None,
        generations: Some(generations),
        threads,
        memory: None,
    };
    train::<Kalah>(
        rules(),
        settings,
        &budget,
        dir,
        &Progress::default(),
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

/// `a`'s score and wins over `pairs` openings of `opening_plies` random
/// plies, each played with both colours.
fn score(a: &AgentSpec, b: &AgentSpec, pairs: u64, opening_plies: u32) -> (f64, u64) {
    let start = Kalah::start(rules());
    let (mut total, mut wins) = (0.0, 0);
    for pair in 0..pairs {
        let (opening, _) = random_opening(&start, opening_plies, 1000 + pair).expect("opening");
        for a_side in [Player::South, Player::North] {
            let x = a.build::<Kalah>(&Default::default(), pair);
            let y = b.build::<Kalah>(&Default::default(), pair + 1);
            let agents = if a_side == Player::South {
                [x, y]
            } else {
                [y, x]
            };
            let (mut game, mut after) = (opening, opening);
            let mut seated = Seated::new(agents);
            let s = match play_out(&mut game, &mut after, &mut seated, 0) {
                Ended::Over(o) => o.score_for(a_side),
                _ => 0.5,
            };
            total += s;
            wins += u64::from(s == 1.0);
        }
    }
    (total / (2 * pairs) as f64, wins)
}

fn spec(text: &str) -> AgentSpec {
    text.parse().expect("spec")
}

#[test]
fn a_short_training_beats_random_and_the_untrained_network() {
    let dir = temp("strength");
    let settings = small();
    let trained = run(&dir, &settings, 8, 2).expect("training");
    assert_eq!(trained.rows.len(), 8);
    assert!(
        trained.checkpoint.exact > 0,
        "no exact labels: {:?}",
        trained.checkpoint
    );
    let untrained = dir.join("untrained.safetensors");
    Network::<Kalah>::with_inputs(rules(), settings.inputs, &settings.hidden, settings.seed)
        .expect("network")
        .save(&untrained)
        .expect("save");
    let net = trained.network.display().to_string();
    // Against random from the start (its own seed makes every game new).
    let (_, wins) = score(
        &spec(&format!("az:net={net},sims=16")),
        &spec("random"),
        50,
        0,
    );
    assert!(
        wins >= 90,
        "the trained network won {wins} of 100 games against random"
    );
    let (s, _) = score(
        &spec(&format!("az:net={net},sims=16")),
        &spec(&format!("az:net={},sims=16", untrained.display())),
        50,
        2,
    );
    assert!(
        s > 0.5,
        "the trained network scored {s} against the untrained one"
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn runs_are_the_same_whatever_the_threads_and_resume_from_the_checkpoint() {
    let settings = TrainSettings {
        games_per_generation: 24,
        games_in_flight: 8,
        ..small()
    };
    let (one, two) = (temp("one"), temp("two"));
    run(&one, &settings, 2, 1).expect("one thread");
    run(&two, &settings, 2, 2).expect("two threads");
    let bytes = |d: &Path| std::fs::read(d.join(NETWORK_FILE)).expect("network");
    assert_eq!(bytes(&one), bytes(&two), "the threads changed the network");

    // Resuming goes on from generation 3 with the same counters.
    let before = read_rows(&one.join(LOG_FILE)).expect("log");
    let resumed = run(&one, &settings, 3, 2).expect("resume");
    assert_eq!(resumed.rows.len(), 3);
    assert_eq!(resumed.rows[..2], before[..]);
    assert_eq!(resumed.rows[2].generation, 3);
    assert_eq!(resumed.checkpoint.games, 3 * 24);
    assert_ne!(bytes(&one), bytes(&two), "the resumed run did not learn");

    // Other settings on the same folder are refused, naming the field.
    let other = TrainSettings {
        seed: 8,
        ..settings.clone()
    };
    match run(&one, &other, 4, 1) {
        Err(TrainError::Resume { field, .. }) => assert_eq!(field, "seed"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    for d in [one, two] {
        std::fs::remove_dir_all(&d).expect("clean up");
    }
}

#[test]
fn a_folder_of_something_else_and_bad_settings_are_refused() {
    let dir = temp("other");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("games.csv"), "x\n").expect("file");
    assert!(matches!(
        run(&dir, &small(), 1, 1),
        Err(TrainError::NotATrainingFolder { .. })
    ));
    let bad = TrainSettings {
        fast_sims: 64,
        ..small()
    };
    assert!(matches!(
        run(&temp("bad"), &bad, 1, 1),
        Err(TrainError::Setting {
            field: "fast_sims",
            ..
        })
    ));
    let bad = TrainSettings {
        eval_opponent: "minimax".into(),
        ..small()
    };
    assert!(matches!(
        run(&temp("bad2"), &bad, 1, 1),
        Err(TrainError::Setting {
            field: "eval_opponent",
            ..
        })
    ));
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn a_raised_stop_flag_leaves_the_last_checkpoint() {
    let dir = temp("stop");
    let settings = TrainSettings {
        games_per_generation: 16,
        games_in_flight: 8,
        ..small()
    };
    run(&dir, &settings, 1, 1).expect("first generation");
    let checkpoint = std::fs::read(dir.join(CHECKPOINT_FILE)).expect("checkpoint");
    let budget = Budget {
        time: None,
        generations: Some(5),
        threads: 1,
        memory: None,
    };
    let stopped = train::<Kalah>(
        rules(),
        &settings,
        &budget,
        &dir,
        &Progress::default(),
        &AtomicBool::new(true),
        &mut |_| {},
    );
    assert!(matches!(stopped, Err(TrainError::Interrupted)));
    assert_eq!(
        std::fs::read(dir.join(CHECKPOINT_FILE)).expect("checkpoint"),
        checkpoint
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

//! The training step: a few hundred AdamW steps fit a fixed tiny dataset
//! (one-hot policies over legal moves, values in [-1, 1]), the loss terms
//! are what their definitions give on a network that knows nothing, the
//! same seed and batches give the same weights, and bad batches are
//! refused.

use ngola_nn::{Encode, Network, NnError, TrainBatch, TrainConfig, Trainer};
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::{Game, RuleOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// 24 positions of random games, each with one legal move as the target
/// and a random value.
fn dataset(rules: KalahRules) -> TrainBatch {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut batch = TrainBatch::for_game::<Kalah>(&rules);
    let mut game = Kalah::start(rules);
    let mut legal = Vec::new();
    while batch.len() < 24 {
        if game.outcome().is_some() {
            game = Kalah::start(rules);
        }
        game.legal_actions(&mut legal);
        let mut target = vec![0.0; Kalah::num_actions(&rules)];
        target[legal[rng.random_range(0..legal.len())]] = 1.0;
        batch
            .push(&game, &target, rng.random_range(-1.0..=1.0))
            .expect("example");
        game.play_random(&mut rng);
    }
    batch
}

fn config() -> TrainConfig {
    TrainConfig {
        learning_rate: 1e-2,
        ..TrainConfig::default()
    }
}

#[test]
fn a_few_hundred_steps_fit_a_tiny_dataset() {
    let rules = KalahRules::default();
    let data = dataset(rules);
    let net = Network::<Kalah>::new(rules, &[64, 64], 4).expect("network");
    let mut trainer = Trainer::new(net, config()).expect("trainer");
    let first = trainer.loss(&data).expect("loss");
    for _ in 0..300 {
        trainer.step(&data).expect("step");
    }
    let last = trainer.loss(&data).expect("loss");
    assert_eq!(trainer.steps(), 300);
    // The total falls at least tenfold, and each term with it.
    assert!(last.total * 10.0 < first.total, "{first:?} -> {last:?}");
    assert!(last.policy * 10.0 < first.policy, "{first:?} -> {last:?}");
    assert!(last.value * 10.0 < first.value, "{first:?} -> {last:?}");
    assert!((last.total - (last.policy + last.value)).abs() < 1e-5);
}

#[test]
fn the_loss_of_a_network_that_knows_nothing() {
    // A network of zero weights gives equal logits and value 0: the policy
    // term is ln(legal moves), the value term the mean squared target.
    let rules = small();
    let mut batch = TrainBatch::for_game::<Kalah>(&rules);
    let game = Kalah::start(rules);
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let mut target = vec![0.0; Kalah::num_actions(&rules)];
    target[legal[0]] = 1.0;
    batch.push(&game, &target, 0.5).expect("example");
    batch.push(&game, &target, -1.0).expect("example");
    let zero = zero_network(rules);
    let trainer = Trainer::new(zero, TrainConfig::default()).expect("trainer");
    let loss = trainer.loss(&batch).expect("loss");
    let ln = (legal.len() as f32).ln();
    assert!((loss.policy - ln).abs() < 1e-5, "{loss:?} vs ln {ln}");
    assert!((loss.value - (0.25 + 1.0) / 2.0).abs() < 1e-6, "{loss:?}");
}

fn small() -> KalahRules {
    KalahRules::from_assignments(&["pits=3", "seeds=2"]).expect("rules")
}

/// A network whose weights are all 0.
fn zero_network(rules: KalahRules) -> Network<Kalah> {
    let net = Network::<Kalah>::new(rules, &[4], 0).expect("network");
    for var in net.vars() {
        var.set(&var.as_tensor().zeros_like().expect("zeros"))
            .expect("set");
    }
    net
}

#[test]
fn same_seed_same_batches_same_weights() {
    let rules = KalahRules::default();
    let data = dataset(rules);
    let run = || {
        let net = Network::<Kalah>::new(rules, &[32], 8).expect("network");
        let mut trainer = Trainer::new(net, config()).expect("trainer");
        let losses: Vec<f32> = (0..20)
            .map(|_| trainer.step(&data).expect("step").total)
            .collect();
        let path = std::env::temp_dir().join(format!(
            "ngola-nn-det-{}-{}.safetensors",
            std::process::id(),
            losses.len()
        ));
        trainer.network().save(&path).expect("save");
        (losses, std::fs::read(&path).expect("read"))
    };
    let (a, b) = (run(), run());
    assert_eq!(a.0, b.0);
    assert!(a.1 == b.1, "the same training saved other bytes");
    assert!(a.0[19] < a.0[0]);
}

#[test]
fn bad_batches_are_refused() {
    let rules = KalahRules::default();
    let mut batch = TrainBatch::for_game::<Kalah>(&rules);
    let game = Kalah::start(rules);
    let err = batch.push(&game, &[1.0; 3], 0.0).err();
    assert!(matches!(err, Some(NnError::Shape { name, .. }) if name == "policy"));
    let err = batch.push_observed(&[0.0; 2], &[1], &[0.0; 14], 0.0).err();
    assert!(matches!(err, Some(NnError::Shape { name, .. }) if name == "observation"));
    let net = Network::<Kalah>::new(rules, &[8], 1).expect("network");
    let mut trainer = Trainer::new(net, TrainConfig::default()).expect("trainer");
    let err = trainer.step(&batch).err();
    assert!(matches!(err, Some(NnError::Shape { name, .. }) if name == "batch"));
    let other = TrainBatch::for_game::<Kalah>(&small());
    let err = trainer.step(&other).err();
    assert!(matches!(err, Some(NnError::Shape { name, .. }) if name == "batch"));
}

//! Network speed on candle's CPU backend (its threads, one per core): positions
//! per second of a forward pass ([`Evaluator::evaluate`], the encoding
//! included) and of a training step ([`Trainer::step`]: forward, backward
//! and AdamW), at batches of 1, 32 and 256, for Kalah and Mangola with
//! two hidden layers of 64 and of 128, each network reading raw counts and
//! one-hot counts ([`Inputs`]) side by side.
//! `cargo bench -p ngola-nn --bench network`.
//!
//! NGOLA_BENCH_SECONDS sets the time per measurement (default 1).

use std::time::{Duration, Instant};

use ngola_nn::{Encode, Evaluator, Inputs, Network, TrainBatch, TrainConfig, Trainer};
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const BATCHES: [usize; 3] = [1, 32, 256];

/// Positions of random games, `n` of them.
fn positions<G: Encode>(n: usize) -> Vec<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut out = Vec::with_capacity(n);
    let mut game = G::start(Default::default());
    while out.len() < n {
        if game.outcome().is_some() {
            game = G::start(Default::default());
        }
        out.push(game.clone());
        game.play_random(&mut rng);
    }
    out
}

/// Calls `f` until `budget` has passed; returns calls per second.
fn rate(budget: Duration, mut f: impl FnMut()) -> f64 {
    f();
    let start = Instant::now();
    let mut calls = 0u64;
    while start.elapsed() < budget {
        f();
        calls += 1;
    }
    calls as f64 / start.elapsed().as_secs_f64()
}

fn bench<G: Encode>(hidden: &[usize], inputs: Inputs, budget: Duration) {
    let rules = G::Rules::default();
    let net = Network::<G>::with_inputs(rules, inputs, hidden, 1).expect("network");
    let pool = positions::<G>(256);
    for batch in BATCHES {
        let games = &pool[..batch];
        let (mut policy, mut values) = (Vec::new(), Vec::new());
        let forward = rate(budget, || {
            net.evaluate(games, &mut policy, &mut values)
                .expect("evaluate");
        });
        let mut data = TrainBatch::for_game::<G>(&rules);
        let mut legal = Vec::new();
        for game in games {
            game.legal_actions(&mut legal);
            let mut target = vec![0.0; G::num_actions(&rules)];
            for &a in &legal {
                target[a] = 1.0 / legal.len() as f32;
            }
            data.push(game, &target, 0.0).expect("example");
        }
        let mut trainer =
            Trainer::new(net.snapshot().expect("copy"), TrainConfig::default()).expect("trainer");
        let train = rate(budget, || {
            trainer.step(&data).expect("step");
        });
        println!(
            "{:<8} {:<7} hidden {:<8} batch {:>3}: forward {:>10.0} positions/s ({:>8.1} us/batch), \
             train step {:>9.0} positions/s ({:>8.1} us/batch)",
            G::NAME,
            inputs.name(),
            format!("{hidden:?}"),
            batch,
            forward * batch as f64,
            1e6 / forward,
            train * batch as f64,
            1e6 / train,
        );
    }
}

fn main() {
    let seconds = std::env::var("NGOLA_BENCH_SECONDS")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or(1.0);
    let budget = Duration::from_secs_f64(seconds);
    for hidden in [&[64, 64][..], &[128, 128]] {
        for inputs in Inputs::ALL {
            bench::<Kalah>(hidden, inputs, budget);
            bench::<Mangola>(hidden, inputs, budget);
        }
    }
}

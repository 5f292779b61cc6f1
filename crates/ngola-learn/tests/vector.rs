//! The batched stepper: same results whatever the thread count, Gymnasium's
//! NEXT_STEP autoreset, rewards from the learner's side, illegal actions.

use ngola_agents::{AgentSpec, Evaluate};
use ngola_learn::{Batch, Encode, PlayAs, VecError, VecGames};
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::mangola::{Mangola, MangolaRules};
use ngola_rules::{Game, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_actions(batch: &Batch, num_actions: usize, rng: &mut ChaCha8Rng) -> Vec<i64> {
    batch
        .action_mask
        .chunks(num_actions)
        .map(|mask| {
            let legal: Vec<usize> = (0..num_actions).filter(|&a| mask[a] == 1).collect();
            if legal.is_empty() {
                0
            } else {
                legal[rng.random_range(0..legal.len())] as i64
            }
        })
        .collect()
}

fn run<G: Encode + Evaluate>(start: G, threads: usize, seed: u64, steps: usize) -> Vec<Batch> {
    let spec: AgentSpec = "random".parse().unwrap();
    let mut games = VecGames::new(
        start,
        100,
        spec,
        PlayAs::Random,
        threads,
        Default::default(),
    )
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut batches = vec![games.reset(Some(seed)).unwrap()];
    for _ in 0..steps {
        let actions = random_actions(batches.last().unwrap(), games.num_actions(), &mut rng);
        batches.push(games.step(&actions).unwrap());
    }
    batches
}

#[test]
fn same_batches_whatever_the_thread_count() {
    let start = Mangola::start(MangolaRules::default());
    let one = run(start, 1, 5, 150);
    assert_eq!(one, run(start, 2, 5, 150));
    assert_eq!(one, run(start, 3, 5, 150));
    assert_ne!(one, run(start, 2, 6, 150));
}

#[test]
#[allow(clippy::needless_range_loop)] // `i` indexes the batch's arrays and the games
fn next_step_autoreset_and_rewards() {
    let rules = KalahRules {
        pits: 3,
        seeds: 2,
        ..KalahRules::default()
    };
    let spec: AgentSpec = "random".parse().unwrap();
    let mut games = VecGames::new(
        Kalah::start(rules),
        50,
        spec,
        PlayAs::Random,
        2,
        Default::default(),
    )
    .unwrap();
    let n_actions = games.num_actions();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut batch = games.reset(Some(1)).unwrap();
    let mut ended_before = vec![false; 50];
    let mut endings = 0;
    for _ in 0..300 {
        let actions = random_actions(&batch, n_actions, &mut rng);
        batch = games.step(&actions).unwrap();
        for i in 0..50 {
            let game = games.game(i).unwrap();
            let learner = Player::from_index(batch.learner[i] as usize);
            let mask = &batch.action_mask[i * n_actions..(i + 1) * n_actions];
            if ended_before[i] {
                // This step only started a new game.
                assert!(!batch.terminated[i] && batch.rewards[i] == 0.0);
                assert!(game.outcome().is_none() && game.to_move() == learner);
            }
            if batch.terminated[i] {
                endings += 1;
                let outcome = game.outcome().expect("a terminated game is over");
                assert_eq!(batch.rewards[i], outcome.sign_for(learner) as f32);
                assert!(mask.iter().all(|&m| m == 0));
            } else {
                assert_eq!(batch.rewards[i], 0.0);
                assert!(mask.contains(&1));
            }
            let mut observation = vec![0.0; games.observation_len()];
            game.observe(learner, &mut observation);
            let len = games.observation_len();
            assert_eq!(
                &batch.observations[i * len..(i + 1) * len],
                &observation[..]
            );
        }
        ended_before.clone_from(&batch.terminated);
    }
    assert!(endings > 100);
    let sides: std::collections::HashSet<u8> = batch.learner.iter().copied().collect();
    assert_eq!(sides.len(), 2, "play_as random chose one side only");
}

#[test]
fn illegal_actions_lose_and_settings_are_checked() {
    let spec: AgentSpec = "greedy".parse().unwrap();
    let start = Kalah::start(KalahRules::default());
    let side = PlayAs::Side(Player::South);
    let mut games = VecGames::new(start, 4, spec.clone(), side, 1, Default::default()).unwrap();
    games.reset(Some(0)).unwrap();
    // 7 is South's store and 0 North's: never moves; -1 and 99 are not ids.
    let batch = games.step(&[7, 0, -1, 1]).unwrap();
    assert_eq!(batch.illegal, [true, true, true, false]);
    assert_eq!(batch.terminated, [true, true, true, false]);
    assert_eq!(batch.rewards, [-1.0, -1.0, -1.0, 0.0]);
    let error = games.step(&[1, 1]).unwrap_err();
    assert!(matches!(
        error,
        VecError::Setting {
            field: "actions",
            ..
        }
    ));
    assert!(VecGames::new(start, 0, spec.clone(), side, 1, Default::default()).is_err());
    assert!(VecGames::new(start, 1, spec, side, 0, Default::default()).is_err());
}

#[test]
fn a_game_that_never_ends_is_truncated_at_the_ply_limit() {
    use ngola_rules::RuleOptions;
    // Mangola without a ply cap, endless sowings stopped after one lap: no
    // game ends, so the loop's own limit stops it.
    let rules = MangolaRules::from_assignments(&[
        "columns=2",
        "max_plies=0",
        "endless_sowing=stop",
        "lap_limit=1",
    ])
    .unwrap();
    let start = Mangola::start(rules);
    let spec: AgentSpec = "random".parse().unwrap();
    let side = PlayAs::Side(Player::South);
    let mut games = VecGames::new(start, 1, spec, side, 1, Default::default()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut batch = games.reset(Some(3)).unwrap();
    let mut steps = 0u32;
    while !batch.truncated[0] {
        assert!(!batch.terminated[0], "no game ends under these rules");
        let actions = random_actions(&batch, games.num_actions(), &mut rng);
        batch = games.step(&actions).unwrap();
        steps += 1;
        assert!(steps <= ngola_rules::MAX_GAME_PLIES, "never truncated");
    }
    let game = games.game(0).unwrap();
    assert_eq!(game.ply(), ngola_agents::play::last_ply(start.ply()));
    assert_eq!(batch.rewards[0], 0.0);
    assert!(
        batch.action_mask.iter().all(|&m| m == 0),
        "no move after the end"
    );
    // The next step starts a new game (NEXT_STEP autoreset).
    let next = games.step(&[0]).unwrap();
    assert!(!next.truncated[0] && !next.terminated[0]);
    assert!(games.game(0).unwrap().ply() < 10);
}

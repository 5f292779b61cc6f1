//! Self-play data: the same for any number of threads, and consistent:
//! replaying each game's actions from the start position gives back every
//! recorded observation, mask and side to move, and the recorded outcome.

use std::str::FromStr;
use std::sync::atomic::AtomicBool;

use ngola_agents::{AgentSpec, Evaluate};
use ngola_learn::{selfplay, Encode, SelfPlayConfig, SelfPlayData, SelfPlayError};
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, MoveList, RuleOptions};

fn generate<G: Encode + Evaluate>(
    spec: &str,
    games: u64,
    threads: usize,
    opening: u32,
) -> SelfPlayData {
    let start = G::start(G::Rules::default());
    let spec = AgentSpec::from_str(spec).expect("spec");
    let config = SelfPlayConfig {
        games,
        seed: 42,
        threads,
        opening_plies: opening,
    };
    selfplay(
        &start,
        &spec,
        &config,
        &Default::default(),
        &AtomicBool::new(false),
    )
    .expect("self-play")
}

/// Replays every game of `data` and checks each recorded field.
fn check_consistent<G: Encode + Evaluate>(data: &SelfPlayData, games: u64, opening: u32) {
    let rules = G::Rules::default();
    let (obs_len, n) = (G::observation_len(&rules), G::num_actions(&rules));
    assert_eq!((data.observation_len, data.num_actions), (obs_len, n));
    assert_eq!(data.observations.len(), data.len() * obs_len);
    assert_eq!(data.legal_mask.len(), data.len() * n);
    let mut k = 0;
    for game_id in 0..games {
        let mut game = G::start(rules);
        let first = k;
        while k < data.len() && data.game_id[k] == game_id {
            let mut obs = vec![0.0; obs_len];
            game.observe(game.to_move(), &mut obs);
            assert_eq!(obs, data.observations[k * obs_len..(k + 1) * obs_len]);
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            let mut mask = vec![false; n];
            for &mv in &moves {
                mask[game.action(mv)] = true;
            }
            assert_eq!(mask, data.legal_mask[k * n..(k + 1) * n]);
            assert_eq!(data.to_move[k] as usize, game.to_move().index());
            assert_eq!(data.ply[k], game.ply());
            assert_eq!(data.opening[k], k - first < opening as usize);
            let mv = game.move_of(data.actions[k] as usize).expect("a move");
            assert_eq!(game.check_move(mv), Ok(()));
            game.play(mv);
            k += 1;
        }
        assert!(k > first, "game {game_id} has no position");
        let outcome = game
            .outcome()
            .expect("the game is over after its last action");
        for j in first..k {
            let side = ngola_rules::Player::from_index(data.to_move[j] as usize);
            assert_eq!(data.outcome[j] as i32, outcome.sign_for(side));
        }
    }
    assert_eq!(k, data.len());
}

#[test]
fn same_data_with_any_thread_count() {
    let one = generate::<Mangola>("random", 30, 1, 4);
    assert_eq!(one, generate::<Mangola>("random", 30, 2, 4));
    assert_eq!(one, generate::<Mangola>("random", 30, 3, 4));
    let one = generate::<Kalah>("mcts:sims=50", 6, 1, 2);
    assert_eq!(one, generate::<Kalah>("mcts:sims=50", 6, 2, 2));
}

#[test]
fn data_replays() {
    check_consistent::<Mangola>(&generate::<Mangola>("random", 20, 2, 6), 20, 6);
    check_consistent::<UmElBagara>(&generate::<UmElBagara>("greedy", 10, 2, 2), 10, 2);
    check_consistent::<Kalah>(&generate::<Kalah>("alphabeta:depth=2", 10, 2, 3), 10, 3);
    check_consistent::<Oware>(&generate::<Oware>("random", 10, 2, 0), 10, 0);
}

#[test]
fn seeds_change_the_games() {
    let start = Oware::start(Default::default());
    let spec = AgentSpec::Random;
    let mut config = SelfPlayConfig {
        games: 5,
        seed: 1,
        threads: 1,
        opening_plies: 0,
    };
    let stop = AtomicBool::new(false);
    let a = selfplay(&start, &spec, &config, &Default::default(), &stop).expect("data");
    config.seed = 2;
    let b = selfplay(&start, &spec, &config, &Default::default(), &stop).expect("data");
    assert_ne!(a.actions, b.actions);
}

#[test]
fn stop_flag_and_bad_settings() {
    let start = Kalah::start(Default::default());
    let config = SelfPlayConfig {
        games: 10,
        seed: 1,
        threads: 1,
        opening_plies: 0,
    };
    let stopped = selfplay(
        &start,
        &AgentSpec::Random,
        &config,
        &Default::default(),
        &AtomicBool::new(true),
    );
    assert_eq!(stopped, Err(SelfPlayError::Interrupted));
    for (config, field) in [
        (
            SelfPlayConfig {
                threads: 0,
                ..config.clone()
            },
            "threads",
        ),
        (
            SelfPlayConfig {
                opening_plies: 201,
                ..config.clone()
            },
            "opening_plies",
        ),
    ] {
        let err = selfplay(
            &start,
            &AgentSpec::Random,
            &config,
            &Default::default(),
            &AtomicBool::new(false),
        )
        .expect_err("a bad setting");
        assert!(err.to_string().starts_with(field), "{err}");
    }
    // An opening that cannot be drawn (Kalah with one pit of one seed ends at once).
    let tiny = Kalah::start(RuleOptions::from_assignments(&["pits=1", "seeds=1"]).expect("rules"));
    let config = SelfPlayConfig {
        opening_plies: 3,
        ..config
    };
    let err = selfplay(
        &tiny,
        &AgentSpec::Random,
        &config,
        &Default::default(),
        &AtomicBool::new(false),
    );
    assert!(
        matches!(err, Err(SelfPlayError::Game { game: 0, .. })),
        "{err:?}"
    );
}

#[test]
fn games_under_rules_where_none_ends_stop_as_draws() {
    // Mangola without a ply cap, endless sowings stopped after one lap: a
    // game need not end; it is stopped after 100,000 plies (as in
    // tournaments) and scored 0 from both sides, where it ran forever.
    let rules = RuleOptions::from_assignments(&[
        "columns=4",
        "max_plies=0",
        "endless_sowing=stop",
        "lap_limit=1",
    ])
    .expect("rules");
    let start = Mangola::start(rules);
    let config = SelfPlayConfig {
        games: 6,
        seed: 3,
        threads: 2,
        opening_plies: 0,
    };
    let data = selfplay(
        &start,
        &AgentSpec::Random,
        &config,
        &Default::default(),
        &AtomicBool::new(false),
    )
    .expect("self-play ends");
    let mut stopped = 0;
    for game in 0..config.games {
        let rows: Vec<usize> = (0..data.len())
            .filter(|&i| data.game_id[i] == game)
            .collect();
        assert!(rows.len() <= 100_000, "game {game}: {} plies", rows.len());
        if rows.len() == 100_000 {
            stopped += 1;
            assert!(rows.iter().all(|&i| data.outcome[i] == 0), "game {game}");
        }
    }
    assert!(stopped > 0, "some game reaches the limit");
}

//! The agents on networks, with a network whose weights are set by hand
//! for Kalah: its policy is the seed count of the pit a move empties and
//! its value `tanh(K * material)`.
//! - `policy:net=` plays the fullest legal pit (the lowest id among equals);
//! - `alphabeta:eval=net:` chooses what alpha-beta on the material
//!   evaluation chooses (the value is a strictly increasing function of it,
//!   and both order moves by material here);
//! - the specs read and write back, and a missing file, another game or
//!   other rules are refused with the file named.

use ngola_agents::Resources;
use std::path::PathBuf;
use std::sync::Arc;

use ngola_agents::alphabeta::{AlphaBeta, AlphaBetaConfig};
use ngola_agents::network::PolicyAgent;
use ngola_agents::{AgentSpec, BuildError, EvalKind};
use ngola_nn::candle_core::Tensor;
use ngola_nn::{Encode, Network, NnError};
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::oware::Oware;
use ngola_rules::{Game, MoveList, RuleOptions};
use rand::SeedableRng;

const K: f32 = 0.02;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ngola-agents-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// Hidden units `0..p`: the mover's pits from his left; `p`, `p + 1`:
/// `relu(±material)` in seeds (own row and store minus the opponent's).
fn hand_network(rules: KalahRules) -> Network<Kalah> {
    let p = rules.pits as usize;
    let (input, actions, hidden) = (
        Kalah::observation_len(&rules),
        Kalah::num_actions(&rules),
        p + 2,
    );
    let net = Network::<Kalah>::new(rules, &[hidden], 0).expect("network");
    let mut w0 = vec![0.0f32; hidden * input];
    for j in 0..p {
        w0[j * input + p + j] = 1.0;
        w0[p * input + j] = -1.0; // the far row
        w0[p * input + p + j] = 1.0; // the own row
    }
    w0[p * input + 2 * p] = 1.0; // own store
    w0[p * input + 2 * p + 1] = -1.0; // the opponent's
    for i in 0..input {
        w0[(p + 1) * input + i] = -w0[p * input + i];
    }
    let mut wp = vec![0.0f32; actions * hidden];
    for j in 0..p {
        wp[(1 + j) * hidden + j] = 1.0; // South's id j + 1
        wp[(p + 2 + j) * hidden + j] = 1.0; // North's id p + 2 + j
    }
    let mut wv = vec![0.0f32; hidden];
    wv[p] = K;
    wv[p + 1] = -K;
    let values = [
        (w0, vec![hidden, input]),
        (vec![0.0; hidden], vec![hidden]),
        (wp, vec![actions, hidden]),
        (vec![0.0; actions], vec![actions]),
        (wv, vec![1, hidden]),
        (vec![0.0], vec![1]),
    ];
    for (var, (data, shape)) in net.vars().iter().zip(values) {
        let t = Tensor::from_vec(data, shape, &ngola_nn::candle_core::Device::Cpu).expect("tensor");
        var.set(&t).expect("set");
    }
    net
}

fn saved(rules: KalahRules, name: &str) -> PathBuf {
    let path = temp(name);
    hand_network(rules).save(&path).expect("save");
    path
}

fn positions(rules: KalahRules, n: usize) -> Vec<Kalah> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(17);
    let mut out = Vec::new();
    let mut game = Kalah::start(rules);
    while out.len() < n {
        if game.outcome().is_some() {
            game = Kalah::start(rules);
        }
        out.push(game);
        game.play_random(&mut rng);
    }
    out
}

#[test]
fn the_policy_agent_plays_the_fullest_legal_pit() {
    let rules = KalahRules::default();
    let p = rules.pits as usize;
    let path = saved(rules, "policy.safetensors");
    let spec: AgentSpec = format!("policy:net={}", path.display())
        .parse()
        .expect("spec");
    let mut agent = spec.build::<Kalah>(&Resources::default(), 0);
    let mut obs = vec![0.0; Kalah::observation_len(&rules)];
    for game in positions(rules, 200) {
        game.observe(game.to_move(), &mut obs);
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let seeds = |mv| {
            let id = game.action(mv);
            let j = if id <= p { id - 1 } else { id - (p + 2) };
            obs[p + j]
        };
        let expected = moves
            .iter()
            .copied()
            .max_by(|&a, &b| {
                seeds(a)
                    .total_cmp(&seeds(b))
                    .then(game.action(b).cmp(&game.action(a)))
            })
            .expect("a legal move");
        assert_eq!(agent.select(&game), expected, "{game}");
    }
    let net = Arc::new(Network::<Kalah>::load(&path, &rules).expect("load"));
    let mut direct = PolicyAgent::new(net, "direct".into());
    let game = Kalah::start(rules);
    assert_eq!(
        ngola_agents::Agent::select(&mut direct, &game),
        agent.select(&game)
    );
}

#[test]
fn alphabeta_on_the_network_s_value_chooses_as_on_material() {
    let rules = KalahRules::default();
    let path = saved(rules, "value.safetensors");
    let net = Arc::new(Network::<Kalah>::load(&path, &rules).expect("load"));
    let config = AlphaBetaConfig {
        depth: 3,
        eval: EvalKind::Material,
        tt_mb: 1,
        ..AlphaBetaConfig::default()
    };
    let mut by_net = AlphaBeta::<Kalah>::new(AlphaBetaConfig {
        net: Some(path.clone()),
        ..config.clone()
    })
    .with_network(net);
    let mut by_material = AlphaBeta::<Kalah>::new(config);
    let mut differ_in_score = 0;
    for game in positions(rules, 40) {
        let (a, b) = (by_net.search(&game), by_material.search(&game));
        assert_eq!(a.best, b.best, "{game}");
        differ_in_score += usize::from(a.score != b.score);
    }
    // The scores are the network's, not material's.
    assert!(differ_in_score > 0);
}

#[test]
fn net_specs_read_and_write_back() {
    let text = "policy:net=a/b.safetensors";
    let spec: AgentSpec = text.parse().expect("spec");
    assert_eq!(spec.to_string(), text);
    assert_eq!(spec.network(), Some(&PathBuf::from("a/b.safetensors")));
    assert_eq!(spec.memory_mb(), 0);
    let spec: AgentSpec = "alphabeta:depth=2,eval=net:x.safetensors"
        .parse()
        .expect("spec");
    let text = spec.to_string();
    assert_eq!(
        text,
        "alphabeta:depth=2,nodes=none,time=none,eval=net:x.safetensors,tt=16"
    );
    assert_eq!(text.parse::<AgentSpec>().expect("again"), spec);
    assert_eq!(spec.network(), Some(&PathBuf::from("x.safetensors")));
    let spec: AgentSpec = "az:net=n.safetensors".parse().expect("az");
    let text = spec.to_string();
    assert_eq!(text, "az:net=n.safetensors,sims=200,c=1.5");
    assert_eq!(text.parse::<AgentSpec>().expect("again"), spec);
    assert_eq!(spec.network(), Some(&PathBuf::from("n.safetensors")));
    let spec: AgentSpec = "az:sims=50,c=2,net=m.safetensors".parse().expect("az");
    assert_eq!(spec.to_string(), "az:net=m.safetensors,sims=50,c=2");
    assert!(spec.memory_mb() >= 1);
    for bad in ["az:net=n.safetensors,sims=0", "az:net=n.safetensors,c=-1"] {
        let e = bad.parse::<AgentSpec>().expect_err(bad);
        assert!(
            matches!(&e, ngola_agents::SpecError::BadValue { key, .. } if key == "sims" || key == "c"),
            "{bad}: {e:?}"
        );
    }
    for bad in [
        "policy",
        "policy:net=",
        "policy:net=none",
        "az:sims=10",
        "alphabeta:eval=net:",
        "alphabeta:eval=nett",
    ] {
        let e = bad.parse::<AgentSpec>().expect_err(bad);
        assert!(
            matches!(&e, ngola_agents::SpecError::BadValue { key, .. } if key == "net" || key == "eval"),
            "{bad}: {e:?}"
        );
    }
}

#[test]
fn bad_networks_are_refused_naming_the_file() {
    let rules = KalahRules::default();
    let missing = temp("missing.safetensors");
    let spec: AgentSpec = format!("policy:net={}", missing.display())
        .parse()
        .expect("spec");
    match spec.try_build::<Kalah>(&Resources::default(), 0) {
        Err(BuildError::Network {
            path,
            source: NnError::Io { .. },
        }) => assert_eq!(path, missing),
        other => panic!("{:?}", other.map(|a| a.name())),
    }
    let path = saved(rules, "kalah.safetensors");
    let spec: AgentSpec = format!("alphabeta:depth=1,eval=net:{}", path.display())
        .parse()
        .expect("spec");
    assert!(spec.check_network::<Kalah>(&rules).is_ok());
    let small = KalahRules::from_assignments(&["pits=3"]).expect("rules");
    let e = spec
        .check_network::<Kalah>(&small)
        .expect_err("other rules");
    assert!(
        matches!(&e, BuildError::Network { path: p, source: NnError::WrongGame { .. } } if *p == path),
        "{e:?}"
    );
    assert!(e.to_string().contains(&path.display().to_string()));
    let e = spec
        .try_build::<Oware>(&Resources::default(), 0)
        .err()
        .map(|e| e.to_string());
    assert!(e.is_some_and(|m| m.contains("kalah")));
    // az opens and checks its network the same way.
    let az: AgentSpec = format!("az:net={},sims=4", path.display())
        .parse()
        .expect("spec");
    assert!(az.check_network::<Kalah>(&rules).is_ok());
    assert!(az.check_network::<Kalah>(&small).is_err());
    let mut agent = az
        .try_build::<Kalah>(&Resources::default(), 0)
        .expect("az builds");
    let game = Kalah::start(rules);
    assert!(game.check_move(agent.select(&game)).is_ok());
    let missing: AgentSpec = format!("az:net={}", missing.display())
        .parse()
        .expect("spec");
    assert!(matches!(
        missing.try_build::<Kalah>(&Resources::default(), 0),
        Err(BuildError::Network { .. })
    ));
}

//! The network: its forward pass computed by hand on a file written byte
//! by byte in the documented layout, batches that agree with single
//! positions, weights that round-trip through safetensors, the same seed
//! giving the same weights, and every kind of bad file refused with the
//! field named.

use std::collections::BTreeMap;
use std::path::PathBuf;

use ngola_nn::{Encode, Evaluator, Header, Inputs, Network, NnError};
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::oware::Oware;
use ngola_rules::{Game, RuleOptions};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ngola-nn-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// A safetensors file by hand: header length, JSON header, f32 data.
fn safetensors(tensors: &[(&str, Vec<usize>, Vec<f32>)], meta: &[(&str, &str)]) -> Vec<u8> {
    let mut header = BTreeMap::new();
    let mut data = Vec::new();
    for (name, shape, values) in tensors {
        let start = data.len();
        data.extend(values.iter().flat_map(|v| v.to_le_bytes()));
        header.insert(
            name.to_string(),
            serde_json::json!({"dtype": "F32", "shape": shape, "data_offsets": [start, data.len()]}),
        );
    }
    let meta: BTreeMap<_, _> = meta.iter().cloned().collect();
    header.insert("__metadata__".into(), serde_json::json!(meta));
    let json = serde_json::to_vec(&header).expect("json");
    let mut out = (json.len() as u64).to_le_bytes().to_vec();
    out.extend(json);
    out.extend(data);
    out
}

fn small_kalah() -> KalahRules {
    KalahRules::from_assignments(&["pits=2", "seeds=1"]).expect("rules")
}

/// Tensors by name: shape and values.
type Tensors = Vec<(&'static str, Vec<usize>, Vec<f32>)>;

/// Kalah pits=2: input 2*2 + 2 + 1 = 7, actions 6; one hidden layer of 2.
fn hand_network(rules: &KalahRules) -> (Tensors, String) {
    let text = ngola_nn::format::rules_text::<Kalah>(rules);
    let mut w0 = vec![0.0; 2 * 7];
    w0[0] = 1.0; // h0 = relu(obs[0] - 0.5)
    w0[7 + 1] = -1.0; // h1 = relu(-obs[1] + 2)
    let b0 = vec![-0.5, 2.0];
    // logit a = a * h0 + h1 ; value = tanh(0.25 * h0 - 0.5 * h1 + 0.1)
    let wp: Vec<f32> = (0..6).flat_map(|a| [a as f32, 1.0]).collect();
    let tensors = vec![
        ("hidden.0.weight", vec![2, 7], w0),
        ("hidden.0.bias", vec![2], b0),
        ("policy.weight", vec![6, 2], wp),
        ("policy.bias", vec![6], vec![0.0; 6]),
        ("value.weight", vec![1, 2], vec![0.25, -0.5]),
        ("value.bias", vec![1], vec![0.1]),
    ];
    (tensors, text)
}

fn meta(rules: &str) -> Vec<(&'static str, String)> {
    vec![
        ("format", "ngola-network".into()),
        ("game", "kalah".into()),
        ("rules", rules.into()),
        ("encoding", "1".into()),
        ("input", "7".into()),
        ("hidden", "2".into()),
        ("actions", "6".into()),
    ]
}

fn write(name: &str, tensors: &[(&str, Vec<usize>, Vec<f32>)], meta: &[(&str, String)]) -> PathBuf {
    let meta: Vec<(&str, &str)> = meta.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let path = temp(name);
    std::fs::write(&path, safetensors(tensors, &meta)).expect("write");
    path
}

#[test]
fn a_hand_written_file_computes_what_its_layout_says() {
    let rules = small_kalah();
    let (tensors, text) = hand_network(&rules);
    let path = write("hand.safetensors", &tensors, &meta(&text));
    let net = Network::<Kalah>::load(&path, &rules).expect("load");
    // South to move: the observation starts with North's row seen from
    // South (b2 b1 reversed to his view): "kalah 1,0/2,1 S 0 0,0".
    let game = Kalah::from_position("kalah 1,0/2,1 S 0 0,0", rules).expect("position");
    let mut obs = vec![0.0; 7];
    game.observe(game.to_move(), &mut obs);
    let h0 = (obs[0] - 0.5).max(0.0);
    let h1 = (2.0 - obs[1]).max(0.0);
    let (mut policy, mut values) = (Vec::new(), Vec::new());
    net.evaluate(&[game], &mut policy, &mut values)
        .expect("evaluate");
    let expected: Vec<f32> = (0..6).map(|a| a as f32 * h0 + h1).collect();
    for (p, e) in policy.iter().zip(&expected) {
        assert!((p - e).abs() < 1e-5, "{policy:?} vs {expected:?}");
    }
    let v = (0.25 * h0 - 0.5 * h1 + 0.1).tanh();
    assert!((values[0] - v).abs() < 1e-5, "{values:?} vs {v}");
    assert!(h0 > 0.0 && h1 > 0.0, "both units active: {obs:?}");
}

#[test]
fn a_network_with_a_weight_that_is_not_a_number_is_refused() {
    let rules = small_kalah();
    for (bad, word) in [
        (f32::NAN, "NaN"),
        (f32::INFINITY, "inf"),
        (f32::NEG_INFINITY, "-inf"),
    ] {
        let (mut tensors, text) = hand_network(&rules);
        tensors[4].2[1] = bad; // value.weight
        let path = write(&format!("bad-{word}.safetensors"), &tensors, &meta(&text));
        let Err(err) = Network::<Kalah>::load(&path, &rules) else {
            panic!("a {word} weight was accepted");
        };
        let message = err.to_string();
        assert!(
            message.contains("value.weight") && message.contains(&format!("value 1 is {word}")),
            "{message}"
        );
    }
}

fn positions(rules: KalahRules, n: usize) -> Vec<Kalah> {
    let mut out = Vec::new();
    let mut game = Kalah::start(rules);
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
    while out.len() < n {
        out.push(game);
        if game.play_random(&mut rng).is_none() {
            game = Kalah::start(rules);
        }
    }
    out
}

#[test]
fn a_batch_agrees_with_its_positions_one_by_one() {
    let rules = KalahRules::default();
    let net = Network::<Kalah>::new(rules, &[32, 16], 7).expect("network");
    let batch = positions(rules, 9);
    let (mut policy, mut values) = (Vec::new(), Vec::new());
    net.evaluate(&batch, &mut policy, &mut values)
        .expect("batch");
    let actions = Kalah::num_actions(&rules);
    assert_eq!((policy.len(), values.len()), (9 * actions, 9));
    assert!(values.iter().all(|v| (-1.0..=1.0).contains(v)));
    let (mut p1, mut v1) = (Vec::new(), Vec::new());
    for (i, game) in batch.iter().enumerate() {
        net.evaluate(std::slice::from_ref(game), &mut p1, &mut v1)
            .expect("one");
        for (a, b) in p1.iter().zip(&policy[i * actions..(i + 1) * actions]) {
            assert!((a - b).abs() < 1e-5);
        }
        assert!((v1[0] - values[i]).abs() < 1e-5);
    }
    // Distinct positions, distinct outputs: the input reaches the heads.
    assert!(policy[..actions] != policy[actions..2 * actions]);
}

#[test]
fn weights_round_trip_and_the_seed_decides_them() {
    let rules = KalahRules::default();
    let net = Network::<Kalah>::new(rules, &[24, 12], 11).expect("network");
    let path = temp("round.safetensors");
    net.save(&path).expect("save");
    let back = Network::<Kalah>::load(&path, &rules).expect("load");
    assert_eq!(back.hidden_widths(), vec![24, 12]);
    assert_eq!(back.header(), Header::read(&path).expect("header"));
    let batch = positions(rules, 5);
    let eval = |n: &Network<Kalah>| {
        let (mut p, mut v) = (Vec::new(), Vec::new());
        n.evaluate(&batch, &mut p, &mut v).expect("evaluate");
        (p, v)
    };
    assert_eq!(eval(&net), eval(&back));
    let again = temp("round2.safetensors");
    back.save(&again).expect("save again");
    let same_bytes = std::fs::read(&path).unwrap() == std::fs::read(&again).unwrap();
    assert!(same_bytes, "a loaded network saves to other bytes");
    let same = Network::<Kalah>::new(rules, &[24, 12], 11).expect("same seed");
    let other = Network::<Kalah>::new(rules, &[24, 12], 12).expect("other seed");
    assert_eq!(eval(&same), eval(&net));
    assert_ne!(eval(&other), eval(&net));
}

#[test]
fn a_one_hot_network_reads_what_it_saves_and_forward_reads_observations() {
    let rules = KalahRules::default();
    let net = Network::<Kalah>::with_inputs(rules, Inputs::OneHot, &[16], 3).expect("network");
    assert_eq!(net.inputs(), Inputs::OneHot);
    assert!(net.feature_len() > net.input_len());
    let path = temp("one-hot.safetensors");
    net.save(&path).expect("save");
    let header = Header::read(&path).expect("header");
    assert_eq!((header.encoding, header.input), (2, net.feature_len()));
    let back = Network::<Kalah>::load(&path, &rules).expect("load");
    assert_eq!(back.inputs(), Inputs::OneHot);
    let batch = positions(rules, 6);
    let (mut p, mut v) = (Vec::new(), Vec::new());
    net.evaluate(&batch, &mut p, &mut v).expect("evaluate");
    let (mut p2, mut v2) = (Vec::new(), Vec::new());
    back.evaluate(&batch, &mut p2, &mut v2).expect("evaluate");
    assert_eq!((&p, &v), (&p2, &v2));
    // The public forward pass takes observations and reads them the same way.
    let x = net.observations(&batch).expect("observations");
    let (logits, values) = net.forward(&x, false).expect("forward");
    let logits: Vec<f32> = logits.flatten_all().unwrap().to_vec1().unwrap();
    let values: Vec<f32> = values.to_vec1().unwrap();
    for (a, b) in logits.iter().zip(&p).chain(values.iter().zip(&v)) {
        assert!((a - b).abs() < 1e-5, "{a} {b}");
    }
    // Another reading of the same weights' shapes is another network.
    let counts = Network::<Kalah>::new(rules, &[16], 3).expect("counts");
    assert_ne!(counts.feature_len(), net.feature_len());
}

fn load_error(tensors: &[(&str, Vec<usize>, Vec<f32>)], meta: &[(&str, String)]) -> NnError {
    let path = write("bad.safetensors", tensors, meta);
    let rules = small_kalah();
    match Network::<Kalah>::load(&path, &rules) {
        Ok(_) => panic!("loaded a bad file"),
        Err(e) => e,
    }
}

fn format_field(e: NnError) -> String {
    match e {
        NnError::Format { field, .. } => field,
        other => panic!("not a format error: {other:?}"),
    }
}

#[test]
fn bad_files_are_refused_naming_the_field() {
    let rules = small_kalah();
    let (tensors, text) = hand_network(&rules);
    let good = meta(&text);
    let with = |key: &str, value: &str| -> Vec<(&'static str, String)> {
        good.iter()
            .map(|(k, v)| {
                (
                    *k,
                    if *k == key {
                        value.to_string()
                    } else {
                        v.clone()
                    },
                )
            })
            .collect()
    };
    let without = |key: &str| -> Vec<(&'static str, String)> {
        good.iter().filter(|(k, _)| *k != key).cloned().collect()
    };
    assert_eq!(
        format_field(load_error(&tensors, &without("rules"))),
        "rules"
    );
    assert_eq!(
        format_field(load_error(&tensors, &with("format", "x"))),
        "format"
    );
    assert_eq!(
        format_field(load_error(&tensors, &with("encoding", "3"))),
        "encoding"
    );
    // Encoding 2 reads one-hot counts: a first layer the width of the
    // observation is not one of its networks.
    assert!(matches!(
        load_error(&tensors, &with("encoding", "2")),
        NnError::Shape { name, .. } if name == "input"
    ));
    assert_eq!(
        format_field(load_error(&tensors, &with("rules", "pits=x"))),
        "rules"
    );
    assert_eq!(
        format_field(load_error(&tensors, &with("hidden", "2,a"))),
        "hidden"
    );
    assert!(matches!(
        load_error(&tensors, &with("game", "oware")),
        NnError::WrongGame { found, .. } if found == "oware"
    ));
    assert!(matches!(
        load_error(&tensors, &with("input", "8")),
        NnError::Shape { name, .. } if name == "input"
    ));
    // A tensor of the wrong shape, a missing one, an extra one.
    let mut wrong = tensors.clone();
    wrong[4] = ("value.weight", vec![2, 1], vec![0.25, -0.5]);
    assert!(matches!(
        load_error(&wrong, &good),
        NnError::Shape { name, .. } if name == "value.weight"
    ));
    assert_eq!(format_field(load_error(&tensors[..5], &good)), "value.bias");
    let mut extra = tensors.clone();
    extra.push(("hidden.1.weight", vec![1], vec![0.0]));
    assert_eq!(format_field(load_error(&extra, &good)), "hidden.1.weight");
    // Not safetensors at all; no file.
    let junk = temp("junk.safetensors");
    std::fs::write(&junk, b"not a network").unwrap();
    let err = Network::<Kalah>::load(&junk, &rules).expect_err("junk refused");
    assert_eq!(format_field(err), "header");
    let missing = temp("missing.safetensors");
    let err = Network::<Kalah>::load(&missing, &rules).expect_err("no file");
    assert!(matches!(err, NnError::Io { path, .. } if path == missing));
}

#[test]
fn another_game_or_other_rules_are_refused() {
    let rules = KalahRules::default();
    let path = temp("kalah.safetensors");
    Network::<Kalah>::new(rules, &[8], 1)
        .expect("network")
        .save(&path)
        .expect("save");
    let err = Network::<Oware>::load(&path, &Default::default()).err();
    assert!(
        matches!(err, Some(NnError::WrongGame { expected, found }) if expected == "oware" && found == "kalah")
    );
    let err = Network::<Kalah>::load(&path, &small_kalah()).err();
    assert!(matches!(err, Some(NnError::WrongGame { found, .. }) if found.contains("pits=6")));
    // A position under other rules than the network's.
    let net = Network::<Kalah>::load(&path, &rules).expect("load");
    let other = Kalah::start(small_kalah());
    let err = net
        .evaluate(&[other], &mut Vec::new(), &mut Vec::new())
        .err();
    assert!(matches!(err, Some(NnError::WrongGame { .. })));
}

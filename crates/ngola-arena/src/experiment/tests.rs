use super::*;

fn draft(text: &str) -> ExperimentDraft {
    ExperimentDraft::from_toml(text).unwrap()
}

#[test]
fn unknown_key_is_named() {
    let err = ExperimentDraft::from_toml("game = \"kalah\"\ngamez = 4\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("gamez"), "{err}");
}

#[test]
fn wrong_type_is_named() {
    let err = ExperimentDraft::from_toml("games = \"many\"\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("games"), "{err}");
    let err = ExperimentDraft::from_toml("[rules]\nx = [1]\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("rules.x"), "{err}");
}

#[test]
fn bad_fields_are_named() {
    let base = "game = \"kalah\"\nagents = [\"random\", \"random\"]\n";
    let cases = [
        (
            "game = \"chess\"\nagents = [\"random\", \"random\"]\n",
            "game",
        ),
        (
            "game = \"kalah\"\nagents = [\"random\", \"bogus:x=1\"]\n",
            "agents[1]",
        ),
        ("game = \"kalah\"\nagents = [\"random\"]\n", "agents"),
        (&format!("{base}games = 3\n"), "games"),
        (&format!("{base}format = \"swiss\"\n"), "format"),
        (
            &format!("{base}seed = 9223372036854775807\nthreads = 0\n"),
            "threads",
        ),
        (&format!("{base}shard = \"4/3\"\n"), "shard"),
        (&format!("{base}sprt = \"elo0=0\"\n"), "sprt.elo1"),
        (&format!("{base}name = \"a b\"\n"), "name"),
        ("agents = [\"random\", \"random\"]\n", "game"),
    ];
    for (text, field) in cases {
        let err = draft(text).finish().unwrap_err();
        assert!(err.is_input());
        assert!(
            err.to_string().starts_with(field),
            "`{text}` gave `{err}`, expected field {field}"
        );
    }
}

#[test]
fn sprt_needs_two_agents_and_no_shards() {
    let text = "game = \"kalah\"\nagents = [\"random\", \"random\", \"random\"]\nsprt = \"elo0=0,elo1=10\"\n";
    let err = draft(text).finish().unwrap_err();
    assert!(err.to_string().starts_with("sprt"), "{err}");
    let text = "game = \"kalah\"\nagents = [\"random\", \"random\"]\nsprt = \"elo0=0,elo1=10\"\nshard = \"1/2\"\n";
    assert!(draft(text).finish().is_err());
}

#[test]
fn defaults_apply_and_flags_override() {
    let file =
        draft("game = \"kalah\"\nagents = [\"random\", \"random\"]\ngames = 4\n[rules]\na = 1\n");
    let flags = ExperimentDraft {
        games: Some(6),
        rules: vec![("a".into(), "2".into())],
        ..Default::default()
    };
    assert!(flags.sets_identity());
    assert!(!ExperimentDraft {
        threads: Some(3),
        ..Default::default()
    }
    .sets_identity());
    let exp = file.overlay(flags).finish().unwrap();
    assert_eq!(exp.games, 6);
    assert_eq!(exp.seed, DEFAULT_SEED);
    assert_eq!(exp.format, Format::RoundRobin);
    assert_eq!(exp.opening_plies, OpeningPlies::Auto);
    assert_eq!(
        exp.rules,
        vec![("a".to_string(), "1".to_string()), ("a".into(), "2".into())]
    );
}

#[test]
fn toml_round_trips() {
    let text = "name = \"x\"\ngame = \"oware\"\nagents = [\"random\", \"random\"]\ngames = 4\nseed = 99\nopening_plies = 3\nthreads = 2\nanchor = 1\nallow_repeated_openings = true\nsprt = \"elo0=-5,elo1=5,alpha=0.1,beta=0.2\"\n[rules]\nmax_plies = 100\nflag = true\nname = \"007\"\n";
    let exp = draft(text).finish().unwrap();
    let again = ExperimentDraft::from_toml(&exp.to_toml())
        .unwrap()
        .finish()
        .unwrap();
    assert_eq!(again, exp);
    assert!(exp.identity_differences(&again).is_empty());
    // Numbers and booleans are written as TOML numbers and booleans,
    // a text that only looks like one stays a string.
    let written = exp.to_toml();
    for line in [
        "max_plies = 100\n",
        "flag = true\n",
        "name = \"007\"\n",
        "anchor = 1\n",
    ] {
        assert!(written.contains(line), "{line} in {written}");
    }
    assert_eq!((exp.anchor, exp.allow_repeated_openings), (1, true));
    // The anchor by spec, and refused when it names no agent or two.
    let named = |anchor: &str| {
        draft(&format!(
            "game = \"kalah\"\nagents = [\"random\", \"greedy\", \"greedy\"]\nanchor = \"{anchor}\"\n"
        ))
        .finish()
    };
    assert_eq!(named("random").unwrap().anchor, 0);
    assert_eq!(named("#2").unwrap().anchor, 2);
    let err = named("greedy").unwrap_err().to_string();
    assert!(
        err.starts_with("anchor") && err.contains("1 and 2"),
        "{err}"
    );
    assert!(named("mcts").unwrap_err().to_string().starts_with("anchor"));
    assert!(named("7").unwrap_err().to_string().starts_with("anchor"));
    let other = Experiment {
        seed: 100,
        threads: 1,
        ..exp.clone()
    };
    assert_eq!(exp.identity_differences(&other), vec!["seed"]);
}

#[test]
fn engines_short_names_and_clocks_round_trip_and_decide_identity() {
    let text = "game = \"kalah\"\nagents = [\"ab=alphabeta:depth=2\", \"me=engine:bot\", \"random\"]\ntc = \"10+0.1\"\ntimemargin = 250\n[engines.bot]\ncommand = [\"python3\", \"my bot.py\"]\ndir = \"bots\"\noptions = { hash = 64, style = \"wild\" }\n[engines.unused]\ncommand = [\"x\"]\n";
    let exp = draft(text).finish().unwrap();
    assert_eq!(exp.display_names(), vec!["ab", "me", "random"]);
    assert!(exp.agent_names()[0].starts_with("alphabeta:depth=2,nodes=none"));
    assert_eq!(exp.agent_names()[1], "engine:bot");
    assert_eq!(exp.timemargin, Duration::from_millis(250));
    assert_eq!(exp.engines["bot"].options["hash"], "64");
    let again = ExperimentDraft::from_toml(&exp.to_toml())
        .unwrap()
        .finish()
        .unwrap();
    assert_eq!(again, exp);
    // Engines that play, the clock and the margin decide the games;
    // an unused engine and the short names do not.
    let mut other = exp.clone();
    other.engines.remove("unused");
    other.agents[0].name = None;
    assert!(exp.identity_differences(&other).is_empty());
    other
        .engines
        .get_mut("bot")
        .unwrap()
        .command
        .push("--fast".into());
    other.tc = None;
    other.timemargin = Duration::from_millis(100);
    assert_eq!(
        exp.identity_differences(&other),
        vec!["engines", "tc", "timemargin"]
    );
    for (bad, field) in [
        ("[engines.bot]\ncommand = []\n", "engines.bot.command"),
        ("tc = \"fast\"\n", "tc"),
        ("[engines.\"a b\"]\ncommand = [\"x\"]\n", "engines.a b"),
    ] {
        let text = format!("game = \"kalah\"\nagents = [\"random\", \"random\"]\n{bad}");
        let err = draft(&text).finish().unwrap_err();
        assert!(err.to_string().starts_with(field), "{bad}: {err}");
    }
    let err = ExperimentDraft::from_toml("[engines.bot]\ncommand = [\"x\"]\nshell = true\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("shell"), "{err}");
}

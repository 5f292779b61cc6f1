//! UGI command lines, as `ngola engine` reads them: `GAME key=value,...`
//! on the first line, then one command per line to the engine's session
//! (the server of `ngola_ugi`, with a `random` agent). A command that
//! parses prints as a line that parses back to it; every answer line is
//! one of the protocol's answers and prints back to itself; the position
//! the engine holds (`show`) is always a position text that reads back to
//! itself; a `bestmove` is legal in the position it was asked in; and a
//! `position` command accepted leaves the same position as a fresh engine
//! given the same command (the session plays only the new moves of a game
//! it has seen).

use crate::{first_line, game_line, legal, rules, text};
use ngola_agents::{AgentSpec, Evaluate, Resources};
use ngola_rules::{with_game, RuleOptions};
use ngola_ugi::server::{Engine, Session, Step};
use ngola_ugi::{Command, Response};

/// Commands carried out at most.
const MAX_COMMANDS: usize = 100;

/// Checks one input (see the module's documentation); panics on a
/// failure, returns on input the format refuses.
pub fn fuzz(data: &[u8]) {
    let Some(input) = text(data) else { return };
    let (header, commands) = first_line(input);
    let Some((kind, assignments)) = game_line(header) else {
        return;
    };
    with_game!(kind, G => check::<G>(&assignments, commands));
}

/// A session for `rules`, seed 1, agent `random`.
fn new_engine<G: Evaluate>(rules: G::Rules) -> Engine<G> {
    let spec: AgentSpec = "random".parse().expect("a built-in spec");
    Engine::new(spec, 1, rules, None, Resources::default())
        .expect("the start position under checked rules")
}

/// Carries out `line`, returning the answer lines and what comes next.
fn run<G: Evaluate>(engine: &mut Engine<G>, line: &str) -> (Vec<String>, Step) {
    let mut out = Vec::new();
    let step = engine
        .handle(line, &mut out)
        .expect("writing to a Vec cannot fail");
    let text = String::from_utf8(out).expect("answers are UTF-8");
    let answers: Vec<String> = text.lines().map(str::to_string).collect();
    for answer in &answers {
        let Some(response) = Response::parse(answer) else {
            panic!("`{line}` answered `{answer}`, no answer of the protocol")
        };
        assert_eq!(&response.to_string(), answer, "`{answer}` prints back");
    }
    (answers, step)
}

/// The position the engine holds, checked to read back to itself.
fn shown<G: Evaluate>(engine: &mut Engine<G>, rules: G::Rules) -> G {
    let (answers, _) = run(engine, "show");
    let [answer] = &answers[..] else {
        panic!("`show` answered {answers:?}")
    };
    let text = answer
        .strip_prefix("position ")
        .expect("`show` answers `position TEXT`");
    let game = match G::from_position(text, rules) {
        Ok(game) => game,
        Err(e) => panic!("the engine holds `{text}`, which does not read back: {e}"),
    };
    assert_eq!(game.to_string(), text);
    game
}

fn check<G: Evaluate>(assignments: &[&str], commands: &str) {
    let Some(mut rules) = rules::<G>(assignments) else {
        return;
    };
    let mut engine = new_engine::<G>(rules);
    let lines = commands.lines().map(str::trim).filter(|l| !l.is_empty());
    for line in lines.take(MAX_COMMANDS) {
        if let Ok(command) = Command::parse(line) {
            let printed = command.to_string();
            assert_eq!(
                Command::parse(&printed).as_ref(),
                Ok(&command),
                "`{line}` prints as `{printed}`"
            );
        }
        let before = shown(&mut engine, rules);
        let (answers, step) = run(&mut engine, line);
        if !matches!(step, Step::Continue) {
            return;
        }
        let refused = answers
            .iter()
            .any(|a| a.starts_with("error") || a.starts_with("info error"));
        let (word, _) = line.split_once(' ').unwrap_or((line, ""));
        if word == "setoption" && !refused {
            if let Some(new_rules) = rules_set(line) {
                rules = new_rules;
            }
        }
        let after = shown(&mut engine, rules);
        if refused {
            assert_eq!(
                after.to_string(),
                before.to_string(),
                "`{line}` refused, yet it moved"
            );
        }
        if word == "go" && !refused {
            let [answer] = &answers[..] else {
                panic!("`{line}` answered {answers:?}")
            };
            let mv = answer
                .strip_prefix("bestmove ")
                .expect("`go` answers `bestmove`");
            let mv = match before.parse_move(mv) {
                Ok(mv) => mv,
                Err(e) => panic!("bestmove `{mv}` does not read in `{before}`: {e}"),
            };
            assert!(
                legal(&before).contains(&mv),
                "bestmove `{mv}` in `{before}`"
            );
        }
        if word == "position" && !refused {
            let mut fresh = new_engine::<G>(rules);
            let (answers, _) = run(&mut fresh, line);
            assert!(
                answers.is_empty(),
                "a fresh engine answers `{line}` with {answers:?}"
            );
            assert_eq!(
                shown(&mut fresh, rules).to_string(),
                after.to_string(),
                "`{line}` after the earlier commands"
            );
        }
    }
}

/// The rules a `setoption name rules value ...` accepted sets.
fn rules_set<R: RuleOptions>(line: &str) -> Option<R> {
    let Ok(Command::SetOption { name, value }) = Command::parse(line) else {
        return None;
    };
    if name != "rules" {
        return None;
    }
    let assignments: Vec<&str> = value
        .split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .collect();
    R::from_assignments(&assignments).ok()
}

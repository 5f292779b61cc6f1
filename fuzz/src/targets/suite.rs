//! Opening suites: `GAME key=value,...` on the first line (`allow` after
//! them lets openings repeat), the suite's lines after it. When a run over
//! the suite is planned, every pair's opening is one where the game goes
//! on, its `opening` cell reads back to the same position (a position text
//! as a position, moves as moves from the start), and the cells written one
//! per line make a suite that plans the same openings.

use std::path::Path;

use crate::{first_line, rules, text};
use ngola_arena::openings::{moves_text, Opening, OpeningPlan};
use ngola_arena::suite::OpeningSuite;
use ngola_arena::{Experiment, ExperimentDraft};
use ngola_rules::{with_game, Game, GameKind};

/// Openings planned at most (a suite of more lines is cut).
const MAX_OPENINGS: usize = 64;

/// Checks one input (see the module's documentation); panics on a
/// failure, returns on input the format refuses.
pub fn fuzz(data: &[u8]) {
    let Some(input) = text(data) else { return };
    let (header, suite_text) = first_line(input);
    let mut words = header.split_whitespace();
    let Some(kind) = words.next().and_then(|w| w.parse::<GameKind>().ok()) else {
        return;
    };
    let assignments: Vec<&str> = words
        .next()
        .map(|list| list.split(',').filter(|a| !a.is_empty()).collect())
        .unwrap_or_default();
    let allow = words.next() == Some("allow");
    let suite = OpeningSuite::parse(Path::new("suite.txt"), suite_text.to_string());
    if suite.is_empty() || suite.len() > MAX_OPENINGS {
        return;
    }
    with_game!(kind, G => check::<G>(kind, &assignments, allow, suite));
}

/// A two-agent run over `suite` (each opening once per colour).
fn experiment(kind: GameKind, allow: bool, suite: OpeningSuite) -> Experiment {
    let draft = ExperimentDraft {
        game: Some(kind.name().to_string()),
        agents: Some(vec!["random".to_string(), "greedy".to_string()]),
        games: Some(suite.default_games()),
        allow_repeated_openings: Some(allow),
        threads: Some(1),
        ..ExperimentDraft::default()
    };
    let mut experiment = draft.finish().expect("a plain two-agent run");
    experiment.openings = Some(suite);
    experiment
}

fn check<G: Game>(kind: GameKind, assignments: &[&str], allow: bool, suite: OpeningSuite) {
    let Some(rules) = rules::<G>(assignments) else {
        return;
    };
    let start = G::start(rules);
    let pairs = suite.len() as u64;
    let run = experiment(kind, allow, suite);
    let Ok(plan) = OpeningPlan::new(&run, &start) else {
        return;
    };
    let openings: Vec<Opening<G>> = (0..pairs)
        .map(|pair| match plan.opening(pair, pair) {
            Ok(opening) => opening,
            Err(e) => panic!("pair {pair} of a planned suite has no opening: {e}"),
        })
        .collect();
    for opening in &openings {
        assert!(
            opening.position.outcome().is_none(),
            "over: `{}`",
            opening.text
        );
        assert_eq!(reread(&start, opening), opening.position.to_string());
    }
    // The cells as a suite of their own plan the same openings.
    let cells: Vec<&str> = openings.iter().map(|o| o.text.as_str()).collect();
    let again = OpeningSuite::parse(Path::new("again.txt"), cells.join("\n"));
    assert_eq!(again.len(), openings.len(), "empty cells: {cells:?}");
    let run = experiment(kind, allow, again);
    let plan = match OpeningPlan::new(&run, &start) {
        Ok(plan) => plan,
        Err(e) => panic!("the planned openings as a suite are refused ({e}): {cells:?}"),
    };
    for (pair, opening) in openings.iter().enumerate() {
        let pair = pair as u64;
        let other = plan.opening(pair, pair).expect("planned");
        assert_eq!(other.text, opening.text);
        assert_eq!(other.from_position, opening.from_position);
        assert_eq!(other.position.to_string(), opening.position.to_string());
    }
}

/// The position an opening's `opening` cell gives, read afresh.
fn reread<G: Game>(start: &G, opening: &Opening<G>) -> String {
    if opening.from_position {
        assert!(opening.moves.is_empty());
        return match G::from_position(&opening.text, *start.rules()) {
            Ok(position) => position.to_string(),
            Err(e) => panic!("the cell `{}` does not read back: {e}", opening.text),
        };
    }
    assert_eq!(moves_text(&opening.moves), opening.text);
    let mut game = start.clone();
    for word in opening.text.split_whitespace() {
        if let Err(e) = game.play_text(word) {
            panic!("the cell `{}` does not replay ({word}: {e})", opening.text);
        }
    }
    game.to_string()
}

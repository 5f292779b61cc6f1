//! Proof certificates (`ngola prove --certificate`): a header read is
//! written (`Header::line`) as a line that reads back to the same header;
//! and a certificate the checker accepts (it plays by the reference
//! implementations) is a proof by the fast engine too: following its
//! strategy with the engine's own moves, every line of play ends meeting
//! the goal, through the same positions.

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::{first_line, legal, text};
use ngola_rules::reference::certificate::{check, CheckReport, Goal, Header};
use ngola_rules::{with_game, Game, RuleOptions};

/// Checks one input (see the module's documentation); panics on a
/// failure, returns on input the format refuses.
pub fn fuzz(data: &[u8]) {
    let Some(input) = text(data) else { return };
    let (first, body) = first_line(input);
    if let Ok(header) = Header::parse(first) {
        assert_eq!(Header::parse(&header.line()), Ok(header.clone()));
    }
    let Ok(report) = check(input.as_bytes()) else {
        return;
    };
    let kind = report.header.game;
    let counts = match with_game!(kind, G => engine_check::<G>(&report.header, body)) {
        Ok(counts) => counts,
        Err(e) => panic!("accepted by the checker, refused by the engine: {e}\n{input}"),
    };
    assert_eq!(
        counts,
        Counts::of(&report),
        "positions reached differ:\n{input}"
    );
}

/// What both checks count the same way: the distinct positions reached
/// with the winner to move and with the loser to move.
#[derive(Debug, PartialEq, Eq, Default)]
struct Counts {
    winner_positions: u64,
    loser_positions: u64,
}

impl Counts {
    fn of(report: &CheckReport) -> Counts {
        Counts {
            winner_positions: report.lines_used,
            loser_positions: report.loser_positions,
        }
    }
}

/// A position on a line of play, with (Oware) the positions since the
/// last capture before it, as `ROWS:SIDE`.
struct Node<G> {
    game: G,
    earlier: BTreeSet<String>,
}

/// `ROWS:SIDE` of a position text `NAME ROWS SIDE ...`.
fn rows_and_side(position: &str) -> String {
    let fields: Vec<&str> = position.split(' ').collect();
    format!("{}:{}", fields[1], fields[2])
}

/// The certificate's name for a position: its text, and for Oware the
/// earlier positions since the last capture (other than this one).
fn key<G: Game>(node: &Node<G>) -> String {
    let mut text = node.game.to_string();
    let current = rows_and_side(&text);
    let earlier: Vec<&str> = node
        .earlier
        .iter()
        .map(String::as_str)
        .filter(|k| *k != current)
        .collect();
    if !earlier.is_empty() {
        text += " seen ";
        text += &earlier.join(" ");
    }
    text
}

/// The certificate checked with the fast engine: the header's rules and
/// root, the strategy lines by position text, every reply of the loser.
fn engine_check<G: Game>(header: &Header, body: &str) -> Result<Counts, String> {
    let assignments: Vec<&str> = header.rules.split(',').filter(|s| !s.is_empty()).collect();
    let rules = G::Rules::from_assignments(&assignments).map_err(|e| e.to_string())?;
    let root = G::from_position(&header.root, rules).map_err(|e| e.to_string())?;
    let mut strategy: HashMap<&str, &str> = HashMap::new();
    for line in body.split('\n') {
        let line = line.trim_end_matches('\r');
        if let Some((position, mv)) = line.split_once('\t') {
            strategy.entry(position.trim()).or_insert(mv);
        }
    }
    let oware = G::NAME == "oware";
    let mut counts = Counts::default();
    let mut done = HashSet::new();
    let mut stack = vec![Node {
        game: root,
        earlier: BTreeSet::new(),
    }];
    while let Some(node) = stack.pop() {
        let key = key(&node);
        if !done.insert(key.clone()) {
            continue;
        }
        if let Some(outcome) = node.game.outcome() {
            let [south, north] = node.game.totals();
            let margin = match header.winner {
                ngola_rules::Player::South => i64::from(south) - i64::from(north),
                ngola_rules::Player::North => i64::from(north) - i64::from(south),
            };
            let met = match header.goal {
                Goal::Win => outcome.winner == Some(header.winner),
                Goal::MarginAtLeast(m) => margin >= m,
            };
            if !met {
                return Err(format!("`{key}` ends in {outcome:?}, margin {margin}"));
            }
            continue;
        }
        let moves = legal(&node.game);
        let child = |mv| {
            let mut game = node.game.clone();
            game.play(mv);
            let captured = game.totals() != node.game.totals();
            let mut earlier = BTreeSet::new();
            if oware && !captured {
                earlier.clone_from(&node.earlier);
                earlier.insert(rows_and_side(&node.game.to_string()));
            }
            Node { game, earlier }
        };
        if node.game.to_move() == header.winner {
            let text = strategy
                .get(key.as_str())
                .ok_or_else(|| format!("no move for `{key}`"))?;
            let mv = node
                .game
                .parse_move(text)
                .map_err(|e| format!("`{text}` in `{key}`: {e}"))?;
            if !moves.contains(&mv) {
                return Err(format!("`{text}` is not legal in `{key}`"));
            }
            counts.winner_positions += 1;
            stack.push(child(mv));
        } else {
            counts.loser_positions += 1;
            stack.extend(moves.iter().map(|&mv| child(mv)));
        }
    }
    Ok(counts)
}

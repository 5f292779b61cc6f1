//! What the fuzz targets share: reading the game and rules line that starts
//! most inputs, the reference implementation that goes with each game, and
//! small checks.
//!
//! Most targets read an input whose first line names the game and its rule
//! options, `GAME key=value,key=value` (the options optional), and whose
//! other lines are the format under test. A target returns early on input
//! the format refuses (that is the parser's job, and it did it); what it
//! asserts is a property of what the parser accepted.

use ngola_rules::reference::{kalah::RefKalah, mangola::RefMangola, oware::RefOware};
use ngola_rules::reference::{umelbagara::Reference as RefUmElBagara, RefGame};
use ngola_rules::{Game, GameKind, MoveList, RuleOptions};

/// A game with its plain reference implementation (same rule options).
pub trait Checked: Game {
    /// The reference implementation of the same game.
    type Ref: RefGame<Rules = Self::Rules>;
}

impl Checked for ngola_rules::mangola::Mangola {
    type Ref = RefMangola;
}

impl Checked for ngola_rules::umelbagara::UmElBagara {
    type Ref = RefUmElBagara;
}

impl Checked for ngola_rules::kalah::Kalah {
    type Ref = RefKalah;
}

impl Checked for ngola_rules::oware::Oware {
    type Ref = RefOware;
}

/// The input as text, or `None` if it is not UTF-8 (every format is text).
pub fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Splits off the first line: `(first, rest)`; `rest` is empty without a
/// line end.
pub fn first_line(text: &str) -> (&str, &str) {
    text.split_once('\n').unwrap_or((text, ""))
}

/// Reads `GAME [key=value,...]`: the game and its rule assignments.
pub fn game_line(line: &str) -> Option<(GameKind, Vec<&str>)> {
    let mut words = line.split_whitespace();
    let kind = words.next()?.parse::<GameKind>().ok()?;
    let assignments = match words.next() {
        Some(list) => list.split(',').filter(|a| !a.is_empty()).collect(),
        None => Vec::new(),
    };
    if words.next().is_some() {
        return None;
    }
    Some((kind, assignments))
}

/// The rules `assignments` give `G`, or `None` if they are refused.
pub fn rules<G: Game>(assignments: &[&str]) -> Option<G::Rules> {
    // A lap limit in the millions makes a move slow by design (every lap
    // is sown before the sowing counts as endless), and so does exact
    // cycle detection (`lap_limit=0`) in the reference implementation,
    // which keeps every lap's board (a sowing the program settles in a
    // tenth of a second ran the reference out of the fuzzer's 2 GB after
    // over twenty seconds): not what a fuzz run looks for, so such
    // rule sets are left out. The program's exact detection has tests of
    // its own (crates/ngola-rules/tests/mangola_rules.rs).
    let slow_laps = assignments.iter().any(|a| {
        a.strip_prefix("lap_limit=")
            .and_then(|v| v.trim().parse::<u64>().ok())
            .is_some_and(|laps| laps == 0 || laps > MAX_FUZZ_LAPS)
    });
    // The reference implementations play without the swap rule, so a
    // rule set with it has nothing to be compared with; the swap rule has
    // tests of its own (crates/ngola-rules/tests/swap_rule.rs).
    let swap = assignments
        .iter()
        .any(|a| a.strip_prefix("swap=").is_some_and(|v| v.trim() == "true"));
    if slow_laps || swap {
        return None;
    }
    G::Rules::from_assignments(assignments).ok()
}

/// The largest `lap_limit` the fuzz targets play under.
pub const MAX_FUZZ_LAPS: u64 = 100_000;

/// Every legal move of `game`.
pub fn legal<G: Game>(game: &G) -> MoveList<G::Move> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves
}

/// A reference key text without its Oware history (` seen ...`): the
/// position text alone.
pub fn position_part(key_text: &str) -> &str {
    key_text.split(" seen ").next().unwrap_or(key_text)
}

/// Checks that the reference implementation reads `game`'s printed text
/// back to the same text and, while the game goes on, offers the same moves
/// (by their notation) leading to the same positions. Returns the
/// reference state.
pub fn agrees_with_reference<G: Checked>(game: &G) -> G::Ref {
    let printed = game.to_string();
    let reference = match G::Ref::from_text(&printed, *game.rules()) {
        Ok(reference) => reference,
        Err(e) => panic!("the reference refuses the engine's position `{printed}`: {e}"),
    };
    assert_eq!(
        position_part(&reference.key_text()),
        printed,
        "the reference prints the engine's position differently"
    );
    // A fresh reference history cannot see an Oware repetition the engine
    // saw: compare moves only where the engine's game goes on.
    if game.outcome().is_some() {
        return reference;
    }
    let successors = reference.successors();
    let moves = legal(game);
    let mut ours: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let mut theirs: Vec<&str> = successors.iter().map(|(m, _)| m.as_str()).collect();
    ours.sort();
    theirs.sort();
    assert_eq!(
        ours, theirs,
        "legal moves differ from the reference's in `{printed}`"
    );
    for &mv in &moves {
        let mut next = game.clone();
        next.play(mv);
        let name = mv.to_string();
        let Some((_, their_next)) = successors.iter().find(|(m, _)| *m == name) else {
            unreachable!("the move lists are equal")
        };
        assert_eq!(
            next.to_string(),
            position_part(&their_next.key_text()),
            "`{name}` from `{printed}` leads elsewhere than in the reference"
        );
    }
    reference
}

pub mod targets;

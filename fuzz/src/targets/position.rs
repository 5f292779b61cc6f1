//! Position text (docs/src/rules.md): `GAME key=value,...` on the first line, a
//! position text on the second. What the engine reads it prints in a form
//! it reads back to the same position (same text, hash, side, ply, totals,
//! moves and end), and the reference implementation reads that text the
//! same way: same text, same legal moves, same positions after each.

use crate::{agrees_with_reference, first_line, game_line, legal, rules, text, Checked};
use ngola_rules::with_game;

/// Checks one input (see the module's documentation); panics on a
/// failure, returns on input the format refuses.
pub fn fuzz(data: &[u8]) {
    let Some(input) = text(data) else { return };
    let (header, position) = first_line(input);
    let Some((kind, assignments)) = game_line(header) else {
        return;
    };
    with_game!(kind, G => check::<G>(&assignments, position));
}

fn check<G: Checked>(assignments: &[&str], position: &str) {
    let Some(rules) = rules::<G>(assignments) else {
        return;
    };
    let Ok(game) = G::from_position(position, rules) else {
        return;
    };
    let printed = game.to_string();
    let again = match G::from_position(&printed, rules) {
        Ok(again) => again,
        Err(e) => panic!("`{printed}` (printed from `{position}`) does not read back: {e}"),
    };
    assert_eq!(again.to_string(), printed);
    assert_eq!(again.zobrist(), game.zobrist(), "hash of `{printed}`");
    assert_eq!(again.to_move(), game.to_move());
    assert_eq!(again.ply(), game.ply());
    assert_eq!(again.totals(), game.totals());
    assert_eq!(again.outcome(), game.outcome());
    assert_eq!(legal(&again), legal(&game));
    assert_eq!(legal(&game).is_empty(), game.outcome().is_some());
    agrees_with_reference(&game);
}

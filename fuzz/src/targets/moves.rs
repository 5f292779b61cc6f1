//! Moves in each game's notation: `GAME key=value,...` on the first line,
//! then words played one by one from the start position. Every legal move
//! prints as text that reads back to it; a word the engine reads is legal
//! exactly when it is among the legal moves, and then its printed form
//! reads back to the same move; at every position reached the reference
//! implementation offers the same moves leading to the same positions.

use crate::{agrees_with_reference, first_line, game_line, legal, rules, text, Checked};
use ngola_rules::with_game;

/// Words played at most (each costs a comparison with the reference).
const MAX_WORDS: usize = 200;

/// Checks one input (see the module's documentation); panics on a
/// failure, returns on input the format refuses.
pub fn fuzz(data: &[u8]) {
    let Some(input) = text(data) else { return };
    let (header, words) = first_line(input);
    let Some((kind, assignments)) = game_line(header) else {
        return;
    };
    with_game!(kind, G => check::<G>(&assignments, words));
}

fn check<G: Checked>(assignments: &[&str], words: &str) {
    let Some(rules) = rules::<G>(assignments) else {
        return;
    };
    let mut game = G::start(rules);
    for word in words.split_whitespace().take(MAX_WORDS) {
        let moves = legal(&game);
        for &mv in &moves {
            assert_eq!(
                game.parse_move(&mv.to_string()),
                Ok(mv),
                "`{mv}` in `{game}`"
            );
            assert!(game.check_move(mv).is_ok(), "`{mv}` in `{game}`");
        }
        agrees_with_reference(&game);
        let Ok(mv) = game.parse_move(word) else {
            assert!(game.clone().play_text(word).is_err());
            continue;
        };
        assert_eq!(
            game.parse_move(&mv.to_string()),
            Ok(mv),
            "`{word}` in `{game}`"
        );
        let is_legal = moves.contains(&mv);
        assert_eq!(
            game.check_move(mv).is_ok(),
            is_legal,
            "`{word}` in `{game}`: check_move and legal_moves disagree"
        );
        let mut by_text = game.clone();
        assert_eq!(by_text.play_text(word).is_ok(), is_legal);
        if is_legal {
            game.play(mv);
            assert_eq!(by_text.to_string(), game.to_string());
        }
    }
}

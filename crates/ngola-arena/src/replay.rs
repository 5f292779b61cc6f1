//! Replaying a row of `games.csv`: its `moves` from its start, checked
//! against the row's opening, result, reason, plies and totals. Resume and
//! merge check every row this way; `ngola replay --run` and `ngola render
//! --run` start from [`row_start`].

use ngola_agents::Evaluate;
use ngola_rules::Game;

use crate::adjudicate::Adjudicator;

use crate::openings::Opening;
use crate::play::MAX_GAME_PLIES;
use crate::record::{GameRecord, GameResult, Reason};

/// True if a row's `opening` cell is a position text (a suite's), not
/// moves: it starts with the game's name.
pub fn opening_is_position<G: Game>(opening: &str) -> bool {
    opening.split_whitespace().next() == Some(G::NAME)
}

/// The position a row's `moves` start from: the `opening` cell's position
/// text for a suite's position, otherwise `start` (the start position under
/// the run's rules).
pub fn row_start<G: Game>(start: &G, record: &GameRecord) -> Result<G, String> {
    if opening_is_position::<G>(&record.opening) {
        G::from_position(&record.opening, *start.rules()).map_err(|e| format!("`opening`: {e}"))
    } else {
        Ok(start.clone())
    }
}

/// Replays `record`'s moves from `start` (the start position under the
/// run's rules), or from `opening`'s position if it is a suite's position
/// text, and checks that they begin with `opening` (the run's opening of
/// the row's pair) and give the row's result, plies, totals and reason.
/// A game lost by a fault (`crash`, `illegal-move`, `time-forfeit`) ends
/// before the rules end it: its moves must leave the game going on, with
/// the row's plies and totals, the fault's text and a win for the side not
/// to move (the faulting side is the one whose move was awaited).
/// Under adjudication (`adjudicator`), no position after the opening
/// before the last may be adjudicated, and a row ended by adjudication
/// must end in a position adjudicated with its result and reason.
/// The error names the first field that disagrees.
pub fn check_row<G: Evaluate>(
    start: &G,
    opening: &Opening<G>,
    record: &GameRecord,
    adjudicator: &Adjudicator<G>,
) -> Result<(), String> {
    if record.opening != opening.text {
        return Err(format!(
            "`opening` is `{}`, the run's opening of pair {} is `{}`",
            record.opening, record.pair, opening.text
        ));
    }
    // Moves start at the game's start (the opening's moves first) or at the
    // suite's position.
    let mut game = if opening.from_position {
        opening.position.clone()
    } else {
        start.clone()
    };
    let words: Vec<&str> = record.moves.split_whitespace().collect();
    let mut opening_len = 0;
    if !opening.from_position {
        let opening_words: Vec<&str> = opening.text.split_whitespace().collect();
        if words.len() < opening_words.len() || words[..opening_words.len()] != opening_words[..] {
            return Err(format!(
                "`moves` does not begin with the opening `{}`",
                opening.text
            ));
        }
        opening_len = opening_words.len();
    }
    let fault = record.reason.is_fault();
    if fault == record.fault.is_empty() {
        return Err(format!(
            "`fault` is `{}` for a game ended by `{}`",
            record.fault,
            record.reason.as_str()
        ));
    }
    for (i, word) in words.iter().enumerate() {
        if game.outcome().is_some() {
            return Err(format!(
                "`moves`: the game is over after {i} moves, yet {} follow",
                words.len() - i
            ));
        }
        if i >= opening_len {
            if let Some((_, reason)) = adjudicator.verdict(&game) {
                return Err(format!(
                    "`moves`: the game is adjudicated ({}) after {i} moves, yet {} follow",
                    reason.as_str(),
                    words.len() - i
                ));
            }
        }
        game.play_text(word)
            .map_err(|e| format!("`moves`: move {} (`{word}`): {e}", i + 1))?;
    }
    let verdict = if words.len() >= opening_len {
        adjudicator.verdict(&game)
    } else {
        None
    };
    if record.reason.is_adjudicated() || verdict.is_some() {
        return match verdict {
            Some((result, reason)) if (result, reason) == (record.result, record.reason) => {
                check_tallies(&game, record)
            }
            Some((result, reason)) => Err(format!(
                "`result`, `reason` are {}, {}; its moves end in a position adjudicated {}, {}",
                record.result,
                record.reason.as_str(),
                result,
                reason.as_str()
            )),
            None => Err(format!(
                "`reason` is {}, but the run does not adjudicate the position its moves end in",
                record.reason.as_str()
            )),
        };
    }
    if fault {
        if game.outcome().is_some() {
            return Err(format!(
                "`reason` is {}, but its moves end the game",
                record.reason.as_str()
            ));
        }
        if record.result == GameResult::Draw {
            return Err("`result` is draw for a game lost by a fault".to_string());
        }
        // The faulting side is the one whose move was awaited: the side to
        // move after the row's moves. It cannot be the winner.
        let faulty = game.to_move();
        if record.result.winner() == Some(faulty) {
            return Err(format!(
                "`result` is {} for a game lost by {} of {}, the side to move",
                record.result,
                record.reason.as_str(),
                faulty.letter()
            ));
        }
        return check_tallies(&game, record);
    }
    if record.reason == Reason::PlyLimit {
        // Stopped by the runner: still going after exactly
        // `MAX_GAME_PLIES` moves, and scored a draw.
        if game.outcome().is_some() {
            return Err("`reason` is ply-limit, but its moves end the game".to_string());
        }
        if words.len() != MAX_GAME_PLIES as usize {
            return Err(format!(
                "`reason` is ply-limit, but its moves are {}, not {MAX_GAME_PLIES}",
                words.len()
            ));
        }
        if record.result != GameResult::Draw {
            return Err(format!(
                "`result` is {} for a game stopped at the ply limit (a draw)",
                record.result
            ));
        }
        return check_tallies(&game, record);
    }
    let Some(outcome) = game.outcome() else {
        return Err(format!(
            "`moves`: the game is not over after its {} moves",
            words.len()
        ));
    };
    let result = GameResult::from_outcome(&outcome);
    if record.result != result {
        return Err(format!(
            "`result` is {}, its moves end in {}",
            record.result, result
        ));
    }
    check_tallies(&game, record)?;
    let reason = Reason::from(outcome.reason);
    if record.reason != reason {
        return Err(format!(
            "`reason` is {}, its moves end by {}",
            record.reason.as_str(),
            reason.as_str()
        ));
    }
    Ok(())
}

/// The row's plies and totals against the position its moves reach.
fn check_tallies<G: Game>(game: &G, record: &GameRecord) -> Result<(), String> {
    if record.plies != game.ply() {
        return Err(format!(
            "`plies` is {}, its moves end at ply {}",
            record.plies,
            game.ply()
        ));
    }
    let [south, north] = game.totals();
    if record.south_total != south {
        return Err(format!(
            "`south_total` is {}, its moves end with {south}",
            record.south_total
        ));
    }
    if record.north_total != north {
        return Err(format!(
            "`north_total` is {}, its moves end with {north}",
            record.north_total
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use ngola_rules::kalah::Kalah;
    use ngola_rules::{Game, MoveList};

    use super::*;

    fn start() -> Kalah {
        Kalah::start(Default::default())
    }

    /// No opening: the game's moves start at the start position.
    fn no_opening() -> Opening<Kalah> {
        Opening {
            position: start(),
            moves: Vec::new(),
            text: String::new(),
            from_position: false,
        }
    }

    /// The first legal move, `plies` times (or until the game ends), as
    /// text, and the position reached.
    fn first_moves(plies: usize) -> (Vec<String>, Kalah) {
        let mut game = start();
        let mut texts = Vec::new();
        let mut moves = MoveList::new();
        while texts.len() < plies && game.outcome().is_none() {
            moves.clear();
            game.legal_moves(&mut moves);
            texts.push(moves[0].to_string());
            game.play(moves[0]);
        }
        (texts, game)
    }

    /// A row of the game after `moves`, which `reason` ended with `result`.
    fn row(moves: &[String], game: &Kalah, reason: Reason, result: GameResult) -> GameRecord {
        let [south_total, north_total] = game.totals();
        GameRecord {
            game: 0,
            pair: 0,
            pairing: 0,
            south_id: 0,
            north_id: 1,
            south: "random".to_string(),
            north: "engine:bot".to_string(),
            seed: 1,
            result,
            plies: game.ply(),
            south_total,
            north_total,
            reason,
            time_s: 0.0,
            opening: String::new(),
            moves: moves.join(" "),
            fault: String::new(),
        }
    }

    fn refused(record: &GameRecord, field: &str) {
        let err = check_row(&start(), &no_opening(), record, &Adjudicator::none()).unwrap_err();
        assert!(err.starts_with(&format!("`{field}`")), "{field}: {err}");
    }

    #[test]
    fn fault_rows_replay_legally_and_stay_undecided() {
        let (moves, game) = first_moves(5);
        assert!(game.outcome().is_none());
        // Each fault loses the game before its end: the moves replay to
        // the row's plies and totals, and the result is the other side's.
        for (reason, fault) in [
            (Reason::Crash, "exit status: 3; crashing on purpose"),
            (Reason::IllegalMove, "z9"),
            (Reason::TimeForfeit, "no answer in 500 ms (400 ms allowed)"),
        ] {
            let loser = game.to_move();
            let mut record = row(&moves, &game, reason, GameResult::lost_by(loser));
            record.fault = fault.to_string();
            assert_eq!(
                check_row(&start(), &no_opening(), &record, &Adjudicator::none()),
                Ok(())
            );

            // The win given to the faulting side (the side to move) is
            // refused.
            let mut bad = record.clone();
            bad.result = GameResult::from_winner(Some(loser));
            refused(&bad, "result");

            let mut bad = record.clone();
            bad.fault.clear();
            refused(&bad, "fault");
            let mut bad = record.clone();
            bad.result = GameResult::Draw;
            refused(&bad, "result");
            let mut bad = record.clone();
            bad.plies += 1;
            refused(&bad, "plies");
            let mut bad = record.clone();
            bad.north_total += 1;
            refused(&bad, "north_total");
            // A move that is not legal (or not a move) is refused.
            let mut bad = record.clone();
            bad.moves.push_str(" z9");
            refused(&bad, "moves");
        }
        // A fault row whose moves end the game is refused: the rules
        // ended it, not the fault.
        let (moves, game) = first_moves(usize::MAX);
        let outcome = game.outcome().expect("the game ends");
        let mut record = row(
            &moves,
            &game,
            Reason::Crash,
            GameResult::from_outcome(&outcome),
        );
        record.fault = "exit status: 1".to_string();
        refused(&record, "reason");
        // The same game with its own reason and no fault passes; a fault
        // text on it is refused.
        let mut record = row(
            &moves,
            &game,
            Reason::from(outcome.reason),
            GameResult::from_outcome(&outcome),
        );
        assert_eq!(
            check_row(&start(), &no_opening(), &record, &Adjudicator::none()),
            Ok(())
        );
        record.fault = "z9".to_string();
        refused(&record, "fault");
    }
}

#[cfg(test)]
mod adjudicated {
    use ngola_agents::Evaluate;
    use ngola_rules::kalah::Kalah;
    use ngola_rules::{Game, MoveList};

    use super::check_row;
    use crate::adjudicate::{Adjudication, Adjudicator};
    use crate::openings::Opening;
    use crate::record::{GameRecord, GameResult, Reason};

    /// South's store holds exactly half of the 48 seeds: one more sown
    /// into it is a majority.
    const HALF: &str = "kalah 1,1,1,1,1,1/1,1,1,1,1,1 S 0 24,12";

    fn row(moves: &[String], game: &Kalah, reason: Reason, result: GameResult) -> GameRecord {
        let [south_total, north_total] = game.totals();
        GameRecord {
            game: 0,
            pair: 0,
            pairing: 0,
            south_id: 0,
            north_id: 1,
            south: "random".to_string(),
            north: "greedy".to_string(),
            seed: 1,
            result,
            plies: game.ply(),
            south_total,
            north_total,
            reason,
            time_s: 0.0,
            opening: HALF.to_string(),
            moves: moves.join(" "),
            fault: String::new(),
        }
    }

    #[test]
    fn majority_rows_end_where_a_side_holds_more_than_half() {
        let start = Kalah::start(Default::default());
        let position = Kalah::from_position(HALF, *start.rules()).unwrap_or_else(|e| panic!("{e}"));
        let opening = Opening {
            position,
            moves: Vec::new(),
            text: HALF.to_string(),
            from_position: true,
        };
        let majority = Adjudicator::<Kalah>::new(&[Adjudication::Majority], start.rules())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(position.majority(), None);
        let mut game = position;
        game.play_text("a6").unwrap_or_else(|e| panic!("{e}"));
        let winner = game.majority().expect("25 of 48 seeds in the store");
        assert!(game.outcome().is_none());
        let moves = vec!["a6".to_string()];
        let good = row(
            &moves,
            &game,
            Reason::Majority,
            GameResult::from_winner(Some(winner)),
        );
        assert_eq!(check_row(&start, &opening, &good, &majority), Ok(()));
        // The other side, or no adjudication: refused.
        let mut bad = good.clone();
        bad.result = GameResult::from_winner(Some(winner.opponent()));
        assert!(check_row(&start, &opening, &bad, &majority).is_err());
        let none = Adjudicator::none();
        let err = check_row(&start, &opening, &good, &none).unwrap_err();
        assert!(err.starts_with("`reason`"), "{err}");
        // A game played on past the majority is refused under it.
        let mut list = MoveList::new();
        let mut moves = moves;
        while game.outcome().is_none() {
            list.clear();
            game.legal_moves(&mut list);
            moves.push(list[0].to_string());
            game.play(list[0]);
        }
        let outcome = game.outcome().expect("the game ends");
        let on = row(
            &moves,
            &game,
            Reason::from(outcome.reason),
            GameResult::from_outcome(&outcome),
        );
        assert_eq!(check_row(&start, &opening, &on, &none), Ok(()));
        let err = check_row(&start, &opening, &on, &majority).unwrap_err();
        assert!(err.contains("adjudicated (majority)"), "{err}");
    }
}

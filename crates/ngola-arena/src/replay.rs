//! Replaying a row of `games.csv`: its `moves` from its start, checked
//! against the row's opening, result, reason, plies and totals. Resume and
//! merge check every row this way; `ngola replay --run` and `ngola render
//! --run` start from [`row_start`].

use ngola_agents::Evaluate;
use ngola_rules::{Game, PlayTextError, Player, PositionError, MAX_GAME_PLIES};
use thiserror::Error;

use crate::adjudicate::Adjudicator;

use crate::openings::Opening;
use crate::record::{GameRecord, GameResult, Reason};

/// Why a row of `games.csv` does not replay to what it records. Each
/// message names the first field that disagrees, in backticks.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The row's `opening` cell is a position text that does not read.
    #[error("`opening`: {0}")]
    BadStart(#[source] PositionError),
    /// The row's `opening` is not the run's opening of its pair.
    #[error("`opening` is `{found}`, the run's opening of pair {pair} is `{expected}`")]
    WrongOpening {
        /// The row's `opening` cell.
        found: String,
        /// The row's pair.
        pair: u64,
        /// The run's opening of that pair.
        expected: String,
    },
    /// The row's `moves` do not begin with the opening's moves.
    #[error("`moves` does not begin with the opening `{opening}`")]
    OpeningNotPlayed {
        /// The run's opening of the row's pair.
        opening: String,
    },
    /// A `fault` text on a game not lost by a fault, or none on one that is.
    #[error("`fault` is `{fault}` for a game ended by `{}`", .reason.as_str())]
    FaultMismatch {
        /// The row's `fault` cell.
        fault: String,
        /// The row's `reason`.
        reason: Reason,
    },
    /// Moves follow the end of the game.
    #[error("`moves`: the game is over after {played} moves, yet {extra} follow")]
    MovesAfterEnd {
        /// Moves played when the game ended.
        played: usize,
        /// Moves left over.
        extra: usize,
    },
    /// Moves follow a position the run adjudicates.
    #[error(
        "`moves`: the game is adjudicated ({}) after {played} moves, yet {extra} follow",
        .reason.as_str()
    )]
    MovesAfterAdjudication {
        /// The adjudication's reason.
        reason: Reason,
        /// Moves played when the position was adjudicated.
        played: usize,
        /// Moves left over.
        extra: usize,
    },
    /// A word of `moves` that is not a legal move where it is played.
    #[error("`moves`: move {ply} (`{text}`): {source}")]
    IllegalMove {
        /// The move's number, from 1.
        ply: usize,
        /// The move's text.
        text: String,
        /// Why the rules refuse it.
        #[source]
        source: PlayTextError,
    },
    /// The moves end in a position adjudicated otherwise than the row.
    #[error(
        "`result`, `reason` are {result}, {}; its moves end in a position adjudicated {adjudicated}, {}",
        .reason.as_str(),
        .adjudicated_reason.as_str()
    )]
    AdjudicationMismatch {
        /// The row's `result`.
        result: GameResult,
        /// The row's `reason`.
        reason: Reason,
        /// The adjudicated result.
        adjudicated: GameResult,
        /// The adjudication's reason.
        adjudicated_reason: Reason,
    },
    /// The row is ended by adjudication, but the run does not adjudicate
    /// the position its moves end in.
    #[error(
        "`reason` is {}, but the run does not adjudicate the position its moves end in",
        .reason.as_str()
    )]
    NotAdjudicated {
        /// The row's `reason`.
        reason: Reason,
    },
    /// The row's `reason` says the game did not end by the rules (a fault
    /// or the ply limit), but its moves end it.
    #[error("`reason` is {}, but its moves end the game", .reason.as_str())]
    EndedByRules {
        /// The row's `reason`.
        reason: Reason,
    },
    /// A game lost by a fault recorded as a draw.
    #[error("`result` is draw for a game lost by a fault")]
    FaultDraw,
    /// A game lost by a fault won by the faulting side (the side to move).
    #[error(
        "`result` is {result} for a game lost by {} of {}, the side to move",
        .reason.as_str(),
        .faulty.letter()
    )]
    FaultWinner {
        /// The row's `result`.
        result: GameResult,
        /// The row's `reason` (the fault).
        reason: Reason,
        /// The side to move after the moves, whose move was awaited.
        faulty: Player,
    },
    /// A ply-limit row whose moves are not exactly the limit.
    #[error("`reason` is ply-limit, but its moves are {moves}, not {MAX_GAME_PLIES}")]
    PlyLimitLength {
        /// The number of moves.
        moves: usize,
    },
    /// A ply-limit row not scored a draw.
    #[error("`result` is {result} for a game stopped at the ply limit (a draw)")]
    PlyLimitResult {
        /// The row's `result`.
        result: GameResult,
    },
    /// A row ended by the rules whose moves do not end the game.
    #[error("`moves`: the game is not over after its {moves} moves")]
    NotOver {
        /// The number of moves.
        moves: usize,
    },
    /// The row's `result` is not the one its moves end in.
    #[error("`result` is {result}, its moves end in {replayed}")]
    ResultMismatch {
        /// The row's `result`.
        result: GameResult,
        /// The result the moves end in.
        replayed: GameResult,
    },
    /// The row's `reason` is not the one its moves end by.
    #[error("`reason` is {}, its moves end by {}", .reason.as_str(), .replayed.as_str())]
    ReasonMismatch {
        /// The row's `reason`.
        reason: Reason,
        /// The reason the moves end by.
        replayed: Reason,
    },
    /// The row's `plies` is not the ply its moves end at.
    #[error("`plies` is {plies}, its moves end at ply {replayed}")]
    PliesMismatch {
        /// The row's `plies`.
        plies: u32,
        /// The ply the moves end at.
        replayed: u32,
    },
    /// A side's total (`south_total`, `north_total`) is not the one its
    /// moves end with.
    #[error("`{}_total` is {total}, its moves end with {replayed}", side_name(*.side))]
    TallyMismatch {
        /// Whose total.
        side: Player,
        /// The row's total.
        total: u32,
        /// The total the moves end with.
        replayed: u32,
    },
}

/// The side's name in a column name: `south`, `north`.
fn side_name(side: Player) -> &'static str {
    match side {
        Player::South => "south",
        Player::North => "north",
    }
}

/// True if a row's `opening` cell is a position text (a suite's), not
/// moves: it starts with the game's name.
pub fn opening_is_position<G: Game>(opening: &str) -> bool {
    opening.split_whitespace().next() == Some(G::NAME)
}

/// The position a row's `moves` start from: the `opening` cell's position
/// text for a suite's position, otherwise `start` (the start position under
/// the run's rules).
pub fn row_start<G: Game>(start: &G, record: &GameRecord) -> Result<G, ReplayError> {
    if opening_is_position::<G>(&record.opening) {
        G::from_position(&record.opening, *start.rules()).map_err(ReplayError::BadStart)
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
) -> Result<(), ReplayError> {
    let (mut game, words, opening_len) = opening_played(start, opening, record)?;
    let fault = record.reason.is_fault();
    if fault == record.fault.is_empty() {
        return Err(ReplayError::FaultMismatch {
            fault: record.fault.clone(),
            reason: record.reason,
        });
    }
    play_row_moves(&mut game, &words, opening_len, adjudicator)?;
    let verdict = if words.len() >= opening_len {
        adjudicator.verdict(&game)
    } else {
        None
    };
    if record.reason.is_adjudicated() || verdict.is_some() {
        return check_adjudicated_end(&game, record, verdict);
    }
    if fault {
        return check_fault_end(&game, record);
    }
    if record.reason == Reason::PlyLimit {
        return check_ply_limit_end(&game, record, words.len());
    }
    check_rules_end(&game, record, words.len())
}

/// The position a row's moves start from, its moves, and how many of them
/// are the opening's (0 for a suite's position): the row must name the
/// opening of its pair and, from the start, begin with its moves.
fn opening_played<'r, G: Game>(
    start: &G,
    opening: &Opening<G>,
    record: &'r GameRecord,
) -> Result<(G, Vec<&'r str>, usize), ReplayError> {
    if record.opening != opening.text {
        return Err(ReplayError::WrongOpening {
            found: record.opening.clone(),
            pair: record.pair,
            expected: opening.text.clone(),
        });
    }
    // Moves start at the game's start (the opening's moves first) or at the
    // suite's position.
    let game = if opening.from_position {
        opening.position.clone()
    } else {
        start.clone()
    };
    let words: Vec<&str> = record.moves.split_whitespace().collect();
    let mut opening_len = 0;
    if !opening.from_position {
        let opening_words: Vec<&str> = opening.text.split_whitespace().collect();
        if words.len() < opening_words.len() || words[..opening_words.len()] != opening_words[..] {
            return Err(ReplayError::OpeningNotPlayed {
                opening: opening.text.clone(),
            });
        }
        opening_len = opening_words.len();
    }
    Ok((game, words, opening_len))
}

/// Plays a row's moves on `game`: each legal, none after the game's end,
/// none after the opening in a position the adjudicator decides.
fn play_row_moves<G: Evaluate>(
    game: &mut G,
    words: &[&str],
    opening_len: usize,
    adjudicator: &Adjudicator<G>,
) -> Result<(), ReplayError> {
    for (i, word) in words.iter().enumerate() {
        if game.outcome().is_some() {
            return Err(ReplayError::MovesAfterEnd {
                played: i,
                extra: words.len() - i,
            });
        }
        if i >= opening_len {
            if let Some((_, reason)) = adjudicator.verdict(game) {
                return Err(ReplayError::MovesAfterAdjudication {
                    reason,
                    played: i,
                    extra: words.len() - i,
                });
            }
        }
        game.play_text(word)
            .map_err(|source| ReplayError::IllegalMove {
                ply: i + 1,
                text: (*word).to_string(),
                source,
            })?;
    }
    Ok(())
}

/// A row ended by adjudication, or whose moves reach a position the
/// adjudicator decides (`verdict`): both must agree.
fn check_adjudicated_end<G: Game>(
    game: &G,
    record: &GameRecord,
    verdict: Option<(GameResult, Reason)>,
) -> Result<(), ReplayError> {
    match verdict {
        Some((result, reason)) if (result, reason) == (record.result, record.reason) => {
            check_tallies(game, record)
        }
        Some((adjudicated, adjudicated_reason)) => Err(ReplayError::AdjudicationMismatch {
            result: record.result,
            reason: record.reason,
            adjudicated,
            adjudicated_reason,
        }),
        None => Err(ReplayError::NotAdjudicated {
            reason: record.reason,
        }),
    }
}

/// A row lost by a fault: the game goes on after its moves, and the side
/// not to move wins.
fn check_fault_end<G: Game>(game: &G, record: &GameRecord) -> Result<(), ReplayError> {
    still_going(game, record)?;
    if record.result == GameResult::Draw {
        return Err(ReplayError::FaultDraw);
    }
    // The faulting side is the one whose move was awaited: the side to
    // move after the row's moves. It cannot be the winner.
    let faulty = game.to_move();
    if record.result.winner() == Some(faulty) {
        return Err(ReplayError::FaultWinner {
            result: record.result,
            reason: record.reason,
            faulty,
        });
    }
    check_tallies(game, record)
}

/// A row the rules did not end (a fault, the runner's ply limit): its
/// moves must leave the game going on.
fn still_going<G: Game>(game: &G, record: &GameRecord) -> Result<(), ReplayError> {
    match game.outcome() {
        Some(_) => Err(ReplayError::EndedByRules {
            reason: record.reason,
        }),
        None => Ok(()),
    }
}

/// A row stopped by the runner: still going after exactly
/// `MAX_GAME_PLIES` moves, and scored a draw.
fn check_ply_limit_end<G: Game>(
    game: &G,
    record: &GameRecord,
    moves: usize,
) -> Result<(), ReplayError> {
    still_going(game, record)?;
    if moves != MAX_GAME_PLIES as usize {
        return Err(ReplayError::PlyLimitLength { moves });
    }
    if record.result != GameResult::Draw {
        return Err(ReplayError::PlyLimitResult {
            result: record.result,
        });
    }
    check_tallies(game, record)
}

/// A row ended by the rules: its moves end the game with its result,
/// tallies and reason.
fn check_rules_end<G: Game>(
    game: &G,
    record: &GameRecord,
    moves: usize,
) -> Result<(), ReplayError> {
    let Some(outcome) = game.outcome() else {
        return Err(ReplayError::NotOver { moves });
    };
    let result = GameResult::from_outcome(&outcome);
    if record.result != result {
        return Err(ReplayError::ResultMismatch {
            result: record.result,
            replayed: result,
        });
    }
    check_tallies(game, record)?;
    let reason = Reason::from(outcome.reason);
    if record.reason != reason {
        return Err(ReplayError::ReasonMismatch {
            reason: record.reason,
            replayed: reason,
        });
    }
    Ok(())
}

/// The row's plies and totals against the position its moves reach.
fn check_tallies<G: Game>(game: &G, record: &GameRecord) -> Result<(), ReplayError> {
    if record.plies != game.ply() {
        return Err(ReplayError::PliesMismatch {
            plies: record.plies,
            replayed: game.ply(),
        });
    }
    let totals = game.totals();
    for (side, total) in [
        (Player::South, record.south_total),
        (Player::North, record.north_total),
    ] {
        let replayed = totals[side.index()];
        if total != replayed {
            return Err(ReplayError::TallyMismatch {
                side,
                total,
                replayed,
            });
        }
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
        let err = check_row(&start(), &no_opening(), record, &Adjudicator::none())
            .unwrap_err()
            .to_string();
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

    #[test]
    fn errors_are_variants_a_caller_can_match() {
        let (moves, game) = first_moves(5);
        let loser = game.to_move();
        let mut record = row(&moves, &game, Reason::Crash, GameResult::lost_by(loser));
        record.fault = "exit status: 3".to_string();
        let check = |record: &GameRecord| {
            check_row(&start(), &no_opening(), record, &Adjudicator::none()).unwrap_err()
        };

        let mut bad = record.clone();
        bad.moves.push_str(" z9");
        match check(&bad) {
            ReplayError::IllegalMove { ply, text, .. } => {
                assert_eq!((ply, text.as_str()), (6, "z9"));
            }
            other => panic!("{other}"),
        }

        let mut bad = record.clone();
        bad.north_total += 1;
        let err = check(&bad);
        assert_eq!(
            err,
            ReplayError::TallyMismatch {
                side: Player::North,
                total: record.north_total + 1,
                replayed: record.north_total,
            }
        );
        assert_eq!(
            err.to_string(),
            format!(
                "`north_total` is {}, its moves end with {}",
                record.north_total + 1,
                record.north_total
            )
        );

        let mut bad = record.clone();
        bad.result = GameResult::Draw;
        assert_eq!(check(&bad), ReplayError::FaultDraw);

        let mut bad = record.clone();
        bad.result = GameResult::from_winner(Some(loser));
        let err = check(&bad);
        assert!(
            matches!(err, ReplayError::FaultWinner { faulty, .. } if faulty == loser),
            "{err}"
        );

        // A position text that does not read: the start is refused.
        let mut bad = record.clone();
        bad.opening = "kalah not a position".to_string();
        assert!(matches!(
            row_start(&start(), &bad),
            Err(ReplayError::BadStart(_))
        ));
    }
}

#[cfg(test)]
mod adjudicated {
    use ngola_agents::Evaluate;
    use ngola_rules::kalah::Kalah;
    use ngola_rules::{Game, MoveList};

    use super::{check_row, ReplayError};
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
        let majority = Adjudicator::<Kalah>::new(
            &[Adjudication::Majority],
            start.rules(),
            &Default::default(),
        )
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
        assert_eq!(
            err,
            ReplayError::NotAdjudicated {
                reason: Reason::Majority
            }
        );
        assert!(err.to_string().starts_with("`reason`"), "{err}");
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
        let err = check_row(&start, &opening, &on, &majority)
            .unwrap_err()
            .to_string();
        assert!(err.contains("adjudicated (majority)"), "{err}");
    }
}

//! Adjudication: ending a game before its rules do, as match runners do
//! for these games (`adjudicate` in experiments, `--adjudicate` flags).
//!
//! - `tablebase=DIR`: as soon as the position (with a move to make) is one
//!   the endgame database in `DIR` decides exactly, the game ends with the
//!   database's value: the side to move wins if its final margin under
//!   perfect play is positive, loses if negative, draws at 0 (reason
//!   `tablebase`).
//! - `majority` (Kalah and Oware): as soon as one side holds more than half
//!   of all seeds for good (in its store, or captured), it wins (reason
//!   `majority`): no line of play can take the win from it.
//!
//! With both, the database is asked first. Positions before the end of a
//! game's opening are not adjudicated (the opening is the run's, not the
//! players'). The replay check of resume and merge asks the same questions
//! of every row ([`Adjudicator::verdict`]).

use ngola_agents::tablebase::Databases;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;

use ngola_agents::{Evaluate, Oracle};
use ngola_rules::Player;

use crate::error::{ArenaError, Result};
use crate::record::{GameResult, Reason};

/// One way of ending games early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Adjudication {
    /// `tablebase=DIR`: the endgame database in `DIR` decides.
    Tablebase(PathBuf),
    /// `majority`: a side holding more than half of all seeds wins.
    Majority,
}

impl fmt::Display for Adjudication {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Adjudication::Tablebase(dir) => write!(f, "tablebase={}", dir.display()),
            Adjudication::Majority => f.write_str("majority"),
        }
    }
}

/// A text that is not an adjudication.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AdjudicationError {
    /// Neither `tablebase=DIR` nor `majority`.
    #[error("`{0}`: expected `tablebase=DIR` or `majority`")]
    Unknown(String),
}

impl FromStr for Adjudication {
    type Err = AdjudicationError;

    /// Reads `tablebase=DIR` or `majority`.
    fn from_str(text: &str) -> std::result::Result<Adjudication, AdjudicationError> {
        match text.split_once('=') {
            Some(("tablebase", dir)) if !dir.is_empty() => {
                Ok(Adjudication::Tablebase(PathBuf::from(dir)))
            }
            None if text == "majority" => Ok(Adjudication::Majority),
            _ => Err(AdjudicationError::Unknown(text.to_string())),
        }
    }
}

/// Reads the `adjudicate` list; the error names the field.
pub fn parse_all(texts: &[String]) -> Result<Vec<Adjudication>> {
    let mut list: Vec<Adjudication> = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let one: Adjudication = text.parse().map_err(|e: AdjudicationError| {
            ArenaError::field(format!("adjudicate[{i}]"), e.to_string())
        })?;
        if list
            .iter()
            .any(|a| std::mem::discriminant(a) == std::mem::discriminant(&one))
        {
            return Err(ArenaError::field(
                format!("adjudicate[{i}]"),
                format!("`{text}`: given twice"),
            ));
        }
        list.push(one);
    }
    Ok(list)
}

/// The adjudication of a run, ready to ask about positions of `G`.
pub struct Adjudicator<G: Evaluate> {
    oracle: Option<Arc<dyn Oracle<G>>>,
    majority: bool,
}

impl<G: Evaluate> Clone for Adjudicator<G> {
    fn clone(&self) -> Self {
        Adjudicator {
            oracle: self.oracle.clone(),
            majority: self.majority,
        }
    }
}

impl<G: Evaluate> Adjudicator<G> {
    /// No adjudication: games end by their rules.
    pub fn none() -> Self {
        Adjudicator {
            oracle: None,
            majority: false,
        }
    }

    /// The adjudication `list` asks for under `rules`: the database opened
    /// (into `databases`) and checked against the rules, `majority` only for Kalah and Oware.
    /// Errors name the field.
    pub fn new(list: &[Adjudication], rules: &G::Rules, databases: &Databases) -> Result<Self> {
        let mut adjudicator = Adjudicator::none();
        for one in list {
            match one {
                Adjudication::Tablebase(dir) => {
                    let oracle = G::open_tablebase(dir, databases).map_err(|e| {
                        ArenaError::field("adjudicate", format!("tablebase={}: {e}", dir.display()))
                    })?;
                    if !oracle.covers_rules(rules) {
                        return Err(ArenaError::field(
                            "adjudicate",
                            format!(
                                "tablebase={}: the database `{}` was built under other rules \
                                 than the run's",
                                dir.display(),
                                oracle.name()
                            ),
                        ));
                    }
                    adjudicator.oracle = Some(oracle);
                }
                Adjudication::Majority => {
                    if !matches!(G::NAME, "kalah" | "oware") {
                        return Err(ArenaError::field(
                            "adjudicate",
                            format!("majority: only Kalah and Oware games, not {}", G::NAME),
                        ));
                    }
                    adjudicator.majority = true;
                }
            }
        }
        Ok(adjudicator)
    }

    /// True when nothing is adjudicated.
    pub fn is_none(&self) -> bool {
        self.oracle.is_none() && !self.majority
    }

    /// How `game` (going on, with a move to make) ends by adjudication, if
    /// it does.
    pub fn verdict(&self, game: &G) -> Option<(GameResult, Reason)> {
        if game.outcome().is_some() {
            return None;
        }
        if let Some(margin) = self.oracle.as_ref().and_then(|o| o.exact(game)) {
            let mover = game.to_move();
            let winner = match margin.signum() {
                1 => Some(mover),
                -1 => Some(mover.opponent()),
                _ => None,
            };
            return Some((GameResult::from_winner(winner), Reason::Tablebase));
        }
        if self.majority {
            let winner: Option<Player> = game.majority();
            return winner.map(|w| (GameResult::from_winner(Some(w)), Reason::Majority));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjudications_read_or_are_refused_by_a_variant() {
        assert_eq!("majority".parse(), Ok(Adjudication::Majority));
        assert_eq!(
            "tablebase=tb/kalah".parse(),
            Ok(Adjudication::Tablebase(PathBuf::from("tb/kalah")))
        );
        for text in ["tablebase=", "majority=1", "draw"] {
            let err = text.parse::<Adjudication>().unwrap_err();
            assert_eq!(err, AdjudicationError::Unknown(text.to_string()));
            assert_eq!(
                err.to_string(),
                format!("`{text}`: expected `tablebase=DIR` or `majority`")
            );
        }
        let err = parse_all(&["majority".to_string(), "draw".to_string()]).unwrap_err();
        assert_eq!(
            err.to_string(),
            ArenaError::field(
                "adjudicate[1]",
                "`draw`: expected `tablebase=DIR` or `majority`"
            )
            .to_string()
        );
    }
}

//! How a game ended, as `games.csv` writes it: the winner by the rules'
//! side letter, and the rules' end reasons beside the faults and the
//! runner's ply limit.

use std::fmt;
use std::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use ngola_rules::{EndReason, Outcome, Player};

/// The result of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// South won (`S`).
    South,
    /// North won (`N`).
    North,
    /// A draw (`draw`).
    Draw,
}

/// The text of a drawn game's `result` cell.
const DRAW: &str = "draw";

impl GameResult {
    /// The result for `winner` (`None`: a draw).
    pub fn from_winner(winner: Option<Player>) -> GameResult {
        match winner {
            Some(Player::South) => GameResult::South,
            Some(Player::North) => GameResult::North,
            None => GameResult::Draw,
        }
    }

    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Player> {
        match self {
            GameResult::South => Some(Player::South),
            GameResult::North => Some(Player::North),
            GameResult::Draw => None,
        }
    }

    /// The result of a finished game.
    pub fn from_outcome(outcome: &Outcome) -> GameResult {
        GameResult::from_winner(outcome.winner)
    }

    /// The result of a game lost by `loser` (a fault).
    pub fn lost_by(loser: Player) -> GameResult {
        GameResult::from_winner(Some(loser.opponent()))
    }

    /// South's score: 1, 0.5 or 0.
    pub fn south_score(self) -> f64 {
        match self {
            GameResult::South => 1.0,
            GameResult::Draw => 0.5,
            GameResult::North => 0.0,
        }
    }
}

impl fmt::Display for GameResult {
    /// `S`, `N` (the rules' side letters) or `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(side) => write!(f, "{}", side.letter()),
            None => f.write_str(DRAW),
        }
    }
}

impl FromStr for GameResult {
    type Err = ();

    /// Reads `S`, `N` or `draw`.
    fn from_str(text: &str) -> Result<GameResult, ()> {
        if text == DRAW {
            return Ok(GameResult::Draw);
        }
        Player::from_letter(text)
            .map(|side| GameResult::from_winner(Some(side)))
            .map_err(|_| ())
    }
}

/// Why a game ended, as written in `games.csv`: the rules' reasons
/// ([`EndReason`]), the faults that lose a game for the side that commits
/// them, and the runner's ply limit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The rules ended the game.
    Rules(EndReason),
    /// The player's process exited or closed its output (or a seated
    /// player failed otherwise).
    Crash,
    /// The player answered a move that does not parse or is illegal.
    IllegalMove,
    /// The player's clock ran out beyond the margin, or it did not answer.
    TimeForfeit,
    /// The runner stopped a game still going at
    /// [`ngola_rules::MAX_GAME_PLIES`] plies, scored as a draw (rules
    /// without a ply cap under which the game did not end).
    PlyLimit,
    /// Adjudicated by an endgame database: the game reached a position it
    /// decides, scored by its value (`--adjudicate tablebase=DIR`).
    Tablebase,
    /// Adjudicated: one side held more than half of all seeds for good
    /// (`--adjudicate majority`, Kalah and Oware).
    Majority,
}

impl Reason {
    /// Every reason, in the order summaries list them.
    pub const ALL: [Reason; 11] = [
        Reason::Rules(EndReason::Natural),
        Reason::Rules(EndReason::Immobilised),
        Reason::Rules(EndReason::EndlessSowing),
        Reason::Rules(EndReason::PlyCap),
        Reason::Rules(EndReason::Repetition),
        Reason::Crash,
        Reason::IllegalMove,
        Reason::TimeForfeit,
        Reason::PlyLimit,
        Reason::Tablebase,
        Reason::Majority,
    ];

    /// The reason's place in [`Reason::ALL`].
    pub fn index(self) -> usize {
        Reason::ALL.iter().position(|&r| r == self).unwrap_or(0)
    }

    /// The name written in files (the rules' names for their reasons).
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Rules(reason) => reason.as_str(),
            Reason::Crash => "crash",
            Reason::IllegalMove => "illegal-move",
            Reason::TimeForfeit => "time-forfeit",
            Reason::PlyLimit => "ply-limit",
            Reason::Tablebase => "tablebase",
            Reason::Majority => "majority",
        }
    }

    /// True for the ends by adjudication (`tablebase`, `majority`).
    pub fn is_adjudicated(self) -> bool {
        matches!(self, Reason::Tablebase | Reason::Majority)
    }

    /// True for the faults that lose a game (not an end by the rules).
    pub fn is_fault(self) -> bool {
        matches!(
            self,
            Reason::Crash | Reason::IllegalMove | Reason::TimeForfeit
        )
    }
}

impl From<EndReason> for Reason {
    fn from(reason: EndReason) -> Reason {
        Reason::Rules(reason)
    }
}

impl FromStr for Reason {
    type Err = ();

    /// Reads a name of [`Reason::as_str`].
    fn from_str(text: &str) -> Result<Reason, ()> {
        Reason::ALL
            .into_iter()
            .find(|r| r.as_str() == text)
            .ok_or(())
    }
}

impl Serialize for GameResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.winner() {
            Some(side) => serializer.serialize_char(side.letter()),
            None => serializer.serialize_str(DRAW),
        }
    }
}

impl Serialize for Reason {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Reads a cell by its type's `FromStr` (the message is replaced by the
/// row reader, which knows the column and its text).
struct Parsed<T>(std::marker::PhantomData<T>);

impl<T: FromStr> Visitor<'_> for Parsed<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a cell of games.csv")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse()
            .map_err(|_| E::invalid_value(de::Unexpected::Str(text), &self))
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(Parsed(std::marker::PhantomData))
    }
}

impl<'de> Deserialize<'de> for Reason {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(Parsed(std::marker::PhantomData))
    }
}

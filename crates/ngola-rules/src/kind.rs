//! The registry of games, for programs that choose a game by name.

use std::fmt;
use std::str::FromStr;

/// Every game ngola plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Mangola, the four-row game of the Congo (flagship).
    Mangola,
    /// Um el-Bagara, the Sudanese 2 x 5 game.
    UmElBagara,
    /// Kalah as OpenSpiel's `mancala`.
    Kalah,
    /// Oware as OpenSpiel's `oware`.
    Oware,
}

impl GameKind {
    /// Every game, in the order help texts list them.
    pub const ALL: [GameKind; 4] = [
        GameKind::Mangola,
        GameKind::UmElBagara,
        GameKind::Kalah,
        GameKind::Oware,
    ];

    /// The name used on command lines and in position text.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Mangola => "mangola",
            GameKind::UmElBagara => "umelbagara",
            GameKind::Kalah => "kalah",
            GameKind::Oware => "oware",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a game's (names are read ignoring case).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown game `{name}`; valid games: {}",
    GameKind::ALL.map(|k| k.name()).join(", ")
)]
pub struct UnknownGame {
    /// The name as given.
    pub name: String,
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase();
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == lower)
            .ok_or_else(|| UnknownGame {
                name: s.to_string(),
            })
    }
}

/// Runs `$body` with `$G` bound to the game type of `$kind` (a
/// [`GameKind`]), so that generic code can be called for a game chosen at
/// run time: `with_game!(kind, G => run::<G>(args))`.
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::GameKind::Mangola => {
                type $G = $crate::mangola::Mangola;
                $body
            }
            $crate::GameKind::UmElBagara => {
                type $G = $crate::umelbagara::UmElBagara;
                $body
            }
            $crate::GameKind::Kalah => {
                type $G = $crate::kalah::Kalah;
                $body
            }
            $crate::GameKind::Oware => {
                type $G = $crate::oware::Oware;
                $body
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_ignoring_case_and_others_are_an_unknown_game() {
        assert_eq!("Kalah".parse(), Ok(GameKind::Kalah));
        let err = "chess".parse::<GameKind>().unwrap_err();
        assert_eq!(
            err,
            UnknownGame {
                name: "chess".to_string()
            }
        );
        assert_eq!(
            err.to_string(),
            "unknown game `chess`; valid games: mangola, umelbagara, kalah, oware"
        );
    }
}

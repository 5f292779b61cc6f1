//! A tiny game for the arena's own tests, so that they do not depend on
//! the real games: Nim with one pile, take 1 to 3 counters, whoever takes
//! the last counter wins; an optional ply cap makes draws.

use std::fmt;

use ngola_agents::Evaluate;
use ngola_nn::Encode;
use ngola_rules::error::{IllegalMove, MoveParseError, PositionError, RuleError};
use ngola_rules::options::{parse_int, RuleKey};
use ngola_rules::{EndReason, Game, MoveList, Outcome, Player, RuleOptions};

/// The toy's rule options.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NimRules {
    /// Counters at the start.
    pub pile: u32,
    /// Draw after this many plies (0: no cap).
    pub max_plies: u32,
}

impl Default for NimRules {
    fn default() -> Self {
        NimRules {
            pile: 21,
            max_plies: 0,
        }
    }
}

const KEYS: [RuleKey; 2] = [
    RuleKey {
        key: "pile",
        allowed: "1..=200",
        help: "counters at the start",
    },
    RuleKey {
        key: "max_plies",
        allowed: "0..=1000",
        help: "draw after this many plies",
    },
];

impl RuleOptions for NimRules {
    const GAME: &'static str = "nim";

    fn keys() -> &'static [RuleKey] {
        &KEYS
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        match key {
            "pile" => self.pile = parse_int(key, value, 1, 200)?,
            "max_plies" => self.max_plies = parse_int(key, value, 0, 1000)?,
            _ => return Err(Self::unknown_key(key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        match key {
            "pile" => Some(self.pile.to_string()),
            "max_plies" => Some(self.max_plies.to_string()),
            _ => None,
        }
    }
}

/// A Nim position.
#[derive(Clone, Debug)]
pub struct Nim {
    rules: NimRules,
    pile: u32,
    ply: u32,
    taken: [u32; 2],
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "nim {} {}", self.pile, self.ply)
    }
}

impl Game for Nim {
    type Move = u8;
    type Rules = NimRules;
    const NAME: &'static str = "nim";

    fn start(rules: NimRules) -> Self {
        Nim {
            rules,
            pile: rules.pile,
            ply: 0,
            taken: [0, 0],
        }
    }

    fn from_position(_text: &str, _rules: NimRules) -> Result<Self, PositionError> {
        Err(PositionError::new("all", "the toy game reads no positions"))
    }

    fn rules(&self) -> &NimRules {
        &self.rules
    }

    fn to_move(&self) -> Player {
        Player::from_index((self.ply % 2) as usize)
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, out: &mut MoveList<u8>) {
        if self.outcome().is_none() {
            out.extend((1..=3u8).filter(|&n| u32::from(n) <= self.pile));
        }
    }

    fn play(&mut self, mv: u8) {
        self.taken[self.to_move().index()] += u32::from(mv);
        self.pile -= u32::from(mv);
        self.ply += 1;
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.pile == 0 {
            // The player who just moved took the last counter.
            Some(Outcome::win(self.to_move().opponent(), EndReason::Natural))
        } else if self.rules.max_plies > 0 && self.ply >= self.rules.max_plies {
            Some(Outcome::draw(EndReason::PlyCap))
        } else {
            None
        }
    }

    fn zobrist(&self) -> u64 {
        u64::from(self.pile) << 32 | u64::from(self.ply)
    }

    fn totals(&self) -> [u32; 2] {
        self.taken
    }

    fn parse_move(&self, text: &str) -> Result<u8, MoveParseError> {
        text.parse()
            .map_err(|_| MoveParseError::new(text, "expected 1, 2 or 3"))
    }

    fn check_move(&self, mv: u8) -> Result<(), IllegalMove> {
        if (1..=3).contains(&mv) && u32::from(mv) <= self.pile && self.outcome().is_none() {
            Ok(())
        } else {
            Err(IllegalMove::new(mv, "not 1 to 3 counters of the pile"))
        }
    }
}

impl Evaluate for Nim {
    const SCORED: bool = false;
    const EVAL_SCALE: f64 = 100.0;

    fn evaluate(&self) -> i32 {
        // A pile that is a multiple of 4 is lost for the side to move.
        if self.pile.is_multiple_of(4) {
            -100
        } else {
            100
        }
    }
}

/// Action id `n - 1` takes `n` counters; the board is the pile.
impl Encode for Nim {
    const BANKED: bool = true;

    fn num_actions(_rules: &NimRules) -> usize {
        3
    }

    fn board_shape(_rules: &NimRules) -> (usize, usize) {
        (1, 1)
    }

    fn action(&self, mv: u8) -> usize {
        usize::from(mv) - 1
    }

    fn move_of(&self, action: usize) -> Option<u8> {
        (action < 3).then(|| action as u8 + 1)
    }

    fn board(&self, out: &mut [u32]) {
        out[0] = self.pile;
    }

    fn banked(&self) -> [u32; 2] {
        self.taken
    }

    fn ply_limit(&self) -> Option<u32> {
        (self.rules.max_plies > 0).then_some(self.rules.max_plies)
    }
}

//! The questions the prover answers, and their answers.

use ngola_rules::Player;

use super::shared::mix;

/// What the attacker must achieve when the game ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// Win (unscored games).
    Win,
    /// His total minus the opponent's at least this (scored games).
    Margin(i32),
}

/// Can `attacker` force the game to end with `target` met?
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Question {
    /// The side that must force it.
    pub attacker: Player,
    /// What he must achieve.
    pub target: Target,
}

impl std::fmt::Display for Question {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.target {
            Target::Win => write!(f, "{} wins", self.attacker.letter()),
            Target::Margin(m) => write!(f, "{} margin>={m}", self.attacker.letter()),
        }
    }
}

impl Question {
    /// The key salt that keeps questions apart in one table.
    pub(super) fn salt(&self) -> u64 {
        let target = match self.target {
            Target::Win => 1 << 40,
            Target::Margin(m) => (u64::from(m as u32) << 8) | 2,
        };
        mix(0x0070_726f_7665 ^ target ^ self.attacker.index() as u64)
    }

    /// The table generation of this question's entries.
    pub(super) fn generation(&self) -> u8 {
        (self.salt() >> 56) as u8
    }
}

/// The answer to a question.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The attacker can force it.
    Proven,
    /// He cannot.
    Disproven,
    /// Not decided (time limit, or a line past [`MAX_LINE_PLIES`](super::MAX_LINE_PLIES)).
    Unknown,
}

impl Answer {
    /// `proven`, `disproven` or `unknown`.
    pub fn word(self) -> &'static str {
        match self {
            Answer::Proven => "proven",
            Answer::Disproven => "disproven",
            Answer::Unknown => "unknown",
        }
    }
}

/// One question asked, with its answer and cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    /// The question.
    pub question: Question,
    /// Its answer.
    pub answer: Answer,
    /// Positions expanded for it.
    pub nodes: u64,
    /// Wall-clock seconds spent on it.
    pub seconds: f64,
    /// Proven: the longest line of the proof found (an upper bound on the
    /// length of the win under best defence).
    pub depth: Option<u32>,
    /// Some line ran past [`MAX_LINE_PLIES`](super::MAX_LINE_PLIES).
    pub gave_up: bool,
}

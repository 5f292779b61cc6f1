//! The [`Game`] trait for [`Mangola`], and its position text.

use std::fmt;

use rand::Rng;

use super::notation::parse_position;
use super::{Mangola, MangolaMove, MangolaRules};
use crate::error::{IllegalMove, MoveParseError, PositionError};
use crate::game::{Game, MoveList, Outcome, Player};
use crate::options::RuleOptions;
use crate::swap::{self, SwapStatus};

impl fmt::Display for Mangola {
    /// The position text of docs/src/rules.md: `mangola a/b/c/d S 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("mangola ")?;
        let rows = self.rows();
        for (r, row) in rows.iter().enumerate() {
            if r > 0 {
                f.write_str("/")?;
            }
            for (c, seeds) in row[..self.columns()].iter().enumerate() {
                if c > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{seeds}")?;
            }
        }
        write!(f, " {} {}", self.side.letter(), self.ply)?;
        self.swap.write_field(f, self.ply)
    }
}

impl Game for Mangola {
    type Move = MangolaMove;
    type Rules = MangolaRules;

    const NAME: &'static str = "mangola";

    fn start(rules: MangolaRules) -> Self {
        Mangola::initial(rules)
    }

    /// Reads `mangola <a>/<b>/<c>/<d> <S|N> <ply>`. Each row must hold
    /// exactly `rules.columns` counts; the board at most 64 seeds.
    fn from_position(text: &str, rules: MangolaRules) -> Result<Self, PositionError> {
        rules.validate_for_position()?;
        let parsed = parse_position(text.trim(), rules.columns as usize)?;
        let mut game = Mangola::from_rows(parsed.rows, parsed.side, parsed.ply, rules)?;
        game.swap = SwapStatus::parse(parsed.swap.as_deref(), parsed.ply, rules.swap)?;
        Ok(game)
    }

    fn rules(&self) -> &MangolaRules {
        &self.rules
    }

    fn to_move(&self) -> Player {
        self.side
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, out: &mut MoveList<MangolaMove>) {
        if self.capped() {
            return;
        }
        let bits = self.legal_bits();
        let columns = self.columns();
        // Board order: row a (or c) from column 1, then row b (or d) from
        // column 1, i.e. circuit indices 0..c, then 2c - 1 down to c.
        let mut outer = bits & ((1u16 << columns) - 1);
        while outer != 0 {
            let index = outer.trailing_zeros() as usize;
            outer &= outer - 1;
            out.push(MangolaMove::from_circuit(self.side, index, columns));
        }
        let mut back = bits >> columns;
        while back != 0 {
            let index = columns + 15 - back.leading_zeros() as usize;
            back &= !(1 << (index - columns));
            out.push(MangolaMove::from_circuit(self.side, index, columns));
        }
        if bits != 0 && self.swap_offered() {
            out.push(MangolaMove::SWAP);
        }
    }

    fn play(&mut self, mv: MangolaMove) {
        if mv.is_swap() {
            debug_assert!(self.swap_offered(), "swap played in {self}");
            return self.play_swap();
        }
        debug_assert!(
            self.candidate_index(mv).is_ok(),
            "illegal Mangola move {mv} in {self}"
        );
        self.play_index(mv.circuit_index(self.columns()));
    }

    fn outcome(&self) -> Option<Outcome> {
        self.status()
    }

    fn zobrist(&self) -> u64 {
        self.hash() ^ self.swap.hash()
    }

    fn swap_status(&self) -> SwapStatus {
        self.swap
    }

    fn totals(&self) -> [u32; 2] {
        self.seed_totals()
    }

    fn parse_move(&self, text: &str) -> Result<MangolaMove, MoveParseError> {
        let mv: MangolaMove = text.parse()?;
        if !mv.is_swap() && mv.column() > self.columns() {
            return Err(MoveParseError::new(
                text,
                format!(
                    "column {} is beyond the board's {} columns",
                    mv.column(),
                    self.columns()
                ),
            ));
        }
        Ok(mv)
    }

    fn check_move(&self, mv: MangolaMove) -> Result<(), IllegalMove> {
        if mv.is_swap() {
            let over = self.status().is_some();
            return swap::check(self.swap, self.side, over, self.rules.swap, mv);
        }
        self.check_move_report(mv).map(|_| ())
    }

    fn describe_move(&self, mv: MangolaMove) -> String {
        if mv.is_swap() {
            return swap::DESCRIPTION.to_string();
        }
        match self.move_report(mv) {
            Ok(report) => report.to_string(),
            Err(illegal) => illegal.reason,
        }
    }

    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<MangolaMove> {
        self.play_random_fast(rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mangola::Phase;

    #[test]
    fn start_position_text_round_trips() {
        let start = Mangola::start(MangolaRules::default());
        let text = start.to_string();
        assert_eq!(
            text,
            "mangola 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0"
        );
        assert_eq!(
            Mangola::from_position(&text, MangolaRules::default()),
            Ok(start)
        );
        assert_eq!(start.phase(), Phase::Opening);
    }
}

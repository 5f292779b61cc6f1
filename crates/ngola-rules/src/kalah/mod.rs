//! Kalah, exactly as OpenSpiel 2.0.2's game `mancala` (docs/src/rules.md, "Reference games").
//!
//! # Rules (OpenSpiel's, generalised to `pits` pits of `seeds` seeds)
//! - South moves first. A move empties one of the mover's non-empty pits and
//!   sows its seeds one by one anticlockwise into the following pits and the
//!   mover's own store, skipping the opponent's store. The emptied pit is
//!   not skipped: with `2 * pits + 1` seeds or more it gets seeds again.
//! - Last seed in the mover's store: he moves again (each move is its own ply).
//! - Last seed in one of the mover's own pits that now holds exactly one
//!   seed, with seeds in the opposite pit: that seed and the opposite pit's
//!   seeds go to his store. With the opposite pit empty nothing happens,
//!   unless the rule option `empty_capture` is on (then the seed goes to
//!   the store alone).
//! - The game is over as soon as either row is empty (checked after every
//!   ply, whoever is to move), or once more than `max_plies` plies were
//!   played. The board is **not** swept, as in OpenSpiel: each side scores
//!   its store plus the seeds left in its own pits ([`Game::totals`]); more
//!   wins, equal draws.
//!
//! # Notation
//! South's row is `a`, North's `b`, columns 1..`pits` left to right as
//! South sees the board, `bk` facing `ak`; South sows `a1`→`ap`, then his
//! store, then `bp`→`b1`. A move is written as the pit it empties: `a3`,
//! `b6`. Position text (rows `a`/`b` in column order, side to move, ply,
//! stores South,North):
//!
//! ```text
//! kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0
//! ```
//!
//! Legal moves are listed in sowing order: South `a1`..`ap`, North
//! `bp`..`b1`, which is OpenSpiel's ascending action order.
//! [`openspiel`] maps moves and boards to OpenSpiel's action ids and arrays.
//!
//! # Representation
//! Each row is one `u64` with a byte per pit in its owner's sowing order
//! (see [`crate::two_row`]); a sowing is one table lookup and one addition per row,
//! and captures and turns are computed with masks instead of branches.

pub mod openspiel;
mod rules;
mod sow;

use std::fmt;

use arrayvec::ArrayVec;
use rand::Rng;

use crate::error::{IllegalMove, MoveParseError, PositionError};
use crate::game::{EndReason, Game, MoveList, Outcome, Player, MAX_PLY};
use crate::options::RuleOptions;
use crate::swap::{self, SwapStatus, SWAP_WORD};

pub use crate::two_row::MAX_TOTAL_SEEDS;
pub use rules::KalahRules;

use crate::two_row::board::{
    self, byte_at, byte_sum, column_index, count_bits, index_column, nonzero_bits, nth_set_bit,
    row_mask, ONES,
};
use crate::two_row::notation::{self, pit_name};
use sow::LastSeed;

/// A Kalah move: the pit it empties (the two-row games' [`PitMove`](crate::two_row::PitMove)).
pub type KalahMove = crate::two_row::PitMove;

/// A Kalah position: board, stores, side to move, ply and rules. Small and `Copy`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kalah {
    /// South's and North's rows, one byte per pit in sowing order (see [`crate::two_row`]).
    rows: [u64; 2],
    /// Seeds in South's and North's stores.
    stores: [u8; 2],
    side: Player,
    ply: u32,
    rules: KalahRules,
    /// The swap rule's state (always closed under `swap=false`).
    swap: SwapStatus,
}

/// What one sowing did (for [`Game::describe_move`]).
#[derive(Copy, Clone, Debug)]
struct Sowing {
    seeds: u8,
    kind: LastSeed,
    /// The byte of the last pit in its row (the mover's for `OwnPit`).
    last: u8,
    /// Seeds moved into the store by a capture (0: none).
    captured: u8,
}

impl Kalah {
    /// Pits per row.
    #[inline]
    pub fn pits(&self) -> usize {
        self.rules.pits as usize
    }

    /// The seeds in pit `column` (1-based) of `side`'s row.
    ///
    /// # Panics
    /// If `column` is not in `1..=pits`.
    pub fn count(&self, side: Player, column: u8) -> u8 {
        assert!(
            (1..=self.rules.pits).contains(&column),
            "column {column} is not in 1..={}",
            self.rules.pits
        );
        byte_at(
            self.rows[side.index()],
            column_index(side, column, self.pits()),
        )
    }

    /// `side`'s pits in sowing order (South `a1..`, North from its last
    /// column back to `b1`), one count per byte; bytes past the board are 0.
    #[inline]
    pub fn sowing_row(&self, side: Player) -> [u8; 8] {
        self.rows[side.index()].to_le_bytes()
    }

    /// `side`'s row, in column order (`a1..ap` or `b1..bp`).
    pub fn row(&self, side: Player) -> ArrayVec<u8, 8> {
        (1..=self.rules.pits).map(|c| self.count(side, c)).collect()
    }

    /// The seeds in `side`'s store.
    pub fn store(&self, side: Player) -> u8 {
        self.stores[side.index()]
    }

    /// True once a row is empty, more than `max_plies` plies were played,
    /// or the counter is at its last ply ([`MAX_PLY`]).
    #[inline]
    pub fn is_over(&self) -> bool {
        self.rows[0] == 0
            || self.rows[1] == 0
            || (self.rules.max_plies != 0 && self.ply > self.rules.max_plies)
            || self.ply >= MAX_PLY
    }

    /// The mover's move emptying byte `j` of his row.
    #[inline]
    fn move_of_index(&self, j: usize) -> KalahMove {
        KalahMove::new(self.side, index_column(self.side, j, self.pits()))
    }

    /// Sows the mover's pit at byte `j` of his row (non-empty) and applies
    /// capture, extra turn and ply count. Capture and turn are computed with
    /// masks rather than branches: in random play they are unpredictable,
    /// and a mispredicted branch costs more than the masks.
    #[inline]
    fn sow(&mut self, j: usize) -> Sowing {
        self.swap = self.swap.after_move(self.side);
        let p = self.pits();
        let mover = self.side.index();
        let mut own = self.rows[mover];
        let mut opp = self.rows[mover ^ 1];
        let seeds = byte_at(own, j);
        debug_assert!(seeds > 0 && j < p);
        own &= !(0xFF << (8 * j));
        let lap = 2 * p + 1;
        let beyond_first = seeds as usize - 1;
        let (laps, k) = if beyond_first < lap {
            (0, beyond_first)
        } else {
            (beyond_first / lap, beyond_first % lap)
        };
        let step = sow::step(p, j, k);
        own += step.own;
        opp += step.opp;
        if laps > 0 {
            let fill = laps as u64 * (ONES & row_mask(p));
            own += fill;
            opp += fill;
        }
        // For a last seed elsewhere than an own pit, `step.last` is some
        // byte below p: harmless, as `kind` rules the capture out.
        let last = step.last as usize;
        let facing = p - 1 - last;
        let across = byte_at(opp, facing);
        let capture = (step.kind == LastSeed::OwnPit)
            & (byte_at(own, last) == 1)
            & ((across > 0) | self.rules.empty_capture);
        let taken = (capture as u64).wrapping_neg();
        own &= !(taken & (0xFF << (8 * last)));
        opp &= !(taken & (0xFF << (8 * facing)));
        let captured = (1 + across) & taken as u8;
        self.rows[mover] = own;
        self.rows[mover ^ 1] = opp;
        self.stores[mover] += step.store + laps as u8 + captured;
        self.side = Player::from_index(mover ^ (step.kind != LastSeed::OwnStore) as usize);
        self.ply += 1;
        Sowing {
            seeds,
            kind: step.kind,
            last: step.last,
            captured,
        }
    }

    /// Builds a position from its parts (rows as in [`crate::two_row`]).
    pub(crate) fn from_parts(
        rows: [u64; 2],
        stores: [u8; 2],
        side: Player,
        ply: u32,
        rules: KalahRules,
    ) -> Kalah {
        Kalah {
            rows,
            stores,
            side,
            ply,
            rules,
            swap: SwapStatus::implied(ply, rules.swap),
        }
    }

    /// Whether `swap` is legal now.
    #[inline]
    fn swap_offered(&self) -> bool {
        self.swap.offered_to(self.side) && !self.is_over()
    }

    /// Plays the swap: the board turns half round (each row's bytes are
    /// in its owner's sowing order, so the rows trade places), the stores
    /// change owner, and South moves.
    fn play_swap(&mut self) {
        self.rows.swap(0, 1);
        self.stores.swap(0, 1);
        self.side = Player::South;
        self.ply += 1;
        self.swap = SwapStatus::Swapped;
    }
}

impl Game for Kalah {
    type Move = KalahMove;
    type Rules = KalahRules;

    const NAME: &'static str = "kalah";

    /// # Panics
    /// If `rules` is out of range (rules read with [`RuleOptions::set`] always are in range).
    fn start(rules: KalahRules) -> Kalah {
        if let Err(e) = rules.validate() {
            panic!("invalid Kalah rules: {e}");
        }
        let row = rules.seeds as u64 * (ONES & row_mask(rules.pits as usize));
        Kalah {
            rows: [row, row],
            stores: [0, 0],
            side: Player::South,
            ply: 0,
            rules,
            swap: SwapStatus::at_start(rules.swap),
        }
    }

    /// Reads `kalah a1,..,ap/b1,..,bp SIDE PLY south,north`. Each row must
    /// have exactly `rules.pits` counts (an error names both otherwise), and
    /// the position at most [`MAX_TOTAL_SEEDS`] seeds. Any such position is
    /// accepted, also a finished one.
    fn from_position(text: &str, rules: KalahRules) -> Result<Kalah, PositionError> {
        rules.validate_for_position()?;
        let fields = notation::parse_two_row(
            text,
            Kalah::NAME,
            rules.pits as usize,
            "pits",
            "stores",
            rules.swap,
        )?;
        Ok(Kalah {
            rows: fields.rows,
            stores: fields.banked,
            side: fields.side,
            ply: fields.ply,
            rules,
            swap: fields.swap,
        })
    }

    fn rules(&self) -> &KalahRules {
        &self.rules
    }

    fn to_move(&self) -> Player {
        self.side
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, out: &mut MoveList<KalahMove>) {
        if self.is_over() {
            return;
        }
        let mut bits = nonzero_bits(self.rows[self.side.index()]);
        while bits != 0 {
            out.push(self.move_of_index(bits.trailing_zeros() as usize));
            bits &= bits - 1;
        }
        if self.swap_offered() {
            out.push(KalahMove::SWAP);
        }
    }

    fn play(&mut self, mv: KalahMove) {
        debug_assert!(self.check_move(mv).is_ok(), "illegal move {mv} in {self}");
        if mv.is_swap() {
            return self.play_swap();
        }
        self.sow(column_index(mv.side(), mv.column(), self.pits()));
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let reason = if self.rows[0] == 0 || self.rows[1] == 0 {
            EndReason::Natural
        } else {
            EndReason::PlyCap
        };
        Some(Outcome::from_totals(self.totals(), reason))
    }

    /// A 64-bit hash of board, stores, side to move and swap state (not of
    /// the ply, which matters only for the `max_plies` cap).
    fn zobrist(&self) -> u64 {
        let extra =
            self.side.index() as u64 | (self.stores[0] as u64) << 8 | (self.stores[1] as u64) << 16;
        board::hash_position(self.rows, extra) ^ self.swap.hash()
    }

    fn swap_status(&self) -> SwapStatus {
        self.swap
    }

    /// Store plus the seeds in the player's own pits (OpenSpiel's returns).
    fn totals(&self) -> [u32; 2] {
        [0, 1].map(|i| self.stores[i] as u32 + byte_sum(self.rows[i]))
    }

    fn parse_move(&self, text: &str) -> Result<KalahMove, MoveParseError> {
        if text.trim() == SWAP_WORD {
            return Ok(KalahMove::SWAP);
        }
        let (side, column) = notation::parse_pit(text.trim(), self.pits(), "pit")?;
        Ok(KalahMove::new(side, column))
    }

    fn check_move(&self, mv: KalahMove) -> Result<(), IllegalMove> {
        if mv.is_swap() {
            return swap::check(self.swap, self.side, self.is_over(), self.rules.swap, mv);
        }
        if !(1..=self.rules.pits).contains(&mv.column()) {
            return Err(IllegalMove::new(
                mv,
                format!(
                    "there is no such pit: columns run from 1 to {}",
                    self.rules.pits
                ),
            ));
        }
        if self.is_over() {
            return Err(IllegalMove::new(mv, "the game is over"));
        }
        if mv.side() != self.side {
            return Err(IllegalMove::new(
                mv,
                format!("that is {}'s pit and {} is to move", mv.side(), self.side),
            ));
        }
        if self.count(mv.side(), mv.column()) == 0 {
            return Err(IllegalMove::new(mv, "the pit is empty"));
        }
        Ok(())
    }

    fn describe_move(&self, mv: KalahMove) -> String {
        if self.check_move(mv).is_err() {
            return String::new();
        }
        if mv.is_swap() {
            return swap::DESCRIPTION.to_string();
        }
        let mut after = *self;
        let p = self.pits();
        let sowing = after.sow(column_index(mv.side(), mv.column(), p));
        let mut text = format!(
            "sows {} seed{}",
            sowing.seeds,
            if sowing.seeds == 1 { "" } else { "s" }
        );
        let last_side = match sowing.kind {
            LastSeed::OpponentPit => self.side.opponent(),
            _ => self.side,
        };
        let last_column = index_column(last_side, sowing.last as usize, p);
        let last_pit = pit_name(last_side, last_column);
        let across = pit_name(last_side.opponent(), last_column);
        match sowing.kind {
            LastSeed::OwnStore => text += "; last seed in the store: extra turn",
            LastSeed::OwnPit if sowing.captured > 0 => {
                text += &format!(
                    "; last seed in empty {last_pit}: captures {} seed{} ({last_pit} and {across}) into the store",
                    sowing.captured,
                    if sowing.captured == 1 { "" } else { "s" }
                )
            }
            LastSeed::OwnPit if after.count(last_side, last_column) == 1 => {
                text += &format!("; last seed in empty {last_pit} but {across} is empty: no capture")
            }
            _ => text += &format!("; last seed in {last_pit}"),
        }
        if after.is_over() {
            let [south, north] = after.totals();
            text += &format!("; game over, South {south} - {north} North");
        }
        text
    }

    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<KalahMove> {
        if self.is_over() {
            return None;
        }
        // Same draw as the default (the r-th legal move in list order), so a
        // seeded game is the same whichever path plays it.
        let bits = nonzero_bits(self.rows[self.side.index()]);
        let count = count_bits(bits);
        let r = rng.random_range(0..count + self.swap_offered() as u32);
        if r == count {
            self.play_swap();
            return Some(KalahMove::SWAP);
        }
        let j = nth_set_bit(bits, r) as usize;
        let mv = self.move_of_index(j);
        self.sow(j);
        Some(mv)
    }
}

impl fmt::Display for Kalah {
    /// Writes the position text, e.g. `kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        notation::format_two_row(
            f,
            Kalah::NAME,
            self.rows,
            self.pits(),
            self.side,
            self.ply,
            self.stores,
        )?;
        self.swap.write_field(f, self.ply)
    }
}

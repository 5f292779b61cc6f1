//! Mangola, the four-row game of the Congo (docs/src/rules.md, "Mangola").
//!
//! [`Mangola`] is a small `Copy` position: each player's circuit packed as
//! 16 byte counters in one `u128` (`board.rs`), the ply, the side to move
//! and the [`MangolaRules`]. A lap of relay sowing is one word addition of a
//! precomputed "pick up here, one seed in each following hole" word
//! (`sowing.rs`); sowings that never end are cut by `lap_limit` or found
//! exactly by Brent's cycle detection (`endless.rs`).
//!
//! Decisions where docs/src/rules.md is silent:
//! - Legal moves are listed in board order (`a1`..`a8`, `b1`..`b8` for
//!   South; `c1`..`c8`, `d1`..`d8` for North).
//! - The opening's start hole must hold at least two seeds (it always holds
//!   two in a game played from the start); each transfer moves all the
//!   seeds of its hole.
//! - A player who cannot move when the ply cap is reached has lost
//!   (immobilisation is decided before the cap).
//! - A position holds at most 64 seeds in all, on any board width.
//! - The side to move is read from the position text as given; the phase
//!   follows from the ply alone.

mod board;
mod endless;
mod game_impl;
mod notation;
mod report;
mod rules;
mod sowing;
mod swap;

use rand::Rng;

use crate::error::{IllegalMove, PositionError};
use crate::game::{check_ply, ply_cap, EndReason, Outcome, Player};
use crate::options::RuleOptions;
use crate::swap::SwapStatus;

use board::{circuit_of, end_hole_bits, inner_bits, opening_bits, seeds_at, sowable_mask, ONES};
use sowing::{sow_move, SowEnd, SowParams};

/// Calls `self.$method::<N, EXACT>($args)` for the circuit length and
/// detection mode of `$rules`, so that each combination is compiled with
/// its constants known.
macro_rules! by_circuit {
    ($rules:expr, $method:ident $([$($generic:ty),*])?, $self:ident, ($($arg:expr),*)) => {{
        let exact = $rules.exact_detection();
        match ($rules.columns, exact) {
            (8, false) => $self.$method::<16, false $($(, $generic)*)?>($($arg),*),
            (8, true) => $self.$method::<16, true $($(, $generic)*)?>($($arg),*),
            (2, false) => $self.$method::<4, false $($(, $generic)*)?>($($arg),*),
            (2, true) => $self.$method::<4, true $($(, $generic)*)?>($($arg),*),
            (3, false) => $self.$method::<6, false $($(, $generic)*)?>($($arg),*),
            (3, true) => $self.$method::<6, true $($(, $generic)*)?>($($arg),*),
            (4, false) => $self.$method::<8, false $($(, $generic)*)?>($($arg),*),
            (4, true) => $self.$method::<8, true $($(, $generic)*)?>($($arg),*),
            (5, false) => $self.$method::<10, false $($(, $generic)*)?>($($arg),*),
            (5, true) => $self.$method::<10, true $($(, $generic)*)?>($($arg),*),
            (6, false) => $self.$method::<12, false $($(, $generic)*)?>($($arg),*),
            (6, true) => $self.$method::<12, true $($(, $generic)*)?>($($arg),*),
            (7, false) => $self.$method::<14, false $($(, $generic)*)?>($($arg),*),
            (7, true) => $self.$method::<14, true $($(, $generic)*)?>($($arg),*),
            (columns, _) => unreachable!("{columns} columns (the options allow 2 to 8)"),
        }
    }};
}

pub use notation::{MangolaMove, MAX_TOTAL_SEEDS};
pub use report::{MoveEnding, MoveReport};
pub use rules::{CaptureSowing, EndlessSowing, MangolaRules};
use sowing::SowStats;

/// Which kind of move the player to move makes (decided by the ply).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Plies 0 and 1: each player's first move, the opening.
    Opening,
    /// Plies 2 and 3: each player's second move, from an end hole.
    SecondMove,
    /// From ply 4 on: free relay sowing.
    Free,
}

impl Phase {
    /// The phase of the move played at `ply` (0-based).
    pub fn at_ply(ply: u32) -> Phase {
        match ply {
            0 | 1 => Phase::Opening,
            2 | 3 => Phase::SecondMove,
            _ => Phase::Free,
        }
    }
}

/// A Mangola position under its rule options.
///
/// A position text whose rows do not hold exactly `columns` holes (the rule
/// option) is rejected, naming the row, its width and the option: the
/// options say which game is played, and a position never silently changes
/// them (set `columns` to the width to read a narrower board).
///
/// The side to move is stored as given by the position text; the phase
/// (opening, second move, free play) follows from the ply alone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mangola {
    /// Each player's circuit, `[South, North]`, byte `i` = circuit hole `i`.
    circuits: [u128; 2],
    ply: u32,
    side: Player,
    rules: MangolaRules,
    /// The swap rule's state (always closed under `swap=false`).
    swap: SwapStatus,
}

/// How [`Mangola::sow`] treats an endless sowing found by exact detection.
#[derive(Copy, Clone, PartialEq, Eq)]
enum CycleBoard {
    /// Leave the board of the first repeated lap boundary (to play the move).
    FirstRepeat,
    /// Stop at once (the move is only being tested).
    Any,
}

impl Mangola {
    /// The board's columns (2 to 8).
    #[inline]
    pub fn columns(&self) -> usize {
        self.rules.columns as usize
    }

    /// The phase of the move to play now: that of the ply, or after a
    /// swap that of the ply before, since the swap is no one's move.
    #[inline]
    pub fn phase(&self) -> Phase {
        Phase::at_ply(self.ply - (self.swap == SwapStatus::Swapped) as u32)
    }

    /// The seeds in `hole` (0 for a hole beyond the board's columns).
    pub fn seeds(&self, hole: MangolaMove) -> u32 {
        if hole.column() > self.columns() {
            return 0;
        }
        let (player, index) = circuit_of(hole.row(), hole.column(), self.columns());
        seeds_at(self.circuits[player.index()], index)
    }

    /// The board by row (0 = `a` .. 3 = `d`) and column (index 0 = column 1);
    /// columns beyond the board hold 0.
    pub fn rows(&self) -> [[u8; 8]; 4] {
        let columns = self.columns();
        let mut rows = [[0u8; 8]; 4];
        for player in Player::BOTH {
            let bytes = self.circuits[player.index()].to_le_bytes();
            for (index, &seeds) in bytes.iter().enumerate().take(2 * columns) {
                let hole = MangolaMove::from_circuit(player, index, columns);
                rows[hole.row()][hole.column() - 1] = seeds;
            }
        }
        rows
    }

    /// `player`'s circuit in sowing order (South a1..a8 b8..b1, North
    /// c1..c8 d8..d1); entries beyond `2 * columns` are 0.
    pub fn circuit(&self, player: Player) -> [u8; 16] {
        self.circuits[player.index()].to_le_bytes()
    }

    /// A position from its board (`rows[row][column - 1]`, row 0 = `a`),
    /// side to move and ply. Counts beyond `columns` must be 0.
    pub fn from_rows(
        rows: [[u8; 8]; 4],
        side: Player,
        ply: u32,
        rules: MangolaRules,
    ) -> Result<Mangola, PositionError> {
        rules.validate_for_position()?;
        check_ply(ply)?;
        let columns = rules.columns as usize;
        let mut circuits = [0u128; 2];
        let mut total = 0u32;
        for (row, counts) in rows.iter().enumerate() {
            for (c, &seeds) in counts.iter().enumerate() {
                if c >= columns {
                    if seeds != 0 {
                        return Err(PositionError::new(
                            format!("row {}", board::ROW_LETTERS[row]),
                            format!("column {} is beyond the board's {columns} columns", c + 1),
                        ));
                    }
                    continue;
                }
                let (player, index) = circuit_of(row, c + 1, columns);
                circuits[player.index()] |= u128::from(seeds) << (8 * index);
                total += u32::from(seeds);
            }
        }
        if total > MAX_TOTAL_SEEDS {
            return Err(PositionError::new(
                "counts",
                format!("the board holds {total} seeds; at most {MAX_TOTAL_SEEDS} are allowed"),
            ));
        }
        Ok(Mangola {
            circuits,
            ply,
            side,
            rules,
            swap: SwapStatus::implied(ply, rules.swap),
        })
    }

    /// The start position: two seeds in every hole, South to move.
    fn initial(rules: MangolaRules) -> Mangola {
        let mut rules = rules;
        rules.columns = rules.columns.clamp(2, 8);
        let full = ONES >> (8 * (16 - 2 * rules.columns as usize));
        Mangola {
            circuits: [2 * full, 2 * full],
            ply: 0,
            side: Player::South,
            rules,
            swap: SwapStatus::at_start(rules.swap),
        }
    }

    /// Whether the `max_plies` cap (or the counter's, [`crate::MAX_PLY`]) has
    /// been reached.
    #[inline]
    fn capped(&self) -> bool {
        self.ply >= ply_cap(self.rules.max_plies)
    }

    /// Circuit holes the player to move may start from before the endless
    /// test: holes with at least two seeds, restricted by the phase.
    #[inline]
    fn candidates(&self) -> u16 {
        let columns = self.columns();
        let sowable = sowable_mask(self.circuits[self.side.index()]);
        match self.phase() {
            Phase::Opening => sowable & opening_bits(self.side, columns),
            Phase::SecondMove => sowable & end_hole_bits(columns),
            Phase::Free => sowable,
        }
    }

    /// Sows from circuit hole `index` of the player to move (not the
    /// opening), cutting an endless sowing as `endless_sowing=stop` does.
    #[inline]
    fn sow(&mut self, index: usize, cycle_board: CycleBoard) -> (SowEnd, SowStats) {
        by_circuit!(self.rules, sow_n, self, (index, cycle_board))
    }

    /// [`Mangola::sow`] for circuit length `N` and detection mode `EXACT`.
    #[inline(always)]
    fn sow_n<const N: usize, const EXACT: bool>(
        &mut self,
        index: usize,
        cycle_board: CycleBoard,
    ) -> (SowEnd, SowStats) {
        let mover = self.side.index();
        let rules = self.rules;
        let params = SowParams {
            inner: inner_bits(self.side, N / 2),
            capture: rules.capture_sowing,
            lap_limit: if EXACT {
                u64::MAX
            } else {
                u64::from(rules.lap_limit)
            },
            cut_at_cycle_start: cycle_board == CycleBoard::FirstRepeat,
        };
        let [mut mine, mut theirs] = [self.circuits[mover], self.circuits[1 - mover]];
        let result = sow_move::<N, EXACT>(&mut mine, &mut theirs, index, params);
        self.circuits[mover] = mine;
        self.circuits[1 - mover] = theirs;
        result
    }

    /// Whether the sowing from circuit hole `index` ends (simulated on a copy).
    #[inline]
    fn sowing_ends(&self, index: usize) -> bool {
        let mut copy = *self;
        copy.sow(index, CycleBoard::Any).0 == SowEnd::Finished
    }

    /// Whether candidates must be simulated to know if they are legal.
    #[inline]
    fn endless_is_illegal(&self) -> bool {
        self.rules.endless_sowing == EndlessSowing::Illegal && self.phase() != Phase::Opening
    }

    /// The circuit holes of the legal moves (the game-over cases aside).
    fn legal_bits(&self) -> u16 {
        let mut bits = self.candidates();
        if self.endless_is_illegal() {
            let mut rest = bits;
            while rest != 0 {
                let index = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if !self.sowing_ends(index) {
                    bits &= !(1 << index);
                }
            }
        }
        bits
    }

    /// Whether some candidate's sowing ends (under `illegal`, a legal move exists).
    fn some_candidate_ends(&self, candidates: u16) -> bool {
        let mut rest = candidates;
        while rest != 0 {
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.sowing_ends(index) {
                return true;
            }
        }
        false
    }

    /// How the game stands: `None` while it goes on.
    ///
    /// A player who cannot move at the start of his turn loses even when
    /// the ply cap is reached at the same moment: the move that immobilised
    /// him decided the game before the cap.
    fn status(&self) -> Option<Outcome> {
        let candidates = self.candidates();
        let winner = self.side.opponent();
        if candidates == 0 {
            return Some(Outcome::win(winner, EndReason::Immobilised));
        }
        if self.endless_is_illegal() && !self.some_candidate_ends(candidates) {
            return Some(Outcome::win(winner, EndReason::EndlessSowing));
        }
        if self.capped() {
            return Some(Outcome::draw(EndReason::PlyCap));
        }
        None
    }

    /// Plays the move from circuit hole `index` (already known legal),
    /// cutting an endless sowing under `stop`.
    #[inline(always)]
    fn play_index(&mut self, index: usize) {
        self.swap = self.swap.after_move(self.side);
        if self.phase() == Phase::Opening {
            let mover = self.side.index();
            self.circuits[mover] = sowing::opening(self.circuits[mover], index, self.columns());
        } else {
            let (end, _) = self.sow(index, CycleBoard::FirstRepeat);
            debug_assert!(
                end == SowEnd::Finished || self.rules.endless_sowing == EndlessSowing::Stop,
                "an endless move was played under endless_sowing=illegal"
            );
        }
        self.ply += 1;
        self.side = self.side.opponent();
    }

    /// Plays a uniformly random legal move: draws a candidate, plays it,
    /// and under `endless_sowing=illegal` undoes an endless one and draws
    /// again from the remaining candidates. No allocation.
    #[inline]
    fn play_random_fast<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<MangolaMove> {
        by_circuit!(self.rules, play_random_n[_], self, (rng))
    }

    /// [`Mangola::play_random_fast`] for circuit length `N` and detection
    /// mode `EXACT`, so that every board constant is known at compile time.
    #[inline(never)]
    fn play_random_n<const N: usize, const EXACT: bool, R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
    ) -> Option<MangolaMove> {
        if self.capped() {
            return None;
        }
        let columns = N / 2;
        let sowable = sowable_mask(self.circuits[self.side.index()]);
        let mut candidates = match self.phase() {
            Phase::Free => sowable,
            Phase::SecondMove => sowable & end_hole_bits(columns),
            Phase::Opening => {
                let candidates = sowable & opening_bits(self.side, columns);
                if candidates == 0 {
                    return None;
                }
                let count = board::count_bits(candidates);
                let k = rng.random_range(0..count + self.swap_offered() as u32);
                if k == count {
                    self.play_swap();
                    return Some(MangolaMove::SWAP);
                }
                let index = board::nth_set_bit(candidates, k);
                self.play_index(index);
                return Some(MangolaMove::from_circuit(
                    self.side.opponent(),
                    index,
                    columns,
                ));
            }
        };
        let retry_endless = self.rules.endless_sowing == EndlessSowing::Illegal;
        let cycle_board = if retry_endless {
            CycleBoard::Any
        } else {
            CycleBoard::FirstRepeat
        };
        while candidates != 0 {
            let k = rng.random_range(0..board::count_bits(candidates));
            let index = board::nth_set_bit(candidates, k);
            let saved = self.circuits;
            let (end, _) = self.sow_n::<N, EXACT>(index, cycle_board);
            if retry_endless && end != SowEnd::Finished {
                self.circuits = saved;
                candidates &= !(1 << index);
                continue;
            }
            self.swap = self.swap.after_move(self.side);
            self.ply += 1;
            self.side = self.side.opponent();
            return Some(MangolaMove::from_circuit(
                self.side.opponent(),
                index,
                columns,
            ));
        }
        None
    }

    /// Why `mv` cannot even be tried here (not the player's hole, phase
    /// restriction, too few seeds), or its circuit index.
    fn candidate_index(&self, mv: MangolaMove) -> Result<usize, IllegalMove> {
        if mv.is_swap() {
            return Err(IllegalMove::new(mv, "the swap sows nothing"));
        }
        let columns = self.columns();
        if mv.column() > columns {
            return Err(IllegalMove::new(
                mv,
                format!("the board has only {columns} columns"),
            ));
        }
        let rows = if self.side == Player::South {
            "a and b"
        } else {
            "c and d"
        };
        if mv.owner() != self.side {
            return Err(IllegalMove::new(
                mv,
                format!("not your hole: {} sows rows {rows}", self.side),
            ));
        }
        let index = mv.circuit_index(columns);
        let names = |bits: u16| -> String {
            let mut holes: Vec<MangolaMove> = (0..2 * columns)
                .filter(|i| bits & (1 << i) != 0)
                .map(|i| MangolaMove::from_circuit(self.side, i, columns))
                .collect();
            holes.sort();
            let texts: Vec<String> = holes.iter().map(|h| h.to_string()).collect();
            match texts.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => texts.join(""),
            }
        };
        match self.phase() {
            Phase::Opening => {
                let allowed = opening_bits(self.side, columns);
                if allowed & (1 << index) == 0 {
                    return Err(IllegalMove::new(
                        mv,
                        format!(
                            "in the opening the move must be one of your two leftmost holes, {}",
                            names(allowed)
                        ),
                    ));
                }
            }
            Phase::SecondMove => {
                let allowed = end_hole_bits(columns);
                if allowed & (1 << index) == 0 {
                    return Err(IllegalMove::new(
                        mv,
                        format!(
                            "the second move must start from an end hole: {}",
                            names(allowed)
                        ),
                    ));
                }
            }
            Phase::Free => {}
        }
        match seeds_at(self.circuits[self.side.index()], index) {
            0 => Err(IllegalMove::new(mv, "the hole is empty")),
            1 => Err(IllegalMove::new(
                mv,
                "the hole holds a single seed (singletons never move)",
            )),
            _ => Ok(index),
        }
    }

    /// Simulates `mv` and reports its laps, captures and whether its sowing
    /// never ends, without playing it. Checks only that `mv` can be tried
    /// (the player's hole, the phase, at least two seeds), not whether the
    /// game is over or the move endless: the report tells that.
    ///
    /// With exact detection (`lap_limit=0`) this may take long for a move
    /// whose cycle is long (minutes for the longest known).
    pub fn move_report(&self, mv: MangolaMove) -> Result<MoveReport, IllegalMove> {
        let index = self.candidate_index(mv)?;
        if self.phase() == Phase::Opening {
            return Ok(MoveReport {
                laps: 0,
                captures: 0,
                seeds_captured: 0,
                ending: MoveEnding::Opening,
                cut: false,
            });
        }
        let cut = self.rules.endless_sowing == EndlessSowing::Stop;
        let mut copy = *self;
        let cycle_board = if cut {
            CycleBoard::FirstRepeat
        } else {
            CycleBoard::Any
        };
        let (end, stats) = copy.sow(index, cycle_board);
        let ending = match end {
            SowEnd::Finished => MoveEnding::Finished,
            SowEnd::LapLimit => MoveEnding::LapLimit {
                limit: self.rules.lap_limit,
            },
            SowEnd::Cycle { length } => MoveEnding::Cycle { length },
        };
        Ok(MoveReport {
            laps: stats.laps,
            captures: stats.captures,
            seeds_captured: stats.seeds_captured,
            ending,
            cut: cut && end != SowEnd::Finished,
        })
    }

    /// [`crate::Game::check_move`], returning the move's report when the
    /// check had to simulate it (`endless_sowing=illegal`), so that a
    /// caller wanting both need not sow the move twice.
    pub(crate) fn check_move_report(
        &self,
        mv: MangolaMove,
    ) -> Result<Option<MoveReport>, IllegalMove> {
        if let Some(outcome) = self.status() {
            let result = match outcome.winner {
                Some(winner) => format!("{winner} won"),
                None => "drawn".to_string(),
            };
            return Err(IllegalMove::new(
                mv,
                format!("the game is over ({result}, {})", outcome.reason),
            ));
        }
        self.candidate_index(mv)?;
        if !self.endless_is_illegal() {
            return Ok(None);
        }
        let report = self.move_report(mv)?;
        match report.ending {
            MoveEnding::LapLimit { limit } => Err(IllegalMove::new(
                mv,
                format!(
                    "the sowing never ends: it needs more than {limit} laps \
                     (lap_limit), and endless_sowing=illegal"
                ),
            )),
            MoveEnding::Cycle { length } => Err(IllegalMove::new(
                mv,
                format!(
                    "the sowing never ends: its lap boundaries repeat every \
                     {length} laps, and endless_sowing=illegal"
                ),
            )),
            MoveEnding::Opening | MoveEnding::Finished => Ok(Some(report)),
        }
    }

    /// The position after `mv` and its report, or why `mv` is illegal here
    /// (as [`crate::Game::check_move`]).
    pub fn after(&self, mv: MangolaMove) -> Result<(Mangola, MoveReport), IllegalMove> {
        use crate::game::Game;
        let report = match self.check_move_report(mv)? {
            Some(report) => report,
            None => self.move_report(mv)?,
        };
        let mut next = *self;
        next.play(mv);
        Ok((next, report))
    }
}

/// A strong 64-bit mixer (MurmurHash3's finaliser: a bijection with full avalanche).
#[inline(always)]
fn mix64(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl Mangola {
    /// The position hash: both circuits, side to move, phase and board width.
    fn hash(&self) -> u64 {
        let phase = match self.phase() {
            Phase::Opening => 0u64,
            Phase::SecondMove => 1,
            Phase::Free => 2,
        };
        let tag = self.side.index() as u64 | phase << 1 | (self.rules.columns as u64) << 3;
        let mut h = mix64(0x9e37_79b9_7f4a_7c15 ^ tag);
        for word in [
            self.circuits[0] as u64,
            (self.circuits[0] >> 64) as u64,
            self.circuits[1] as u64,
            (self.circuits[1] >> 64) as u64,
        ] {
            h = mix64(h ^ word);
        }
        h
    }

    /// Seeds on each side, `[South, North]`.
    fn seed_totals(&self) -> [u32; 2] {
        self.circuits.map(|w| {
            // Bytes are at most 64 and sum to at most 64: no carries.
            let halves = (w as u64).wrapping_add((w >> 64) as u64);
            (halves.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
        })
    }
}

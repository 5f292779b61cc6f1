//! Oware, exactly as OpenSpiel 2.0.2's game `oware` (docs/src/rules.md, "Reference games").
//!
//! # Rules (OpenSpiel's, generalised to `houses` houses of `seeds` seeds)
//! - South moves first. A move empties one of the mover's houses and sows
//!   its seeds one by one anticlockwise into the following houses of both
//!   rows, skipping the emptied house on every lap. No extra turns.
//! - Must feed: when the opponent's row is empty, only moves whose seeds
//!   reach it are legal; otherwise every non-empty house of the mover.
//! - Capture: if the last seed fell in the opponent's row, that house and
//!   the houses before it (backwards, not past the start of the opponent's
//!   row) are taken while they hold 2 or 3 seeds. Grand slam: a capture
//!   that would take every seed of the opponent's row is allowed but takes
//!   nothing.
//! - Repetition: if a move leads to a position (board, side, scores) seen
//!   since the last capture, the game ends and each side collects the
//!   seeds of its own row. The history of those positions is part of the
//!   [`Oware`] value; a position read from text starts a fresh one.
//! - Collect: after every move, if the player to move has no legal move
//!   (his row is empty and the opponent cannot feed him, or the game is
//!   already won), each side collects its own row.
//! - The game is over when a score exceeds half of all seeds or both are
//!   exactly half; the higher score wins. At the `max_plies` cap each side
//!   collects its row and the game is scored the same way.
//!
//! # Notation
//! South's row is `a`, North's `b`, columns 1..`houses` left to right as
//! South sees the board, `bk` facing `ak`; seeds travel `a1`→`ah`, then
//! `bh`→`b1`, then `a1` again. A move is written as the house it empties:
//! `a3`, `b6`. Position text (rows `a`/`b` in column order, side to move,
//! ply, scores South,North):
//!
//! ```text
//! oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0
//! ```
//!
//! Legal moves are listed in sowing order (South `a1`..`ah`, North
//! `bh`..`b1`), which is OpenSpiel's ascending relative-action order.
//! [`openspiel`] maps moves and boards to OpenSpiel's actions and arrays.
//!
//! # Representation
//! Each row is one `u64` with a byte per house in its owner's sowing order
//! (the same layout as Kalah); a sowing is one table lookup and one
//! addition per row, the capture chain is found with whole-row bit tricks,
//! and the repetition history is a `Vec` of `u128` keys (both rows).

pub mod openspiel;
mod rules;
mod sow;

use std::fmt;

use arrayvec::ArrayVec;
use rand::Rng;

use crate::error::{IllegalMove, MoveParseError, PositionError};
use crate::game::{check_ply, ply_cap, EndReason, Game, MoveList, Outcome, Player};
use crate::options::RuleOptions;
use crate::swap::{self, SwapStatus, SWAP_WORD};
use crate::two_row::board::{
    self, byte_at, byte_sum, column_index, count_bits, index_column, nonzero_bits, nth_set_bit,
    row_mask, ONES,
};
use crate::two_row::notation::{self, pit_name};

pub use crate::two_row::MAX_TOTAL_SEEDS;
pub use rules::OwareRules;

/// An Oware move: the house it empties (the two-row games' [`PitMove`](crate::two_row::PitMove)).
pub type OwareMove = crate::two_row::PitMove;

/// An Oware position with the history the repetition rule needs.
///
/// Not `Copy` (the history is a `Vec`), but cloning copies only the boards
/// seen since the last capture, 16 bytes each, and `clone_from` reuses the
/// target's history buffer (MCTS resets its state so once per simulation).
/// Equality compares the history too: the same board with different pasts
/// can end differently, and so does hashing.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Oware {
    /// South's and North's rows, one byte per house in sowing order.
    rows: [u64; 2],
    /// Seeds captured (or collected) by South and North.
    scores: [u8; 2],
    side: Player,
    /// Why the game ended, once it has.
    end: Option<EndReason>,
    /// All seeds, on the board and in the scores; decides when a score wins.
    total: u8,
    ply: u32,
    rules: OwareRules,
    /// The boards ([`key`]) of the positions since the last capture (or
    /// since the start), oldest first, the current one last. The board
    /// alone is the key: scores change only by a capture, which clears the
    /// history (and leaves fewer seeds on the board than any earlier
    /// position had), or at the end; and the side to move alternates, so
    /// entry `i` has the side of the current position exactly when
    /// `len - 1 - i` is even.
    history: Vec<u128>,
    /// The swap rule's state (always closed under `swap=false`).
    swap: SwapStatus,
}

impl Clone for Oware {
    fn clone(&self) -> Oware {
        Oware {
            rows: self.rows,
            scores: self.scores,
            side: self.side,
            end: self.end,
            total: self.total,
            ply: self.ply,
            rules: self.rules,
            history: self.history.clone(),
            swap: self.swap,
        }
    }

    fn clone_from(&mut self, source: &Oware) {
        let Oware {
            rows,
            scores,
            side,
            end,
            total,
            ply,
            rules,
            history,
            swap,
        } = source;
        (self.rows, self.scores, self.side, self.end) = (*rows, *scores, *side, *end);
        (self.total, self.ply, self.rules, self.swap) = (*total, *ply, *rules, *swap);
        self.history.clone_from(history);
    }
}

/// True when `scores` decide a game of `total` seeds: one above half the
/// seeds, or both exactly half.
#[inline]
fn scores_decide(scores: [u8; 2], total: u8) -> bool {
    let half = total / 2;
    scores[0] > half || scores[1] > half || scores == [half, half]
}

/// The repetition key of a board: both rows.
#[inline]
fn key(rows: [u64; 2]) -> u128 {
    rows[0] as u128 | (rows[1] as u128) << 64
}

/// What one move did (for [`Game::describe_move`]).
#[derive(Copy, Clone, Debug, Default)]
struct Sowing {
    seeds: u8,
    /// The byte of the last house in its row.
    last: u8,
    last_in_opp: bool,
    /// Seeds taken, from the opponent's bytes `first_taken..=last`.
    captured: u8,
    first_taken: u8,
    grand_slam: bool,
}

/// Bit `i` set for every byte `i` of `row` holding 2 or 3 seeds.
#[inline]
fn two_or_three_bits(row: u64) -> u32 {
    // 2 and 3 are the bytes that become exactly 2 when their low bit is cleared.
    !nonzero_bits((row & !ONES) ^ (2 * ONES)) & 0xFF
}

impl Oware {
    /// Houses per row.
    #[inline]
    pub fn houses(&self) -> usize {
        self.rules.houses as usize
    }

    /// The seeds in house `column` (1-based) of `side`'s row.
    ///
    /// # Panics
    /// If `column` is not in `1..=houses`.
    pub fn count(&self, side: Player, column: u8) -> u8 {
        assert!(
            (1..=self.rules.houses).contains(&column),
            "column {column} is not in 1..={}",
            self.rules.houses
        );
        byte_at(
            self.rows[side.index()],
            column_index(side, column, self.houses()),
        )
    }

    /// `side`'s houses in sowing order (South `a1..`, North from its last
    /// column back to `b1`), one count per byte; bytes past the board are 0.
    #[inline]
    pub fn sowing_row(&self, side: Player) -> [u8; 8] {
        self.rows[side.index()].to_le_bytes()
    }

    /// `side`'s row, in column order (`a1..ah` or `b1..bh`).
    pub fn row(&self, side: Player) -> ArrayVec<u8, 8> {
        (1..=self.rules.houses)
            .map(|c| self.count(side, c))
            .collect()
    }

    /// The seeds `side` has captured or collected.
    pub fn score(&self, side: Player) -> u8 {
        self.scores[side.index()]
    }

    /// All seeds of the game (board plus scores).
    pub fn total_seeds(&self) -> u32 {
        self.total as u32
    }

    /// Positions in the repetition history (since the last capture,
    /// counting the current one).
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// True once the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// A score above half the seeds, or both exactly half.
    #[inline]
    fn score_decides(&self) -> bool {
        scores_decide(self.scores, self.total)
    }

    /// The mover's legal houses as bits, bit `j` = byte `j` of his row
    /// (ignores whether the game is over).
    #[inline]
    fn legal_bits(&self) -> u32 {
        let mover = self.side.index();
        let own = self.rows[mover];
        if self.rows[mover ^ 1] != 0 {
            return nonzero_bits(own);
        }
        // Must feed: byte j is h - 1 - j houses from the end of the row.
        let h = self.houses();
        (0..h)
            .filter(|&j| byte_at(own, j) as usize > h - 1 - j)
            .fold(0, |bits, j| bits | 1 << j)
    }

    /// The mover's move emptying byte `j` of his row.
    #[inline]
    fn move_of_index(&self, j: usize) -> OwareMove {
        OwareMove::new(self.side, index_column(self.side, j, self.houses()))
    }

    /// Each side takes the seeds of its own row.
    fn collect(&mut self) {
        for i in 0..2 {
            self.scores[i] += byte_sum(self.rows[i]) as u8;
        }
        self.rows = [0, 0];
    }

    /// Plays the mover's house at byte `j` of his row (legal): sowing,
    /// capture, turn, repetition, collection and ply cap.
    #[inline]
    fn sow(&mut self, j: usize) -> Sowing {
        self.swap = self.swap.after_move(self.side);
        let h = self.houses();
        let mover = self.side.index();
        let mut own = self.rows[mover];
        let mut opp = self.rows[mover ^ 1];
        let seeds = byte_at(own, j);
        debug_assert!(seeds > 0 && j < h);
        let origin = 0xFFu64 << (8 * j);
        own &= !origin;
        let lap = 2 * h - 1;
        let beyond_first = seeds as usize - 1;
        let (laps, k) = if beyond_first < lap {
            (0, beyond_first)
        } else {
            (beyond_first / lap, beyond_first % lap)
        };
        let step = sow::step(h, j, k);
        own += step.own;
        opp += step.opp;
        if laps > 0 {
            let fill = laps as u64 * (ONES & row_mask(h));
            own += fill & !origin;
            opp += fill;
        }
        let last = step.last as usize;
        let mut sowing = Sowing {
            seeds,
            last: step.last,
            last_in_opp: step.last_in_opp,
            first_taken: step.last,
            ..Sowing::default()
        };
        if step.last_in_opp && matches!(byte_at(opp, last), 2 | 3) {
            // The run of 2s and 3s ending at `last`, going backwards: it
            // starts just above the highest house at or below `last` that
            // is not a 2 or 3 (or at the row's first house).
            let up_to_last = (2u32 << last) - 1;
            let breaks = !two_or_three_bits(opp) & up_to_last;
            let first = (32 - breaks.leading_zeros()) as usize;
            let beyond = (opp >> (8 * last)) >> 8;
            if first == 0 && beyond == 0 {
                sowing.grand_slam = true;
            } else {
                let taken = row_mask(last + 1) & !row_mask(first);
                sowing.captured = byte_sum(opp & taken) as u8;
                sowing.first_taken = first as u8;
                opp &= !taken;
            }
        }
        self.rows[mover] = own;
        self.rows[mover ^ 1] = opp;
        if sowing.captured > 0 {
            self.scores[mover] += sowing.captured;
            self.history.clear();
        }
        self.side = self.side.opponent();
        self.ply += 1;
        let now = key(self.rows);
        let repeated = self
            .history
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&seen| seen == now);
        if repeated {
            self.collect();
            self.end = Some(EndReason::Repetition);
            return sowing;
        }
        self.history.push(now);
        if self.score_decides() || self.legal_bits() == 0 {
            self.collect();
            self.end = Some(EndReason::Natural);
        } else if self.capped() {
            self.collect();
            self.end = Some(EndReason::PlyCap);
        }
        sowing
    }

    /// Whether the ply cap (or the counter's, [`crate::MAX_PLY`]) is reached.
    #[inline]
    fn capped(&self) -> bool {
        self.ply >= ply_cap(self.rules.max_plies)
    }

    /// Builds a position with a fresh history, checking what every position
    /// must satisfy. A position at or past the ply cap is over, its rows
    /// collected, exactly as when a move reaches the cap.
    pub(crate) fn from_parts(
        rows: [u64; 2],
        scores: [u8; 2],
        side: Player,
        ply: u32,
        rules: OwareRules,
    ) -> Result<Oware, PositionError> {
        rules.validate_for_position()?;
        check_ply(ply)?;
        let h = rules.houses as usize;
        let on_board = rows.map(|row| (0..h).map(|j| byte_at(row, j) as u32).sum::<u32>());
        let total = on_board[0] + on_board[1] + scores[0] as u32 + scores[1] as u32;
        if total > MAX_TOTAL_SEEDS {
            return Err(PositionError::new(
                "rows",
                format!(
                    "the position holds {total} seeds; at most {MAX_TOTAL_SEEDS} are supported"
                ),
            ));
        }
        let mut game = Oware {
            rows,
            scores,
            side,
            end: None,
            total: total as u8,
            ply,
            rules,
            history: vec![key(rows)],
            swap: SwapStatus::implied(ply, rules.swap),
        };
        if game.capped() {
            // Over by the cap, whatever the scores say: so the collected
            // position's text reads back as itself.
            game.collect();
            game.history = vec![key(game.rows)];
            game.end = Some(EndReason::PlyCap);
        } else if game.score_decides() {
            game.end = Some(EndReason::Natural);
        } else if game.legal_bits() == 0 {
            return Err(PositionError::new(
                "rows",
                format!(
                    "{side} is to move but has no legal move, and the scores do not end the game \
                     (after a move such a position is collected at once)"
                ),
            ));
        }
        Ok(game)
    }

    /// Whether `swap` is legal now.
    #[inline]
    fn swap_offered(&self) -> bool {
        self.swap.offered_to(self.side) && !self.is_over()
    }

    /// Plays the swap: the board turns half round (each row's bytes are in
    /// its owner's sowing order, so the rows trade places), the scores
    /// change owner, South moves, and the repetition history starts afresh
    /// (as after a capture). The cap may end the game here.
    fn play_swap(&mut self) {
        self.rows.swap(0, 1);
        self.scores.swap(0, 1);
        self.side = Player::South;
        self.ply += 1;
        self.swap = SwapStatus::Swapped;
        self.history.clear();
        self.history.push(key(self.rows));
        if self.capped() {
            self.collect();
            self.end = Some(EndReason::PlyCap);
        }
    }
}

impl Game for Oware {
    type Move = OwareMove;
    type Rules = OwareRules;

    const NAME: &'static str = "oware";

    /// # Panics
    /// If `rules` is out of range (rules read with [`RuleOptions::set`] always are in range).
    fn start(rules: OwareRules) -> Oware {
        if let Err(e) = rules.validate() {
            panic!("invalid Oware rules: {e}");
        }
        let h = rules.houses as usize;
        let row = rules.seeds as u64 * (ONES & row_mask(h));
        Oware {
            rows: [row, row],
            scores: [0, 0],
            side: Player::South,
            end: None,
            total: (2 * h * rules.seeds as usize) as u8,
            ply: 0,
            rules,
            history: vec![key([row, row])],
            swap: SwapStatus::at_start(rules.swap),
        }
    }

    /// Reads `oware a1,..,ah/b1,..,bh SIDE PLY south,north` with a fresh
    /// repetition history. Each row must have exactly `rules.houses` counts
    /// (an error names both otherwise). All seeds, board and scores, must be
    /// at most [`MAX_TOTAL_SEEDS`]; their total decides when a score wins
    /// (more than half). A position whose side to move has no legal move is
    /// refused unless the scores already end the game (play never leaves
    /// one: it is collected at once); OpenSpiel refuses it too. A finished
    /// position reads back as finished with [`EndReason::Natural`]; one at
    /// or past the ply cap is over with [`EndReason::PlyCap`], its rows
    /// collected (as the move reaching the cap collects them), like the
    /// other games' capped positions.
    fn from_position(text: &str, rules: OwareRules) -> Result<Oware, PositionError> {
        rules.validate_for_position()?;
        let fields = notation::parse_two_row(
            text,
            Oware::NAME,
            rules.houses as usize,
            "houses",
            "scores",
            rules.swap,
        )?;
        let mut game =
            Oware::from_parts(fields.rows, fields.banked, fields.side, fields.ply, rules)?;
        game.swap = fields.swap;
        Ok(game)
    }

    fn rules(&self) -> &OwareRules {
        &self.rules
    }

    fn to_move(&self) -> Player {
        self.side
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, out: &mut MoveList<OwareMove>) {
        if self.is_over() {
            return;
        }
        let mut bits = self.legal_bits();
        while bits != 0 {
            out.push(self.move_of_index(bits.trailing_zeros() as usize));
            bits &= bits - 1;
        }
        if self.swap_offered() {
            out.push(OwareMove::SWAP);
        }
    }

    fn play(&mut self, mv: OwareMove) {
        debug_assert!(self.check_move(mv).is_ok(), "illegal move {mv} in {self}");
        if mv.is_swap() {
            return self.play_swap();
        }
        self.sow(column_index(mv.side(), mv.column(), self.houses()));
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end?;
        Some(Outcome::from_totals(self.scores.map(u32::from), reason))
    }

    /// A 64-bit hash of board, scores, side to move and swap state. The
    /// repetition history is not part of it.
    fn zobrist(&self) -> u64 {
        let extra =
            self.side.index() as u64 | (self.scores[0] as u64) << 8 | (self.scores[1] as u64) << 16;
        board::hash_position(self.rows, extra) ^ self.swap.hash()
    }

    fn swap_status(&self) -> SwapStatus {
        self.swap
    }

    /// The scores (captured seeds, plus the collected ones at the end).
    fn totals(&self) -> [u32; 2] {
        self.scores.map(u32::from)
    }

    fn parse_move(&self, text: &str) -> Result<OwareMove, MoveParseError> {
        if text.trim() == SWAP_WORD {
            return Ok(OwareMove::SWAP);
        }
        let (side, column) = notation::parse_pit(text.trim(), self.houses(), "house")?;
        Ok(OwareMove::new(side, column))
    }

    fn check_move(&self, mv: OwareMove) -> Result<(), IllegalMove> {
        if mv.is_swap() {
            return swap::check(self.swap, self.side, self.is_over(), self.rules.swap, mv);
        }
        let h = self.houses();
        if !(1..=self.rules.houses).contains(&mv.column()) {
            return Err(IllegalMove::new(
                mv,
                format!("there is no such house: columns run from 1 to {h}"),
            ));
        }
        if self.is_over() {
            return Err(IllegalMove::new(mv, "the game is over"));
        }
        if mv.side() != self.side {
            return Err(IllegalMove::new(
                mv,
                format!("that is {}'s house and {} is to move", mv.side(), self.side),
            ));
        }
        let seeds = self.count(mv.side(), mv.column());
        if seeds == 0 {
            return Err(IllegalMove::new(mv, "the house is empty"));
        }
        if self.legal_bits() & (1 << column_index(mv.side(), mv.column(), h)) == 0 {
            let feeders: Vec<String> = {
                let mut list = MoveList::new();
                self.legal_moves(&mut list);
                list.iter().map(|m| m.to_string()).collect()
            };
            return Err(IllegalMove::new(
                mv,
                format!(
                    "{}'s row is empty and the {seeds} seed{} of {mv} do not reach it: \
                     the opponent must be fed (moves that do: {})",
                    self.side.opponent(),
                    if seeds == 1 { "" } else { "s" },
                    feeders.join(", ")
                ),
            ));
        }
        Ok(())
    }

    fn describe_move(&self, mv: OwareMove) -> String {
        if self.check_move(mv).is_err() {
            return String::new();
        }
        if mv.is_swap() {
            return swap::DESCRIPTION.to_string();
        }
        let h = self.houses();
        let mut after = self.clone();
        let sowing = after.sow(column_index(mv.side(), mv.column(), h));
        let opponent = self.side.opponent();
        let name = |side: Player, j: u8| pit_name(side, index_column(side, j as usize, h));
        let last_side = if sowing.last_in_opp {
            opponent
        } else {
            self.side
        };
        let mut text = format!(
            "sows {} seed{}, the last in {}",
            sowing.seeds,
            if sowing.seeds == 1 { "" } else { "s" },
            name(last_side, sowing.last)
        );
        if sowing.grand_slam {
            text += &format!(
                "; grand slam: it would take every seed of {}, so it captures nothing",
                self.side.opponent()
            );
        } else if sowing.captured > 0 {
            let houses: Vec<String> = (sowing.first_taken..=sowing.last)
                .rev()
                .map(|j| name(opponent, j))
                .collect();
            text += &format!(
                "; captures {} seeds from {}",
                sowing.captured,
                houses.join(", ")
            );
        }
        if let Some(reason) = after.end {
            let mut captured_scores = self.scores;
            captured_scores[self.side.index()] += sowing.captured;
            let won = scores_decide(captured_scores, self.total);
            let why = match reason {
                EndReason::Repetition => "the position repeats: each side collects its row; ",
                EndReason::PlyCap => "the ply cap is reached: each side collects its row; ",
                _ if won => "",
                _ => "the player to move cannot move: each side collects its row; ",
            };
            text += &format!(
                "; {why}game over, South {} - {} North",
                after.scores[0], after.scores[1]
            );
        }
        text
    }

    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<OwareMove> {
        if self.is_over() {
            return None;
        }
        // Same draw as the default (the r-th legal move in list order).
        let bits = self.legal_bits();
        let count = count_bits(bits);
        let r = rng.random_range(0..count + self.swap_offered() as u32);
        if r == count {
            self.play_swap();
            return Some(OwareMove::SWAP);
        }
        let j = nth_set_bit(bits, r) as usize;
        let mv = self.move_of_index(j);
        self.sow(j);
        Some(mv)
    }
}

impl fmt::Display for Oware {
    /// Writes the position text, e.g. `oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        notation::format_two_row(
            f,
            Oware::NAME,
            self.rows,
            self.houses(),
            self.side,
            self.ply,
            self.scores,
        )?;
        self.swap.write_field(f, self.ply)
    }
}

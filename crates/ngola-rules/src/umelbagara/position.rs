//! The position and the [`Game`] implementation.

use std::fmt;

use rand::Rng;

use crate::error::{IllegalMove, MoveParseError, PositionError};
use crate::game::{check_ply, ply_cap, EndReason, Game, MoveList, Outcome, Player};

use super::board::{self, house_name, lane_of, move_slots, Board, ANTICLOCKWISE, CLOCKWISE};
use super::moves::{Direction, UmElBagaraMove};
use super::rules::UmElBagaraRules;
use super::{text, zobrist};
use crate::swap::{self, SwapStatus};

/// An Um el-Bagara position: the board, the counters each side has taken,
/// the side to move and the ply, under its rule options. 40 bytes, `Copy`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct UmElBagara {
    /// The houses, in loop order.
    pub(super) board: Board,
    /// Counters taken, `[South, North]` (at most 216 exist).
    pub(super) taken: [u8; 2],
    /// The player to move.
    pub(super) side: Player,
    /// Plies played.
    pub(super) ply: u32,
    /// The options this game is played under.
    pub(super) rules: UmElBagaraRules,
    /// The swap rule's state (always closed under `swap=false`).
    pub(super) swap: SwapStatus,
}

impl UmElBagara {
    /// A position from its parts: `rows[0]` is row `a`, `rows[1]` row `b`,
    /// each in column order 1..n with `n = rules.houses()`; `taken` is
    /// South's and North's. Errors name the bad field as position text does
    /// (`rows`, `taken`): a row of the wrong width, or counters that do not
    /// add up to the `2 * houses * counters` of the rules (`taken` when the
    /// taken counts alone exceed it, `rows` otherwise).
    pub fn from_parts(
        rules: UmElBagaraRules,
        rows: [&[u32]; 2],
        side: Player,
        ply: u32,
        taken: [u32; 2],
    ) -> Result<Self, PositionError> {
        check_ply(ply)?;
        let houses = rules.houses();
        for (row, letter) in rows.iter().zip(['a', 'b']) {
            if row.len() != houses {
                return Err(PositionError::new(
                    "rows",
                    format!(
                        "row {letter} has {} houses but the rules say houses={houses} \
                         (set the rule option houses to the width of the board)",
                        row.len()
                    ),
                ));
            }
        }
        let on_board: u64 = rows.iter().flat_map(|r| r.iter()).map(|&c| c as u64).sum();
        let total = rules.total_counters() as u64;
        let taken_total = taken[0] as u64 + taken[1] as u64;
        let in_play = on_board + taken_total;
        if in_play != total {
            // Blame the taken counts when they alone are too many.
            let field = if taken_total > total { "taken" } else { "rows" };
            return Err(PositionError::new(
                field,
                format!(
                    "the board holds {on_board} counters and {},{} are taken, {in_play} in all, \
                     but houses={houses}, counters={} play with {total}",
                    taken[0],
                    taken[1],
                    rules.counters()
                ),
            ));
        }
        // Every number is now at most `total` (<= 216), so bytes hold them.
        let mut board = Board::default();
        for (row, player) in rows.iter().zip(Player::BOTH) {
            for (column, &count) in (1..).zip(row.iter()) {
                board = board.with(lane_of(player, column, houses), count as u8);
            }
        }
        Ok(UmElBagara {
            board,
            taken: [taken[0] as u8, taken[1] as u8],
            side,
            ply,
            rules,
            swap: SwapStatus::implied(ply, rules.swap()),
        })
    }

    /// Plays the swap: the board turns half round (lane `l` goes to lane
    /// `l + houses` round the loop), the taken counters change owner, and
    /// South moves.
    fn play_swap(&mut self) {
        let lanes = 2 * self.rules.houses();
        let mut board = Board::default();
        for lane in 0..lanes {
            board = board.with((lane + lanes / 2) % lanes, self.board.get(lane));
        }
        self.board = board;
        self.taken.swap(0, 1);
        self.side = Player::South;
        self.ply += 1;
        self.swap = SwapStatus::Swapped;
    }

    /// The counters in house `column` (1-based, as South sees the board) of
    /// `row` (`South` = row `a`); `None` if there is no such house.
    pub fn count(&self, row: Player, column: usize) -> Option<u32> {
        let houses = self.rules.houses();
        (1..=houses)
            .contains(&column)
            .then(|| self.board.get(lane_of(row, column, houses)) as u32)
    }

    /// The counters each side has taken, `[South, North]`.
    pub fn taken(&self) -> [u32; 2] {
        [self.taken[0] as u32, self.taken[1] as u32]
    }

    /// Whether `player` has a house with at least 2 counters.
    pub fn can_move(&self, player: Player) -> bool {
        self.own_movable(self.board.movable_lanes(), player) != 0
    }

    /// Bit `j` set when the `j`-th house of `player` from his left (as he
    /// sees the board) holds at least 2 counters, given all movable lanes.
    #[inline]
    fn own_movable(&self, all: u32, player: Player) -> u32 {
        let houses = self.rules.houses();
        (all >> (player.index() * houses)) & ((1 << houses) - 1)
    }

    /// Whether the ply cap (or the counter's, [`crate::MAX_PLY`]) is reached.
    #[inline]
    fn capped(&self) -> bool {
        self.ply >= ply_cap(self.rules.max_plies())
    }

    /// The outcome as scored now: higher total wins, equal totals draw.
    fn scored(&self, reason: EndReason) -> Outcome {
        Outcome::from_totals(self.totals(), reason)
    }

    /// The move from the mover's `j`-th house from his left, with the
    /// direction written only for the middle house.
    #[inline]
    fn house_move(&self, j: usize, direction: usize) -> UmElBagaraMove {
        let houses = self.rules.houses();
        let column = match self.side {
            Player::South => j + 1,
            Player::North => houses - j,
        };
        let written = (j == houses / 2).then_some(direction_of(direction));
        UmElBagaraMove::from_parts(self.side, column as u8, written)
    }

    /// The lane and direction table index a house move sows from and in.
    /// Left of the middle (as the mover sees it) sows clockwise, right of
    /// it anticlockwise, the middle as written.
    #[inline]
    fn lane_and_direction(&self, mv: UmElBagaraMove) -> (usize, usize) {
        let houses = self.rules.houses();
        let row = mv.row().unwrap_or(self.side);
        let column = mv.column() as usize;
        let lane = lane_of(row, column, houses);
        // Index from the mover's left: lanes run left to right for both sides.
        let j = lane - row.index() * houses;
        let direction = match mv.direction() {
            Some(Direction::Clockwise) => CLOCKWISE,
            Some(Direction::Anticlockwise) => ANTICLOCKWISE,
            None if j < houses / 2 => CLOCKWISE,
            None => ANTICLOCKWISE,
        };
        (lane, direction)
    }

    /// Plays the sowing from `lane` in `direction` with its captures.
    #[inline]
    fn sow(&mut self, lane: usize, direction: usize) {
        self.swap = self.swap.after_move(self.side);
        let taken = board::sow(
            &mut self.board,
            self.rules.houses(),
            self.rules.skip_origin(),
            self.side,
            lane,
            direction,
        );
        self.taken[self.side.index()] += taken as u8;
        self.side = self.side.opponent();
        self.ply += 1;
    }

    /// Plays a pass.
    #[inline]
    fn pass(&mut self) {
        self.swap = self.swap.after_move(self.side);
        self.side = self.side.opponent();
        self.ply += 1;
    }
}

impl Game for UmElBagara {
    type Move = UmElBagaraMove;
    type Rules = UmElBagaraRules;

    const NAME: &'static str = text::NAME;

    fn start(rules: UmElBagaraRules) -> Self {
        UmElBagara {
            board: Board::filled(2 * rules.houses(), rules.counters() as u8),
            taken: [0, 0],
            side: Player::South,
            ply: 0,
            rules,
            swap: SwapStatus::at_start(rules.swap()),
        }
    }

    /// The rows must be `rules.houses()` wide and the counters must add up
    /// to the rules' total.
    fn from_position(text: &str, rules: UmElBagaraRules) -> Result<Self, PositionError> {
        let fields = text::parse(text)?;
        let [a, b] = &fields.counts;
        let mut game =
            UmElBagara::from_parts(rules, [a, b], fields.side, fields.ply, fields.taken)?;
        game.swap = SwapStatus::parse(fields.swap.as_deref(), fields.ply, rules.swap())?;
        Ok(game)
    }

    fn rules(&self) -> &UmElBagaraRules {
        &self.rules
    }

    fn to_move(&self) -> Player {
        self.side
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    /// The mover's houses from his left to his right, the middle house
    /// clockwise (`<`) then anticlockwise (`>`); or `pass`; or nothing at
    /// the end.
    fn legal_moves(&self, out: &mut MoveList<UmElBagaraMove>) {
        if self.capped() {
            return;
        }
        let all = self.board.movable_lanes();
        let mine = self.own_movable(all, self.side);
        if mine == 0 {
            if all == 0 {
                return;
            }
            out.push(UmElBagaraMove::PASS);
        }
        let slots = move_slots(self.rules.houses(), mine);
        for k in 0..slots.len() {
            let (j, direction) = slots.get(k);
            out.push(self.house_move(j, direction));
        }
        if self.swap.offered_to(self.side) {
            out.push(UmElBagaraMove::SWAP);
        }
    }

    fn play(&mut self, mv: UmElBagaraMove) {
        debug_assert!(self.check_move(mv).is_ok(), "{:?}", self.check_move(mv));
        if mv.is_pass() {
            self.pass();
        } else if mv.is_swap() {
            self.play_swap();
        } else {
            let (lane, direction) = self.lane_and_direction(mv);
            self.sow(lane, direction);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.board.movable_lanes() == 0 {
            Some(self.scored(EndReason::Natural))
        } else if self.capped() {
            Some(self.scored(EndReason::PlyCap))
        } else {
            None
        }
    }

    fn zobrist(&self) -> u64 {
        zobrist::hash(
            &self.board,
            2 * self.rules.houses(),
            self.taken,
            self.side == Player::North,
        ) ^ self.swap.hash()
    }

    fn swap_status(&self) -> SwapStatus {
        self.swap
    }

    /// Counters taken plus counters left in one's own houses.
    fn totals(&self) -> [u32; 2] {
        let houses = self.rules.houses();
        let sum =
            |lanes: std::ops::Range<usize>| lanes.map(|l| self.board.get(l) as u32).sum::<u32>();
        [
            self.taken[0] as u32 + sum(0..houses),
            self.taken[1] as u32 + sum(houses..2 * houses),
        ]
    }

    fn parse_move(&self, text: &str) -> Result<UmElBagaraMove, MoveParseError> {
        UmElBagaraMove::parse(text, self.rules.houses())
    }

    fn check_move(&self, mv: UmElBagaraMove) -> Result<(), IllegalMove> {
        let over = self.outcome().is_some();
        if mv.is_swap() {
            return swap::check(self.swap, self.side, over, self.rules.swap(), mv);
        }
        if over {
            return Err(IllegalMove::new(mv, "the game is over"));
        }
        let side = self.side;
        let Some(row) = mv.row() else {
            return if self.can_move(side) {
                Err(IllegalMove::new(
                    mv,
                    format!("{side} has a house with 2 or more counters, so may not pass"),
                ))
            } else {
                Ok(())
            };
        };
        let houses = self.rules.houses();
        let column = mv.column() as usize;
        let house = format!("{}{column}", if row == Player::South { 'a' } else { 'b' });
        if column > houses {
            return Err(IllegalMove::new(
                mv,
                format!("there is no house {house} on a board of {houses} houses per row"),
            ));
        }
        if row != side {
            return Err(IllegalMove::new(
                mv,
                format!("{house} is {row}'s house and {side} is to move"),
            ));
        }
        let middle_column = match side {
            Player::South => houses / 2 + 1,
            Player::North => houses - houses / 2,
        };
        match (column == middle_column, mv.direction()) {
            (true, None) => {
                return Err(IllegalMove::new(
                    mv,
                    format!(
                        "{house} is the middle house: write {house}< (clockwise) \
                         or {house}> (anticlockwise)"
                    ),
                ))
            }
            (false, Some(_)) => {
                let (_, direction) =
                    self.lane_and_direction(UmElBagaraMove::from_parts(row, column as u8, None));
                let way = direction_of(direction).name();
                return Err(IllegalMove::new(
                    mv,
                    format!(
                        "{house} is not the middle house and always sows {way}: \
                         write it as {house}, without `<` or `>`"
                    ),
                ));
            }
            _ => {}
        }
        let count = self.board.get(lane_of(row, column, houses));
        if count < 2 {
            return Err(IllegalMove::new(
                mv,
                format!(
                    "{house} holds {count} counter{}; only a house with at least 2 can be moved",
                    if count == 1 { "" } else { "s" }
                ),
            ));
        }
        Ok(())
    }

    /// E.g. `sows 7 clockwise, last in b2; captures b2 (2), b3 (4): 6 counters`.
    fn describe_move(&self, mv: UmElBagaraMove) -> String {
        if let Err(illegal) = self.check_move(mv) {
            return illegal.to_string();
        }
        if mv.is_swap() {
            return swap::DESCRIPTION.to_string();
        }
        if mv.is_pass() {
            return format!(
                "{} has no house with 2 or more counters and passes",
                self.side
            );
        }
        let houses = self.rules.houses();
        let (lane, direction) = self.lane_and_direction(mv);
        let mut lanes = self.board;
        let (sown, last) = board::spread(
            &mut lanes,
            houses,
            self.rules.skip_origin(),
            lane,
            direction,
        );
        let way = direction_of(direction).name();
        let mut text = format!("sows {sown} {way}, last in {}", house_name(last, houses));
        if sown as usize >= 2 * houses - self.rules.skip_origin() as usize {
            text.push_str(" (laps the board)");
        }
        let sown_lanes = lanes;
        let (captured, taken) = board::capture(&mut lanes, houses, self.side, last, direction);
        if captured != 0 {
            let mut chain: Vec<String> = (0..2 * houses)
                .filter(|l| captured >> l & 1 != 0)
                .map(|l| format!("{} ({})", house_name(l, houses), sown_lanes.get(l)))
                .collect();
            // List the chain in the order it is taken: from the last house back.
            if direction == ANTICLOCKWISE {
                chain.reverse();
            }
            text.push_str(&format!(
                "; captures {}: {taken} counters",
                chain.join(", ")
            ));
        }
        text
    }

    /// Draws uniformly from the same list [`Game::legal_moves`] gives (the
    /// `k`-th drawn index is the `k`-th move of that list) without building
    /// it: the list for the mover's mask of movable houses is a table entry.
    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<UmElBagaraMove> {
        if self.capped() {
            return None;
        }
        let all = self.board.movable_lanes();
        let mine = self.own_movable(all, self.side);
        let offered = self.swap.offered_to(self.side) && all != 0;
        if mine == 0 {
            if all == 0 {
                return None;
            }
            if offered && rng.random_range(0..2) == 1 {
                self.play_swap();
                return Some(UmElBagaraMove::SWAP);
            }
            self.pass();
            return Some(UmElBagaraMove::PASS);
        }
        let slots = move_slots(self.rules.houses(), mine);
        let r = rng.random_range(0..slots.len() + offered as u32);
        if r == slots.len() {
            self.play_swap();
            return Some(UmElBagaraMove::SWAP);
        }
        let (j, direction) = slots.get(r);
        let mv = self.house_move(j, direction);
        self.sow(self.side.index() * self.rules.houses() + j, direction);
        Some(mv)
    }
}

/// The [`Direction`] of a direction-table index.
#[inline]
fn direction_of(index: usize) -> Direction {
    if index == ANTICLOCKWISE {
        Direction::Anticlockwise
    } else {
        Direction::Clockwise
    }
}

impl fmt::Display for UmElBagara {
    /// The position text of docs/src/rules.md.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let houses = self.rules.houses();
        write!(f, "{} ", text::NAME)?;
        for (i, row) in Player::BOTH.into_iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for column in 1..=houses {
                if column > 1 {
                    f.write_str(",")?;
                }
                write!(f, "{}", self.board.get(lane_of(row, column, houses)))?;
            }
        }
        write!(
            f,
            " {} {} {},{}",
            self.side.letter(),
            self.ply,
            self.taken[0],
            self.taken[1]
        )?;
        self.swap.write_field(f, self.ply)
    }
}

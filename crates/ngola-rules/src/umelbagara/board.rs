//! The board as one byte per house, in loop order, and the whole-board
//! operations the position is built on.
//!
//! Lane `i` of the board is the `i`-th house of the anticlockwise loop
//! a1 a2 .. an bn .. b1: South's `ac` is lane `c - 1`, North's `bc` is lane
//! `2n - c`. Anticlockwise sowing walks up the lanes, clockwise down, both
//! modulo `2n`. Each player's row is a contiguous, non-wrapping range of
//! lanes (South `0..n`, North `n..2n`), which keeps capture chains free of
//! modular arithmetic. A house never holds more than the 216 counters of the
//! largest board (9 houses, 12 counters), so a byte per house is enough.

use crate::game::Player;
use crate::two_row::board::nonzero_bits;

use super::rules::MAX_HOUSES;

/// Lanes in a board: enough for the largest board (2 x 9 houses).
pub(crate) const LANES: usize = 2 * MAX_HOUSES as usize;

/// Index of the clockwise tables (sowing walks down the lanes).
pub(crate) const CLOCKWISE: usize = 0;
/// Index of the anticlockwise tables (sowing walks up the lanes).
pub(crate) const ANTICLOCKWISE: usize = 1;

/// Lanes held in the low word.
const LOW_LANES: usize = 16;

/// The counters of every house, a byte per lane in loop order: lanes 0..16
/// in `low`, lanes 16 and 17 (only on the 9-house board) in `high`; lanes
/// past `2n` stay 0. Kept in whole words, not a byte array, so that a move
/// is register arithmetic with no narrow store followed by a wide load
/// (which stalls store forwarding). The low word is stored as two `u64`
/// halves so that the position needs 8-byte alignment, not 16 (40 bytes
/// instead of 48); the arithmetic is on `u128`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    /// Lanes 0..16, lane `i` in bits `8i..8i+8` of `low[0] | low[1] << 64`.
    low: [u64; 2],
    /// Lanes 16 and 17.
    high: u16,
}

impl Board {
    /// The low lanes as one word.
    #[inline]
    const fn low(&self) -> u128 {
        self.low[0] as u128 | (self.low[1] as u128) << 64
    }

    /// The same board with the low lanes replaced.
    #[inline]
    const fn with_low(self, low: u128) -> Board {
        Board {
            low: [low as u64, (low >> 64) as u64],
            high: self.high,
        }
    }

    /// `count` counters in each of the first `lanes` lanes.
    pub(crate) const fn filled(lanes: usize, count: u8) -> Board {
        let mut board = Board {
            low: [0, 0],
            high: 0,
        };
        let mut lane = 0;
        while lane < lanes {
            board = board.with(lane, count);
            lane += 1;
        }
        board
    }

    /// The counters in `lane`.
    #[inline]
    pub(crate) const fn get(&self, lane: usize) -> u8 {
        if lane < LOW_LANES {
            (self.low() >> (8 * lane)) as u8
        } else {
            (self.high >> (8 * (lane - LOW_LANES))) as u8
        }
    }

    /// The same board with `lane` holding `count`.
    #[inline]
    pub(crate) const fn with(self, lane: usize, count: u8) -> Board {
        if lane < LOW_LANES {
            let shift = 8 * lane;
            self.with_low((self.low() & !(0xFF << shift)) | (count as u128) << shift)
        } else {
            let shift = 8 * (lane - LOW_LANES);
            Board {
                low: self.low,
                high: (self.high & !(0xFF << shift)) | (count as u16) << shift,
            }
        }
    }

    /// Removes `count` counters from `lane` (which holds at least that many).
    #[inline]
    fn take(&mut self, lane: usize, count: u8) {
        if lane < LOW_LANES {
            *self = self.with_low(self.low() - ((count as u128) << (8 * lane)));
        } else {
            self.high -= (count as u16) << (8 * (lane - LOW_LANES));
        }
    }

    /// Lane-wise addition (no lane overflows: at most 216 counters exist).
    #[inline]
    fn add(&mut self, other: &Board) {
        *self = self.with_low(self.low() + other.low());
        self.high += other.high;
    }

    /// Lane-wise addition of `times` copies of `other` (`times * lane` < 256).
    #[inline]
    fn add_times(&mut self, other: &Board, times: u8) {
        // Two 64-bit products: no lane carries, so the halves are independent.
        let times = times as u64;
        let low = Board {
            low: [
                other.low[0].wrapping_mul(times),
                other.low[1].wrapping_mul(times),
            ],
            high: 0,
        };
        *self = self.with_low(self.low() + low.low());
        self.high += other.high.wrapping_mul(times as u16);
    }

    /// Bit `i` set when lane `i` holds at least 2 counters (SWAR over 8
    /// lanes at a time; no loop over houses).
    #[inline]
    pub(crate) fn movable_lanes(&self) -> u32 {
        at_least_two(self.low[0])
            | at_least_two(self.low[1]) << 8
            | at_least_two(self.high as u64) << 16
    }
}

/// Board sizes: houses per row 3, 5, 7, 9 are table sizes 0..4.
const SIZES: usize = 4;

/// `RUNS[size][direction][origin][r]`: one counter in each of the `r` lanes
/// that follow `origin` in `direction` (`r < 2n`), for every board size. A
/// sowing of `s < 2n` counters is then a single addition of
/// `RUNS[..][..][origin][s]`; longer ones add whole laps first.
static RUNS: [[[[Board; LANES]; LANES]; 2]; SIZES] = build_runs();

/// `LAP_PATTERNS[size][skip_origin][origin]`: one counter in every lane of
/// the loop, or (with `skip_origin`) in every lane but `origin`.
static LAP_PATTERNS: [[[Board; LANES]; 2]; SIZES] = build_lap_patterns();

/// Builds [`RUNS`].
const fn build_runs() -> [[[[Board; LANES]; LANES]; 2]; SIZES] {
    let empty = Board {
        low: [0, 0],
        high: 0,
    };
    let mut table = [[[[empty; LANES]; LANES]; 2]; SIZES];
    let mut size = 0;
    while size < SIZES {
        let loop_len = 2 * (2 * size + 3);
        let mut dir = 0;
        while dir < 2 {
            let mut origin = 0;
            while origin < loop_len {
                let mut r = 0;
                while r < loop_len {
                    let mut run = empty;
                    let mut k = 1;
                    while k <= r {
                        let lane = if dir == ANTICLOCKWISE {
                            (origin + k) % loop_len
                        } else {
                            (origin + loop_len - k) % loop_len
                        };
                        run = run.with(lane, 1);
                        k += 1;
                    }
                    table[size][dir][origin][r] = run;
                    r += 1;
                }
                origin += 1;
            }
            dir += 1;
        }
        size += 1;
    }
    table
}

/// Builds [`LAP_PATTERNS`].
const fn build_lap_patterns() -> [[[Board; LANES]; 2]; SIZES] {
    let empty = Board {
        low: [0, 0],
        high: 0,
    };
    let mut table = [[[empty; LANES]; 2]; SIZES];
    let mut size = 0;
    while size < SIZES {
        let loop_len = 2 * (2 * size + 3);
        let mut origin = 0;
        while origin < loop_len {
            table[size][0][origin] = Board::filled(loop_len, 1);
            table[size][1][origin] = Board::filled(loop_len, 1).with(origin, 0);
            origin += 1;
        }
        size += 1;
    }
    table
}

/// Bits per entry of a [`MoveSlots`] list.
const SLOT_BITS: u32 = 5;

/// The moves of a player whose movable houses form a given mask, as a
/// packed list: bits 0..4 hold the number of moves, then one 5-bit entry
/// per move, `j | direction << 4` (`j` = house from the mover's left, 0-based),
/// in the order of the houses from his left, the middle house clockwise then
/// anticlockwise. A random move is then one table read and a shift, with no
/// loop and no branch on the drawn index.
#[derive(Copy, Clone, Debug)]
pub(crate) struct MoveSlots(u64);

impl MoveSlots {
    /// The number of moves.
    #[inline]
    pub(crate) fn len(self) -> u32 {
        (self.0 & 0xF) as u32
    }

    /// The `k`-th move (`k < len`): the house from the mover's left and the
    /// direction table index.
    #[inline]
    pub(crate) fn get(self, k: u32) -> (usize, usize) {
        let entry = (self.0 >> (4 + SLOT_BITS * k)) as usize;
        (entry & 0xF, (entry >> 4) & 1)
    }
}

/// `SLOTS[size][mask]` for every mask of movable houses of one row.
static SLOTS: [[MoveSlots; 1 << MAX_HOUSES]; SIZES] = build_slots();

/// Builds [`SLOTS`].
const fn build_slots() -> [[MoveSlots; 1 << MAX_HOUSES]; SIZES] {
    let mut table = [[MoveSlots(0); 1 << MAX_HOUSES]; SIZES];
    let mut size = 0;
    while size < SIZES {
        let houses = 2 * size + 3;
        let middle = houses / 2;
        let mut mask = 0;
        while mask < 1 << houses {
            let mut list = 0u64;
            let mut len = 0u32;
            let mut j = 0;
            while j < houses {
                if mask >> j & 1 == 1 {
                    // Left of the middle: clockwise; right: anticlockwise; the middle: both.
                    let mut dir = if j > middle { ANTICLOCKWISE } else { CLOCKWISE };
                    loop {
                        list |= ((j | dir << 4) as u64) << (4 + SLOT_BITS * len);
                        len += 1;
                        if j != middle || dir == ANTICLOCKWISE {
                            break;
                        }
                        dir = ANTICLOCKWISE;
                    }
                }
                j += 1;
            }
            table[size][mask] = MoveSlots(list | len as u64);
            mask += 1;
        }
        size += 1;
    }
    table
}

/// The moves of a player of a `houses`-wide board whose movable houses,
/// from his left, are the bits of `mask`.
#[inline]
pub(crate) fn move_slots(houses: usize, mask: u32) -> MoveSlots {
    SLOTS[size_index(houses)][mask as usize]
}

/// The table index of a board with `houses` houses per row (odd, 3 to 9).
#[inline]
fn size_index(houses: usize) -> usize {
    houses / 2 - 1
}

/// The lane of house `column` (1-based, as South sees the board) of `row`.
#[inline]
pub(crate) fn lane_of(row: Player, column: usize, houses: usize) -> usize {
    match row {
        Player::South => column - 1,
        Player::North => 2 * houses - column,
    }
}

/// The (row, column) of a lane.
#[inline]
pub(crate) fn house_of(lane: usize, houses: usize) -> (Player, usize) {
    if lane < houses {
        (Player::South, lane + 1)
    } else {
        (Player::North, 2 * houses - lane)
    }
}

/// The name of the house at `lane`, e.g. `b4`.
pub(crate) fn house_name(lane: usize, houses: usize) -> String {
    let (row, column) = house_of(lane, houses);
    let letter = if row == Player::South { 'a' } else { 'b' };
    format!("{letter}{column}")
}

/// For 8 byte lanes: bit `i` of the result set when lane `i` is at least 2
/// (has a bit other than bit 0).
#[inline]
fn at_least_two(word: u64) -> u32 {
    nonzero_bits(word & 0xFEFE_FEFE_FEFE_FEFE)
}

/// Sows the counters of lane `origin` (which holds at least 2) in
/// `direction`, then makes the captures for `mover` (see [`capture`]).
/// `skip_origin`: a sowing that laps the board leaves the origin out.
/// Returns the counters taken.
#[inline]
pub(crate) fn sow(
    board: &mut Board,
    houses: usize,
    skip_origin: bool,
    mover: Player,
    origin: usize,
    direction: usize,
) -> u32 {
    let (_, last) = spread(board, houses, skip_origin, origin, direction);
    capture(board, houses, mover, last, direction).1
}

/// Picks up the counters of lane `origin` and drops them one by one into
/// the following lanes in `direction`, lapping the board (and the origin,
/// unless `skip_origin`) as often as they reach. Returns the counters sown
/// and the lane of the last one.
///
/// Branch-free: `laps` whole laps (0 for most sowings) are one multiply-add
/// of a lap pattern, the rest one addition of a run.
#[inline]
pub(crate) fn spread(
    board: &mut Board,
    houses: usize,
    skip_origin: bool,
    origin: usize,
    direction: usize,
) -> (u32, usize) {
    let loop_len = 2 * houses;
    // The lanes one lap of the sowing visits.
    let cycle = loop_len - skip_origin as usize;
    let sown = board.get(origin);
    board.take(origin, sown);
    let (laps, rest) = laps_and_rest(sown, cycle);
    let size = size_index(houses);
    board.add_times(&LAP_PATTERNS[size][skip_origin as usize][origin], laps);
    board.add(&RUNS[size][direction][origin][rest]);
    // How far from the origin (in lanes, 1..=cycle) the last counter falls.
    let reach = if rest == 0 { cycle } else { rest };
    let last = if direction == ANTICLOCKWISE {
        let lane = origin + reach;
        if lane >= loop_len {
            lane - loop_len
        } else {
            lane
        }
    } else if reach > origin {
        origin + loop_len - reach
    } else {
        origin - reach
    };
    (sown as u32, last)
}

/// `DIVISIONS[cycle][sown]`: `sown / cycle` in the high byte, `sown % cycle`
/// in the low byte, for every lap length a board can have.
static DIVISIONS: [[u16; 256]; LANES + 1] = {
    let mut table = [[0u16; 256]; LANES + 1];
    let mut cycle = 1;
    while cycle <= LANES {
        let mut sown = 0;
        while sown < 256 {
            table[cycle][sown] = (((sown / cycle) << 8) | (sown % cycle)) as u16;
            sown += 1;
        }
        cycle += 1;
    }
    table
};

/// Whole laps and the counters left over, `(sown / cycle, sown % cycle)`,
/// by one table read instead of a division on the critical path.
#[inline]
fn laps_and_rest(sown: u8, cycle: usize) -> (u8, usize) {
    let entry = DIVISIONS[cycle][sown as usize];
    ((entry >> 8) as u8, (entry & 0xFF) as usize)
}

/// The captures after a sowing in `direction` whose last counter fell in
/// lane `last`: returns the emptied lanes (a bit each) and the counters taken.
///
/// docs/src/rules.md, checked against Ludii's games: if the last counter lands in an
/// opponent's house that now holds 2 or 4, it is taken, then the house
/// before it along the sowing, and so on, stopping at the first house that
/// is not an opponent's house holding 2 or 4. The chain therefore never
/// leaves the opponent's row (Ludii stops at the mover's own houses too),
/// and since the sowing entered that row at its end, every house the chain
/// walks back over was reached by this sowing, lap or not.
#[inline]
pub(crate) fn capture(
    board: &mut Board,
    houses: usize,
    mover: Player,
    last: usize,
    direction: usize,
) -> (u32, u32) {
    let opponent_first = if mover == Player::South { houses } else { 0 };
    let back = if direction == ANTICLOCKWISE {
        usize::MAX // wrapping -1
    } else {
        1
    };
    let mut lane = last;
    let mut captured = 0u32;
    let mut taken = 0u32;
    while lane.wrapping_sub(opponent_first) < houses {
        let count = board.get(lane);
        if count != 2 && count != 4 {
            break;
        }
        taken += count as u32;
        captured |= 1 << lane;
        board.take(lane, count);
        lane = lane.wrapping_add(back);
    }
    (captured, taken)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from_bytes(bytes: &[u8; LANES]) -> Board {
        (0..LANES).fold(Board::default(), |b, lane| b.with(lane, bytes[lane]))
    }

    #[test]
    fn lanes_read_back_what_was_written() {
        let mut bytes = [0u8; LANES];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = (i * 37 % 217) as u8;
        }
        let board = from_bytes(&bytes);
        for (lane, &b) in bytes.iter().enumerate() {
            assert_eq!(board.get(lane), b);
            assert_eq!(board.with(lane, 0).get(lane), 0);
            // Writing one lane leaves the others alone.
            for other in (0..LANES).filter(|&o| o != lane) {
                assert_eq!(board.with(lane, 255).get(other), bytes[other]);
            }
        }
    }

    #[test]
    fn movable_lanes_matches_a_plain_loop() {
        let mut bytes = [0u8; LANES];
        // Every value class that matters: 0, 1, 2, the 7-bit boundary, the maximum.
        let values = [0u8, 1, 2, 3, 127, 128, 129, 216, 254, 255];
        for seed in 0..2000u32 {
            for (i, lane) in bytes.iter_mut().enumerate() {
                let mix = seed.wrapping_mul(2654435761).rotate_left(i as u32 * 3) ^ i as u32;
                *lane = values[(mix % values.len() as u32) as usize];
            }
            let expected = bytes
                .iter()
                .enumerate()
                .fold(0u32, |m, (i, &c)| m | ((c >= 2) as u32) << i);
            assert_eq!(from_bytes(&bytes).movable_lanes(), expected, "{bytes:?}");
        }
    }

    #[test]
    fn move_slots_list_every_house_once_and_the_middle_twice() {
        for houses in [3usize, 5, 7, 9] {
            let middle = houses / 2;
            for mask in 0u32..1 << houses {
                let slots = move_slots(houses, mask);
                let listed: Vec<(usize, usize)> = (0..slots.len()).map(|k| slots.get(k)).collect();
                let mut expected = Vec::new();
                for j in (0..houses).filter(|j| mask >> j & 1 == 1) {
                    match j.cmp(&middle) {
                        std::cmp::Ordering::Less => expected.push((j, CLOCKWISE)),
                        std::cmp::Ordering::Equal => {
                            expected.push((j, CLOCKWISE));
                            expected.push((j, ANTICLOCKWISE));
                        }
                        std::cmp::Ordering::Greater => expected.push((j, ANTICLOCKWISE)),
                    }
                }
                assert_eq!(listed, expected, "houses {houses}, mask {mask:b}");
            }
        }
    }

    #[test]
    fn laps_and_rest_divide() {
        for cycle in 5..=LANES {
            for sown in 0..=255u8 {
                let expected = (sown as usize / cycle, sown as usize % cycle);
                let (laps, rest) = laps_and_rest(sown, cycle);
                assert_eq!((laps as usize, rest), expected, "{sown} / {cycle}");
            }
        }
    }

    #[test]
    fn runs_hold_r_counters_after_the_origin() {
        for houses in [3usize, 5, 7, 9] {
            let loop_len = 2 * houses;
            for dir in [CLOCKWISE, ANTICLOCKWISE] {
                let by_origin = &RUNS[size_index(houses)][dir];
                for (origin, by_r) in by_origin.iter().enumerate().take(loop_len) {
                    for (r, run) in by_r.iter().enumerate().take(loop_len) {
                        let total: usize = (0..LANES).map(|l| run.get(l) as usize).sum();
                        assert_eq!(total, r);
                        assert_eq!(run.get(origin), 0);
                        assert!((loop_len..LANES).all(|l| run.get(l) == 0));
                        if r > 0 {
                            let first = if dir == ANTICLOCKWISE {
                                (origin + 1) % loop_len
                            } else {
                                (origin + loop_len - 1) % loop_len
                            };
                            assert_eq!(run.get(first), 1);
                        }
                    }
                }
            }
        }
    }
}

//! Relay sowing on the packed circuits: one move's laps, captures and the
//! detection of sowings that never end.
//!
//! Everything is generic over the circuit length `N` (`2 * columns`), so
//! that for the full board every `% N` is a mask and every table index is
//! known to be in range. A lap of `s` seeds from origin `v` is one addition
//! of a precomputed word (one seed in each of the `s % N` holes after `v`)
//! plus `s / N` seeds in every hole.

use super::board::{capture_bits, circuit_bits, nonempty_mask, seeds_at, ONES};
use super::endless::Brent;
use super::rules::CaptureSowing;

/// Per-circuit-length constants.
pub(crate) struct Geometry<const N: usize>;

/// The most seeds in one hand: every seed of the board.
const MAX_HAND: usize = 64;

impl<const N: usize> Geometry<N> {
    /// `RANGE[v][r]`: one seed in each of the `r` holes after `v`, cyclically.
    const RANGE: [[u128; 16]; 16] = range_table(N);
    /// One seed in each of the circuit's `N` holes.
    const FULL: u128 = ONES >> (8 * (16 - N));
    /// `LAP[p][s]`: what a lap does to the circuit word when hole `p`
    /// holding `s` seeds is picked up and sown: minus `s` at `p`, plus one
    /// seed in each of the `s` following holes (wrapping past `p` when
    /// `s >= N`). Added with wrapping arithmetic: the true result has every
    /// byte in 0..=64, so the 128-bit sum is exact.
    const LAP: [[u128; MAX_HAND + 1]; 16] = lap_table(N);
    /// `SLEEP[l]`: moves one seed from hole `l` to the next hole.
    const SLEEP: [u128; 16] = sleep_table(N);
    /// `FACING_BYTES[i]`: the bytes of the opponent holes facing inner hole `i`.
    const FACING_BYTES: [u128; 16] = facing_table(N);
    /// `BYTE[i]`: the byte of hole `i`.
    const BYTE: [u128; 16] = byte_table();
}

const fn byte_table() -> [u128; 16] {
    let mut table = [0u128; 16];
    let mut i = 0;
    while i < 16 {
        table[i] = 0xffu128 << (8 * i);
        i += 1;
    }
    table
}

const fn facing_table(n: usize) -> [u128; 16] {
    let mut table = [0u128; 16];
    let mut i = 0;
    while i < n {
        table[i] = (0xffu128 << (8 * i)) | (0xffu128 << (8 * (n - 1 - i)));
        i += 1;
    }
    table
}

const fn range_table(n: usize) -> [[u128; 16]; 16] {
    let mut table = [[0u128; 16]; 16];
    let mut v = 0;
    while v < n {
        let mut r = 0;
        while r < n {
            let mut word = 0u128;
            let mut k = 1;
            while k <= r {
                word |= 1u128 << (8 * ((v + k) % n));
                k += 1;
            }
            table[v][r] = word;
            r += 1;
        }
        v += 1;
    }
    table
}

const fn lap_table(n: usize) -> [[u128; MAX_HAND + 1]; 16] {
    let mut table = [[0u128; MAX_HAND + 1]; 16];
    let mut p = 0;
    while p < n {
        let mut s = 0;
        while s <= MAX_HAND {
            let mut word = 0u128.wrapping_sub((s as u128) << (8 * p));
            let mut k = 1;
            while k <= s {
                word = word.wrapping_add(1u128 << (8 * ((p + k) % n)));
                k += 1;
            }
            table[p][s] = word;
            s += 1;
        }
        p += 1;
    }
    table
}

const fn sleep_table(n: usize) -> [u128; 16] {
    let mut table = [0u128; 16];
    let mut l = 0;
    while l < n {
        table[l] = (1u128 << (8 * ((l + 1) % n))).wrapping_sub(1u128 << (8 * l));
        l += 1;
    }
    table
}

/// Adds `hand` seeds sown one by one into the holes after `v` (the hole
/// `v` itself is not emptied: for capture sowings).
#[inline(always)]
fn sow_from<const N: usize>(word: u128, v: usize, hand: u32) -> u128 {
    let hand = hand as usize;
    let mut word = word.wrapping_add(Geometry::<N>::RANGE[v][hand % N]);
    if hand >= N {
        word = word.wrapping_add(Geometry::<N>::FULL * (hand / N) as u128);
    }
    word
}

/// What one move's sowing did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SowStats {
    /// Laps sown (the first sowing, each relay, each capture's re-sowing).
    pub(crate) laps: u64,
    /// Captures made.
    pub(crate) captures: u32,
    /// Opponent seeds taken by those captures.
    pub(crate) seeds_captured: u32,
}

/// How one move's sowing ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum SowEnd {
    /// A last seed fell into an empty hole and went to sleep.
    Finished,
    /// The move needed more than `lap_limit` laps: the board is the one
    /// after lap `lap_limit`.
    LapLimit,
    /// Exact detection proved the sowing cyclic with this cycle length in
    /// laps. The board is the cycle's first state if it was asked for,
    /// otherwise wherever the detection stopped.
    Cycle { length: u64 },
}

/// The options of one sowing.
#[derive(Copy, Clone, Debug)]
pub(crate) struct SowParams {
    /// The mover's inner-row bits.
    pub inner: u16,
    pub capture: CaptureSowing,
    /// Laps allowed (`u64::MAX` under exact detection).
    pub lap_limit: u64,
    /// Under exact detection: leave the board of the first repeated lap
    /// boundary (`endless_sowing=stop`) rather than stop at once.
    pub cut_at_cycle_start: bool,
}

/// Index of the last set bit of `mask` strictly before bit `l`, cyclically
/// (bits below `l` first, then from the top), or `None` if `mask` is empty.
#[inline(always)]
fn last_bit_before(mask: u16, l: usize) -> Option<usize> {
    let below = mask & ((1u32 << l) - 1) as u16;
    let pick = if below != 0 { below } else { mask };
    if pick == 0 {
        None
    } else {
        Some(15 - pick.leading_zeros() as usize)
    }
}

/// Where the sowing goes after a capture.
enum AfterCapture {
    /// The move is over (a seed went to sleep, or the lap limit was hit).
    End(SowEnd),
    /// The next lap boundary: hole `p` is about to be picked up.
    Relay(usize),
}

/// The sowing state shared by the main loop and the capture path.
#[derive(Copy, Clone)]
struct Sowing {
    /// The mover's circuit.
    m: u128,
    /// The opponent's circuit.
    t: u128,
    /// Inner holes whose facing holes both hold seeds.
    capturing: u16,
    stats: SowStats,
}

/// Carries out the capture triggered at `l` by the lap whose first seed
/// fell after `v`, and every capture that follows without a relay.
/// Takes and returns the state by value, so that the main loop keeps it in
/// registers.
#[inline(always)]
fn capture<const N: usize>(
    mut s: Sowing,
    mut v: usize,
    mut l: usize,
    params: &SowParams,
) -> (Sowing, AfterCapture) {
    loop {
        let at_l = seeds_at(s.m, l);
        let facing = N - 1 - l;
        let taken = seeds_at(s.t, l) + seeds_at(s.t, facing);
        s.t &= !Geometry::<N>::FACING_BYTES[l];
        s.stats.captures += 1;
        s.stats.seeds_captured += taken;
        s.capturing = capture_bits(s.t, N, params.inner);
        let hand = match params.capture {
            // Re-sow from the first hole of the capturing lap (v + 1).
            CaptureSowing::LapStart => at_l + taken,
            CaptureSowing::AfterCapture => {
                v = l;
                at_l + taken
            }
            CaptureSowing::Ludii => {
                let empty = !nonempty_mask(s.m) & circuit_bits(N);
                // The hole after the last empty one keeps its seeds; with
                // no empty hole the first seed falls into index 2.
                let dest = match last_bit_before(empty, l) {
                    Some(e) => (e + 1) % N,
                    None => 1,
                };
                s.m = sow_from::<N>(s.m, dest, taken);
                s.stats.laps += 1;
                if s.stats.laps >= params.lap_limit {
                    return (s, AfterCapture::End(SowEnd::LapLimit));
                }
                return (s, AfterCapture::Relay(l));
            }
        };
        s.m = sow_from::<N>(s.m & !Geometry::<N>::BYTE[l], v, hand);
        s.stats.laps += 1;
        l = (v + hand as usize) % N;
        if seeds_at(s.m, l) == 1 {
            s.m = s.m.wrapping_add(Geometry::<N>::SLEEP[l]);
            return (s, AfterCapture::End(SowEnd::Finished));
        }
        if s.stats.laps >= params.lap_limit {
            return (s, AfterCapture::End(SowEnd::LapLimit));
        }
        if s.capturing & (1 << l) == 0 {
            return (s, AfterCapture::Relay(l));
        }
    }
}

/// Plays the sowing of one move from `origin` (which holds at least two
/// seeds) on the mover's circuit `mine` against `theirs`.
///
/// With `EXACT`, lap boundaries are checked for a repeated state by
/// Brent's algorithm (restarted at every capture, since a cycle holds
/// none); otherwise the move is cut after `params.lap_limit` laps.
#[inline(always)]
pub(crate) fn sow_move<const N: usize, const EXACT: bool>(
    mine: &mut u128,
    theirs: &mut u128,
    origin: usize,
    params: SowParams,
) -> (SowEnd, SowStats) {
    let mut m = *mine;
    let mut laps = 0u64;
    let mut capturing = capture_bits(*theirs, N, params.inner);
    // Touched only by captures.
    let mut rest = Sowing {
        m,
        t: *theirs,
        capturing,
        stats: SowStats::default(),
    };
    let mut brent = Brent::new();
    let mut p = origin % N;
    let end = loop {
        // A lap boundary: the state is (m, p), with hole p about to be picked up.
        if EXACT {
            if let Some(length) = brent.observe(m, p, laps) {
                if params.cut_at_cycle_start {
                    let (board, at_laps) = brent.cycle_start(length, relay_lap::<N>);
                    m = board;
                    laps = at_laps;
                }
                break SowEnd::Cycle { length };
            }
        }
        let hand = (seeds_at(m, p) as usize).min(MAX_HAND);
        m = m.wrapping_add(Geometry::<N>::LAP[p & 15][hand]);
        laps += 1;
        let l = (p + hand) % N;
        if seeds_at(m, l) == 1 {
            // L was empty: the seed goes to sleep in the next hole.
            m = m.wrapping_add(Geometry::<N>::SLEEP[l]);
            break SowEnd::Finished;
        }
        if laps >= params.lap_limit {
            break SowEnd::LapLimit;
        }
        if capturing & (1 << l) == 0 {
            p = l;
            continue;
        }
        brent.restart();
        rest.m = m;
        rest.capturing = capturing;
        rest.stats.laps = laps;
        let (after, flow) = capture::<N>(rest, p, l, &params);
        rest = after;
        m = rest.m;
        capturing = rest.capturing;
        laps = rest.stats.laps;
        match flow {
            AfterCapture::End(end) => break end,
            AfterCapture::Relay(next) => p = next,
        }
    };
    *mine = m;
    *theirs = rest.t;
    rest.stats.laps = laps;
    (end, rest.stats)
}

/// One lap from the lap boundary `(board, p)` that neither ends the move
/// nor captures (true of every lap inside a cycle): the next boundary.
#[inline(always)]
pub(crate) fn relay_lap<const N: usize>(board: u128, p: usize) -> (u128, usize) {
    let hand = (seeds_at(board, p) as usize).min(MAX_HAND);
    let board = board.wrapping_add(Geometry::<N>::LAP[p][hand]);
    (board, (p + hand) % N)
}

/// Plays the opening from circuit hole `start`: `columns` times, move all
/// seeds of the hole into the next one and go two holes on.
///
/// The holes emptied are those of `start`'s parity and each pours into the
/// next hole, of the other parity, which no later transfer empties: so the
/// whole opening is one masked byte shift (with the last byte wrapping).
pub(crate) fn opening(word: u128, start: usize, columns: usize) -> u128 {
    let n = 2 * columns;
    let circuit = u128::MAX >> (8 * (16 - n));
    let even_bytes = u128::from_le_bytes([
        0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0,
    ]);
    let sources = if start & 1 == 0 {
        even_bytes
    } else {
        even_bytes << 8
    } & circuit;
    let moving = word & sources;
    let shifted = ((moving << 8) & circuit) | (moving >> (8 * (n - 1)));
    (word & !sources) + shifted
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::mangola::board::unit;

    #[test]
    fn lap_table_picks_up_and_sows() {
        // 3 seeds at hole 14 of 16: hole 14 loses 3, holes 15, 0, 1 gain one.
        let before = 3 * unit(14) + unit(0);
        let after = before.wrapping_add(Geometry::<16>::LAP[14][3]);
        assert_eq!(after, unit(15) + 2 * unit(0) + unit(1));
        // 17 seeds at hole 2 of 16: every hole gains one (hole 2 too), hole 3 two.
        let after = (17 * unit(2)).wrapping_add(Geometry::<16>::LAP[2][17]);
        assert_eq!(after, ONES + unit(3));
        // The sleeping seed moves from the last hole to the first.
        let after = unit(5).wrapping_add(Geometry::<6>::SLEEP[5]);
        assert_eq!(after, unit(0));
    }

    #[test]
    fn opening_shift_equals_transfer_by_transfer() {
        for columns in 2..=8 {
            let n = 2 * columns;
            let word = (0..n).fold(0u128, |w, i| w | ((i as u128 * 7 % 5) << (8 * i)));
            for start in 0..n {
                let mut expected = word;
                for k in 0..columns {
                    let h = (start + 2 * k) % n;
                    let seeds = (expected >> (8 * h)) & 0xff;
                    expected &= !(0xff << (8 * h));
                    expected += seeds << (8 * ((h + 1) % n));
                }
                assert_eq!(
                    opening(word, start, columns),
                    expected,
                    "{columns} columns, start {start}"
                );
            }
        }
    }

    #[test]
    fn range_table_wraps_around_the_circuit() {
        // From v = 14 on a 16-hole circuit, 3 seeds go to holes 15, 0, 1.
        let word = Geometry::<16>::RANGE[14][3];
        assert_eq!(word, unit(15) | unit(0) | unit(1));
        // On a 6-hole circuit, from v = 4, 5 seeds go to 5, 0, 1, 2, 3.
        let word = Geometry::<6>::RANGE[4][5];
        assert_eq!(word, unit(5) | unit(0) | unit(1) | unit(2) | unit(3));
        assert_eq!(Geometry::<6>::FULL, ONES >> 80);
    }

    #[test]
    fn last_bit_before_searches_backwards_cyclically() {
        assert_eq!(last_bit_before(0b1000_0000_0000_0101, 2), Some(0));
        assert_eq!(last_bit_before(0b1000_0000_0000_0101, 0), Some(15));
        assert_eq!(last_bit_before(0b0000_0000_0001_0000, 3), Some(4));
        assert_eq!(last_bit_before(0, 3), None);
    }
}

//! Board geometry and the packed representation of a circuit.
//!
//! Each player's circuit (`2 * columns` holes, at most 16) is one `u128`:
//! byte `i` holds the seeds of circuit hole `i`, counted from the start of
//! the circuit (`a1` for South, `c1` for North) in sowing order. Unused high
//! bytes (narrow boards) stay zero. No hole ever holds more than 64 seeds,
//! so byte-wise additions never carry and the SWAR tests below (`+ 0x7f`,
//! `+ 0x7e` per byte) never overflow a byte.
//!
//! Circuit index of a hole, with `c = columns` and `k` its column (1-based):
//! rows `a` and `c` hold indices `k - 1`, rows `b` and `d` hold `2c - k`.
//! An inner hole at index `i` faces the opponent's holes at indices `i`
//! (outer) and `2c - 1 - i` (inner).

use crate::game::Player;

/// One seed in each of the 16 bytes.
pub(crate) const ONES: u128 = u128::from_le_bytes([1; 16]);

/// The seeds of circuit hole `i`.
#[inline(always)]
pub(crate) fn seeds_at(word: u128, i: usize) -> u32 {
    // Pick the 64-bit half in registers (a conditional move), then shift.
    let half = if i < 8 {
        word as u64
    } else {
        (word >> 64) as u64
    };
    (half >> (8 * (i & 7))) as u8 as u32
}

/// One seed in circuit hole `i`.
#[cfg(test)]
pub(crate) fn unit(i: usize) -> u128 {
    1u128 << (8 * i)
}

/// Packs the top bit of each byte into a 16-bit mask (bit `i` = byte `i`).
#[inline(always)]
fn byte_top_bits(x: u128) -> u16 {
    // Multiplying the eight 0/1 bytes of a u64 by this constant gathers
    // bit 8i at bit 56 + i, without carries (all partial products differ).
    const GATHER: u64 = 0x0102_0408_1020_4080;
    const LOW_BITS: u64 = 0x0101_0101_0101_0101;
    let lo = ((x as u64 >> 7) & LOW_BITS).wrapping_mul(GATHER) >> 56;
    let hi = (((x >> 64) as u64 >> 7) & LOW_BITS).wrapping_mul(GATHER) >> 56;
    (lo | (hi << 8)) as u16
}

/// Bit `i` set iff circuit hole `i` holds at least one seed.
#[inline(always)]
pub(crate) fn nonempty_mask(word: u128) -> u16 {
    byte_top_bits(word.wrapping_add(ONES * 0x7f))
}

/// Bit `i` set iff circuit hole `i` holds at least two seeds.
#[inline(always)]
pub(crate) fn sowable_mask(word: u128) -> u16 {
    byte_top_bits(word.wrapping_add(ONES * 0x7e))
}

/// The bits of the circuit's `n` holes.
#[inline(always)]
pub(crate) const fn circuit_bits(n: usize) -> u16 {
    ((1u32 << n) - 1) as u16
}

/// Bit `i` set iff `i` is one of `player`'s inner-row circuit holes.
#[inline(always)]
pub(crate) const fn inner_bits(player: Player, columns: usize) -> u16 {
    let low = ((1u32 << columns) - 1) as u16;
    match player {
        // South's inner row b is the second half of his circuit (b8 .. b1).
        Player::South => low << columns,
        // North's inner row c is the first half (c1 .. c8).
        Player::North => low,
    }
}

/// The end holes (columns 1 and `columns` of both rows): circuit indices
/// 0, c - 1, c and 2c - 1, the same for both players.
#[inline(always)]
pub(crate) const fn end_hole_bits(columns: usize) -> u16 {
    (1 | (1 << (columns - 1)) | (1 << columns) | (1 << (2 * columns - 1))) as u16
}

/// The two opening start holes (the player's leftmost holes as he sees the
/// board): South a1 (index 0) and b1 (index 2c - 1); North d_c (index c)
/// and c_c (index c - 1).
#[inline(always)]
pub(crate) const fn opening_bits(player: Player, columns: usize) -> u16 {
    match player {
        Player::South => (1 | (1 << (2 * columns - 1))) as u16,
        Player::North => ((1 << columns) | (1 << (columns - 1))) as u16,
    }
}

/// Inner holes of the mover whose both facing opponent holes hold seeds:
/// where a lap ending on a non-empty hole captures. The opponent's holes
/// facing inner hole `i` are `i` and `n - 1 - i`: reversing the bytes of
/// the opponent's circuit lines the second up with the first.
#[inline(always)]
pub(crate) fn capture_bits(theirs: u128, n: usize, inner: u16) -> u16 {
    let mirrored = theirs.swap_bytes() >> (8 * (16 - n));
    // Top bit of each byte after `+ 0x7f`: the hole holds a seed.
    let both = theirs.wrapping_add(ONES * 0x7f) & mirrored.wrapping_add(ONES * 0x7f);
    byte_top_bits(both) & inner
}

/// `SET_BITS[b]`: the number of set bits of byte `b`.
const SET_BITS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u32).count_ones() as u8;
        b += 1;
    }
    table
};

/// `SELECT[b][k]`: the position of the `k`-th (0-based) set bit of byte `b`.
const SELECT: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if b & (1 << bit) != 0 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// The number of set bits of a 16-bit mask (by table: the baseline x86-64
/// target has no `popcnt` instruction).
#[inline(always)]
pub(crate) fn count_bits(bits: u16) -> u32 {
    u32::from(SET_BITS[(bits & 0xff) as usize]) + u32::from(SET_BITS[(bits >> 8) as usize])
}

/// The position of the `k`-th (0-based) set bit of `bits` (`k` below
/// [`count_bits`]): a table lookup in the right byte, without branches.
#[inline(always)]
pub(crate) fn nth_set_bit(bits: u16, k: u32) -> usize {
    let low = u32::from(SET_BITS[(bits & 0xff) as usize]);
    let in_high = k >= low;
    let byte = if in_high { bits >> 8 } else { bits & 0xff };
    let rank = if in_high { k - low } else { k };
    usize::from(SELECT[byte as usize][(rank & 7) as usize]) + 8 * usize::from(in_high)
}

/// Row letters, South's outer row first.
pub(crate) const ROW_LETTERS: [char; 4] = ['a', 'b', 'c', 'd'];

/// The owner and circuit index of the hole in `row` (0 = `a` .. 3 = `d`)
/// and `column` (1-based).
#[inline(always)]
pub(crate) fn circuit_of(row: usize, column: usize, columns: usize) -> (Player, usize) {
    let player = if row < 2 {
        Player::South
    } else {
        Player::North
    };
    let index = if row & 1 == 0 {
        column - 1
    } else {
        2 * columns - column
    };
    (player, index)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(bytes: &[u8]) -> u128 {
        let mut all = [0u8; 16];
        all[..bytes.len()].copy_from_slice(bytes);
        u128::from_le_bytes(all)
    }

    #[test]
    fn masks_match_byte_tests() {
        let bytes = [0, 1, 2, 3, 64, 0, 1, 17, 2, 0, 0, 5, 1, 1, 63, 4];
        let w = word(&bytes);
        let mut nonempty = 0u16;
        let mut sowable = 0u16;
        for (i, &b) in bytes.iter().enumerate() {
            nonempty |= u16::from(b >= 1) << i;
            sowable |= u16::from(b >= 2) << i;
        }
        assert_eq!(nonempty_mask(w), nonempty);
        assert_eq!(sowable_mask(w), sowable);
    }

    #[test]
    fn bit_selection_matches_a_scan() {
        for bits in 0..=u16::MAX {
            assert_eq!(count_bits(bits), bits.count_ones());
            let positions: Vec<usize> = (0..16).filter(|i| bits & (1 << i) != 0).collect();
            for (k, &position) in positions.iter().enumerate() {
                assert_eq!(nth_set_bit(bits, k as u32), position, "{bits:#b}, k = {k}");
            }
        }
    }

    #[test]
    fn circuit_index_follows_the_circuits() {
        // Spot checks against docs/src/rules.md: South a1..a8 b8..b1, North c1..c8 d8..d1.
        assert_eq!(circuit_of(1, 8, 8), (Player::South, 8));
        assert_eq!(circuit_of(1, 1, 8), (Player::South, 15));
        assert_eq!(circuit_of(3, 8, 8), (Player::North, 8));
        assert_eq!(circuit_of(2, 1, 8), (Player::North, 0));
    }

    #[test]
    fn capture_bits_need_both_facing_holes() {
        // North holds seeds only in c3 (index 2) and d3 (index 13): South's
        // b3 (index 13) faces both, so only it can capture.
        let north = word(&[0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
        let bits = capture_bits(north, 16, inner_bits(Player::South, 8));
        assert_eq!(bits, 1 << 13);
        // South holds a3 (index 2) and b3 (index 13): North's c3 (index 2) captures.
        let south = word(&[0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
        assert_eq!(
            capture_bits(south, 16, inner_bits(Player::North, 8)),
            1 << 2
        );
    }
}

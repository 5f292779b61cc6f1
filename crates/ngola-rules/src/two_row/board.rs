//! The packed two-row board of Kalah and Oware: one byte per pit in one
//! `u64` per row, and the whole-row bit tricks over it.
//!
//! Layout (both games, `n <= 8` pits per row): `rows[0]` is South's row,
//! `rows[1]` North's, each with its pits in the owner's sowing order, so
//! byte `j` is South's `a(j+1)` or North's `b(n-j)` (OpenSpiel's order
//! too). Byte `j` of one row faces byte `n-1-j` of the other. Every board
//! holds at most [`MAX_TOTAL_SEEDS`] seeds, so no byte can overflow and
//! whole-word additions never carry from one pit into the next. Shifts of
//! a `u64` by a variable amount are single instructions (those of a `u128`
//! are not), which is why the rows are two words rather than one.

use crate::game::Player;

/// The most seeds a Kalah or Oware position may hold (stores/scores
/// included), so that every count fits in one byte.
pub const MAX_TOTAL_SEEDS: u32 = 255;

/// `0x01` in each of the 8 bytes.
pub(crate) const ONES: u64 = u64::MAX / 0xFF;

/// The low `bytes` bytes set (`bytes` in 0..=8).
#[inline]
pub(crate) const fn row_mask(bytes: usize) -> u64 {
    if bytes >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * bytes)) - 1
    }
}

/// The count in byte `j` of `row` (`j < 8`).
#[inline]
pub(crate) fn byte_at(row: u64, j: usize) -> u8 {
    (row >> (8 * j)) as u8
}

/// The sum of all bytes of `row` (at most [`MAX_TOTAL_SEEDS`], so the
/// multiplication's partial sums never carry).
#[inline]
pub(crate) fn byte_sum(row: u64) -> u32 {
    (row.wrapping_mul(ONES) >> 56) as u32
}

/// Bit `i` set for every non-zero byte `i` of `row` (SWAR: no loop).
#[inline]
pub(crate) fn nonzero_bits(row: u64) -> u32 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // The high bit of each byte ends up set iff the byte is non-zero.
    let high = (((row & LOW7) + LOW7) | row) & !LOW7;
    // Gather bit 8i+7 to bit i: each product term lands in a distinct bit.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// `SELECT[bits][r]`: the index of the `r`-th (from 0) set bit of the
/// 8-bit mask `bits`. A table lookup instead of a loop, whose exit branch a
/// random `r` would make unpredictable.
static SELECT: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut r = 0;
        let mut i = 0;
        while i < 8 {
            if bits & (1 << i) != 0 {
                table[bits][r] = i as u8;
                r += 1;
            }
            i += 1;
        }
        bits += 1;
    }
    table
};

/// `COUNT[bits]`: the number of set bits of an 8-bit mask (a lookup: the
/// default x86-64 target has no `popcnt` instruction).
static COUNT: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut bits = 0;
    while bits < 256 {
        table[bits] = (bits as u32).count_ones() as u8;
        bits += 1;
    }
    table
};

/// The number of set bits of `bits`, an 8-bit mask.
#[inline]
pub(crate) fn count_bits(bits: u32) -> u32 {
    COUNT[(bits & 0xFF) as usize] as u32
}

/// The index of the `r`-th (from 0) set bit of `bits`, an 8-bit mask;
/// `r < bits.count_ones()`.
#[inline]
pub(crate) fn nth_set_bit(bits: u32, r: u32) -> u32 {
    SELECT[(bits & 0xFF) as usize][(r & 7) as usize] as u32
}

/// A 64-bit hash of the two rows and a few extra bytes (side, stores or
/// scores): rounds of the SplitMix64 finaliser. Not an incremental Zobrist
/// table; it costs a handful of multiplications per call.
#[inline]
pub(crate) fn hash_position(rows: [u64; 2], extra: u64) -> u64 {
    fn mix(mut x: u64) -> u64 {
        x ^= x >> 30;
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 27;
        x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    }
    let high = mix(rows[1] ^ mix(extra ^ 0x9E37_79B9_7F4A_7C15));
    mix(rows[0] ^ high)
}

/// The byte (within its owner's row) of pit `column` (1-based) of `side`.
#[inline]
pub(crate) fn column_index(side: Player, column: u8, n: usize) -> usize {
    match side {
        Player::South => column as usize - 1,
        Player::North => n - column as usize,
    }
}

/// The column (1-based) of byte `j` of `side`'s row.
#[inline]
pub(crate) fn index_column(side: Player, j: usize, n: usize) -> u8 {
    match side {
        Player::South => j as u8 + 1,
        Player::North => (n - j) as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonzero_bits_marks_exactly_the_nonzero_bytes() {
        // Bytes (low first): 0, 1, 0x80, 0, 0xFF, 0x7F, 0, 2.
        let row = 0x0200_7FFF_0080_0100u64;
        assert_eq!(nonzero_bits(row), 0b1011_0110);
        assert_eq!(nonzero_bits(0), 0);
        assert_eq!(nonzero_bits(u64::MAX), 0xFF);
    }

    #[test]
    fn byte_sum_adds_every_byte() {
        assert_eq!(byte_sum(0x0200_3F01_0040_0100), 2 + 0x3F + 1 + 0x40 + 1);
        assert_eq!(byte_sum(0xFF), 255);
        assert_eq!(byte_sum(0x0000_0000_0000_FF00), 255);
        assert_eq!(byte_sum(0), 0);
    }

    #[test]
    fn nth_set_bit_counts_from_the_lowest() {
        assert_eq!(nth_set_bit(0b1011_0110, 0), 1);
        assert_eq!(nth_set_bit(0b1011_0110, 2), 4);
        assert_eq!(nth_set_bit(0b1011_0110, 4), 7);
        for bits in 1u32..256 {
            assert_eq!(count_bits(bits), bits.count_ones());
            let mut rest = bits;
            for r in 0..bits.count_ones() {
                assert_eq!(nth_set_bit(bits, r), rest.trailing_zeros(), "{bits:b} {r}");
                rest &= rest - 1;
            }
        }
    }

    #[test]
    fn columns_and_bytes_map_both_ways_and_face_each_other() {
        for n in 1..=8 {
            for column in 1..=n as u8 {
                let a = column_index(Player::South, column, n);
                let b = column_index(Player::North, column, n);
                assert_eq!(a + b, n - 1, "a{column} faces b{column}");
                assert_eq!(index_column(Player::South, a, n), column);
                assert_eq!(index_column(Player::North, b, n), column);
            }
        }
    }
}

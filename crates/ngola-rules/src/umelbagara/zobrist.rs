//! Zobrist keys: one random 64-bit key per (house, count), per (side, taken
//! count) and for North to move, generated at compile time (splitmix64).

use super::board::{Board, LANES};

/// Counts a house or a side's taken pile can hold: at most 216 counters exist.
const COUNTS: usize = 256;

/// splitmix64's output for the `index`-th state: a fixed, well-mixed key.
const fn key(index: u64) -> u64 {
    let mut z = index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn house_keys() -> [[u64; COUNTS]; LANES] {
    let mut keys = [[0u64; COUNTS]; LANES];
    let mut lane = 0;
    while lane < LANES {
        // Count 0 keeps key 0, so empty houses (and unused lanes) hash to nothing.
        let mut count = 1;
        while count < COUNTS {
            keys[lane][count] = key((lane * COUNTS + count) as u64);
            count += 1;
        }
        lane += 1;
    }
    keys
}

const fn taken_keys() -> [[u64; COUNTS]; 2] {
    let mut keys = [[0u64; COUNTS]; 2];
    let mut side = 0;
    while side < 2 {
        let mut count = 1;
        while count < COUNTS {
            keys[side][count] = key(((LANES + side) * COUNTS + count) as u64);
            count += 1;
        }
        side += 1;
    }
    keys
}

static HOUSE_KEYS: [[u64; COUNTS]; LANES] = house_keys();
static TAKEN_KEYS: [[u64; COUNTS]; 2] = taken_keys();
const NORTH_TO_MOVE: u64 = key(((LANES + 2) * COUNTS) as u64);

/// The Zobrist hash of a board whose first `lanes` lanes are in use (the
/// others are empty, and count 0 hashes to nothing), the taken counts and
/// the side to move.
#[inline]
pub(crate) fn hash(board: &Board, lanes: usize, taken: [u8; 2], north_to_move: bool) -> u64 {
    let mut h = if north_to_move { NORTH_TO_MOVE } else { 0 };
    for (lane, keys) in HOUSE_KEYS.iter().enumerate().take(lanes) {
        h ^= keys[board.get(lane) as usize];
    }
    h ^ TAKEN_KEYS[0][taken[0] as usize] ^ TAKEN_KEYS[1][taken[1] as usize]
}

//! Precomputed Oware sowings, relative to the mover (his row, then the
//! opponent's), so both players share them. The origin house is skipped on
//! every lap, so a sowing of `n` seeds from house `o` drops
//! `(n - 1) / (2h - 1)` seeds into every other house (full laps) plus the
//! entry for `k = (n - 1) % (2h - 1)`: one seed into each of the `k + 1`
//! houses after `o`, which never reach `o` again. The entry also names the
//! last house.

use crate::two_row::lap::{lap, LastSlot};

/// One precomputed partial lap.
#[derive(Copy, Clone, Debug)]
pub(crate) struct SowStep {
    /// One seed (in its byte) for every house of the mover's row it reaches.
    pub own: u64,
    /// One seed for every house of the opponent's row it reaches.
    pub opp: u64,
    /// The byte of the last house within its row.
    pub last: u8,
    /// Whether the last house is in the opponent's row.
    pub last_in_opp: bool,
}

const fn table_len() -> usize {
    let mut total = 0;
    let mut h = 2;
    while h <= 8 {
        total += h * (2 * h - 1);
        h += 1;
    }
    total
}

const TABLE_LEN: usize = table_len();

/// `BASE[h]`: where the entries for `h` houses per row start.
const BASE: [usize; 9] = {
    let mut base = [0; 9];
    let mut h = 2;
    while h < 8 {
        base[h + 1] = base[h] + h * (2 * h - 1);
        h += 1;
    }
    base
};

static TABLE: [SowStep; TABLE_LEN] = {
    let empty = SowStep {
        own: 0,
        opp: 0,
        last: 0,
        last_in_opp: false,
    };
    let mut table = [empty; TABLE_LEN];
    let mut index = 0;
    let mut h = 2;
    while h <= 8 {
        // The circuit: the mover's houses, then the opponent's (no store).
        let slots = 2 * h;
        let mut origin = 0;
        while origin < h {
            let mut k = 0;
            while k < slots - 1 {
                let lap = lap(h, false, origin, k);
                let (last, last_in_opp) = match lap.last {
                    LastSlot::Own(byte) => (byte, false),
                    LastSlot::Opponent(byte) => (byte, true),
                    // No store in the circuit.
                    LastSlot::Store => (0, false),
                };
                table[index] = SowStep {
                    own: lap.own,
                    opp: lap.opp,
                    last,
                    last_in_opp,
                };
                index += 1;
                k += 1;
            }
            origin += 1;
        }
        h += 1;
    }
    table
};

/// The partial lap of `k + 1` seeds from the mover's house at byte `origin`
/// of his row, on a board of `h` houses per row (`k < 2h - 1`).
#[inline]
pub(crate) fn step(h: usize, origin: usize, k: usize) -> &'static SowStep {
    &TABLE[BASE[h] + origin * (2 * h - 1) + k]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_addressed_once_and_holds_its_seeds() {
        let mut addressed = vec![0; TABLE_LEN];
        for h in 2..=8 {
            for origin in 0..h {
                for k in 0..2 * h - 1 {
                    addressed[BASE[h] + origin * (2 * h - 1) + k] += 1;
                    let s = step(h, origin, k);
                    let seeds = s
                        .own
                        .to_le_bytes()
                        .iter()
                        .chain(&s.opp.to_le_bytes())
                        .map(|&b| b as usize)
                        .sum::<usize>();
                    assert_eq!(seeds, k + 1, "h {h}, origin {origin}, k {k}");
                    // The seeds land on the k + 1 slots after the origin.
                    let last = (origin + k + 1) % (2 * h);
                    assert_eq!((s.last_in_opp, s.last as usize), (last >= h, last % h));
                }
            }
        }
        assert!(addressed.iter().all(|&n| n == 1));
    }

    #[test]
    fn longest_partial_lap_fills_every_house_but_the_origin() {
        for h in 2..=8 {
            let row = (0..h).fold(0u64, |acc, b| acc | 1 << (8 * b));
            for origin in 0..h {
                let s = step(h, origin, 2 * h - 2);
                assert_eq!(s.own, row & !(0xFF << (8 * origin)));
                assert_eq!(s.opp, row);
                // The last seed falls just before the origin.
                let before = (origin + 2 * h - 1) % (2 * h);
                assert_eq!((s.last_in_opp, s.last as usize), (before >= h, before % h));
            }
        }
    }
}

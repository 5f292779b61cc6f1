//! Precomputed Kalah sowings: one table entry per (board width, origin pit,
//! number of seeds modulo a lap) gives the seeds each pit and the store
//! receive as one addition per row, and where the last seed lands. Entries
//! are relative to the mover (his row, his store, the opponent's row), so
//! both players share them.
//!
//! The mover's circuit has `2p + 1` slots (his `p` pits, his store, the
//! opponent's `p` pits; the opponent's store is skipped). Sowing `n` seeds
//! from a pit drops `(n - 1) / (2p + 1)` seeds into every slot (full laps,
//! the emptied origin included, as OpenSpiel does) plus the entry for
//! `k = (n - 1) % (2p + 1)`: one seed into each of the `k + 1` slots after
//! the origin.

use crate::two_row::lap::{lap, LastSlot};

/// Where the last seed of a sowing fell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum LastSeed {
    /// One of the mover's own pits (a capture may follow).
    OwnPit,
    /// The mover's store (he moves again).
    OwnStore,
    /// One of the opponent's pits.
    OpponentPit,
}

/// One precomputed partial lap.
#[derive(Copy, Clone, Debug)]
pub(crate) struct SowStep {
    /// One seed (in its byte) for every pit of the mover's row it reaches.
    pub own: u64,
    /// One seed for every pit of the opponent's row it reaches.
    pub opp: u64,
    /// 1 if the partial lap passes the mover's store, else 0.
    pub store: u8,
    /// The byte of the last pit within its row (0 when `kind` is `OwnStore`).
    pub last: u8,
    /// Where the last seed fell.
    pub kind: LastSeed,
}

const fn table_len() -> usize {
    let mut total = 0;
    let mut p = 1;
    while p <= 8 {
        total += p * (2 * p + 1);
        p += 1;
    }
    total
}

const TABLE_LEN: usize = table_len();

/// `BASE[p]`: where the entries for `p` pits per row start.
const BASE: [usize; 9] = {
    let mut base = [0; 9];
    let mut p = 1;
    while p < 8 {
        base[p + 1] = base[p] + p * (2 * p + 1);
        p += 1;
    }
    base
};

static TABLE: [SowStep; TABLE_LEN] = {
    let empty = SowStep {
        own: 0,
        opp: 0,
        store: 0,
        last: 0,
        kind: LastSeed::OpponentPit,
    };
    let mut table = [empty; TABLE_LEN];
    let mut index = 0;
    let mut p = 1;
    while p <= 8 {
        // The circuit: the mover's pits, his store, the opponent's pits.
        let len = 2 * p + 1;
        let mut origin = 0;
        while origin < p {
            let mut k = 0;
            while k < len {
                let lap = lap(p, true, origin, k);
                let (last, kind) = match lap.last {
                    LastSlot::Own(byte) => (byte, LastSeed::OwnPit),
                    LastSlot::Store => (0, LastSeed::OwnStore),
                    LastSlot::Opponent(byte) => (byte, LastSeed::OpponentPit),
                };
                table[index] = SowStep {
                    own: lap.own,
                    opp: lap.opp,
                    store: lap.store,
                    last,
                    kind,
                };
                index += 1;
                k += 1;
            }
            origin += 1;
        }
        p += 1;
    }
    table
};

/// The partial lap of `k + 1` seeds from the mover's pit at byte `origin`
/// of his row, on a board of `p` pits per row (`k < 2p + 1`).
#[inline]
pub(crate) fn step(p: usize, origin: usize, k: usize) -> &'static SowStep {
    &TABLE[BASE[p] + origin * (2 * p + 1) + k]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_addressed_once_and_holds_its_seeds() {
        let mut addressed = vec![0; TABLE_LEN];
        for p in 1..=8 {
            for origin in 0..p {
                for k in 0..2 * p + 1 {
                    addressed[BASE[p] + origin * (2 * p + 1) + k] += 1;
                    let s = step(p, origin, k);
                    let seeds = s
                        .own
                        .to_le_bytes()
                        .iter()
                        .chain(&s.opp.to_le_bytes())
                        .map(|&b| b as usize)
                        .sum::<usize>()
                        + s.store as usize;
                    assert_eq!(seeds, k + 1, "p {p}, origin {origin}, k {k}");
                    // Slots after the origin: own pits, the store, then the
                    // opponent's pits.
                    let last = (origin + k + 1) % (2 * p + 1);
                    let expected = if last < p {
                        (LastSeed::OwnPit, last)
                    } else if last == p {
                        (LastSeed::OwnStore, 0)
                    } else {
                        (LastSeed::OpponentPit, last - p - 1)
                    };
                    assert_eq!(
                        (s.kind, s.last as usize),
                        expected,
                        "p {p}, origin {origin}, k {k}"
                    );
                }
            }
        }
        assert!(addressed.iter().all(|&n| n == 1));
    }

    #[test]
    fn full_lap_reaches_every_slot_once_and_ends_on_the_origin() {
        // A whole lap (k + 1 = 2p + 1 seeds) drops one seed in every pit and
        // the store, and the last seed falls back into the emptied origin.
        for p in 1..=8 {
            let every_pit = (0..p).fold(0u64, |acc, b| acc | 1 << (8 * b));
            for origin in 0..p {
                let s = step(p, origin, 2 * p);
                assert_eq!((s.own, s.opp, s.store), (every_pit, every_pit, 1));
                assert_eq!(s.kind, LastSeed::OwnPit);
                assert_eq!(s.last as usize, origin);
            }
        }
    }

    #[test]
    fn seeds_reaching_the_store_exactly_give_an_extra_turn() {
        // The 4th pit of 6 (byte 3) is 3 steps from the store: bytes 4, 5, store.
        let s = step(6, 3, 2);
        assert_eq!(s.kind, LastSeed::OwnStore);
        assert_eq!((s.own, s.opp, s.store), ((1 << 32) | (1 << 40), 0, 1));
        // One more seed lands in the opponent's first pit (his byte 0).
        let s = step(6, 3, 3);
        assert_eq!((s.kind, s.last, s.opp), (LastSeed::OpponentPit, 0, 1));
    }
}

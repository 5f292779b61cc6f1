//! The partial laps both two-row games precompute: from a pit of the
//! mover's row, `k + 1` seeds one by one round the mover's circuit (his
//! row, his store if the game has one, the opponent's row), as one seed per
//! byte of each row, so that a sowing is one addition per row. Kalah's and
//! Oware's tables are built from [`lap`] and differ only in their circuit
//! and in how they name where the last seed fell.

/// One partial lap, relative to the mover.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Lap {
    /// One seed (in its byte) for every pit of the mover's row it reaches.
    pub own: u64,
    /// One seed for every pit of the opponent's row it reaches.
    pub opp: u64,
    /// 1 if it passes the mover's store (games with stores), else 0.
    pub store: u8,
    /// Where the last seed fell.
    pub last: LastSlot,
}

/// Where a lap's last seed fell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum LastSlot {
    /// The mover's pit at this byte of his row.
    Own(u8),
    /// The mover's store.
    Store,
    /// The opponent's pit at this byte of his row.
    Opponent(u8),
}

/// The lap of `k + 1` seeds from the mover's pit `origin` on a board of
/// `width` pits per row: the circuit is the mover's `width` pits, then his
/// store when `store` is true, then the opponent's `width` pits.
pub(crate) const fn lap(width: usize, store: bool, origin: usize, k: usize) -> Lap {
    let store_slots = if store { 1 } else { 0 };
    let len = 2 * width + store_slots;
    let mut lap = Lap {
        own: 0,
        opp: 0,
        store: 0,
        last: LastSlot::Store,
    };
    let mut slot = origin;
    let mut seed = 0;
    while seed <= k {
        slot = (slot + 1) % len;
        if slot < width {
            lap.own += 1 << (8 * slot);
            lap.last = LastSlot::Own(slot as u8);
        } else if slot < width + store_slots {
            lap.store += 1;
            lap.last = LastSlot::Store;
        } else {
            let byte = slot - width - store_slots;
            lap.opp += 1 << (8 * byte);
            lap.last = LastSlot::Opponent(byte as u8);
        }
        seed += 1;
    }
    lap
}

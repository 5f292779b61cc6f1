//! Exact detection of sowings that never end (`lap_limit=0`).
//!
//! The state at a lap boundary is the mover's circuit and the hole about to
//! be picked up (the opponent's side only changes by captures, and a cycle
//! holds none, since every capture takes opponent seeds for good). Brent's
//! algorithm finds a repeated state in bounded memory: it keeps one saved
//! state (the tortoise) and compares every new boundary with it, saving a
//! new one each time the distance since the last save reaches a power of
//! two. The search restarts after every capture.

/// One lap boundary: the mover's circuit and the hole about to be picked up.
type State = (u128, usize);

/// Brent's cycle finder over the lap boundaries of one move.
#[derive(Clone, Debug)]
pub(crate) struct Brent {
    tortoise: State,
    /// The first boundary since the move started or the last capture.
    segment_start: State,
    /// Laps sown before `segment_start`.
    segment_laps: u64,
    power: u64,
    distance: u64,
    restart_pending: bool,
}

impl Brent {
    /// A finder that starts at the next boundary it observes.
    #[inline(always)]
    pub(crate) fn new() -> Brent {
        Brent {
            tortoise: (0, 0),
            segment_start: (0, 0),
            segment_laps: 0,
            power: 1,
            distance: 0,
            restart_pending: true,
        }
    }

    /// Forgets the boundaries seen so far (after a capture).
    #[inline(always)]
    pub(crate) fn restart(&mut self) {
        self.restart_pending = true;
    }

    /// Records the boundary `(board, pick)` reached after `laps` laps.
    /// Returns the cycle length when this boundary repeats an earlier one.
    #[inline(always)]
    pub(crate) fn observe(&mut self, board: u128, pick: usize, laps: u64) -> Option<u64> {
        let state = (board, pick);
        if self.restart_pending {
            self.restart_pending = false;
            self.tortoise = state;
            self.segment_start = state;
            self.segment_laps = laps;
            self.power = 1;
            self.distance = 0;
            return None;
        }
        self.distance += 1;
        if state == self.tortoise {
            return Some(self.distance);
        }
        if self.distance == self.power {
            self.tortoise = state;
            self.power *= 2;
            self.distance = 0;
        }
        None
    }

    /// The first boundary of the cycle (the first one the sowing reaches
    /// again) and the laps sown before it, given the cycle `length`: walk
    /// two copies `length` laps apart from the segment start until they meet.
    /// `lap` sows one lap from a boundary (the sowing's own, passed in so
    /// that this finder stands below the sowing that uses it).
    pub(crate) fn cycle_start(
        &self,
        length: u64,
        lap: impl Fn(u128, usize) -> State,
    ) -> (u128, u64) {
        let mut ahead = self.segment_start;
        for _ in 0..length {
            ahead = lap(ahead.0, ahead.1);
        }
        let mut behind = self.segment_start;
        let mut laps = self.segment_laps;
        while behind != ahead {
            behind = lap(behind.0, behind.1);
            ahead = lap(ahead.0, ahead.1);
            laps += 1;
        }
        (behind.0, laps)
    }
}

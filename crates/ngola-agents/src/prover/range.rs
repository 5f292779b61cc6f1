//! The plies at which a proof or disproof holds (see the module
//! documentation of [`super`], "Where a result may be reused").

/// Stands for "no upper end".
pub const OPEN: u32 = u32::MAX;

/// An interval of plies `lo..=hi` (`hi == OPEN`: no upper end) at which a
/// position's proof or disproof holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlyRange {
    /// The first ply at which the result holds.
    pub lo: u32,
    /// The last ply at which it holds, or [`OPEN`].
    pub hi: u32,
}

impl PlyRange {
    /// Every ply.
    pub const ALL: PlyRange = PlyRange { lo: 0, hi: OPEN };

    /// From `lo` on.
    pub fn from(lo: u32) -> PlyRange {
        PlyRange { lo, hi: OPEN }
    }

    /// Whether the result holds at `ply`.
    #[inline]
    pub fn contains(&self, ply: u32) -> bool {
        self.lo <= ply && ply <= self.hi
    }

    /// The plies of a parent whose child, one ply later, holds at `self`.
    #[inline]
    pub fn parent(self) -> PlyRange {
        PlyRange {
            lo: self.lo.saturating_sub(1),
            hi: if self.hi == OPEN {
                OPEN
            } else {
                self.hi.saturating_sub(1)
            },
        }
    }

    /// The plies in both.
    #[inline]
    pub fn meet(self, other: PlyRange) -> PlyRange {
        PlyRange {
            lo: self.lo.max(other.lo),
            hi: self.hi.min(other.hi),
        }
    }

    /// The plies at which a position still moves: before `cap` (the first
    /// ply at which the cap ends the game), or every ply without one.
    #[inline]
    pub fn before_cap(cap: Option<u32>) -> PlyRange {
        match cap {
            Some(cap) => PlyRange {
                lo: 0,
                hi: cap.saturating_sub(1),
            },
            None => PlyRange::ALL,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parent_shifts_down_and_keeps_open_ends() {
        assert_eq!(
            PlyRange { lo: 5, hi: 9 }.parent(),
            PlyRange { lo: 4, hi: 8 }
        );
        assert_eq!(PlyRange::from(0).parent(), PlyRange::ALL);
        assert_eq!(PlyRange::from(7).parent(), PlyRange::from(6));
    }

    #[test]
    fn meet_and_contains() {
        let r = PlyRange::from(3).meet(PlyRange::before_cap(Some(10)));
        assert_eq!(r, PlyRange { lo: 3, hi: 9 });
        assert!(r.contains(3) && r.contains(9) && !r.contains(10) && !r.contains(2));
        assert_eq!(PlyRange::before_cap(None), PlyRange::ALL);
    }
}

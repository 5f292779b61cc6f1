//! Moves as text, space-separated: plainly ([`moves_text`]) and fast for
//! every game of a run ([`MoveTexts`]).

use std::fmt::Write as _;
use std::hash::{Hash, Hasher};

/// Moves as text, space-separated.
pub fn moves_text<M: std::fmt::Display>(moves: &[M]) -> String {
    let mut text = String::with_capacity(4 * moves.len());
    for (i, mv) in moves.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        // Writing into a String cannot fail.
        let _ = write!(text, "{mv}");
    }
    text
}

/// Writes moves as text quickly: each distinct move is formatted once (by
/// its `Display`) and its text remembered in a small direct-mapped table,
/// so that a game's moves cost a table lookup each, not a formatter call.
/// The text is the same as [`moves_text`]'s.
pub struct MoveTexts<M> {
    slots: Vec<Option<(M, String)>>,
}

/// The slots of [`MoveTexts`]' table.
const MOVE_SLOTS: usize = 256;

/// A small multiplicative hash (moves are a few bytes).
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl<M: Copy + Eq + Hash + std::fmt::Display> Default for MoveTexts<M> {
    fn default() -> Self {
        MoveTexts {
            slots: vec![None; MOVE_SLOTS],
        }
    }
}

impl<M: Copy + Eq + Hash + std::fmt::Display> MoveTexts<M> {
    /// Appends the moves' texts, space-separated, to `out`.
    pub fn write(&mut self, moves: &[M], out: &mut String) {
        out.reserve(4 * moves.len());
        for (i, &mv) in moves.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            self.push(mv, out);
        }
    }

    fn push(&mut self, mv: M, out: &mut String) {
        let mut hasher = MoveHasher(0);
        mv.hash(&mut hasher);
        let slot = (hasher.finish() >> 56) as usize % MOVE_SLOTS;
        match &self.slots[slot] {
            Some((known, text)) if *known == mv => out.push_str(text),
            _ => {
                let text = mv.to_string();
                out.push_str(&text);
                self.slots[slot] = Some((mv, text));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembered_move_texts_are_the_formatted_ones() {
        // More distinct moves than slots, so slots are shared and replaced.
        let moves: Vec<u32> = (0..2000).map(|i| (i * 7919) % 1000).collect();
        let mut texts = MoveTexts::default();
        for _ in 0..2 {
            let mut out = String::from("x");
            texts.write(&moves, &mut out);
            assert_eq!(out, format!("x{}", moves_text(&moves)));
        }
        let mut out = String::new();
        texts.write(&[] as &[u32], &mut out);
        assert!(out.is_empty());
    }
}

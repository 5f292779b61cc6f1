//! Keys of texts: positions and games are compared by a 128-bit key of
//! their text.

use ngola_rules::Game;

/// A 128-bit key of a text: positions and games are compared by it.
pub fn text_key(text: &str) -> u128 {
    texts_key(&[text])
}

/// A 128-bit key of a sequence of texts (each ended by its length, so
/// that `["a", "b"]` and `["ab", ""]` differ): two 64-bit lanes, each
/// multiplying in the text eight bytes at a time with its own constants,
/// mixed at the end with MurmurHash3's finaliser. Fast (it runs on every
/// game of a run), fixed (no hasher of the standard library, whose output
/// may change between Rust versions), and not meant to resist an
/// adversary: it tells apart the games and positions of a run.
pub fn texts_key(texts: &[&str]) -> u128 {
    const K1: u64 = 0x9e37_79b9_7f4a_7c15;
    const K2: u64 = 0xc2b2_ae3d_27d4_eb4f;
    let mut a: u64 = 0x243f_6a88_85a3_08d3;
    let mut b: u64 = 0x1319_8a2e_0370_7344;
    let mut eat = |word: u64| {
        a = (a ^ word).wrapping_mul(K1).rotate_left(31);
        b = (b ^ word.rotate_left(17)).wrapping_mul(K2).rotate_left(29);
    };
    for text in texts {
        let bytes = text.as_bytes();
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            eat(u64::from_le_bytes(word));
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        eat(u64::from_le_bytes(last));
        eat(bytes.len() as u64);
    }
    let fmix = |mut h: u64| {
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    };
    let (a, b) = (fmix(a ^ b.rotate_left(32)), fmix(b ^ a));
    (u128::from(a) << 64) | u128::from(b)
}

/// The key of a position (of its text).
pub fn position_key<G: Game>(game: &G) -> u128 {
    text_key(&game.to_string())
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn text_keys_tell_texts_apart() {
        assert_eq!(text_key("a1 b2"), text_key("a1 b2"));
        assert_ne!(text_key("a1 b2"), text_key("a1 b3"));
        assert_ne!(text_key(""), text_key(" "));
        assert_ne!(texts_key(&["a", "b"]), texts_key(&["ab", ""]));
        assert_ne!(text_key("12345678"), text_key("12345678\0"));
        let keys: HashSet<u128> = (0..100_000).map(|i| text_key(&i.to_string())).collect();
        assert_eq!(keys.len(), 100_000);
    }
}

//! The `games_row` fuzz target: `ngola_fuzz::targets::games_row`, under libFuzzer.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ngola_fuzz::targets::games_row::fuzz(data));

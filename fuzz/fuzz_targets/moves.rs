//! The `moves` fuzz target: `ngola_fuzz::targets::moves`, under libFuzzer.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ngola_fuzz::targets::moves::fuzz(data));

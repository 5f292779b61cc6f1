//! The `position` fuzz target: `ngola_fuzz::targets::position`, under libFuzzer.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ngola_fuzz::targets::position::fuzz(data));

//! The `ugi` fuzz target: `ngola_fuzz::targets::ugi`, under libFuzzer.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ngola_fuzz::targets::ugi::fuzz(data));

//! The `suite` fuzz target: `ngola_fuzz::targets::suite`, under libFuzzer.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ngola_fuzz::targets::suite::fuzz(data));

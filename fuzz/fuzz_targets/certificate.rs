//! The `certificate` fuzz target: `ngola_fuzz::targets::certificate`, under libFuzzer.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ngola_fuzz::targets::certificate::fuzz(data));

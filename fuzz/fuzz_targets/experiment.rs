//! The `experiment` fuzz target: `ngola_fuzz::targets::experiment`, under libFuzzer.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ngola_fuzz::targets::experiment::fuzz(data));

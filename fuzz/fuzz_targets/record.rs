//! The `record` fuzz target: `ngola_fuzz::targets::record`, under libFuzzer.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ngola_fuzz::targets::record::fuzz(data));

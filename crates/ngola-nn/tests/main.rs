//! The integration tests of `ngola-nn`, built as one binary (one link of
//! the crate and its dependencies instead of one per file); each module
//! is a file of `tests/`. Run one module with
//! `cargo test -p ngola-nn --test integration MODULE::`.

mod encode;
mod network;
mod trainer;

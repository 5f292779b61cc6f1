//! The integration tests of `ngola-tablebase`, built as one binary (one link of
//! the crate and its dependencies instead of one per file); each module
//! is a file of `tests/`. Run one module with
//! `cargo test -p ngola-tablebase --test integration MODULE::`.

mod common;

mod agree;
mod canonical;
mod files;

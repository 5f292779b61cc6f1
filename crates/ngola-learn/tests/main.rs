//! The integration tests of `ngola-learn`, built as one binary (one link of
//! the crate and its dependencies instead of one per file); each module
//! is a file of `tests/`. Run one module with
//! `cargo test -p ngola-learn --test integration MODULE::`.

mod selfplay;
mod train;
mod vector;

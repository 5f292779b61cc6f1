//! The integration tests of `ngola-study`, built as one binary (one link of
//! the crate and its dependencies instead of one per file); each module
//! is a file of `tests/`. Run one module with
//! `cargo test -p ngola-study --test integration MODULE::`.

mod first_player_study;
mod random_play;

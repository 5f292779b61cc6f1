//! The integration tests of `ngola-arena`, built as one binary (one link of
//! the crate and its dependencies instead of one per file); each module
//! is a file of `tests/`. Run one module with
//! `cargo test -p ngola-arena --test integration MODULE::`.

mod games_replay;
mod stats_as_before;
mod stats_by_hand;
mod tablebase_agents;

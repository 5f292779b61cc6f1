//! The integration tests of `ngola-agents`, built as one binary (one link of
//! the crate and its dependencies instead of one per file); each module
//! is a file of `tests/`. Run one module with
//! `cargo test -p ngola-agents --test integration MODULE::`.

mod common;

mod clock_budgets;
mod limits;
mod network;
mod prove_certificates;
mod prove_games;
mod prove_toys;
mod random_agent;
mod solve_games;
mod solve_kalah;
mod spec;
mod strength;
mod swap_agents;
mod tablebase;
mod tables;
mod toys;

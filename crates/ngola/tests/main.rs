//! The integration tests of `ngola`, built as one binary (one link of
//! the crate and its dependencies instead of one per file); each module
//! is a file of `tests/`. Run one module with
//! `cargo test -p ngola --test integration MODULE::`.

mod common;

mod architecture;
mod chances_cli;
mod clocked_agents;
mod docs_commands;
mod endless_rules;
mod engine_faults;
mod engine_games;
mod engine_tournament;
mod engine_ugi;
mod first_run;
mod folder_safety;
mod games_archive;
mod import_circles;
mod memory_limits;
mod opening_suites;
mod play_cli;
mod plot_tournament;
mod prove_cli;
mod prove_tablebase;
mod render_svg;
mod solve_moves;
mod stdout_errors;
mod study_cli;
mod study_reports;
mod tablebase_cli;
mod tournament_adjudicate;
mod tournament_cli;
mod tournament_games;
mod tournament_resume;
mod train_cli;
mod trusted_files;

//! One module per subcommand.
//!
//! The doc comments on the argument structs are the program's `--help`
//! text, written for a terminal in clap's conventions (`[default: ...]`,
//! `<NAME>`), not rustdoc markup; the transcript tests check that text.
#![allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]

pub mod bench;
pub mod bench_engine;
pub mod bench_search;
pub mod chances;
pub mod engine;
pub mod merge;
pub mod openings;
pub mod perft;
pub mod play;
pub mod plot;
pub mod prove;
pub mod render;
pub mod replay;
pub mod report;
pub mod run_game;
pub mod solve;
pub mod study;
pub mod tablebase;
pub mod tournament;
pub mod train;

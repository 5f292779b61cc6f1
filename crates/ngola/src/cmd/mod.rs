//! One module per subcommand.

pub mod bench;
pub mod bench_engine;
pub mod bench_search;
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

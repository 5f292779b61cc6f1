//! The fuzz targets' checks, one module a format. Each `fuzz` takes one
//! input and panics when a property fails; the binaries of `fuzz_targets/`
//! hand them libFuzzer's inputs, and the package's test runs them over the
//! seed inputs (`fuzz/seeds.py`) and `fuzz/regressions/` as ordinary tests.

pub mod certificate;
pub mod experiment;
pub mod games_row;
pub mod moves;
pub mod position;
pub mod record;
pub mod suite;
pub mod ugi;

/// A target's check of one input.
pub type Check = fn(&[u8]);

/// Every target: its name (as in `fuzz/Cargo.toml`) and its check.
pub const ALL: [(&str, Check); 8] = [
    ("position", position::fuzz),
    ("moves", moves::fuzz),
    ("record", record::fuzz),
    ("games_row", games_row::fuzz),
    ("experiment", experiment::fuzz),
    ("suite", suite::fuzz),
    ("ugi", ugi::fuzz),
    ("certificate", certificate::fuzz),
];

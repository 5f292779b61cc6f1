//! The integration tests of `ngola-viz`, built as one binary (one link of
//! the crate and its dependencies instead of one per file); each module
//! is a file of `tests/`. Run one module with
//! `cargo test -p ngola-viz --test integration MODULE::`.

mod raster;
mod svg_xml;

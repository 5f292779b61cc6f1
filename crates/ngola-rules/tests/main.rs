//! The integration tests of `ngola-rules`, built as one binary (one link of
//! the crate and its dependencies instead of one per file); each module
//! is a file of `tests/`. Run one module with
//! `cargo test -p ngola-rules --test integration MODULE::`.

mod common;

mod batch_playouts;
mod kalah_property;
mod kalah_rules;
mod mangola_ludii;
mod mangola_no_hang;
mod mangola_perft;
mod mangola_reference;
mod mangola_rules;
mod openspiel;
mod oware_property;
mod oware_rules;
mod ply_limits;
mod reference_text;
mod swap_rule;
mod umelbagara_ludii;
mod umelbagara_perft;
mod umelbagara_properties;
mod umelbagara_rules;

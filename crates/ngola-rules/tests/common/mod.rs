//! Helpers shared by the test modules.

pub mod fixtures;
pub mod property;

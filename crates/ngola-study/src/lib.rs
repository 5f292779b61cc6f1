//! Studies: sweeps over agents and rule variants whose cells are ordinary
//! run folders, the measures of a game computed from their `games.csv`
//! ([`measures`]), and reports generated from those numbers.

pub mod error;
pub mod measures;

pub use error::StudyError;
pub use measures::Measures;
pub mod study;

pub use study::{Cell, Study};
pub mod report;

//! What a tournament leaves behind, readable without the runner: the rows
//! of `games.csv` (read, written, sorted, archived), the keys that tell
//! games and positions apart, and the statistics over the rows (scores,
//! intervals over independent units, Elo, the SPRT). Studies, plots and
//! the Python bindings read runs through it; the arena writes them.

pub mod error;
pub mod keys;
pub mod record;
pub mod stats;

pub use error::FieldError;
pub use record::GameRecord;
pub use stats::Statistics;

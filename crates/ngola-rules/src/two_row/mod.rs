//! What the two-row games Kalah and Oware share: the board packed as one
//! byte per pit in one `u64` per row (the `board` module's bit tricks, which Um
//! el-Bagara uses too), the move type [`PitMove`] and the notation (pit
//! names `a1`..`b8`, the position text `NAME ROWS SIDE PLY south,north`).

pub(crate) mod board;
pub(crate) mod lap;
pub(crate) mod notation;

pub use board::MAX_TOTAL_SEEDS;
pub use notation::PitMove;

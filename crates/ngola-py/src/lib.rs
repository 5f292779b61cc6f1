//! The native part of the `ngola` Python package (`ngola._ngola`): the
//! games, states, agents, solver, tournaments and self-play of the ngola
//! crates, exposed with pyo3. The pure-Python layer in `python/src/ngola`
//! re-exports them and adds the DataFrame accessors.
//!
//! Like the command-line program, this crate sits above everything and adds
//! no game logic: every rule, notation, check and message comes from
//! `ngola-rules`, `ngola-agents`, `ngola-arena` and `ngola-learn`. Every
//! entry point runs inside `errors::guard`, so a Rust panic reaches Python
//! as an `ngola.NgolaError`, never as pyo3's `PanicException`; long calls
//! (searches, self-play, tournaments) release the GIL.

mod agent;
// The one module with `unsafe` code (the workspace denies it elsewhere):
// Python thread states kept across calls, through pyo3's FFI.
#[allow(unsafe_code)]
mod callables;
mod envs;
mod errors;
mod game;
mod host;
mod interrupt;
mod network;
mod selfplay;
mod state;
mod tablebase;
mod tournament;
mod train;

use pyo3::prelude::*;

/// The `ngola` program's allocator (for Rust's allocations only; Python's
/// own stay with Python), so that tournaments and self-play run as fast here.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The native module `ngola._ngola`.
#[pymodule]
fn _ngola(m: &Bound<'_, PyModule>) -> PyResult<()> {
    host::resources();
    m.add_class::<game::PyGame>()?;
    m.add_class::<state::PyState>()?;
    m.add_class::<agent::PyAgent>()?;
    m.add_class::<agent::PySolution>()?;
    m.add_class::<tablebase::PyTablebase>()?;
    m.add_function(wrap_pyfunction!(game::games, m)?)?;
    m.add_function(wrap_pyfunction!(game::game_from_parts, m)?)?;
    m.add_function(wrap_pyfunction!(state::state_from_parts, m)?)?;
    m.add_function(wrap_pyfunction!(agent::solve, m)?)?;
    m.add_function(wrap_pyfunction!(selfplay::selfplay, m)?)?;
    m.add_function(wrap_pyfunction!(train::train, m)?)?;
    m.add_function(wrap_pyfunction!(tournament::run_tournament, m)?)?;
    m.add_function(wrap_pyfunction!(tournament::read_run, m)?)?;
    m.add_function(wrap_pyfunction!(errors::panic_for_test, m)?)?;
    m.add_class::<network::PyNetwork>()?;
    m.add_class::<envs::PyVecGames>()?;
    m.add_function(wrap_pyfunction!(envs::ply_cap, m)?)?;
    m.add_function(wrap_pyfunction!(envs::board_text, m)?)?;
    m.add_function(wrap_pyfunction!(envs::board_svg, m)?)?;
    Ok(())
}

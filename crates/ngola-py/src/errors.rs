//! The package's exceptions (defined in Python, `ngola/_errors.py`, so that
//! each subclass is also a `ValueError`) and the panic guard every entry
//! point runs in.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::prelude::*;

pyo3::import_exception!(ngola._errors, NgolaError);
pyo3::import_exception!(ngola._errors, IllegalMoveError);
pyo3::import_exception!(ngola._errors, PositionError);
pyo3::import_exception!(ngola._errors, RuleError);
pyo3::import_exception!(ngola._errors, SpecError);
pyo3::import_exception!(ngola._errors, RunError);
pyo3::import_exception!(ngola._errors, NetworkError);

/// An illegal or unreadable move.
pub fn illegal(message: impl ToString) -> PyErr {
    IllegalMoveError::new_err(message.to_string())
}

/// A position that cannot be read or used.
pub fn position(message: impl ToString) -> PyErr {
    PositionError::new_err(message.to_string())
}

/// A bad game name or rule option.
pub fn rule(message: impl ToString) -> PyErr {
    RuleError::new_err(message.to_string())
}

/// A bad agent spec or search parameter.
pub fn spec(message: impl ToString) -> PyErr {
    SpecError::new_err(message.to_string())
}

/// A bad tournament or self-play setting, or a folder that does not hold a usable run.
pub fn run(message: impl ToString) -> PyErr {
    RunError::new_err(message.to_string())
}

/// A network file that cannot be used.
pub fn network(message: impl ToString) -> PyErr {
    NetworkError::new_err(message.to_string())
}

/// Any other failure (a file that cannot be written, a search that gave up).
pub fn failure(message: impl ToString) -> PyErr {
    NgolaError::new_err(message.to_string())
}

/// The text of a panic's payload.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}

/// Runs `f`, turning a panic into an `ngola.NgolaError` (pyo3 would raise
/// its `PanicException`, which is not an `Exception` subclass and which no
/// user of the package should ever see).
pub fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        Err(failure(format!(
            "internal error in ngola (please report it): {}",
            panic_text(payload.as_ref())
        )))
    })
}

/// Panics inside [`guard`], so that the tests can check that a panic
/// reaches Python as `ngola.NgolaError`.
#[pyfunction]
pub fn panic_for_test() -> PyResult<()> {
    guard(|| panic!("a deliberate panic to test the guard"))
}

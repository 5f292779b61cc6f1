//! Python callables as tournament players: `ngola.tournament` seats each
//! callable `f(state) -> move` of its `agents` as the external agent
//! `engine:NAME` of the arena ([`ngola_arena::contestant`]).
//!
//! The callable runs on the arena's worker threads, each call holding the
//! GIL only while it runs. It gets a fresh `ngola.State` (the position, with
//! every move of the game in `history`) and answers a move in notation or an
//! action id. What goes wrong loses that game and the run goes on, with the
//! reason in `games.csv`: an exception (`crash`, the exception's type and
//! message in the `fault` column), an answer that is no legal move
//! (`illegal-move`), a call longer than the clock allows (`time-forfeit`; 60
//! s without a time control). Only a `BaseException` that is not an
//! `Exception` (`SystemExit`, `KeyboardInterrupt` raised by the callable
//! itself) stops the run.

use std::sync::Arc;

use pyo3::exceptions::PyException;
use pyo3::prelude::*;

use ngola_arena::contestant::{Contestant, Fault, NewGame, Seats, Turn};
use ngola_learn::Encode;

use crate::game::AnyRules;
use crate::state::{MoveArg, PyState, StateOf};

/// The callables of a tournament, by agent name.
pub struct PySeats {
    callables: Vec<(String, Arc<Py<PyAny>>)>,
}

impl PySeats {
    /// Seats for `callables` (agent name, callable).
    pub fn new(callables: Vec<(String, Py<PyAny>)>) -> PySeats {
        PySeats {
            callables: callables
                .into_iter()
                .map(|(name, f)| (name, Arc::new(f)))
                .collect(),
        }
    }
}

impl<G: Encode + PartialEq> Seats<G> for PySeats
where
    PyState: From<StateOf<G>>,
    AnyRules: From<G::Rules>,
{
    fn knows(&self, name: &str) -> bool {
        self.callables.iter().any(|(n, _)| n == name)
    }

    fn seat(&self, name: &str, _worker: usize) -> Result<Box<dyn Contestant<G>>, Fault> {
        let (_, callable) = self
            .callables
            .iter()
            .find(|(n, _)| n == name)
            .ok_or_else(|| Fault::Refused(format!("no Python callable for agent `{name}`")))?;
        Ok(Box::new(PyContestant {
            callable: Arc::clone(callable),
            thread: None,
        }))
    }
}

/// One worker's seat of a callable.
struct PyContestant {
    callable: Arc<Py<PyAny>>,
    /// The worker thread's Python thread state, made at the first call.
    thread: Option<KeptThreadState>,
}

/// A Python thread state kept for a thread that Python did not start (an
/// arena worker), GIL released. Without it every call would make and
/// destroy a thread state (`PyGILState_Ensure` / `Release`), which costs
/// more than a small callable itself; with it a call only takes the GIL.
struct KeptThreadState {
    gilstate: pyo3::ffi::PyGILState_STATE,
    saved: *mut pyo3::ffi::PyThreadState,
    owner: std::thread::ThreadId,
}

impl KeptThreadState {
    /// Makes (or reuses) this thread's Python thread state and releases
    /// the GIL, keeping the state until [`Drop`].
    fn new() -> KeptThreadState {
        // SAFETY: `PyGILState_Ensure` may be called from any thread while
        // the interpreter runs (it does: the tournament call waits for its
        // workers); `PyEval_SaveThread` then releases the GIL it took.
        unsafe {
            let gilstate = pyo3::ffi::PyGILState_Ensure();
            let saved = pyo3::ffi::PyEval_SaveThread();
            KeptThreadState {
                gilstate,
                saved,
                owner: std::thread::current().id(),
            }
        }
    }
}

impl Drop for KeptThreadState {
    fn drop(&mut self) {
        // The arena drops a worker's players on that worker's thread; on any
        // other thread the state is left alone (a small leak, never misuse).
        if std::thread::current().id() == self.owner {
            // SAFETY: undoes `new` on the same thread, in reverse order.
            unsafe {
                pyo3::ffi::PyEval_RestoreThread(self.saved);
                pyo3::ffi::PyGILState_Release(self.gilstate);
            }
        }
    }
}

// SAFETY: the raw pointer is only used by `Drop`, and only on the thread
// that made it (checked there).
unsafe impl Send for KeptThreadState {}

impl<G: Encode + PartialEq> Contestant<G> for PyContestant
where
    PyState: From<StateOf<G>>,
    AnyRules: From<G::Rules>,
{
    fn new_game(&mut self, _game: &NewGame<'_, G>) -> Result<(), Fault> {
        Ok(())
    }

    fn choose(&mut self, turn: &Turn<'_, G>) -> Result<String, Fault> {
        let state = StateOf {
            game: turn.game.clone(),
            history: turn.moves.to_vec(),
            origin: (!turn.standard_start).then(|| turn.start.to_string()),
        };
        if self.thread.is_none() {
            self.thread = Some(KeptThreadState::new());
        }
        Python::attach(|py| {
            let answer = match self
                .callable
                .bind(py)
                .call1((PyState::from(state.clone()),))
            {
                Ok(answer) => answer,
                Err(error) => {
                    let what = error
                        .get_type(py)
                        .name()
                        .map_or_else(|_| "exception".to_string(), |n| n.to_string());
                    let text = format!("{what}: {}", error.value(py));
                    return Err(if error.is_instance_of::<PyException>(py) {
                        Fault::Crash(text)
                    } else {
                        Fault::Fatal(format!("a Python agent raised {text}"))
                    });
                }
            };
            // The runner checks the answer: anything but a legal move
            // loses the game as `illegal-move`, with the answer as written.
            Ok(match MoveArg::extract(&answer) {
                Ok(MoveArg::Text(text)) => text,
                Ok(MoveArg::Action(action)) => state
                    .move_of_action(action)
                    .map_or_else(|_| format!("action {action}"), |mv| mv.to_string()),
                Err(_) => answer
                    .repr()
                    .map_or_else(|_| "?".to_string(), |r| r.to_string()),
            })
        })
    }
}

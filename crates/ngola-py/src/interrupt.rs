//! Long Rust calls that Ctrl-C can stop: the work runs on a thread of its
//! own with the GIL released, while the calling (main) thread wakes every
//! few milliseconds, takes the GIL just long enough to run Python's signal
//! handlers, and on an exception (KeyboardInterrupt) raises the work's stop
//! flag, waits for it to wind down cleanly, and re-raises the exception.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

use pyo3::prelude::*;

use crate::errors::{self, panic_text};

/// How often the waiting thread looks at Python's signals.
const POLL: Duration = Duration::from_millis(20);

/// Runs `work(stop)` on a new thread, GIL released; raises the exception
/// of a signal handler (KeyboardInterrupt for Ctrl-C) after setting `stop`
/// and waiting for `work` to return. A panic in `work` becomes an
/// `ngola.NgolaError`.
pub fn run_interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    // Set by the worker when it is done, with a condition variable to wake
    // the waiting thread at once.
    let done = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        let (stop, done) = (&stop, &done);
        let worker = scope.spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(stop)));
            *done.0.lock().unwrap_or_else(PoisonError::into_inner) = true;
            done.1.notify_all();
            result
        });
        let mut interrupted: Option<PyErr> = None;
        loop {
            let finished = py.detach(|| {
                let flag = done.0.lock().unwrap_or_else(PoisonError::into_inner);
                let (flag, _) = done
                    .1
                    .wait_timeout_while(flag, POLL, |finished| !*finished)
                    .unwrap_or_else(PoisonError::into_inner);
                *flag
            });
            if finished {
                break;
            }
            if interrupted.is_none() {
                if let Err(signal) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    interrupted = Some(signal);
                }
            }
        }
        let result = py.detach(|| worker.join());
        if let Some(signal) = interrupted {
            return Err(signal);
        }
        match result {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(payload)) | Err(payload) => Err(errors::failure(format!(
                "internal error in ngola (please report it): {}",
                panic_text(payload.as_ref())
            ))),
        }
    })
}

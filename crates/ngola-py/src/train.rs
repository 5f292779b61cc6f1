//! `ngola.train`: AlphaZero-style training by self-play
//! (`ngola_learn::train`), on Rust threads with the GIL released.

use crate::host::resources;
use std::path::PathBuf;
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use ngola_learn::train::checkpoint::{
    self, RunSettings, CHECKPOINT_FILE, CURVE_FILE, SETTINGS_FILE,
};
use ngola_learn::train::{log::curve_points, Progress};
use ngola_learn::{Budget, TrainError, TrainSettings};

use crate::errors::{self, guard};
use crate::game::{with_rules, PyGame};
use crate::interrupt::run_interruptible;
use crate::selfplay::{thread_count, whole_number};

/// Trains a network in `out` (or resumes the run there) until `time`
/// seconds or generation `generations`; keyword `settings` are the fields
/// of the training settings. Returns the run's counters and the network's
/// path.
#[pyfunction]
#[pyo3(signature = (game, out, *, time = None, generations = None, threads = None, **settings))]
pub fn train<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    out: PathBuf,
    time: Option<f64>,
    generations: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    settings: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    guard(|| {
        let game = PyGame::from_py(game)?;
        let generations = generations
            .map(|g| whole_number(g, "generations"))
            .transpose()?;
        let time = match time {
            None => None,
            Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
            Some(t) => {
                return Err(errors::run(format!(
                    "time: {t} is not a positive number of seconds"
                )))
            }
        };
        if time.is_none() && generations.is_none() {
            return Err(errors::run(
                "give time or generations (or both): a run needs a budget",
            ));
        }
        let base = if out.join(CHECKPOINT_FILE).exists() {
            let recorded: RunSettings =
                checkpoint::read_json(&out.join(SETTINGS_FILE)).map_err(errors::run)?;
            recorded.settings
        } else {
            TrainSettings::default()
        };
        let settings = apply(base, settings)?;
        let budget = Budget {
            time,
            generations,
            threads: thread_count(threads)?,
            memory: resources().memory,
        };
        let result = with_rules!(game.rules, G, r => {
            let title = format!("{} [{}]", <G as ngola_rules::Game>::NAME, ngola_nn::format::rules_text::<G>(&r));
            let curve = out.join(CURVE_FILE);
            run_interruptible(py, |stop| {
                let mut on_row = |rows: &[ngola_learn::train::LogRow]| {
                    let (opponent, points) = curve_points(rows);
                    let opponent = opponent.unwrap_or_else(|| "(no evaluation)".to_string());
                    let svg = ngola_viz::plot::learning_curve_svg(&title, &opponent, &points);
                    // The curve is a view of train.csv; the log stands if it cannot be drawn.
                    let _ = std::fs::write(&curve, svg);
                };
                ngola_learn::train::<G>(r, &settings, &budget, &out, &Progress::default(), stop, &mut on_row)
            })?
        });
        let trained = result.map_err(|e: TrainError| {
            if e.is_input() {
                errors::run(e)
            } else {
                errors::failure(e)
            }
        })?;
        let c = &trained.checkpoint;
        let dict = PyDict::new(py);
        dict.set_item("network", trained.network.display().to_string())?;
        dict.set_item("generation", c.generation)?;
        dict.set_item("steps", c.steps)?;
        dict.set_item("games", c.games)?;
        dict.set_item("positions", c.positions)?;
        dict.set_item("examples", c.examples)?;
        dict.set_item("exact", c.exact)?;
        dict.set_item("seconds", c.seconds)?;
        Ok(dict)
    })
}

/// `base` with the keyword settings in place of its fields; an unknown
/// key or a value of the wrong type is an `ngola.RunError` naming it.
fn apply(base: TrainSettings, given: Option<&Bound<'_, PyDict>>) -> PyResult<TrainSettings> {
    let Some(given) = given else {
        return Ok(base);
    };
    let mut value = serde_json::to_value(&base).map_err(errors::failure)?;
    let Some(map) = value.as_object_mut() else {
        return Ok(base);
    };
    for (key, item) in given.iter() {
        let key: String = key.extract()?;
        if !map.contains_key(&key) {
            let mut valid: Vec<&String> = map.keys().collect();
            valid.sort();
            let valid: Vec<&str> = valid.into_iter().map(String::as_str).collect();
            return Err(errors::run(format!(
                "unknown training setting `{key}`; valid settings: {}",
                valid.join(", ")
            )));
        }
        let json = if let Ok(b) = item.extract::<bool>() {
            serde_json::Value::Bool(b)
        } else if let Ok(n) = item.extract::<u64>() {
            serde_json::Value::from(n)
        } else if let Ok(x) = item.extract::<f64>() {
            serde_json::Value::from(x)
        } else if let Ok(s) = item.extract::<String>() {
            serde_json::Value::String(s)
        } else if let Ok(v) = item.extract::<Vec<u64>>() {
            serde_json::Value::from(v)
        } else {
            return Err(errors::run(format!(
                "{key}: a number, a string or a list of numbers"
            )));
        };
        map.insert(key, json);
    }
    serde_json::from_value(value).map_err(|e| errors::run(format!("training settings: {e}")))
}

//! `ngola.Tablebase`: an endgame database (`ngola tablebase build`), opened
//! for probes of states of its game.

use crate::host::resources;
use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use ngola_agents::{Evaluate, Oracle};
use ngola_rules::kalah::Kalah;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, MoveList, RuleOptions};

use crate::errors::{self, guard};
use crate::state::{AnyState, PyState};

/// A database of one of the three games whose seeds leave the board.
enum AnyOracle {
    Kalah(Arc<dyn Oracle<Kalah>>),
    Oware(Arc<dyn Oracle<Oware>>),
    UmElBagara(Arc<dyn Oracle<UmElBagara>>),
}

/// An endgame database, memory-mapped.
#[pyclass(module = "ngola._ngola", name = "Tablebase", frozen)]
pub struct PyTablebase {
    oracle: AnyOracle,
    path: PathBuf,
}

/// The word of a final margin: `win`, `draw` or `loss`.
fn word(margin: i32) -> &'static str {
    match margin.signum() {
        1 => "win",
        -1 => "loss",
        _ => "draw",
    }
}

/// The exact final margin of `game` for its side to move: the totals'
/// difference once the game is over, else the database's value, or `None`
/// where the database does not decide it.
pub fn exact_value<G: Evaluate>(oracle: &dyn Oracle<G>, game: &G) -> Option<i32> {
    if game.outcome().is_some() {
        let t = game.totals();
        let me = game.to_move().index();
        return Some(t[me] as i32 - t[1 - me] as i32);
    }
    oracle.exact(game)
}

/// The database `tablebase` (a `Tablebase` or the path of its folder)
/// opened for games of `G` under `rules`, for exact labels: an
/// `ngola.RuleError` naming the database if it is of another game or of
/// other rules (a ply cap included: its values are those of the game
/// without one).
pub fn oracle_for<G: Evaluate>(
    tablebase: &Bound<'_, PyAny>,
    rules: &G::Rules,
) -> PyResult<Arc<dyn Oracle<G>>> {
    let path = match tablebase.cast::<PyTablebase>() {
        Ok(tb) => tb.get().path.clone(),
        Err(_) => tablebase.extract::<PathBuf>().map_err(|_| {
            errors::run("tablebase: give an ngola.Tablebase or the folder of a database")
        })?,
    };
    let oracle = G::open_tablebase(&path, &resources().databases)
        .map_err(|e| errors::rule(format!("tablebase: {}: {e}", path.display())))?;
    let game: Vec<String> = rules
        .to_pairs()
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let game = format!("{} {}", G::NAME, game.join(","));
    if !oracle.covers_rules(rules) {
        return Err(errors::rule(format!(
            "tablebase: {}: the database `{}` is of other rules than the game's ({game})",
            path.display(),
            oracle.name()
        )));
    }
    if !oracle.covers_exactly(rules) {
        return Err(errors::rule(format!(
            "tablebase: {}: the database `{}` holds the values of the game without a ply cap, \
             and the game ({game}) has one: give the game max_plies=0",
            path.display(),
            oracle.name()
        )));
    }
    Ok(oracle)
}

/// The exact value of `game` and the moves that keep it, or `None` where
/// the database does not decide it.
fn probe<G: Evaluate>(oracle: &dyn Oracle<G>, game: &G) -> Option<(i32, Vec<String>)> {
    let value = |g: &G| exact_value(oracle, g);
    let v = value(game)?;
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut keeping = Vec::new();
    for &mv in &moves {
        let mut child = game.clone();
        child.play(mv);
        let w = value(&child)?;
        let w = if child.to_move() == game.to_move() {
            w
        } else {
            -w
        };
        if w == v {
            keeping.push(mv.to_string());
        }
    }
    Some((v, keeping))
}

#[pymethods]
impl PyTablebase {
    /// Opens the database in the folder `path` (of Kalah, Oware or Um
    /// el-Bagara); a `RuleError` if it holds none or a damaged one.
    #[new]
    fn new(path: PathBuf) -> PyResult<PyTablebase> {
        guard(|| {
            let databases = &resources().databases;
            let oracle = match Kalah::open_tablebase(&path, databases) {
                Ok(o) => AnyOracle::Kalah(o),
                Err(kalah) => match Oware::open_tablebase(&path, databases) {
                    Ok(o) => AnyOracle::Oware(o),
                    Err(_) => match UmElBagara::open_tablebase(&path, databases) {
                        Ok(o) => AnyOracle::UmElBagara(o),
                        Err(_) => return Err(errors::rule(format!("{}: {kalah}", path.display()))),
                    },
                },
            };
            Ok(PyTablebase { oracle, path })
        })
    }

    /// What the database holds: `game`, `rules`, `id` (SHA-256 over its
    /// levels' checksums), `top` (the most seeds on the board it covers)
    /// and `path`.
    #[getter]
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let (name, id, top) = match &self.oracle {
            AnyOracle::Kalah(o) => (o.name(), o.id().to_string(), o.top()),
            AnyOracle::Oware(o) => (o.name(), o.id().to_string(), o.top()),
            AnyOracle::UmElBagara(o) => (o.name(), o.id().to_string(), o.top()),
        };
        let mut words = name.split(' ');
        let dict = PyDict::new(py);
        dict.set_item("game", words.next().unwrap_or(""))?;
        dict.set_item("rules", words.next().unwrap_or(""))?;
        dict.set_item("id", id)?;
        dict.set_item("top", top)?;
        dict.set_item("path", self.path.to_string_lossy().into_owned())?;
        Ok(dict)
    }

    /// The exact value of `state` for its side to move: `(value, margin,
    /// best_moves)`, `value` one of `"win"`, `"draw"`, `"loss"`, `margin`
    /// the final margin under perfect play (stores or taken counters
    /// included), `best_moves` every move that keeps it. A `PositionError`
    /// for a state of another game or rules, or one the database does not
    /// decide exactly (more seeds than it covers, or Oware bounds).
    fn probe(&self, state: &PyState) -> PyResult<(&'static str, i32, Vec<String>)> {
        guard(|| {
            let found = match (&self.oracle, &state.inner) {
                (AnyOracle::Kalah(o), AnyState::Kalah(s)) => {
                    covered(o.as_ref(), &s.game).and_then(|_| probe(o.as_ref(), &s.game))
                }
                (AnyOracle::Oware(o), AnyState::Oware(s)) => {
                    covered(o.as_ref(), &s.game).and_then(|_| probe(o.as_ref(), &s.game))
                }
                (AnyOracle::UmElBagara(o), AnyState::UmElBagara(s)) => {
                    covered(o.as_ref(), &s.game).and_then(|_| probe(o.as_ref(), &s.game))
                }
                _ => {
                    return Err(errors::position(
                        "the state is of another game than the database's",
                    ))
                }
            };
            let (margin, best) = found.ok_or_else(|| {
                errors::position(
                    "the database does not decide this state exactly (other rules, a ply cap, \
                     more seeds on the board than it covers, or only bounds)",
                )
            })?;
            Ok((word(margin), margin, best))
        })
    }

    fn __repr__(&self) -> String {
        format!("Tablebase('{}')", self.path.display())
    }
}

/// `Some(())` when the database's values are `game`'s own: its rules, no
/// ply cap.
fn covered<G: Game>(oracle: &dyn Oracle<G>, game: &G) -> Option<()> {
    oracle.covers_exactly(game.rules()).then_some(())
}

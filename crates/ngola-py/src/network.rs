//! `ngola.Network`: a policy-and-value network read from its safetensors
//! file, evaluating a batch of states to NumPy arrays.

use std::path::PathBuf;

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;

use ngola_nn::{Encode, Evaluator, Header, Network};
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, GameKind};

use crate::errors::{self, guard};
use crate::game::{AnyRules, PyGame};
use crate::state::{AnyState, PyState};

/// A network of one of the four games.
enum AnyNetwork {
    Mangola(Network<Mangola>),
    UmElBagara(Network<UmElBagara>),
    Kalah(Network<Kalah>),
    Oware(Network<Oware>),
}

/// A network file, evaluated a batch of states at a time.
#[pyclass(module = "ngola._ngola", name = "Network", frozen)]
pub struct PyNetwork {
    inner: AnyNetwork,
    path: PathBuf,
    header: Header,
}

/// The positions of `states`, all of game `G`, or an error naming the
/// first state of another game.
fn positions<G: Game>(
    states: &[PyRef<'_, PyState>],
    pick: impl Fn(&AnyState) -> Option<&G>,
) -> PyResult<Vec<G>> {
    states
        .iter()
        .enumerate()
        .map(|(i, s)| {
            pick(&s.inner)
                .cloned()
                .ok_or_else(|| errors::network(format!("states[{i}]: not a {} state", G::NAME)))
        })
        .collect()
}

/// Evaluates `games` by `net`: `(policy [B, A], value [B])`.
fn run<G: Encode>(net: &Network<G>, games: &[G]) -> PyResult<(Vec<f32>, Vec<f32>, usize)> {
    let (mut policy, mut values) = (Vec::new(), Vec::new());
    net.evaluate(games, &mut policy, &mut values)
        .map_err(errors::network)?;
    Ok((policy, values, G::num_actions(net.rules())))
}

#[pymethods]
impl PyNetwork {
    /// Reads the network file at `path` (any of the four games).
    #[new]
    fn new(path: PathBuf) -> PyResult<Self> {
        guard(|| {
            let header = Header::read(&path).map_err(errors::network)?;
            let kind: GameKind = header
                .game
                .parse()
                .map_err(|e| errors::network(format!("{}: game: {e}", path.display())))?;
            let inner = match kind {
                GameKind::Mangola => AnyNetwork::Mangola(load(&path)?),
                GameKind::UmElBagara => AnyNetwork::UmElBagara(load(&path)?),
                GameKind::Kalah => AnyNetwork::Kalah(load(&path)?),
                GameKind::Oware => AnyNetwork::Oware(load(&path)?),
            };
            Ok(PyNetwork {
                inner,
                path,
                header,
            })
        })
    }

    /// The game and rules the network was made for.
    #[getter]
    fn game(&self) -> PyGame {
        let rules = match &self.inner {
            AnyNetwork::Mangola(n) => AnyRules::from(*n.rules()),
            AnyNetwork::UmElBagara(n) => AnyRules::from(*n.rules()),
            AnyNetwork::Kalah(n) => AnyRules::from(*n.rules()),
            AnyNetwork::Oware(n) => AnyRules::from(*n.rules()),
        };
        PyGame { rules }
    }

    /// The widths of the hidden layers.
    #[getter]
    fn hidden(&self) -> Vec<usize> {
        self.header.hidden.clone()
    }

    /// The file the network was read from.
    #[getter]
    fn path(&self) -> PathBuf {
        self.path.clone()
    }

    /// Policy logits (float32 `[B, num_actions]`, action ids of
    /// `State.legal_actions()`) and values (float32 `[B]`, in [-1, 1], for
    /// the side to move) of a list of states of the network's game and rules.
    #[allow(clippy::type_complexity)]
    fn evaluate<'py>(
        &self,
        py: Python<'py>,
        states: Vec<PyRef<'py, PyState>>,
    ) -> PyResult<(Bound<'py, PyArray2<f32>>, Bound<'py, PyArray1<f32>>)> {
        guard(|| {
            let (policy, values, actions) = match &self.inner {
                AnyNetwork::Mangola(n) => run(
                    n,
                    &positions(&states, |s| match s {
                        AnyState::Mangola(s) => Some(&s.game),
                        _ => None,
                    })?,
                )?,
                AnyNetwork::UmElBagara(n) => run(
                    n,
                    &positions(&states, |s| match s {
                        AnyState::UmElBagara(s) => Some(&s.game),
                        _ => None,
                    })?,
                )?,
                AnyNetwork::Kalah(n) => run(
                    n,
                    &positions(&states, |s| match s {
                        AnyState::Kalah(s) => Some(&s.game),
                        _ => None,
                    })?,
                )?,
                AnyNetwork::Oware(n) => run(
                    n,
                    &positions(&states, |s| match s {
                        AnyState::Oware(s) => Some(&s.game),
                        _ => None,
                    })?,
                )?,
            };
            let batch = values.len();
            let policy = PyArray1::from_vec(py, policy).reshape((batch, actions))?;
            Ok((policy, PyArray1::from_vec(py, values)))
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "Network({:?}, game={:?}, hidden={:?})",
            self.path.display().to_string(),
            self.header.game,
            self.header.hidden
        )
    }
}

fn load<G: Encode>(path: &std::path::Path) -> PyResult<Network<G>> {
    Network::<G>::load_any_rules(path).map_err(errors::network)
}

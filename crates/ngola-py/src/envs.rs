//! What the environments of `ngola.envs` need from Rust: the batched
//! stepper of `ngola_learn::vector` (`VecGames`, behind
//! `ngola.envs.VectorEnv`), the ply cap of a rule set (OpenSpiel's
//! `max_game_length`), and the board drawn by `ngola-viz` as terminal text
//! (`render_mode="ansi"`).

use crate::host::resources;
use std::any::Any;
use std::sync::Arc;

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use ngola_agents::{Evaluate, Oracle};
use ngola_learn::vector::{Batch, PlayAs, VecError, VecGames};
use ngola_learn::Encode;
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, Player};
use ngola_viz::text::draw_board;
use ngola_viz::{BoardView, DiagramOptions};

use crate::agent::{guard_plain, parse_spec};
use crate::errors::{self, guard};
use crate::game::{with_rules, PyGame};
use crate::selfplay::{thread_count, whole_number};
use crate::state::{on_state, PyState};
use crate::tablebase::{exact_value, oracle_for};

/// The side named by `"S"`/`"N"` (or `"south"`/`"north"`), for `field`.
fn side(text: &str, field: &str) -> PyResult<Player> {
    match text {
        "S" | "south" => Ok(Player::South),
        "N" | "north" => Ok(Player::North),
        other => Err(errors::run(format!(
            "{field}: {other:?} is not a side: expected \"south\" or \"north\""
        ))),
    }
}

/// The ply at which the rules' cap ends a game of `game` (`None`: no cap):
/// the longest game there can be.
#[pyfunction]
pub fn ply_cap(game: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
    guard(|| {
        let game = PyGame::from_py(game)?;
        Ok(with_rules!(game.rules, G, r => G::start(r).ply_cap()))
    })
}

/// The board of `state` as the terminal shows it (`ngola play`), seen from
/// `viewer`'s side (`"S"` or `"N"`); `you` marks one side as the reader's.
#[pyfunction]
#[pyo3(signature = (state, viewer = "S", you = None))]
pub fn board_text(state: &PyState, viewer: &str, you: Option<&str>) -> PyResult<String> {
    guard(|| {
        let viewer = side(viewer, "viewer")?;
        let you = you.map(|y| side(y, "you")).transpose()?;
        Ok(draw_board(&board_view(state)?, viewer, you))
    })
}

/// The drawings' view of `state`, read from its position text.
fn board_view(state: &PyState) -> PyResult<BoardView> {
    let text = on_state!(&state.inner, s => s.game.to_string());
    BoardView::parse(&text).map_err(errors::position)
}

/// The board of `state` as an SVG diagram (`ngola render`), seen from
/// `viewer`'s side.
#[pyfunction]
#[pyo3(signature = (state, viewer = "S"))]
pub fn board_svg(state: &PyState, viewer: &str) -> PyResult<String> {
    guard(|| {
        let options = DiagramOptions {
            viewer: side(viewer, "viewer")?,
            ..DiagramOptions::default()
        };
        Ok(ngola_viz::board_svg(&board_view(state)?, &options))
    })
}

/// The batched games of one of the four games.
enum AnyVec {
    Mangola(VecGames<Mangola>),
    UmElBagara(VecGames<UmElBagara>),
    Kalah(VecGames<Kalah>),
    Oware(VecGames<Oware>),
}

/// Runs `$body` with `$v` bound to the typed [`VecGames`] of an [`AnyVec`].
macro_rules! on_vec {
    ($vec:expr, $v:ident => $body:expr) => {
        match $vec {
            AnyVec::Mangola($v) => $body,
            AnyVec::UmElBagara($v) => $body,
            AnyVec::Kalah($v) => $body,
            AnyVec::Oware($v) => $body,
        }
    };
}

macro_rules! vec_from {
    ($($variant:ident: $game:ty),*) => {$(
        impl From<VecGames<$game>> for AnyVec {
            fn from(games: VecGames<$game>) -> AnyVec {
                AnyVec::$variant(games)
            }
        }
    )*};
}
vec_from!(Mangola: Mangola, UmElBagara: UmElBagara, Kalah: Kalah, Oware: Oware);

/// The error for a failed step or reset: bad settings are `RunError`s,
/// anything else an `NgolaError`.
fn vec_error(error: VecError) -> PyErr {
    match error {
        VecError::Setting { .. } => errors::run(error),
        VecError::Opponent(_) => errors::spec(error),
        other => errors::failure(other),
    }
}

/// `n` games stepped together in Rust against an opponent agent (the
/// engine of `ngola.envs.VectorEnv`); steps release the GIL.
#[pyclass(module = "ngola._ngola", name = "VecGames")]
pub struct PyVecGames {
    games: AnyVec,
    game: PyGame,
    /// The database labelling each game's position: an
    /// `Arc<dyn Oracle<G>>` of the games' `G`.
    oracle: Option<Arc<dyn Any + Send + Sync>>,
}

/// Each game's exact final margin from its learner's view (0 where not
/// decided) and whether `oracle` (an `Arc<dyn Oracle<G>>`) decided it.
fn exact_labels<G: Encode + Evaluate>(
    games: &VecGames<G>,
    oracle: &(dyn Any + Send + Sync),
    learner: &[u8],
) -> (Vec<i32>, Vec<bool>) {
    let n = games.len();
    let (mut values, mut exact) = (vec![0; n], vec![false; n]);
    let Some(oracle) = oracle.downcast_ref::<Arc<dyn Oracle<G>>>() else {
        return (values, exact);
    };
    for (i, &side) in learner.iter().enumerate().take(n) {
        let Some(game) = games.game(i) else { continue };
        if let Some(v) = exact_value(oracle.as_ref(), game) {
            values[i] = if game.to_move().index() == usize::from(side) {
                v
            } else {
                -v
            };
            exact[i] = true;
        }
    }
    (values, exact)
}

#[pymethods]
impl PyVecGames {
    /// `n` games of `game` against the agent `opponent` (a spec string);
    /// the learner plays `play_as` (`"random"`, `"south"`, `"north"`);
    /// `threads` workers (all cores for `None`); with `tablebase` (a
    /// `Tablebase` or a folder) each batch holds the exact values.
    #[new]
    #[pyo3(signature = (
        game, n, opponent, *, play_as = "random", threads = None, tablebase = None
    ))]
    fn new(
        game: &Bound<'_, PyAny>,
        n: &Bound<'_, PyAny>,
        opponent: &str,
        play_as: &str,
        threads: Option<&Bound<'_, PyAny>>,
        tablebase: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyVecGames> {
        guard(|| {
            let game = PyGame::from_py(game)?;
            let n = usize::try_from(whole_number(n, "n")?).unwrap_or(usize::MAX);
            let spec = parse_spec(opponent)?;
            let play_as = match play_as {
                "random" => PlayAs::Random,
                other => PlayAs::Side(side(other, "play_as").map_err(|_| {
                    errors::run(format!(
                        "play_as: {other:?} is not a choice: expected \"random\", \"south\" or \"north\""
                    ))
                })?),
            };
            let threads = thread_count(threads)?.max(1).min(n.max(1));
            let tablebase = tablebase.filter(|tb| !tb.is_none());
            let (games, oracle) = with_rules!(game.rules, G, r => {
                let oracle = match tablebase {
                    Some(tb) => {
                        let o: Arc<dyn Any + Send + Sync> = Arc::new(oracle_for::<G>(tb, &r)?);
                        Some(o)
                    }
                    None => None,
                };
                let games = VecGames::new(G::start(r), n, spec, play_as, threads, resources().clone())
                    .map_err(vec_error)?;
                (AnyVec::from(games), oracle)
            });
            Ok(PyVecGames {
                games,
                game,
                oracle,
            })
        })
    }

    /// The game (with its rules).
    #[getter]
    fn game(&self) -> PyGame {
        self.game.clone()
    }

    /// The number of games.
    #[getter]
    fn n(&self) -> usize {
        on_vec!(&self.games, v => v.len())
    }

    /// Starts a new game everywhere; `seed` seeds every game's generator
    /// first (game `i` on stream `i`), `None` goes on with them. Returns the
    /// batch as a dict of NumPy arrays.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        guard(|| {
            let seed = match seed {
                Some(s) if !s.is_none() => Some(whole_number(s, "seed")?),
                _ => None,
            };
            let games = &mut self.games;
            let batch = py.detach(|| guard_plain(|| on_vec!(games, v => v.reset(seed))))?;
            self.to_dict(py, batch.map_err(vec_error)?)
        })
    }

    /// Plays one action id per game (an int64 array of length `n`) and the
    /// opponent's answers; returns the batch as a dict of NumPy arrays.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        guard(|| {
            let actions = actions.as_slice().map_err(|_| {
                errors::run("actions: give a contiguous array of one action id per game")
            })?;
            let games = &mut self.games;
            let batch = py.detach(|| guard_plain(|| on_vec!(games, v => v.step(actions))))?;
            self.to_dict(py, batch.map_err(vec_error)?)
        })
    }

    /// Game `i`'s position as a `State` (with no history).
    #[allow(clippy::clone_on_copy)] // Oware is not `Copy`, the other games are
    fn state(&self, i: usize) -> PyResult<PyState> {
        guard(|| {
            on_vec!(&self.games, v => {
                let game = v.game(i).ok_or_else(|| {
                    errors::run(format!("i: {i} is not a game index: there are {} games", v.len()))
                })?;
                Ok(PyState::from(crate::state::StateOf::new(game.clone(), Some(game.to_string()))))
            })
        })
    }
}

impl PyVecGames {
    /// The batch as NumPy arrays: `observations` (n x len, float32),
    /// `action_mask` (n x num_actions, int8), `rewards` (float32),
    /// `terminated`, `truncated` and `illegal` (bool), `learner` (int8: 0
    /// South, 1 North),
    /// and with a database `exact_value` (int32) and `exact` (bool).
    fn to_dict<'py>(&self, py: Python<'py>, batch: Batch) -> PyResult<Bound<'py, PyDict>> {
        if let Some(oracle) = &self.oracle {
            let (values, exact) =
                on_vec!(&self.games, v => exact_labels(v, oracle.as_ref(), &batch.learner));
            let dict = self.batch_dict(py, batch)?;
            dict.set_item("exact_value", PyArray1::from_vec(py, values))?;
            dict.set_item("exact", PyArray1::from_vec(py, exact))?;
            return Ok(dict);
        }
        self.batch_dict(py, batch)
    }

    /// The batch's own arrays (see [`PyVecGames::to_dict`]).
    fn batch_dict<'py>(&self, py: Python<'py>, batch: Batch) -> PyResult<Bound<'py, PyDict>> {
        let n = batch.rewards.len();
        let (len, actions) = on_vec!(&self.games, v => (v.observation_len(), v.num_actions()));
        let dict = PyDict::new(py);
        dict.set_item(
            "observations",
            PyArray1::from_vec(py, batch.observations).reshape([n, len])?,
        )?;
        dict.set_item(
            "action_mask",
            PyArray1::from_vec(py, batch.action_mask).reshape([n, actions])?,
        )?;
        dict.set_item("rewards", PyArray1::from_vec(py, batch.rewards))?;
        dict.set_item("terminated", PyArray1::from_vec(py, batch.terminated))?;
        dict.set_item("truncated", PyArray1::from_vec(py, batch.truncated))?;
        dict.set_item("illegal", PyArray1::from_vec(py, batch.illegal))?;
        let learner: Vec<i8> = batch.learner.into_iter().map(|s| s as i8).collect();
        dict.set_item("learner", PyArray1::from_vec(py, learner))?;
        Ok(dict)
    }
}

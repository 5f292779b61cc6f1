//! `ngola.State`: a position of one game, with the moves played to reach it.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};

use ngola_learn::Encode;
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, MoveList, Player};

use crate::errors::{self, guard};
use crate::game::{game_of_dyn, AnyRules, PyGame};

/// A position of game `G`, the moves played since `origin`, and `origin`
/// itself (`None` for the start position, else the position text it was
/// read from).
#[derive(Clone, Debug)]
pub struct StateOf<G: Game> {
    /// The position.
    pub game: G,
    /// Moves played since the origin.
    pub history: Vec<G::Move>,
    /// The position text the state was read from, or `None` for the start.
    pub origin: Option<String>,
}

/// What a move argument is: notation text or an action id.
pub enum MoveArg {
    /// A move in the game's notation (`a3`, `a3<`, `pass`).
    Text(String),
    /// An action id.
    Action(i64),
}

impl MoveArg {
    /// Reads a `str` or an `int` (not a `bool`).
    pub fn extract(value: &Bound<'_, PyAny>) -> PyResult<MoveArg> {
        if let Ok(text) = value.cast::<PyString>() {
            return Ok(MoveArg::Text(text.extract()?));
        }
        if value.cast::<PyInt>().is_ok() && value.cast::<PyBool>().is_err() {
            return Ok(MoveArg::Action(value.extract()?));
        }
        Err(PyTypeError::new_err(format!(
            "a move is a string such as \"a3\" or an action id (int), not {}",
            value.get_type().name()?
        )))
    }
}

impl<G: Encode + PartialEq> StateOf<G>
where
    AnyRules: From<G::Rules>,
{
    /// A state at `game` with no moves played.
    pub fn new(game: G, origin: Option<String>) -> Self {
        StateOf {
            game,
            history: Vec::new(),
            origin,
        }
    }

    /// The legal moves in the game's order.
    fn legal_moves(&self) -> MoveList<G::Move> {
        let mut moves = MoveList::new();
        self.game.legal_moves(&mut moves);
        moves
    }

    /// The move `arg` names, checked for legality here.
    pub fn legal_move(&self, arg: &MoveArg) -> PyResult<G::Move> {
        let mv = match arg {
            MoveArg::Text(text) => self.game.parse_move(text).map_err(errors::illegal)?,
            MoveArg::Action(action) => self.move_of_action(*action)?,
        };
        self.game.check_move(mv).map_err(errors::illegal)?;
        Ok(mv)
    }

    /// The move with action id `action` (not checked for legality).
    pub(crate) fn move_of_action(&self, action: i64) -> PyResult<G::Move> {
        let n = G::num_actions(self.game.rules());
        let index = usize::try_from(action)
            .ok()
            .filter(|&a| a < n)
            .ok_or_else(|| {
                errors::illegal(format!(
                    "action {action} is not an action id of {}: ids are 0 to {}",
                    G::NAME,
                    n - 1
                ))
            })?;
        self.game.move_of(index).ok_or_else(|| {
            errors::illegal(format!(
                "action {action} names no move of {} (it is not a hole a move can start from)",
                G::NAME
            ))
        })
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: G::Move) {
        self.game.play(mv);
        self.history.push(mv);
    }

    /// The observation from `viewer`'s side.
    fn observation(&self, viewer: Player) -> Vec<f32> {
        let mut out = vec![0.0; G::observation_len(self.game.rules())];
        self.game.observe(viewer, &mut out);
        out
    }

    /// The board, row by row in the position text's order.
    fn board(&self) -> (Vec<i64>, (usize, usize)) {
        let (rows, columns) = G::board_shape(self.game.rules());
        let mut counts = vec![0u32; rows * columns];
        self.game.board(&mut counts);
        (counts.into_iter().map(i64::from).collect(), (rows, columns))
    }

    /// Equal positions (the games' own equality, which includes the ply
    /// and Oware's repetition history) under equal rules.
    fn same(&self, other: &Self) -> bool {
        self.game == other.game
    }
}

/// A state of any of the four games.
#[derive(Clone, Debug)]
pub enum AnyState {
    /// A Mangola state.
    Mangola(StateOf<Mangola>),
    /// An Um el-Bagara state.
    UmElBagara(StateOf<UmElBagara>),
    /// A Kalah state.
    Kalah(StateOf<Kalah>),
    /// An Oware state.
    Oware(StateOf<Oware>),
}

/// Runs `$body` with `$s` bound to the typed [`StateOf`] inside an [`AnyState`].
macro_rules! on_state {
    ($state:expr, $s:ident => $body:expr) => {
        match $state {
            $crate::state::AnyState::Mangola($s) => $body,
            $crate::state::AnyState::UmElBagara($s) => $body,
            $crate::state::AnyState::Kalah($s) => $body,
            $crate::state::AnyState::Oware($s) => $body,
        }
    };
}
pub(crate) use on_state;

macro_rules! state_from {
    ($($variant:ident: $game:ty),*) => {$(
        impl From<StateOf<$game>> for PyState {
            fn from(state: StateOf<$game>) -> PyState {
                PyState { inner: AnyState::$variant(state) }
            }
        }
    )*};
}
state_from!(Mangola: Mangola, UmElBagara: UmElBagara, Kalah: Kalah, Oware: Oware);

/// A position of a game, with the moves played to reach it.
#[pyclass(module = "ngola._ngola", name = "State")]
#[derive(Clone)]
pub struct PyState {
    pub(crate) inner: AnyState,
}

/// The side letter of a player (`S`/`N`).
fn side_letter(player: Player) -> &'static str {
    match player {
        Player::South => "S",
        Player::North => "N",
    }
}

#[pymethods]
impl PyState {
    /// The game (with its rules) this state belongs to.
    #[getter]
    fn game(&self) -> PyGame {
        on_state!(&self.inner, s => game_of_state(s))
    }

    /// The legal moves in the game's notation, in board order.
    fn legal_moves(&self) -> PyResult<Vec<String>> {
        guard(|| {
            Ok(on_state!(&self.inner, s => s.legal_moves().iter().map(|m| m.to_string()).collect()))
        })
    }

    /// The legal moves' action ids, ascending.
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        guard(|| {
            Ok(on_state!(&self.inner, s => {
                let mut out = Vec::new();
                s.game.legal_actions(&mut out);
                out
            }))
        })
    }

    /// The action id of `move`, which must be legal here.
    #[pyo3(signature = (move_text, /))]
    fn move_to_action(&self, move_text: &str) -> PyResult<usize> {
        guard(|| {
            on_state!(&self.inner, s => {
                let mv = s.legal_move(&MoveArg::Text(move_text.to_string()))?;
                Ok(s.game.action(mv))
            })
        })
    }

    /// The move (notation) of the side to move with action id `action`;
    /// not checked for legality.
    #[pyo3(signature = (action, /))]
    fn action_to_move(&self, action: i64) -> PyResult<String> {
        guard(|| on_state!(&self.inner, s => Ok(s.move_of_action(action)?.to_string())))
    }

    /// Plays a move (notation or action id) in place.
    #[pyo3(signature = (move_or_action, /))]
    fn play(&mut self, move_or_action: &Bound<'_, PyAny>) -> PyResult<()> {
        let arg = MoveArg::extract(move_or_action)?;
        guard(|| {
            on_state!(&mut self.inner, s => {
                let mv = s.legal_move(&arg)?;
                s.play(mv);
                Ok(())
            })
        })
    }

    /// A new state: this one with the move (notation or action id) played.
    #[pyo3(signature = (move_or_action, /))]
    fn child(&self, move_or_action: &Bound<'_, PyAny>) -> PyResult<PyState> {
        let arg = MoveArg::extract(move_or_action)?;
        guard(|| {
            on_state!(&self.inner, s => {
                let mv = s.legal_move(&arg)?;
                let mut next = s.clone();
                next.play(mv);
                Ok(PyState::from(next))
            })
        })
    }

    /// True once the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        on_state!(&self.inner, s => s.game.outcome().is_some())
    }

    /// `"S"`, `"N"`, `"draw"`, or `None` while the game goes on.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        on_state!(&self.inner, s => s.game.outcome().map(|o| o.result_text()))
    }

    /// Why the game ended (the `reason` names of games.csv), or `None`.
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        on_state!(&self.inner, s => s.game.outcome().map(|o| o.reason.as_str()))
    }

    /// The side to move: `"S"` or `"N"`.
    #[getter]
    fn to_move(&self) -> &'static str {
        on_state!(&self.inner, s => side_letter(s.game.to_move()))
    }

    /// Plies played so far (the position text's ply).
    #[getter]
    fn ply(&self) -> u32 {
        on_state!(&self.inner, s => s.game.ply())
    }

    /// Each side's tally as the game scores it, `(South, North)`.
    #[getter]
    fn totals(&self) -> (u32, u32) {
        on_state!(&self.inner, s => {
            let [south, north] = s.game.totals();
            (south, north)
        })
    }

    /// The seed counts, one row per board row in the position text's order.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        guard(|| {
            let (counts, shape) = on_state!(&self.inner, s => s.board());
            PyArray1::from_vec(py, counts).reshape(shape)
        })
    }

    /// The observation vector (float32, `game.observation_shape`) from the
    /// side to move's view, or from `viewer`'s (`"S"`/`"N"`).
    #[pyo3(signature = (viewer = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        viewer: Option<&str>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        guard(|| {
            let viewer = match viewer {
                Some(letter) => Some(Player::from_letter(letter).map_err(errors::position)?),
                None => None,
            };
            let values = on_state!(&self.inner, s => {
                s.observation(viewer.unwrap_or_else(|| s.game.to_move()))
            });
            Ok(PyArray1::from_vec(py, values))
        })
    }

    /// The moves played since the start (or since the position the state
    /// was read from), in notation.
    #[getter]
    fn history(&self) -> Vec<String> {
        on_state!(&self.inner, s => s.history.iter().map(|m| m.to_string()).collect())
    }

    /// A copy of this state.
    fn clone(&self) -> PyState {
        self.clone_state()
    }

    fn __copy__(&self) -> PyState {
        self.clone_state()
    }

    #[pyo3(signature = (_memo, /))]
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone_state()
    }

    fn __str__(&self) -> String {
        on_state!(&self.inner, s => s.game.to_string())
    }

    fn __repr__(&self) -> String {
        format!("State('{}')", self.__str__())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<PyState>() else {
            return false;
        };
        let other = other.borrow();
        match (&self.inner, &other.inner) {
            (AnyState::Mangola(a), AnyState::Mangola(b)) => a.same(b),
            (AnyState::UmElBagara(a), AnyState::UmElBagara(b)) => a.same(b),
            (AnyState::Kalah(a), AnyState::Kalah(b)) => a.same(b),
            (AnyState::Oware(a), AnyState::Oware(b)) => a.same(b),
            _ => false,
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.__str__().hash(&mut hasher);
        self.game().rules.pairs().hash(&mut hasher);
        hasher.finish()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let state = slf.borrow();
        let rules = state.game().rules;
        let (origin, history) = on_state!(&state.inner, s => (
            s.origin.clone(),
            s.history.iter().map(|m| m.to_string()).collect::<Vec<_>>()
        ));
        let make = py.import("ngola._ngola")?.getattr("state_from_parts")?;
        let args = (rules.kind().name(), rules.pairs(), origin, history).into_pyobject(py)?;
        Ok((make, args))
    }
}

impl PyState {
    fn clone_state(&self) -> PyState {
        PyState {
            inner: self.inner.clone(),
        }
    }
}

/// The `Game` of a typed state.
fn game_of_state<G: Game>(state: &StateOf<G>) -> PyGame
where
    AnyRules: From<G::Rules>,
{
    game_of_dyn(state.game.rules())
}

/// Rebuilds a state from its game, rules, origin and history (unpickling):
/// the origin position (or the start) with the moves replayed.
#[pyfunction]
pub fn state_from_parts(
    name: &str,
    pairs: Vec<(String, String)>,
    origin: Option<String>,
    history: Vec<String>,
) -> PyResult<PyState> {
    guard(|| {
        let game = PyGame::from_texts(name, &pairs)?;
        crate::game::with_rules!(game.rules, G, r => {
            let start = match &origin {
                Some(text) => G::from_position(text, r).map_err(errors::position)?,
                None => G::start(r),
            };
            let mut state = StateOf::<G>::new(start, origin.clone());
            for text in &history {
                let mv = state.legal_move(&MoveArg::Text(text.clone()))?;
                state.play(mv);
            }
            Ok(PyState::from(state))
        })
    })
}

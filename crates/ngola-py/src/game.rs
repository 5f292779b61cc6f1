//! `ngola.Game`: a game under a rule set. Rule options are keyword
//! arguments with the command line's names and values.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyTuple};

use ngola_learn::Encode;
use ngola_rules::kalah::KalahRules;
use ngola_rules::mangola::MangolaRules;
use ngola_rules::oware::OwareRules;
use ngola_rules::umelbagara::UmElBagaraRules;
use ngola_rules::{with_game, Game, GameKind, RuleError, RuleOptions};

use crate::errors::{self, guard};
use crate::state::{PyState, StateOf};

/// The rule set of one of the four games.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum AnyRules {
    /// Mangola's options.
    Mangola(MangolaRules),
    /// Um el-Bagara's options.
    UmElBagara(UmElBagaraRules),
    /// Kalah's options.
    Kalah(KalahRules),
    /// Oware's options.
    Oware(OwareRules),
}

/// Runs `$body` with `$G` the game type and `$r` the typed rules of an
/// [`AnyRules`].
macro_rules! with_rules {
    ($rules:expr, $G:ident, $r:ident => $body:expr) => {
        match $rules {
            $crate::game::AnyRules::Mangola($r) => {
                #[allow(dead_code)]
                type $G = ngola_rules::mangola::Mangola;
                $body
            }
            $crate::game::AnyRules::UmElBagara($r) => {
                #[allow(dead_code)]
                type $G = ngola_rules::umelbagara::UmElBagara;
                $body
            }
            $crate::game::AnyRules::Kalah($r) => {
                #[allow(dead_code)]
                type $G = ngola_rules::kalah::Kalah;
                $body
            }
            $crate::game::AnyRules::Oware($r) => {
                #[allow(dead_code)]
                type $G = ngola_rules::oware::Oware;
                $body
            }
        }
    };
}
pub(crate) use with_rules;

macro_rules! rules_from {
    ($($variant:ident: $rules:ty),*) => {$(
        impl From<$rules> for AnyRules {
            fn from(rules: $rules) -> AnyRules {
                AnyRules::$variant(rules)
            }
        }
    )*};
}
rules_from!(Mangola: MangolaRules, UmElBagara: UmElBagaraRules, Kalah: KalahRules, Oware: OwareRules);

impl AnyRules {
    /// Applies `key=value` assignments to the defaults of `kind`, as the
    /// command line's `--rule` does.
    pub fn new(kind: GameKind, assignments: &[String]) -> Result<AnyRules, RuleError> {
        with_game!(kind, G => <G as Game>::Rules::from_assignments(assignments)
            .map(AnyRules::from))
    }

    /// The game.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyRules::Mangola(_) => GameKind::Mangola,
            AnyRules::UmElBagara(_) => GameKind::UmElBagara,
            AnyRules::Kalah(_) => GameKind::Kalah,
            AnyRules::Oware(_) => GameKind::Oware,
        }
    }

    /// Every option as `(key, value)` text, in the game's order.
    pub fn pairs(&self) -> Vec<(String, String)> {
        with_rules!(self, G, r => r.to_pairs())
    }

    /// The options as `key=value` assignments.
    pub fn assignments(&self) -> Vec<String> {
        self.pairs()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect()
    }
}

/// A rule option's value as the command line would type it.
fn rule_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(flag) = value.cast::<PyBool>() {
        return Ok(flag.is_true().to_string());
    }
    value.str()?.extract()
}

/// A rule value as Python sees it: `true`/`false` as bool, integers as
/// int, anything else as str.
fn typed_value<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    Ok(match text {
        "true" => PyBool::new(py, true).to_owned().into_any(),
        "false" => PyBool::new(py, false).to_owned().into_any(),
        _ => match text.parse::<i64>() {
            Ok(n) => n.into_pyobject(py)?.into_any(),
            Err(_) => text.into_pyobject(py)?.into_any(),
        },
    })
}

/// A game under a rule set: `Game("mangola", capture_sowing="ludii", columns=6)`.
#[pyclass(module = "ngola._ngola", name = "Game", frozen)]
#[derive(Clone)]
pub struct PyGame {
    pub(crate) rules: AnyRules,
}

impl PyGame {
    /// Reads a game name and `(key, value)` rule texts.
    pub fn from_texts(name: &str, pairs: &[(String, String)]) -> PyResult<PyGame> {
        let kind: GameKind = name.parse().map_err(errors::rule)?;
        let assignments: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let rules = AnyRules::new(kind, &assignments).map_err(errors::rule)?;
        Ok(PyGame { rules })
    }

    /// The game as a `Game` instance or a name with default rules.
    pub fn from_py(game: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        if let Ok(g) = game.cast::<PyGame>() {
            return Ok(g.get().clone());
        }
        match game.extract::<String>() {
            Ok(name) => PyGame::from_texts(&name, &[]),
            Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(
                "a game is an ngola.Game or a game name such as \"mangola\"",
            )),
        }
    }

    /// A description such as `Game('kalah', pits=4)` listing the options
    /// that differ from the defaults.
    fn describe(&self) -> String {
        let defaults = AnyRules::new(self.rules.kind(), &[]).map(|d| d.pairs());
        let mut text = format!("Game('{}'", self.rules.kind().name());
        for (i, (key, value)) in self.rules.pairs().into_iter().enumerate() {
            let default = defaults.as_ref().ok().and_then(|d| d.get(i));
            if default.is_some_and(|(_, v)| *v == value) {
                continue;
            }
            let shown = match value.as_str() {
                "true" => "True".to_string(),
                "false" => "False".to_string(),
                v if v.parse::<i64>().is_ok() => v.to_string(),
                v => format!("'{v}'"),
            };
            text += &format!(", {key}={shown}");
        }
        text + ")"
    }
}

#[pymethods]
impl PyGame {
    /// Builds a game; rule options are keyword arguments (ints, bools or strings).
    #[new]
    #[pyo3(signature = (name, **rules))]
    fn new(name: &str, rules: Option<&Bound<'_, PyDict>>) -> PyResult<PyGame> {
        guard(|| {
            let mut pairs = Vec::new();
            if let Some(rules) = rules {
                for (key, value) in rules.iter() {
                    pairs.push((key.extract::<String>()?, rule_text(&value)?));
                }
            }
            PyGame::from_texts(name, &pairs)
        })
    }

    /// The game's name (`mangola`, `umelbagara`, `kalah`, `oware`).
    #[getter]
    fn name(&self) -> &'static str {
        self.rules.kind().name()
    }

    /// Every rule option, defaults included: a new dict on each access.
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(|| {
            let dict = PyDict::new(py);
            for (key, value) in self.rules.pairs() {
                dict.set_item(key, typed_value(py, &value)?)?;
            }
            Ok(dict)
        })
    }

    /// The size of the action space: action ids are `range(num_actions)`.
    #[getter]
    fn num_actions(&self) -> usize {
        with_rules!(self.rules, G, r => G::num_actions(&r))
    }

    /// The shape of `State.observation()`: `(length,)`.
    #[getter]
    fn observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let len = with_rules!(self.rules, G, r => G::observation_len(&r));
        PyTuple::new(py, [len])
    }

    /// The parts of the observation vector: name -> (start, stop).
    #[getter]
    fn observation_fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let fields = with_rules!(self.rules, G, r => G::observation_fields(&r));
        let dict = PyDict::new(py);
        for field in fields {
            dict.set_item(field.name, (field.range.start, field.range.end))?;
        }
        Ok(dict)
    }

    /// The shape of `State.board`: `(rows, columns)`.
    #[getter]
    fn board_shape(&self) -> (usize, usize) {
        with_rules!(self.rules, G, r => G::board_shape(&r))
    }

    /// The start position.
    fn start(&self) -> PyResult<PyState> {
        guard(|| {
            Ok(with_rules!(self.rules, G, r => PyState::from(
                StateOf::<G>::new(G::start(r), None)
            )))
        })
    }

    /// The position given as text (the notation of `ngola replay` and `str(state)`).
    fn position(&self, text: &str) -> PyResult<PyState> {
        guard(|| {
            with_rules!(self.rules, G, r => {
                let game = G::from_position(text, r).map_err(errors::position)?;
                Ok(PyState::from(StateOf::<G>::new(game, Some(text.to_string()))))
            })
        })
    }

    fn __repr__(&self) -> String {
        self.describe()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .is_ok_and(|o| o.get().rules == self.rules)
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.rules.kind().name().hash(&mut hasher);
        self.rules.pairs().hash(&mut hasher);
        hasher.finish()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let rules = slf.get().rules;
        let make = py.import("ngola._ngola")?.getattr("game_from_parts")?;
        let args = PyTuple::new(
            py,
            [
                rules.kind().name().into_pyobject(py)?.into_any(),
                rules.pairs().into_pyobject(py)?.into_any(),
            ],
        )?;
        Ok((make, args))
    }
}

/// The names of the games, in the order help texts list them.
#[pyfunction]
pub fn games() -> Vec<&'static str> {
    GameKind::ALL.iter().map(|k| k.name()).collect()
}

/// A game from its name and `(key, value)` rule texts (unpickling).
#[pyfunction]
pub fn game_from_parts(name: &str, pairs: Vec<(String, String)>) -> PyResult<PyGame> {
    guard(|| PyGame::from_texts(name, &pairs))
}

/// The `Game` of a typed rule set (used by states and agents).
pub fn game_of_dyn<R: Copy>(rules: &R) -> PyGame
where
    AnyRules: From<R>,
{
    PyGame {
        rules: AnyRules::from(*rules),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_rules_are_a_rule_error_a_caller_can_match() {
        let rules = AnyRules::new(GameKind::Kalah, &["pits=4".to_string()]);
        assert!(matches!(rules, Ok(AnyRules::Kalah(r)) if r.pits == 4));
        match AnyRules::new(GameKind::Kalah, &["pits=x".to_string()]) {
            Err(RuleError::BadValue { key, value, .. }) => {
                assert_eq!((key.as_str(), value.as_str()), ("pits", "x"));
            }
            Err(other) => panic!("{other}"),
            Ok(_) => panic!("`pits=x` read"),
        }
        assert_eq!(
            AnyRules::new(GameKind::Oware, &["seeds".to_string()]).err(),
            Some(RuleError::Malformed("seeds".to_string()))
        );
    }
}

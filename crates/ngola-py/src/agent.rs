//! `ngola.Agent` (an agent built from a spec string, as on the command
//! line) and `ngola.solve` (the exact solver).

use crate::host::resources;
use std::str::FromStr;
use std::sync::Mutex;

use pyo3::prelude::*;

use ngola_agents::solver::{Solver, SolverConfig, MAX_LINE_PLIES};
use ngola_agents::{Agent, AgentSpec};
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::Game;

use crate::errors::{self, guard};
use crate::game::{with_rules, PyGame};
use crate::state::{on_state, AnyState, PyState};

/// A built agent of any of the four games.
enum AnyAgent {
    Mangola(Box<dyn Agent<Mangola>>),
    UmElBagara(Box<dyn Agent<UmElBagara>>),
    Kalah(Box<dyn Agent<Kalah>>),
    Oware(Box<dyn Agent<Oware>>),
}

/// An agent from a spec string (`random`, `alphabeta:depth=8`,
/// `mcts:sims=1000`, ...) for one game and rule set, seeded.
#[pyclass(module = "ngola._ngola", name = "Agent", frozen)]
pub struct PyAgent {
    spec: AgentSpec,
    game: PyGame,
    seed: u64,
    agent: Mutex<AnyAgent>,
}

/// Reads a spec string, as the command line does.
pub fn parse_spec(text: &str) -> PyResult<AgentSpec> {
    AgentSpec::from_str(text).map_err(errors::spec)
}

/// The error for a state of another game or rule set than expected.
fn other_game(expected: &PyGame, state: &PyState) -> PyErr {
    let found = on_state!(&state.inner, s => crate::game::game_of_dyn(s.game.rules()));
    errors::rule(format!(
        "this agent plays {} with rules {}; the state is {} with rules {}",
        expected.rules.kind(),
        expected.rules.assignments().join(" "),
        found.rules.kind(),
        found.rules.assignments().join(" ")
    ))
}

#[pymethods]
impl PyAgent {
    /// Builds the agent of `spec` for `game` (a `Game` or a game name);
    /// a stochastic agent draws only from a generator seeded with `seed`.
    #[new]
    #[pyo3(signature = (spec, game, seed = 0))]
    fn new(spec: &str, game: &Bound<'_, PyAny>, seed: u64) -> PyResult<PyAgent> {
        guard(|| {
            let game = PyGame::from_py(game)?;
            let spec = parse_spec(spec)?;
            let agent = with_rules!(game.rules, G, r => {
                spec.check_network::<G>(&r).map_err(errors::network)?;
                // A database of other rules would give wrong values.
                spec.check_tablebase::<G>(resources(), &r).map_err(errors::spec)?;
                AnyAgent::from(spec.try_build::<G>(resources(), seed).map_err(errors::spec)?)
            });
            Ok(PyAgent {
                spec,
                game,
                seed,
                agent: Mutex::new(agent),
            })
        })
    }

    /// The canonical spec (every parameter explicit), as output files record it.
    #[getter]
    fn name(&self) -> String {
        self.spec.to_string()
    }

    /// The game the agent plays.
    #[getter]
    fn game(&self) -> PyGame {
        self.game.clone()
    }

    /// The seed the agent was built with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The agent's move (notation) in `state`, whose game must go on. The
    /// search runs with the GIL released.
    fn select(&self, py: Python<'_>, state: &PyState) -> PyResult<String> {
        guard(|| {
            let mut agent = self
                .agent
                .lock()
                .map_err(|_| errors::failure("the agent failed in an earlier call"))?;
            macro_rules! select_in {
                ($variant:ident) => {{
                    let (AnyAgent::$variant(agent), AnyState::$variant(s)) =
                        (&mut *agent, &state.inner)
                    else {
                        return Err(other_game(&self.game, state));
                    };
                    if crate::game::game_of_dyn(s.game.rules()).rules != self.game.rules {
                        return Err(other_game(&self.game, state));
                    }
                    if s.game.outcome().is_some() {
                        return Err(errors::position(format!(
                            "the game is over ({}): there is no move to select",
                            s.game
                        )));
                    }
                    let game = s.game.clone();
                    let mv = py.detach(|| guard_plain(|| agent.select(&game)))?;
                    Ok(mv.to_string())
                }};
            }
            match self.game.rules {
                crate::game::AnyRules::Mangola(_) => select_in!(Mangola),
                crate::game::AnyRules::UmElBagara(_) => select_in!(UmElBagara),
                crate::game::AnyRules::Kalah(_) => select_in!(Kalah),
                crate::game::AnyRules::Oware(_) => select_in!(Oware),
            }
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "Agent('{}', '{}', seed={})",
            self.spec,
            self.game.rules.kind(),
            self.seed
        )
    }
}

/// [`guard`] for code running without the GIL: the panic's text as an
/// error message, turned into an exception once the GIL is back.
pub(crate) fn guard_plain<T>(f: impl FnOnce() -> T) -> PyResult<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|payload| {
        errors::failure(format!(
            "internal error in ngola (please report it): {}",
            errors::panic_text(payload.as_ref())
        ))
    })
}

macro_rules! agent_from {
    ($($variant:ident: $game:ty),*) => {$(
        impl From<Box<dyn Agent<$game>>> for AnyAgent {
            fn from(agent: Box<dyn Agent<$game>>) -> AnyAgent {
                AnyAgent::$variant(agent)
            }
        }
    )*};
}
agent_from!(Mangola: Mangola, UmElBagara: UmElBagara, Kalah: Kalah, Oware: Oware);

/// The exact value of a position (`ngola.solve`).
#[pyclass(module = "ngola._ngola", name = "Solution", frozen, get_all)]
pub struct PySolution {
    /// `"win"`, `"draw"` or `"loss"` for the side to move under perfect play.
    value: &'static str,
    /// Final margin (side to move's total minus the opponent's); 0 for Mangola.
    margin: i32,
    /// A principal variation: best moves of both sides, in notation.
    pv: Vec<String>,
    /// Positions searched.
    nodes: u64,
    /// Plies to the end for a decided Mangola game (shortest win, longest
    /// loss); `None` for scored games and draws.
    plies: Option<u32>,
    /// Wall-clock seconds of the search.
    time_s: f64,
}

#[pymethods]
impl PySolution {
    fn __repr__(&self) -> String {
        format!(
            "Solution(value='{}', margin={}, pv={:?}, nodes={})",
            self.value, self.margin, self.pv, self.nodes
        )
    }
}

/// Solves `state` exactly with a transposition table of `tt_mib` MiB (as
/// `ngola solve --tt`), with the GIL released.
#[pyfunction]
#[pyo3(signature = (state, tt_mib = 256))]
#[allow(clippy::clone_on_copy)] // Oware is not `Copy`, the other games are
pub fn solve(py: Python<'_>, state: &PyState, tt_mib: i64) -> PyResult<PySolution> {
    guard(|| {
        let tt_mb = u32::try_from(tt_mib)
            .ok()
            .filter(|mb| (1..=65_536).contains(mb))
            .ok_or_else(|| {
                errors::spec(format!(
                    "bad value `{tt_mib}` for `tt_mib`: expected an integer from 1 to 65536"
                ))
            })?;
        on_state!(&state.inner, s => {
            let game = s.game.clone();
            let mut solver = Solver::try_new(&SolverConfig { tt_mb, tb: None }, resources().memory)
                .map_err(errors::spec)?;
            let solution = py.detach(|| guard_plain(|| solver.solve(&game)))?;
            if solution.too_deep {
                return Err(errors::failure(format!(
                    "no result: a line ran past {MAX_LINE_PLIES} plies without ending or repeating \
                     (after {} nodes); set a ply cap, e.g. Game(..., max_plies=40)",
                    solution.nodes
                )));
            }
            Ok(PySolution {
                value: solution.result_word(),
                margin: solution.margin,
                pv: solution.pv.iter().map(|m| m.to_string()).collect(),
                nodes: solution.nodes,
                plies: solution.plies,
                time_s: solution.time.as_secs_f64(),
            })
        })
    })
}

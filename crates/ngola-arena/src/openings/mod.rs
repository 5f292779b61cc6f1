//! Openings: where each colour-swapped pair of a run starts.
//!
//! - **Random openings** (`opening_plies = k`, k >= 1): pair `p`'s opening
//!   is drawn from a `ChaCha8Rng` seeded with its opening seed: k uniformly
//!   random plies, drawn again (the same RNG going on) while the game ends
//!   within them. Openings are drawn **without repetition** within a
//!   pairing: a draw that reaches a position an earlier pair of the pairing
//!   starts from is drawn again. After [`DRAWS_PER_PAIR`] such draws in a
//!   row, every distinct position k plies from the start is counted
//!   ([`enumerate`]); the pairing's remaining pairs then take unused ones in
//!   a shuffled order, and if fewer distinct openings exist than the
//!   pairing has pairs, the run is refused before it starts, naming both
//!   numbers. With repeats allowed (`allow_repeated_openings`), every pair
//!   plays its own first draw, repeats or not, exactly as runs made before
//!   openings were distinct drew them (so their published results
//!   reproduce), and the summary counts the distinct ones.
//! - **No opening** (`opening_plies = 0`): every game starts from the start
//!   position, on purpose (e.g. to measure the first player's advantage of
//!   the game itself). Pairs of a pairing then share their one opening; that
//!   is new evidence only if an agent's moves depend on its seed (`random`,
//!   `greedy`'s ties, `mcts`), so a pairing of two agents that do not draw
//!   on their seeds and more than one pair is refused unless repeats are
//!   allowed.
//! - **A suite** ([`crate::suite`]): pair `r` of each pairing plays the
//!   `r`-th opening of the suite (in file order or shuffled once from the
//!   master seed, the same order for every pairing). Two lines leading to
//!   the same position, and more pairs than openings, are refused unless
//!   repeats are allowed.
//!
//! Positions are compared by their text (docs/src/rules.md position text), so two
//! move orders reaching the same position are one opening. The plan is a
//! function of the experiment alone: every thread, shard and resume of a
//! run computes the same openings.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use crate::error::PlanError;
use ngola_rules::opening::draw_opening;
use ngola_rules::Game;

use crate::error::{ArenaError, Result};
use crate::experiment::{Experiment, OpeningPlies};
use crate::schedule::{Pairing, Schedule};

mod generate;
mod keys;
mod random;
mod suite_plan;
mod text;

pub use generate::{suite, SuiteRequest, MAX_SUITE_COUNT};
pub use keys::{position_key, text_key, texts_key};
pub use ngola_rules::opening::OPENING_ATTEMPTS;
pub use random::enumerate;
pub use text::{moves_text, MoveTexts};

/// Draws in a row that land on an opening already used in the pairing
/// before all openings are counted ([`enumerate`]).
pub const DRAWS_PER_PAIR: u32 = 1000;

/// The most distinct positions per ply [`enumerate`] goes through.
pub const MAX_ENUMERATED: usize = 2_000_000;

/// Where a pair's two games start.
#[derive(Clone, Debug)]
pub struct Opening<G: Game> {
    /// The position both games start from.
    pub position: G,
    /// The opening's moves from the game's start (empty for a suite's
    /// position text).
    pub moves: Vec<G::Move>,
    /// The `opening` cell of `games.csv`: the moves, or the position text.
    pub text: String,
    /// True if the games start from a position text, not from the start.
    pub from_position: bool,
}

/// How a pair's random opening is found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Choice {
    /// The draw after skipping this many draws that repeated an opening.
    Skip(u32),
    /// An opening of the counted list.
    Listed(u32),
}

/// A suite's opening, checked against the game.
#[derive(Clone, Debug)]
struct SuiteOpening<G: Game> {
    position: G,
    moves: Vec<G::Move>,
    text: String,
    from_position: bool,
}

enum Source<G: Game> {
    /// Every game from the start position.
    Start,
    /// Random openings, with the pairs whose opening is not the first draw.
    Random {
        plies: u32,
        exceptions: Vec<(u64, Choice)>,
        listed: Vec<Vec<G::Move>>,
    },
    /// A suite, and the suite index of each round.
    Suite {
        openings: Vec<SuiteOpening<G>>,
        order: Vec<u32>,
    },
}

/// The openings of a run, for the summary: what they are and where pairs
/// of a pairing repeat one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OpeningsNote {
    /// One line describing the openings.
    pub description: String,
    /// The pairings whose pairs repeat an opening: (pairing, pairs,
    /// distinct openings among them).
    pub repeated: Vec<(u32, u64, u64)>,
    /// True if the repeats are not new evidence by the agents' seeds (a
    /// pairing of agents that do not draw on their seeds, or random
    /// openings/suites that repeat whatever the agents).
    pub repeats_matter: bool,
}

impl OpeningsNote {
    /// The summary lines (empty when there is nothing to say).
    pub fn lines(&self) -> String {
        let mut out = format!("openings: {}\n", self.description);
        if !self.repeated.is_empty() && self.repeats_matter {
            let list: Vec<String> = self
                .repeated
                .iter()
                .map(|(p, pairs, distinct)| format!("pairing {p}: {pairs} pairs over {distinct}"))
                .collect();
            out += &format!(
                "statistics over repeated openings (allow_repeated_openings): {}; a repeated \
                 pair of agents that do not draw on their seeds is the same game again, not new \
                 evidence, so the intervals are too narrow\n",
                list.join(", ")
            );
        }
        out
    }
}

/// The openings of every pair of a run.
pub struct OpeningPlan<G: Game> {
    start: G,
    pairings: u64,
    source: Source<G>,
    note: OpeningsNote,
}

/// True if the agent draws on its seed (its games vary with it): `random`,
/// `greedy` (ties), `mcts`. An external engine is not counted on to (it is
/// given a seed, but may ignore it).
pub fn draws_on_seed(agent: &crate::entry::AgentEntry) -> bool {
    use ngola_agents::AgentSpec;
    matches!(
        agent.kind,
        crate::entry::AgentKind::BuiltIn(
            AgentSpec::Random | AgentSpec::Greedy { .. } | AgentSpec::Mcts(_)
        )
    )
}

/// True if either agent of `pairing` draws on its seed: its pairs differ
/// from one start position.
fn pairing_draws_on_seed(experiment: &Experiment, pairing: &Pairing) -> bool {
    draws_on_seed(&experiment.agents[pairing.first as usize])
        || draws_on_seed(&experiment.agents[pairing.second as usize])
}

impl<G: Game> OpeningPlan<G> {
    /// Plans the openings of `experiment` (whose rules give `start`), or
    /// refuses, naming the field, when its pairs cannot start from distinct
    /// positions.
    pub fn new(experiment: &Experiment, start: &G) -> Result<OpeningPlan<G>> {
        let schedule = experiment.schedule();
        let pairings = schedule.pairings().len() as u64;
        let names = experiment.agent_names();
        let label = |p: usize| {
            let pairing = schedule.pairings()[p];
            format!(
                "pairing {p} ({} vs {})",
                names[pairing.first as usize], names[pairing.second as usize]
            )
        };
        let (source, note) = if let Some(suite) = &experiment.openings {
            suite_plan::plan(experiment, suite, start, schedule.rounds())?
        } else {
            match experiment.opening_plies {
                OpeningPlies::Plies(0) => start_plan(experiment, &schedule, &label)?,
                OpeningPlies::Plies(plies) => {
                    random::plan(experiment, &schedule, start, plies, &label)?
                }
                OpeningPlies::Auto => random::auto_plan(experiment, &schedule, start, &label)?,
            }
        };
        Ok(OpeningPlan {
            start: start.clone(),
            pairings: pairings.max(1),
            source,
            note,
        })
    }

    /// The start position under the run's rules.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// What the openings are, for the summary.
    pub fn note(&self) -> &OpeningsNote {
        &self.note
    }

    /// The opening of pair `pair`, whose opening seed is `opening_seed`.
    pub fn opening(&self, pair: u64, opening_seed: u64) -> Result<Opening<G>, PlanError> {
        match &self.source {
            Source::Start => Ok(Opening {
                position: self.start.clone(),
                moves: Vec::new(),
                text: String::new(),
                from_position: false,
            }),
            Source::Random {
                plies,
                exceptions,
                listed,
            } => {
                let choice = exceptions
                    .binary_search_by_key(&pair, |(p, _)| *p)
                    .map_or(Choice::Skip(0), |i| exceptions[i].1);
                let (position, moves) = match choice {
                    Choice::Skip(skip) => {
                        let mut rng = ChaCha8Rng::seed_from_u64(opening_seed);
                        let mut drawn = draw_opening(&self.start, *plies, &mut rng)?;
                        for _ in 0..skip {
                            drawn = draw_opening(&self.start, *plies, &mut rng)?;
                        }
                        drawn
                    }
                    Choice::Listed(index) => {
                        let moves = listed[index as usize].clone();
                        let mut position = self.start.clone();
                        for &mv in &moves {
                            position.play(mv);
                        }
                        (position, moves)
                    }
                };
                Ok(Opening {
                    text: moves_text(&moves),
                    position,
                    moves,
                    from_position: false,
                })
            }
            Source::Suite { openings, order } => {
                let round = (pair / self.pairings) as usize;
                let index = order.get(round).ok_or(PlanError::PastSuite { pair })?;
                let chosen = &openings[*index as usize];
                Ok(Opening {
                    position: chosen.position.clone(),
                    moves: chosen.moves.clone(),
                    text: chosen.text.clone(),
                    from_position: chosen.from_position,
                })
            }
        }
    }
}

/// Too few distinct openings for the pairs of a pairing.
fn shortage(what: &str, distinct: u64, asked: u64, remedy: &str) -> String {
    format!(
        "{what}: {distinct} distinct opening(s) for {asked} pairs, and every pair of a pairing \
         must start from a distinct position; {remedy}, fewer games (at most {} per pairing), or \
         --allow-repeated-openings (allow_repeated_openings = true: the statistics are then over \
         repeated openings)",
        2 * distinct
    )
}

/// A source of openings and what the summary says of it.
type Plan<G> = (Source<G>, OpeningsNote);

/// Every game from the start position: refused when a pairing of agents
/// that do not draw on their seeds would replay one game (unless repeats
/// are allowed).
fn start_plan<G: Game>(
    experiment: &Experiment,
    schedule: &Schedule,
    label: &dyn Fn(usize) -> String,
) -> Result<Plan<G>> {
    let rounds = schedule.rounds();
    let mut note = OpeningsNote {
        description: "none: every game starts from the start position".to_string(),
        ..OpeningsNote::default()
    };
    if rounds > 1 {
        for (p, pairing) in schedule.pairings().iter().enumerate() {
            let seeded = pairing_draws_on_seed(experiment, pairing);
            if !seeded && !experiment.allow_repeated_openings {
                return Err(ArenaError::field(
                    "opening_plies",
                    format!(
                        "{}: neither agent draws on its seed, and without openings \
                         (opening_plies = 0) its {rounds} pairs all start from the \
                         start position: 1 distinct opening for {rounds} pairs, the \
                         same game {rounds} times; give opening_plies (--opening-plies \
                         K) or a suite (--openings FILE), 2 games per pairing, or \
                         --allow-repeated-openings",
                        label(p)
                    ),
                ));
            }
            note.repeats_matter |= !seeded;
            note.repeated.push((p as u32, rounds, 1));
        }
        if !note.repeats_matter {
            note.description += " (the agents' seeds vary the games)";
        }
    }
    Ok((Source::Start, note))
}

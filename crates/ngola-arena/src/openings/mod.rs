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

use crate::error::Result;
use crate::experiment::{Experiment, OpeningPlies};

mod generate;
mod random;
mod source;
mod suite_plan;
mod text;

pub use generate::{suite, SuiteRequest, MAX_SUITE_COUNT};
pub use ngola_records::keys::{position_key, text_key, texts_key};
pub use ngola_rules::opening::OPENING_ATTEMPTS;
pub use random::enumerate;
pub use source::{draws_on_seed, OpeningsNote, DRAWS_PER_PAIR, MAX_ENUMERATED};
use source::{start_plan, Choice, Source};
pub use text::{moves_text, MoveTexts};

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

/// The openings of every pair of a run.
pub struct OpeningPlan<G: Game> {
    start: G,
    pairings: u64,
    source: Source<G>,
    note: OpeningsNote,
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

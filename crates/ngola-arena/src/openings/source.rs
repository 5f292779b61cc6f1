//! Where a run's openings come from, and what the summary says of them:
//! below the plan of every pair and the two ways of planning them
//! (random draws, a suite).

use ngola_rules::Game;

use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::schedule::{Pairing, Schedule};

/// Draws in a row that land on an opening already used in the pairing
/// before all openings are counted ([`enumerate`](super::enumerate)).
pub const DRAWS_PER_PAIR: u32 = 1000;

/// The most distinct positions per ply [`enumerate`](super::enumerate) goes through.
pub const MAX_ENUMERATED: usize = 2_000_000;

/// How a pair's random opening is found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Choice {
    /// The draw after skipping this many draws that repeated an opening.
    Skip(u32),
    /// An opening of the counted list.
    Listed(u32),
}

/// A suite's opening, checked against the game.
#[derive(Clone, Debug)]
pub(super) struct SuiteOpening<G: Game> {
    pub(super) position: G,
    pub(super) moves: Vec<G::Move>,
    pub(super) text: String,
    pub(super) from_position: bool,
}

/// Where the pairs' openings come from.
pub(super) enum Source<G: Game> {
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
pub(super) fn pairing_draws_on_seed(experiment: &Experiment, pairing: &Pairing) -> bool {
    draws_on_seed(&experiment.agents[pairing.first as usize])
        || draws_on_seed(&experiment.agents[pairing.second as usize])
}

/// Too few distinct openings for the pairs of a pairing.
pub(super) fn shortage(what: &str, distinct: u64, asked: u64, remedy: &str) -> String {
    format!(
        "{what}: {distinct} distinct opening(s) for {asked} pairs, and every pair of a pairing \
         must start from a distinct position; {remedy}, fewer games (at most {} per pairing), or \
         --allow-repeated-openings (allow_repeated_openings = true: the statistics are then over \
         repeated openings)",
        2 * distinct
    )
}

/// A source of openings and what the summary says of it.
pub(super) type Plan<G> = (Source<G>, OpeningsNote);

/// Every game from the start position: refused when a pairing of agents
/// that do not draw on their seeds would replay one game (unless repeats
/// are allowed).
pub(super) fn start_plan<G: Game>(
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

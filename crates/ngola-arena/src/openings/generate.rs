//! `ngola openings`: a suite of distinct random openings, optionally only
//! those an agent finds balanced.

use std::collections::HashSet;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use ngola_rules::opening::draw_opening;

use crate::error::{ArenaError, Result};

use super::random::enumerate;
use super::text::moves_text;
use super::{DRAWS_PER_PAIR, MAX_ENUMERATED};
use ngola_records::keys::position_key;

/// How an agent judges a position for `ngola openings --max-eval-gap`.
enum Judge<G: ngola_agents::Evaluate> {
    /// An alpha-beta search's score.
    AlphaBeta(Box<ngola_agents::alphabeta::AlphaBeta<G>>),
    /// The best one-ply value, as greedy plays.
    Greedy(ngola_agents::EvalKind),
}

impl<G: ngola_agents::Evaluate> Judge<G> {
    fn new(spec: &ngola_agents::AgentSpec) -> Result<Judge<G>> {
        use ngola_agents::AgentSpec;
        match spec {
            AgentSpec::AlphaBeta(config) => Ok(Judge::AlphaBeta(Box::new(
                ngola_agents::alphabeta::AlphaBeta::new(config.clone()),
            ))),
            AgentSpec::Greedy { eval } => Ok(Judge::Greedy(*eval)),
            other => Err(ArenaError::field(
                "agent",
                format!(
                    "`{other}` gives no evaluation of a position; judge balance with an \
                     alphabeta or greedy agent"
                ),
            )),
        }
    }

    /// The value of `game` (not over) for its side to move, in evaluation
    /// points ([`ngola_agents::eval::SEED`] per seed).
    fn value(&mut self, game: &G) -> i32 {
        use ngola_agents::score;
        let mut moves = ngola_rules::MoveList::new();
        game.legal_moves(&mut moves);
        let mover = game.to_move();
        match self {
            Judge::Greedy(eval) => moves
                .iter()
                .map(|&mv| {
                    let mut child = game.clone();
                    child.play(mv);
                    score::child_value(*eval, mover, &child)
                })
                .max()
                .unwrap_or(0),
            Judge::AlphaBeta(search) => {
                // A lone move is played unsearched (score 0): search on.
                if let [only] = moves.as_slice() {
                    let mut child = game.clone();
                    child.play(*only);
                    if let Some(outcome) = child.outcome() {
                        return score::terminal(outcome, mover, 1);
                    }
                    let value = search.search(&child).score;
                    return if child.to_move() == mover {
                        value
                    } else {
                        -value
                    };
                }
                search.search(game).score
            }
        }
    }

    /// True if `game` is balanced within `gap` seeds for its side to move.
    fn balanced(&mut self, game: &G, gap: f64) -> bool {
        let value = self.value(game);
        !ngola_agents::score::is_decisive(value)
            && f64::from(value).abs() <= gap * f64::from(ngola_agents::eval::SEED)
    }
}

/// The most openings a suite may ask for (far more than a run plays; a
/// larger count is refused before anything is drawn).
pub const MAX_SUITE_COUNT: usize = 100_000_000;

/// What `ngola openings` asks for.
#[derive(Clone, Debug)]
pub struct SuiteRequest {
    /// Plies of each opening.
    pub plies: u32,
    /// Distinct openings wanted.
    pub count: usize,
    /// The seed of the draws.
    pub seed: u64,
    /// Keep only positions this agent judges within this many seeds of
    /// even, for the side to move.
    pub balance: Option<(ngola_agents::AgentSpec, f64)>,
}

/// A suite of `request.count` distinct openings of `request.plies` random
/// plies from `start` (as `ngola openings` writes them: moves from the
/// start, in the order drawn): drawn as a run draws random openings (a
/// `ChaCha8Rng` seeded with the seed, positions compared by their text),
/// optionally only those the judge finds balanced. When draws keep finding
/// used or unbalanced openings, all openings are counted and the rest
/// drawn from the unused ones; too few is an error naming both numbers.
pub fn suite<G: ngola_agents::Evaluate>(start: &G, request: &SuiteRequest) -> Result<Vec<String>> {
    if request.plies == 0 {
        return Err(ArenaError::field(
            "plies",
            "an opening needs at least 1 ply",
        ));
    }
    if request.count == 0 {
        return Err(ArenaError::field("count", "ask for at least 1 opening"));
    }
    if request.count > MAX_SUITE_COUNT {
        return Err(ArenaError::field(
            "count",
            format!(
                "{} openings asked; a suite holds at most {MAX_SUITE_COUNT}",
                request.count
            ),
        ));
    }
    let mut judge = match &request.balance {
        Some((spec, gap)) => {
            if !(gap.is_finite() && *gap >= 0.0) {
                return Err(ArenaError::field(
                    "max-eval-gap",
                    format!("{gap}: give a number of seeds, 0 or more"),
                ));
            }
            Some((Judge::<G>::new(spec)?, *gap))
        }
        None => None,
    };
    let mut keep = |game: &G| match judge.as_mut() {
        Some((judge, gap)) => judge.balanced(game, *gap),
        None => true,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(request.seed);
    let mut seen: HashSet<u128> = HashSet::new();
    // Room for what is asked only up to a bound: the count is the user's,
    // and fewer openings than asked may exist.
    let mut lines = Vec::with_capacity(request.count.min(1 << 12));
    let mut misses = 0;
    while lines.len() < request.count && misses < DRAWS_PER_PAIR {
        let (game, moves) = draw_opening(start, request.plies, &mut rng)
            .map_err(|e| ArenaError::field("plies", e.to_string()))?;
        if seen.insert(position_key(&game)) && keep(&game) {
            lines.push(moves_text(&moves));
            misses = 0;
        } else {
            misses += 1;
        }
    }
    if lines.len() < request.count {
        let all = enumerate(start, request.plies, MAX_ENUMERATED).ok_or_else(|| {
            ArenaError::field(
                "count",
                format!(
                    "found {} openings, then {DRAWS_PER_PAIR} draws in a row gave none \
                     new{}; the openings of {} plies are too many to count, ask for fewer",
                    lines.len(),
                    if request.balance.is_some() {
                        " and balanced"
                    } else {
                        ""
                    },
                    request.plies
                ),
            )
        })?;
        let mut rest: Vec<&(u128, Vec<G::Move>)> =
            all.iter().filter(|(key, _)| !seen.contains(key)).collect();
        rest.shuffle(&mut rng);
        for (_, moves) in rest {
            if lines.len() == request.count {
                break;
            }
            let mut game = start.clone();
            for &mv in moves {
                game.play(mv);
            }
            if keep(&game) {
                lines.push(moves_text(moves));
            }
        }
        if lines.len() < request.count {
            let balanced = match &request.balance {
                Some((spec, gap)) => format!(
                    ", {} of them balanced within {gap} seeds by {spec}",
                    lines.len()
                ),
                None => String::new(),
            };
            return Err(ArenaError::field(
                "count",
                format!(
                    "{} openings asked, but only {} distinct positions exist {} plies from \
                     the start{balanced}; ask for fewer, or give more plies",
                    request.count,
                    all.len(),
                    request.plies
                ),
            ));
        }
    }
    Ok(lines)
}

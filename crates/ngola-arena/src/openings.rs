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
//! Positions are compared by their text (RULES.md position text), so two
//! move orders reaching the same position are one opening. The plan is a
//! function of the experiment alone: every thread, shard and resume of a
//! run computes the same openings.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use ngola_rules::Game;

use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::schedule::Schedule;
use crate::suite::{OpeningSuite, OpeningsOrder, SUITE_FILE};

pub use ngola_rules::opening::OPENING_ATTEMPTS;

/// Draws in a row that land on an opening already used in the pairing
/// before all openings are counted ([`enumerate`]).
pub const DRAWS_PER_PAIR: u32 = 1000;

/// The most distinct positions per ply [`enumerate`] goes through.
pub const MAX_ENUMERATED: usize = 2_000_000;

/// A 128-bit key of a text: positions and games are compared by it.
pub fn text_key(text: &str) -> u128 {
    texts_key(&[text])
}

/// A 128-bit key of a sequence of texts (each ended by its length, so
/// that `["a", "b"]` and `["ab", ""]` differ): two 64-bit lanes, each
/// multiplying in the text eight bytes at a time with its own constants,
/// mixed at the end with MurmurHash3's finaliser. Fast (it runs on every
/// game of a run), fixed (no hasher of the standard library, whose output
/// may change between Rust versions), and not meant to resist an
/// adversary: it tells apart the games and positions of a run.
pub fn texts_key(texts: &[&str]) -> u128 {
    const K1: u64 = 0x9e37_79b9_7f4a_7c15;
    const K2: u64 = 0xc2b2_ae3d_27d4_eb4f;
    let mut a: u64 = 0x243f_6a88_85a3_08d3;
    let mut b: u64 = 0x1319_8a2e_0370_7344;
    let mut eat = |word: u64| {
        a = (a ^ word).wrapping_mul(K1).rotate_left(31);
        b = (b ^ word.rotate_left(17)).wrapping_mul(K2).rotate_left(29);
    };
    for text in texts {
        let bytes = text.as_bytes();
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            eat(u64::from_le_bytes(word));
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        eat(u64::from_le_bytes(last));
        eat(bytes.len() as u64);
    }
    let fmix = |mut h: u64| {
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    };
    let (a, b) = (fmix(a ^ b.rotate_left(32)), fmix(b ^ a));
    (u128::from(a) << 64) | u128::from(b)
}

/// The key of a position (of its text).
pub fn position_key<G: Game>(game: &G) -> u128 {
    text_key(&game.to_string())
}

/// Moves as text, space-separated.
pub fn moves_text<M: std::fmt::Display>(moves: &[M]) -> String {
    let mut text = String::with_capacity(4 * moves.len());
    for (i, mv) in moves.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        // Writing into a String cannot fail.
        let _ = write!(text, "{mv}");
    }
    text
}

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

/// One draw of a random opening: the rules' [`ngola_rules::opening::draw_opening`].
pub fn draw_opening<G: Game>(
    start: &G,
    plies: u32,
    rng: &mut ChaCha8Rng,
) -> Result<(G, Vec<G::Move>), String> {
    ngola_rules::opening::draw_opening(start, plies, rng).map_err(|e| e.to_string())
}

/// Every distinct position exactly `plies` plies from `start` in which the
/// game goes on, each with the first move sequence found to it (ply by
/// ply, moves in the game's order). `None` if a ply holds more than `cap`
/// positions.
pub fn enumerate<G: Game>(start: &G, plies: u32, cap: usize) -> Option<Vec<(u128, Vec<G::Move>)>> {
    let mut level: Vec<(G, Vec<G::Move>)> = vec![(start.clone(), Vec::new())];
    for depth in 0..plies {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        let last = depth + 1 == plies;
        for (game, path) in &level {
            let mut moves = ngola_rules::MoveList::new();
            game.legal_moves(&mut moves);
            for &mv in &moves {
                let mut child = game.clone();
                child.play(mv);
                if last && child.outcome().is_some() {
                    continue;
                }
                if seen.insert(position_key(&child)) {
                    let mut line = path.clone();
                    line.push(mv);
                    next.push((child, line));
                    if next.len() > cap {
                        return None;
                    }
                }
            }
        }
        level = next;
    }
    Some(
        level
            .into_iter()
            .map(|(game, path)| (position_key(&game), path))
            .collect(),
    )
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

impl<G: Game> OpeningPlan<G> {
    /// Plans the openings of `experiment` (whose rules give `start`), or
    /// refuses, naming the field, when its pairs cannot start from distinct
    /// positions.
    pub fn new(experiment: &Experiment, start: &G) -> Result<OpeningPlan<G>> {
        let schedule = Schedule::new(experiment);
        let rounds = schedule.rounds();
        let pairings = schedule.pairings().len() as u64;
        let names = experiment.agent_names();
        let label = |p: usize| {
            let pairing = schedule.pairings()[p];
            format!(
                "pairing {p} ({} vs {})",
                names[pairing.first as usize], names[pairing.second as usize]
            )
        };
        let allow = experiment.allow_repeated_openings;
        let (source, note) = if let Some(suite) = &experiment.openings {
            suite_plan(experiment, suite, start, rounds, allow)?
        } else if experiment.opening_plies == 0 {
            let mut note = OpeningsNote {
                description: "none: every game starts from the start position".to_string(),
                ..OpeningsNote::default()
            };
            if rounds > 1 {
                for (p, pairing) in schedule.pairings().iter().enumerate() {
                    let seeded = draws_on_seed(&experiment.agents[pairing.first as usize])
                        || draws_on_seed(&experiment.agents[pairing.second as usize]);
                    if !seeded && !allow {
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
            (Source::Start, note)
        } else {
            random_plan(experiment, &schedule, start, allow, &label)?
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
    pub fn opening(&self, pair: u64, opening_seed: u64) -> Result<Opening<G>, String> {
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
                let index = order
                    .get(round)
                    .ok_or_else(|| format!("pair {pair} is past the suite's plan"))?;
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

type Plan<G> = (Source<G>, OpeningsNote);

/// Every distinct opening of a length, with a move sequence to it.
type Counted<G> = Vec<(u128, Vec<<G as Game>::Move>)>;

fn random_plan<G: Game>(
    experiment: &Experiment,
    schedule: &Schedule,
    start: &G,
    allow: bool,
    label: &(dyn Fn(usize) -> String + Sync),
) -> Result<Plan<G>> {
    let plies = experiment.opening_plies;
    let rounds = schedule.rounds();
    let pairings = schedule.pairings().len() as u64;
    let seeds = schedule.opening_seeds();
    // Counted once, by the first pairing that needs it.
    let counted: OnceLock<Option<Counted<G>>> = OnceLock::new();
    let count_all = || {
        counted
            .get_or_init(|| enumerate(start, plies, MAX_ENUMERATED))
            .as_ref()
    };
    struct PairingPlan {
        exceptions: Vec<(u64, Choice)>,
        distinct: u64,
    }
    let plans: Vec<Result<PairingPlan>> = (0..pairings)
        .into_par_iter()
        .map(|p| {
            let mut used: HashSet<u128> = HashSet::new();
            let mut exceptions = Vec::new();
            'pairs: for round in 0..rounds {
                let pair = round * pairings + p;
                let mut rng = ChaCha8Rng::seed_from_u64(seeds[pair as usize]);
                if allow {
                    // Repeats allowed: each pair's own first draw, as runs
                    // made before openings were distinct drew them (so
                    // their results reproduce); only counted here.
                    let (game, _) = draw_opening(start, plies, &mut rng)
                        .map_err(|e| ArenaError::field("opening_plies", e))?;
                    used.insert(position_key(&game));
                    continue 'pairs;
                }
                for skip in 0..DRAWS_PER_PAIR {
                    let (game, _) = draw_opening(start, plies, &mut rng)
                        .map_err(|e| ArenaError::field("opening_plies", e))?;
                    if used.insert(position_key(&game)) {
                        if skip > 0 {
                            exceptions.push((pair, Choice::Skip(skip)));
                        }
                        continue 'pairs;
                    }
                }
                // The draws keep landing on used openings: count them all.
                let Some(all) = count_all() else {
                    return Err(ArenaError::field(
                        "opening_plies",
                        format!(
                            "{}: after {} distinct openings of {plies} plies, {DRAWS_PER_PAIR} \
                             draws in a row repeated one, and the openings are too many to \
                             count (over {MAX_ENUMERATED} positions at one ply); give fewer \
                             games or --allow-repeated-openings",
                            label(p as usize),
                            used.len()
                        ),
                    ));
                };
                let distinct = all.len() as u64;
                if distinct < rounds {
                    return Err(ArenaError::field(
                        "opening_plies",
                        shortage(
                            &format!("{} with {plies} random opening plies", label(p as usize)),
                            distinct,
                            rounds,
                            "give more opening plies (--opening-plies)",
                        ),
                    ));
                }
                // The rest of the pairing: unused openings (enough of them,
                // checked above), in an order drawn from this pair's seed.
                let mut unused: Vec<u32> = (0..all.len() as u32)
                    .filter(|&i| !used.contains(&all[i as usize].0))
                    .collect();
                unused.shuffle(&mut rng);
                for (round, index) in (round..rounds).zip(unused) {
                    exceptions.push((round * pairings + p, Choice::Listed(index)));
                }
                return Ok(PairingPlan {
                    exceptions,
                    distinct: rounds,
                });
            }
            Ok(PairingPlan {
                exceptions,
                distinct: if allow { used.len() as u64 } else { rounds },
            })
        })
        .collect();
    let mut note = OpeningsNote {
        description: format!(
            "{plies} random plies from the start, a distinct position for each pair of a pairing"
        ),
        ..OpeningsNote::default()
    };
    let mut exceptions = Vec::new();
    for (p, plan) in plans.into_iter().enumerate() {
        let plan = plan?;
        if plan.distinct < rounds {
            note.repeated.push((p as u32, rounds, plan.distinct));
            note.repeats_matter = true;
        }
        exceptions.extend(plan.exceptions);
    }
    exceptions.sort_unstable_by_key(|(pair, _)| *pair);
    let listed = match counted.into_inner() {
        Some(Some(all)) => all.into_iter().map(|(_, moves)| moves).collect(),
        _ => Vec::new(),
    };
    if allow {
        note.description = format!(
            "{plies} random plies from the start, drawn for each pair from its own seed, \
             repeats allowed (allow_repeated_openings)"
        );
    }
    Ok((
        Source::Random {
            plies,
            exceptions,
            listed,
        },
        note,
    ))
}

/// Reads one line of a suite: a position text (starting with the game's
/// name) or moves from the start.
fn suite_opening<G: Game>(start: &G, text: &str) -> Result<SuiteOpening<G>, String> {
    let first = text.split_whitespace().next().unwrap_or("");
    if first == G::NAME {
        let position = G::from_position(text, *start.rules()).map_err(|e| e.to_string())?;
        if position.outcome().is_some() {
            return Err("the game is over in this position".to_string());
        }
        return Ok(SuiteOpening {
            position,
            moves: Vec::new(),
            text: text.to_string(),
            from_position: true,
        });
    }
    let mut position = start.clone();
    let mut moves = Vec::new();
    for (i, word) in text.split_whitespace().enumerate() {
        if position.outcome().is_some() {
            return Err(format!("ply {}: the game is already over", i + 1));
        }
        let mv = position
            .play_text(word)
            .map_err(|e| format!("ply {}: {e}", i + 1))?;
        moves.push(mv);
    }
    if position.outcome().is_some() {
        return Err("the game is over after this opening".to_string());
    }
    Ok(SuiteOpening {
        text: moves_text(&moves),
        position,
        moves,
        from_position: false,
    })
}

fn suite_plan<G: Game>(
    experiment: &Experiment,
    suite: &OpeningSuite,
    start: &G,
    rounds: u64,
    allow: bool,
) -> Result<Plan<G>> {
    let mut openings = Vec::with_capacity(suite.len());
    let mut first_line: std::collections::HashMap<u128, usize> = Default::default();
    for (line, text) in &suite.entries {
        let opening = suite_opening(start, text)
            .map_err(|e| ArenaError::bad_file(&suite.path, format!("line {line}: {e}")))?;
        let key = position_key(&opening.position);
        if let Some(earlier) = first_line.get(&key) {
            if !allow {
                return Err(ArenaError::bad_file(
                    &suite.path,
                    format!(
                        "line {line}: the same position as line {earlier}; every pair of a \
                         pairing must start from a distinct position (or give \
                         --allow-repeated-openings)"
                    ),
                ));
            }
        } else {
            first_line.insert(key, *line);
        }
        openings.push(opening);
    }
    let distinct = first_line.len() as u64;
    let size = openings.len() as u64;
    if rounds > size && !allow {
        return Err(ArenaError::field(
            "games",
            shortage(
                &format!("the suite {}", suite.path.display()),
                distinct,
                rounds,
                "give a larger suite",
            ),
        ));
    }
    // Each round takes the next opening of the order; past the end, the
    // suite again (shuffled afresh in random order).
    let mut rng = ChaCha8Rng::seed_from_u64(experiment.seed);
    rng.set_stream(3);
    let mut order = Vec::with_capacity(rounds as usize);
    while (order.len() as u64) < rounds {
        let mut cycle: Vec<u32> = (0..size as u32).collect();
        if experiment.openings_order == OpeningsOrder::Random {
            cycle.shuffle(&mut rng);
        }
        let wanted = (rounds - order.len() as u64).min(size) as usize;
        order.extend_from_slice(&cycle[..wanted]);
    }
    let used: HashSet<u128> = order
        .iter()
        .map(|&i| position_key(&openings[i as usize].position))
        .collect();
    let mut note = OpeningsNote {
        description: format!(
            "a suite of {size} openings ({} order; copied to {SUITE_FILE}), one per pair of \
             each pairing",
            experiment.openings_order
        ),
        ..OpeningsNote::default()
    };
    if (used.len() as u64) < rounds {
        note.repeats_matter = true;
        for p in 0..crate::schedule::pairings(experiment.agents.len(), experiment.format).len() {
            note.repeated.push((p as u32, rounds, used.len() as u64));
        }
    }
    Ok((Source::Suite { openings, order }, note))
}

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
    let mut lines = Vec::with_capacity(request.count);
    let mut misses = 0;
    while lines.len() < request.count && misses < DRAWS_PER_PAIR {
        let (game, moves) = draw_opening(start, request.plies, &mut rng)
            .map_err(|e| ArenaError::field("plies", e))?;
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

/// Writes moves as text quickly: each distinct move is formatted once (by
/// its `Display`) and its text remembered in a small direct-mapped table,
/// so that a game's moves cost a table lookup each, not a formatter call.
/// The text is the same as [`moves_text`]'s.
pub struct MoveTexts<M> {
    slots: Vec<Option<(M, String)>>,
}

/// The slots of [`MoveTexts`]' table.
const MOVE_SLOTS: usize = 256;

/// A small multiplicative hash (moves are a few bytes).
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl<M: Copy + Eq + Hash + std::fmt::Display> Default for MoveTexts<M> {
    fn default() -> Self {
        MoveTexts {
            slots: vec![None; MOVE_SLOTS],
        }
    }
}

impl<M: Copy + Eq + Hash + std::fmt::Display> MoveTexts<M> {
    /// Appends the moves' texts, space-separated, to `out`.
    pub fn write(&mut self, moves: &[M], out: &mut String) {
        out.reserve(4 * moves.len());
        for (i, &mv) in moves.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            self.push(mv, out);
        }
    }

    fn push(&mut self, mv: M, out: &mut String) {
        let mut hasher = MoveHasher(0);
        mv.hash(&mut hasher);
        let slot = (hasher.finish() >> 56) as usize % MOVE_SLOTS;
        match &self.slots[slot] {
            Some((known, text)) if *known == mv => out.push_str(text),
            _ => {
                let text = mv.to_string();
                out.push_str(&text);
                self.slots[slot] = Some((mv, text));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembered_move_texts_are_the_formatted_ones() {
        // More distinct moves than slots, so slots are shared and replaced.
        let moves: Vec<u32> = (0..2000).map(|i| (i * 7919) % 1000).collect();
        let mut texts = MoveTexts::default();
        for _ in 0..2 {
            let mut out = String::from("x");
            texts.write(&moves, &mut out);
            assert_eq!(out, format!("x{}", moves_text(&moves)));
        }
        let mut out = String::new();
        texts.write(&[] as &[u32], &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn text_keys_tell_texts_apart() {
        assert_eq!(text_key("a1 b2"), text_key("a1 b2"));
        assert_ne!(text_key("a1 b2"), text_key("a1 b3"));
        assert_ne!(text_key(""), text_key(" "));
        assert_ne!(texts_key(&["a", "b"]), texts_key(&["ab", ""]));
        assert_ne!(text_key("12345678"), text_key("12345678\0"));
        let keys: HashSet<u128> = (0..100_000).map(|i| text_key(&i.to_string())).collect();
        assert_eq!(keys.len(), 100_000);
    }
}

//! The measures of a game, computed from the rows of `games.csv` alone
//! (and the run's rules, to replay their moves), so that a local run and
//! shards merged from a cluster give the same numbers. They follow the
//! vocabulary of Ludii's evaluation metrics: balance (the first player's
//! score), drawishness and completion (draws, ply-cap and endless-sowing
//! endings), duration (game length), branching factor and decision moves,
//! lead changes and how early the eventual winner leads for good, and the
//! skill trace of a strength ladder. The formulas are in the book's
//! chapter on studies; intervals come from the arena's statistics
//! ([`ngola_arena::stats`]).

pub mod random_play;
mod replay;

use std::collections::BTreeMap;

use ngola_arena::record::{GameResult, Reason};
use ngola_arena::stats::elo::wilson;
use ngola_arena::stats::{Estimate, Statistics, Wdl};
use ngola_arena::GameRecord;
use ngola_rules::{EndReason, Game};

pub use random_play::{exact_chances, Chances, TooManyPositions};
pub use replay::{replay_row, RowPlay};

use crate::error::StudyError;

/// What one unit of the first player's interval is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Every game is a unit (its games differ: stochastic agents).
    Game,
    /// Every distinct start (position after the opening, and the agents
    /// seated South and North, by spec: self-play with swapped ids is the
    /// same start) is one unit: every game from one start is the same
    /// game (deterministic agents), so repeats count once.
    Start,
}

impl Unit {
    /// `game` or `start`, as tables write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Unit::Game => "game",
            Unit::Start => "start",
        }
    }
}

/// South's (the first player's) score over the independent units.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstPlayerScore {
    /// South's results over all games.
    pub south: Wdl,
    /// What a unit is.
    pub unit: Unit,
    /// Units counted.
    pub units: u64,
    /// South's mean score over the units (draws half).
    pub score: f64,
    /// Wilson 95% interval of `score` over `units`.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
}

/// Game length in plies (opening included).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Length {
    /// Mean.
    pub mean: f64,
    /// Median (the mean of the two middle games for an even count).
    pub median: f64,
    /// 95th percentile by nearest rank: the `ceil(0.95 n)`-th shortest.
    pub p95: f64,
}

/// How the games ended.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Endings {
    /// Share of games drawn.
    pub draw_rate: f64,
    /// Share of games ended by the rules' ply cap or the runner's limit.
    pub ply_cap: f64,
    /// Share of games ended because the mover had only endless sowings.
    pub endless_sowing: f64,
}

/// What replaying the games' moves measures.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Play {
    /// Mean legal moves over the positions where the mover had more than
    /// one (NaN if there were none).
    pub branching: f64,
    /// Share of the positions moved from that had more than one legal move.
    pub decision_moves: f64,
    /// Mean changes of the side ahead per game.
    pub lead_changes: f64,
    /// Mean, over the games with a winner, of the fraction of the game
    /// played before the winner leads for good (0: from the start, 1: only
    /// at the end or never). NaN without decisive games.
    pub lead_for_good: f64,
    /// Games with a winner.
    pub decisive_games: u64,
}

/// One step of a strength ladder: the stronger agent's score against the
/// one below it, over colour-swapped pairs.
#[derive(Clone, Debug, PartialEq)]
pub struct SkillStep {
    /// The weaker agent's spec.
    pub lower: String,
    /// The stronger agent's spec.
    pub upper: String,
    /// The stronger agent's score, with its interval over pairs.
    pub estimate: Estimate,
    /// Complete pairs in which the stronger agent scored 0, 1/2, 1, 3/2
    /// and 2 points.
    pub pentanomial: [u64; 5],
}

/// Every measure of a set of games.
#[derive(Clone, Debug, PartialEq)]
pub struct Measures {
    /// Games counted.
    pub games: u64,
    /// Balance: the first player's score.
    pub first_player: FirstPlayerScore,
    /// Draws and the games cut short.
    pub endings: Endings,
    /// Duration.
    pub length: Length,
    /// Branching, decisions and leads.
    pub play: Play,
    /// The ladder's steps (agent `k + 1` against agent `k`, in the run's
    /// agent order), where the run holds those pairings.
    pub skill_trace: Vec<SkillStep>,
}

impl Measures {
    /// Measures `records`, games played under `rules` by `agents` (the
    /// run's agent specs in id order). Every row is replayed; a row whose
    /// moves do not replay is an error naming its game.
    pub fn of<G: Game>(
        rules: G::Rules,
        agents: &[String],
        records: &[GameRecord],
    ) -> Result<Measures, StudyError> {
        let start = G::start(rules);
        let plays = records
            .iter()
            .map(|r| replay_row(&start, r))
            .collect::<Result<Vec<_>, _>>()?;
        let stats = Statistics::from_games(agents, records);
        Ok(Measures {
            games: records.len() as u64,
            first_player: first_player(records, &plays),
            endings: endings(records),
            length: length(records.iter().map(|r| r.plies).collect()),
            play: play(records, &plays),
            skill_trace: skill_trace(&stats),
        })
    }

    /// The stronger agents' score over every complete pair of the
    /// ladder's steps, with its interval ([`skill`]): above 1/2, more
    /// search keeps winning.
    pub fn skill(&self) -> Estimate {
        skill(&self.skill_trace)
    }
}

/// The stronger agents' score over the complete pairs of every step of a
/// ladder pooled (each pair one unit: the stronger agent's points over
/// the pair's two games, halved), with the arena's interval over units
/// ([`Estimate::from_units`]); no units without steps (score NaN).
pub fn skill(steps: &[SkillStep]) -> Estimate {
    let mut units = Vec::new();
    for step in steps {
        for (points, &n) in step.pentanomial.iter().enumerate() {
            let n = usize::try_from(n).unwrap_or(usize::MAX);
            units.extend(std::iter::repeat_n(points as f64 / 4.0, n));
        }
    }
    Estimate::from_units(&units)
}

/// The games of one start: South's points, their count, and whether they
/// are all the first one's moves.
struct StartGames<'a> {
    points: f64,
    games: u64,
    moves: &'a str,
    same: bool,
}

/// South's score: over the games, or over the distinct starts when every
/// start's games are one game repeated (and some start has more than one).
pub fn first_player(records: &[GameRecord], plays: &[RowPlay]) -> FirstPlayerScore {
    let mut south = Wdl::default();
    let mut starts: BTreeMap<(&str, &str, &str), StartGames> = BTreeMap::new();
    for (r, p) in records.iter().zip(plays) {
        add(&mut south, r.result);
        let moves = p.after_start(&r.moves);
        let entry = starts
            .entry((p.start.as_str(), r.south.as_str(), r.north.as_str()))
            .or_insert(StartGames {
                points: 0.0,
                games: 0,
                moves,
                same: true,
            });
        entry.points += r.result.south_score();
        entry.games += 1;
        entry.same &= entry.moves == moves;
    }
    let repeats = starts.values().any(|s| s.games > 1);
    let deterministic = repeats && starts.values().all(|s| s.same);
    let (unit, units, points) = if deterministic {
        let points = starts
            .values()
            .map(|s| s.points / s.games as f64)
            .sum::<f64>();
        (Unit::Start, starts.len() as u64, points)
    } else {
        (Unit::Game, south.games(), south.points())
    };
    let (low, high) = wilson(points, units);
    FirstPlayerScore {
        south,
        unit,
        units,
        score: if units == 0 {
            f64::NAN
        } else {
            points / units as f64
        },
        low,
        high,
    }
}

fn add(wdl: &mut Wdl, result: GameResult) {
    match result {
        GameResult::South => wdl.wins += 1,
        GameResult::Draw => wdl.draws += 1,
        GameResult::North => wdl.losses += 1,
    }
}

/// The shares of draws, ply-cap endings and endless-sowing endings.
pub fn endings(records: &[GameRecord]) -> Endings {
    let n = records.len() as f64;
    let share = |keep: &dyn Fn(&GameRecord) -> bool| {
        if records.is_empty() {
            f64::NAN
        } else {
            records.iter().filter(|r| keep(r)).count() as f64 / n
        }
    };
    Endings {
        draw_rate: share(&|r| r.result == GameResult::Draw),
        ply_cap: share(&|r| {
            matches!(
                r.reason,
                Reason::Rules(EndReason::PlyCap) | Reason::PlyLimit
            )
        }),
        endless_sowing: share(&|r| r.reason == Reason::Rules(EndReason::EndlessSowing)),
    }
}

/// Mean, median and 95th percentile of `plies`.
pub fn length(mut plies: Vec<u32>) -> Length {
    if plies.is_empty() {
        return Length {
            mean: f64::NAN,
            median: f64::NAN,
            p95: f64::NAN,
        };
    }
    plies.sort_unstable();
    let n = plies.len();
    let at = |i: usize| f64::from(plies[i]);
    let median = if n % 2 == 1 {
        at(n / 2)
    } else {
        (at(n / 2 - 1) + at(n / 2)) / 2.0
    };
    // Nearest rank: the smallest value with at least 95% of the games at
    // or below it; ceil(0.95 n) computed in integers (19 n / 20).
    let rank = (19 * n).div_ceil(20);
    Length {
        mean: plies.iter().map(|&p| f64::from(p)).sum::<f64>() / n as f64,
        median,
        p95: at(rank - 1),
    }
}

/// Branching, decisions and leads over the replayed games.
pub fn play(records: &[GameRecord], plays: &[RowPlay]) -> Play {
    let (mut choices, mut choice_positions, mut positions) = (0u64, 0u64, 0u64);
    let mut changes = 0u64;
    let (mut for_good, mut decisive) = (0.0, 0u64);
    for (r, p) in records.iter().zip(plays) {
        choices += p.choice_moves;
        choice_positions += p.choice_positions;
        positions += p.positions;
        changes += p.lead_changes;
        if let Some(winner) = r.result.winner() {
            decisive += 1;
            for_good += p.lead_for_good(winner);
        }
    }
    let ratio = |a: f64, b: u64| if b == 0 { f64::NAN } else { a / b as f64 };
    Play {
        branching: ratio(choices as f64, choice_positions),
        decision_moves: ratio(choice_positions as f64, positions),
        lead_changes: ratio(changes as f64, records.len() as u64),
        lead_for_good: ratio(for_good, decisive),
        decisive_games: decisive,
    }
}

/// The ladder's steps: for agents `k` and `k + 1` of the run that met
/// (with different specs), `k + 1`'s score against `k` over their pairs.
pub fn skill_trace(stats: &Statistics) -> Vec<SkillStep> {
    let mut steps = Vec::new();
    for p in &stats.pairings {
        // a_id < b_id: the pairing's estimate is a's; the step is b's.
        // Self-play (one spec twice) is no step of a ladder.
        if p.b_id == p.a_id + 1 && p.a != p.b {
            let e = p.estimate;
            let mut pentanomial = p.pentanomial;
            pentanomial.reverse();
            steps.push((
                p.a_id,
                SkillStep {
                    lower: p.a.clone(),
                    upper: p.b.clone(),
                    estimate: flipped(&e),
                    pentanomial,
                },
            ));
        }
    }
    steps.sort_by_key(|(a, _)| *a);
    steps.into_iter().map(|(_, s)| s).collect()
}

/// The other side's view of an estimate.
fn flipped(e: &Estimate) -> Estimate {
    Estimate {
        units: e.units,
        score: 1.0 - e.score,
        std_error: e.std_error,
        score_low: 1.0 - e.score_high,
        score_high: 1.0 - e.score_low,
        elo: -e.elo,
        elo_low: -e.elo_high,
        elo_high: -e.elo_low,
    }
}

#[cfg(test)]
pub(crate) mod tests;

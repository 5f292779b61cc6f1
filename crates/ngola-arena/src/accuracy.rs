//! Perfect play as the yardstick (`--accuracy DIR`): every move an agent
//! made in a position the endgame database decides exactly, measured
//! against the database's value, from the rows of `games.csv` alone (so a
//! resumed or merged run measures the same).
//!
//! For a move in a covered position of value `v` (the final margin under
//! perfect play for the mover), the mover's value after it is `w` (the
//! child's value, negated when the turn passes; a finished game's final
//! margin). The move keeps the value if `w == v`, and gives away `v - w`
//! seeds of final margin otherwise (never negative: `v` is the best).
//! Positions of the opening (the run's moves, not the agents') are left
//! out. `accuracy.csv` has one row per agent:
//!
//! | column | meaning |
//! |---|---|
//! | `agent_id`, `agent` | the agent's id and canonical spec |
//! | `positions` | covered positions it moved in |
//! | `kept` | moves that kept the value |
//! | `lost` | moves that lost value |
//! | `margin_lost` | total margin given away, in seeds |
//! | `kept_share`, `kept_low`, `kept_high` | `kept / positions` and its 95% Wilson interval ([`crate::stats::elo::wilson`]) |

use ngola_agents::tablebase::Databases;
use std::fmt::Write as _;
use std::path::Path;

use rayon::prelude::*;

use ngola_agents::{Evaluate, Oracle};
use ngola_rules::Game;

use crate::error::{ArenaError, Result};
use crate::experiment::Experiment;
use crate::output::{number, write_csv};
use crate::record::GameRecord;
use crate::replay::{opening_is_position, row_start};
use crate::stats::elo::wilson;

/// The file's name in a run folder.
pub const FILE: &str = "accuracy.csv";

/// One agent's moves against the database.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AgentAccuracy {
    /// Covered positions the agent moved in.
    pub positions: u64,
    /// Moves that kept the exact value.
    pub kept: u64,
    /// Moves that lost value.
    pub lost: u64,
    /// Total final margin given away, in seeds.
    pub margin_lost: u64,
}

impl AgentAccuracy {
    fn add(&mut self, other: &AgentAccuracy) {
        self.positions += other.positions;
        self.kept += other.kept;
        self.lost += other.lost;
        self.margin_lost += other.margin_lost;
    }

    /// `kept / positions` and its 95% Wilson interval (NaN with no position).
    pub fn share(&self) -> (f64, f64, f64) {
        let (low, high) = wilson(self.kept as f64, self.positions);
        let share = if self.positions == 0 {
            f64::NAN
        } else {
            self.kept as f64 / self.positions as f64
        };
        (share, low, high)
    }
}

/// Measures rows against a database (see the module documentation).
pub type Measure = dyn Fn(&[&GameRecord]) -> Result<Vec<AgentAccuracy>> + Send + Sync;

/// The measure `experiment` asks for (`accuracy = DIR`) over games of `G`
/// from `start` (its database opened into `databases`), or `None`; an error (field `accuracy`) when the database
/// does not open or is of other rules.
pub fn measurer<G: Evaluate>(
    experiment: &Experiment,
    start: &G,
    databases: &Databases,
) -> Result<Option<Box<Measure>>> {
    let Some(dir) = &experiment.accuracy else {
        return Ok(None);
    };
    let oracle = G::open_tablebase(dir, databases)
        .map_err(|e| ArenaError::field("accuracy", format!("{}: {e}", dir.display())))?;
    if !oracle.covers_rules(start.rules()) {
        return Err(ArenaError::field(
            "accuracy",
            format!(
                "{}: the database `{}` was built under other rules than the run's",
                dir.display(),
                oracle.name()
            ),
        ));
    }
    let agents = experiment.agents.len();
    let start = start.clone();
    Ok(Some(Box::new(move |rows: &[&GameRecord]| {
        measure(&*oracle, &start, rows, agents)
    })))
}

/// The mover's exact value of `game`, from the database or its end.
fn value_of<G: Game>(oracle: &dyn Oracle<G>, game: &G) -> Option<i32> {
    if game.outcome().is_some() {
        let t = game.totals();
        let me = game.to_move().index();
        return Some(t[me] as i32 - t[1 - me] as i32);
    }
    oracle.exact(game)
}

/// Every agent's accuracy over `rows` (`agents` agents, by id).
pub fn measure<G: Game>(
    oracle: &dyn Oracle<G>,
    start: &G,
    rows: &[&GameRecord],
    agents: usize,
) -> Result<Vec<AgentAccuracy>> {
    let per_row: Vec<Vec<AgentAccuracy>> = rows
        .par_iter()
        .map(|row| measure_row(oracle, start, row, agents))
        .collect::<Result<_>>()?;
    let mut total = vec![AgentAccuracy::default(); agents];
    for row in &per_row {
        for (sum, one) in total.iter_mut().zip(row) {
            sum.add(one);
        }
    }
    Ok(total)
}

fn measure_row<G: Game>(
    oracle: &dyn Oracle<G>,
    start: &G,
    row: &GameRecord,
    agents: usize,
) -> Result<Vec<AgentAccuracy>> {
    let bad = |what: String| ArenaError::Game {
        game: row.game,
        message: format!("accuracy: {what}"),
    };
    let mut game = row_start(start, row).map_err(|e| bad(e.to_string()))?;
    let opening = if opening_is_position::<G>(&row.opening) {
        0
    } else {
        row.opening.split_whitespace().count()
    };
    let mut out = vec![AgentAccuracy::default(); agents];
    for (i, word) in row.moves.split_whitespace().enumerate() {
        let before = (i >= opening).then(|| oracle.exact(&game)).flatten();
        let mover = game.to_move();
        let mut child = game.clone();
        child
            .play_text(word)
            .map_err(|e| bad(format!("move {} (`{word}`): {e}", i + 1)))?;
        if let Some(v) = before {
            let after =
                value_of(oracle, &child).map(|w| if child.to_move() == mover { w } else { -w });
            let id = match mover {
                ngola_rules::Player::South => row.south_id,
                ngola_rules::Player::North => row.north_id,
            } as usize;
            if let (Some(w), Some(slot)) = (after, out.get_mut(id)) {
                slot.positions += 1;
                if w >= v {
                    slot.kept += 1;
                } else {
                    slot.lost += 1;
                    slot.margin_lost += (v - w) as u64;
                }
            }
        }
        game = child;
    }
    Ok(out)
}

/// Writes `accuracy.csv` into `dir` (`names`: the agents' canonical specs).
pub fn write(dir: &Path, names: &[String], accuracy: &[AgentAccuracy]) -> Result<()> {
    let rows = names
        .iter()
        .zip(accuracy)
        .enumerate()
        .map(|(id, (name, a))| {
            let (share, low, high) = a.share();
            vec![
                id.to_string(),
                name.clone(),
                a.positions.to_string(),
                a.kept.to_string(),
                a.lost.to_string(),
                a.margin_lost.to_string(),
                number(share, 4),
                number(low, 4),
                number(high, 4),
            ]
        })
        .collect();
    write_csv(
        dir,
        FILE,
        &[
            "agent_id",
            "agent",
            "positions",
            "kept",
            "lost",
            "margin_lost",
            "kept_share",
            "kept_low",
            "kept_high",
        ],
        rows,
    )
}

/// The summary's table: one line per agent.
pub fn table(labels: &[String], accuracy: &[AgentAccuracy], dir: &Path) -> String {
    let width = labels.iter().map(String::len).max().unwrap_or(5).max(5);
    let mut out = format!(
        "Accuracy against the endgame database {}:\n{:<width$}  positions   kept   lost  margin lost  kept share (95%)\n",
        dir.display(),
        "agent"
    );
    for (label, a) in labels.iter().zip(accuracy) {
        let (share, low, high) = a.share();
        let _ = writeln!(
            out,
            "{label:<width$}  {:>9}  {:>5}  {:>5}  {:>11}  {:.3} ({:.3}-{:.3})",
            a.positions, a.kept, a.lost, a.margin_lost, share, low, high
        );
    }
    out
}

//! Study files: a sweep over agents, rule options, board sizes, openings
//! and seeds, whose every cell is an ordinary tournament run folder.
//!
//! ```toml
//! name = "variant-survey"            # optional (default: the file's stem)
//! out = "results/variant-survey"     # optional (default: results/studies/NAME)
//!
//! [base]                             # experiment fields of every cell
//! game = "mangola"
//! games = 200
//! opening_plies = 6
//!
//! [[axis]]                           # the grid: every combination of the axes' values
//! key = "agent"                      # self-play: agents = [X, X]
//! values = ["random", { label = "ab4", agent = "alphabeta:depth=4", games = 100 }]
//!
//! [[axis]]
//! key = "rules.capture_sowing"       # any experiment field, or rules.KEY
//! values = ["lap-start", "ludii"]
//!
//! [[grid]]                           # more grids, each with its own base and axes
//! name = "umelbagara-{agent}"        # cell names: {KEY} is the axis value's label
//! base = { game = "umelbagara" }
//! axis = [{ key = "agent", values = ["random"] }]
//!
//! [[plot]]                           # the report's own plots (see [`Plot`])
//! name = "umelbagara-strength"
//! title = "Um el-Bagara: South's score by strength"
//! grids = ["umelbagara-{agent}"]
//! ```
//!
//! A value is a scalar (the axis key's value; its label is its text with
//! every character but letters, digits, `.`, `_` and `-` made `-`) or a
//! table of experiment fields with an optional `label`. A cell is the
//! base, then the grid's base, then each axis's value laid over it, in
//! order; its name is the grid's template with the labels put in, or the
//! labels joined by `-`; its folder is `runs/NAME` in the study's folder.

mod plots;
mod run;

use std::path::{Path, PathBuf};

use serde::Deserialize;

use ngola_arena::entry::is_valid_name;
use ngola_arena::{Experiment, ExperimentDraft, Shard};
use ngola_rules::with_game;

use crate::error::StudyError;

pub use plots::Plot;
pub use run::{run_cell, CellStatus};

/// The folder of the cells' run folders, inside a study's folder.
pub const RUNS: &str = "runs";
/// The study's copy of its study file, inside its folder.
pub const STUDY_FILE: &str = "study.toml";

/// A study file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StudyFile {
    name: Option<String>,
    out: Option<PathBuf>,
    #[serde(default)]
    base: toml::Table,
    #[serde(default)]
    axis: Vec<AxisFile>,
    #[serde(default)]
    grid: Vec<GridFile>,
    #[serde(default)]
    plot: Vec<plots::PlotFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GridFile {
    name: Option<String>,
    #[serde(default)]
    base: toml::Table,
    #[serde(default)]
    axis: Vec<AxisFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AxisFile {
    key: String,
    values: Vec<toml::Value>,
}

/// One cell of a study: a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The cell's name (its run folder's name).
    pub name: String,
    /// Each axis's key and the label of this cell's value.
    pub labels: Vec<(String, String)>,
    /// The run, checked; its `out` is unset (see [`Study::cell_dir`]).
    pub experiment: Experiment,
}

/// A study: its cells, in file order (grids in order, the last axis
/// varying fastest).
#[derive(Clone, Debug, PartialEq)]
pub struct Study {
    /// The study's name.
    pub name: String,
    /// The study's folder, if the file names one.
    pub out: Option<PathBuf>,
    /// Every cell.
    pub cells: Vec<Cell>,
    /// The plots its report draws besides the one of every cell.
    pub plots: Vec<Plot>,
}

impl Study {
    /// Reads a study file; errors name the file and the field.
    pub fn from_file(path: &Path) -> Result<Study, StudyError> {
        let text =
            std::fs::read_to_string(path).map_err(|e| StudyError::bad_file(path, e.to_string()))?;
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "study".to_string());
        Study::from_toml(&text, &stem).map_err(|e| match e {
            StudyError::Field { field, message } => {
                StudyError::bad_file(path, format!("{field}: {message}"))
            }
            other => other,
        })
    }

    /// Reads the text of a study file; `stem` names it if it has no `name`.
    pub fn from_toml(text: &str, stem: &str) -> Result<Study, StudyError> {
        let file: StudyFile =
            toml::from_str(text).map_err(|e| StudyError::field("study", e.message()))?;
        let mut grids = file.grid;
        if !file.axis.is_empty() || grids.is_empty() {
            grids.insert(
                0,
                GridFile {
                    name: None,
                    base: toml::Table::new(),
                    axis: file.axis,
                },
            );
        }
        let base = overlay_of("base", file.base)?;
        let mut cells = Vec::new();
        // Each cell's name and its grid's name template, for the plots.
        let mut of_grid: Vec<(String, Option<String>)> = Vec::new();
        for (g, grid) in grids.into_iter().enumerate() {
            let field = format!("grid[{g}]");
            let grid_base = base.clone().overlay(overlay_of(&field, grid.base.clone())?);
            expand(&field, &grid, grid_base, &mut cells)?;
            of_grid.extend(
                cells[of_grid.len()..]
                    .iter()
                    .map(|c| (c.name.clone(), grid.name.clone())),
            );
        }
        // Names seen so far: linear in the cells, for studies of millions.
        let mut first_named: std::collections::HashMap<&str, &Cell> =
            std::collections::HashMap::with_capacity(cells.len());
        for cell in &cells {
            if let Some(other) = first_named.insert(&cell.name, cell) {
                return Err(StudyError::field(
                    "grid",
                    format!(
                        "two cells are named `{}` ({} and {}): give the values labels or the grid a name template",
                        cell.name,
                        describe(&other.labels),
                        describe(&cell.labels)
                    ),
                ));
            }
        }
        Ok(Study {
            name: file.name.unwrap_or_else(|| stem.to_string()),
            out: file.out,
            cells,
            plots: plots::resolve(file.plot, &of_grid)?,
        })
    }

    /// The cells shard `shard` plays: cell `c` (from 0) belongs to shard
    /// `c mod n + 1`. Every cell is a folder of its own, so the shards of
    /// a study write to one study folder without meeting.
    pub fn shard(&self, shard: Option<Shard>) -> Vec<&Cell> {
        self.cells
            .iter()
            .enumerate()
            .filter(|(c, _)| {
                shard.is_none_or(|s| *c as u64 % u64::from(s.count) + 1 == u64::from(s.index))
            })
            .map(|(_, cell)| cell)
            .collect()
    }

    /// The run folder of `cell` in the study folder `dir`.
    pub fn cell_dir(dir: &Path, cell: &Cell) -> PathBuf {
        dir.join(RUNS).join(&cell.name)
    }
}

/// `key=label, ...`.
fn describe(labels: &[(String, String)]) -> String {
    labels
        .iter()
        .map(|(k, l)| format!("{k}={l}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every cell of `grid` over `base`, appended to `cells`.
fn expand(
    field: &str,
    grid: &GridFile,
    base: ExperimentDraft,
    cells: &mut Vec<Cell>,
) -> Result<(), StudyError> {
    // Each axis's values as (label, overlay).
    let mut axes = Vec::new();
    for (a, axis) in grid.axis.iter().enumerate() {
        let axis_field = format!("{field}.axis[{a}]");
        if axis.values.is_empty() {
            return Err(StudyError::field(
                format!("{axis_field}.values"),
                "an axis needs at least one value",
            ));
        }
        let levels = axis
            .values
            .iter()
            .enumerate()
            .map(|(v, value)| level(&format!("{axis_field}.values[{v}]"), &axis.key, value))
            .collect::<Result<Vec<_>, _>>()?;
        axes.push((axis.key.clone(), levels));
    }
    let combinations: usize = axes.iter().map(|(_, l)| l.len()).product();
    for mut index in 0..combinations {
        // The last axis varies fastest.
        let mut chosen = vec![0; axes.len()];
        for (slot, (_, levels)) in chosen.iter_mut().zip(&axes).rev() {
            *slot = index % levels.len();
            index /= levels.len();
        }
        let mut draft = base.clone();
        let mut labels = Vec::new();
        for ((key, levels), &i) in axes.iter().zip(&chosen) {
            let (label, overlay) = &levels[i];
            draft = draft.overlay(overlay.clone());
            labels.push((key.clone(), label.clone()));
        }
        let name = cell_name(field, grid.name.as_deref(), &labels)?;
        draft.name = Some(name.clone());
        let experiment = draft
            .finish()
            .map_err(|e| StudyError::field(format!("{field} cell `{name}`"), e.to_string()))?;
        // The rule values too, now, so that a bad one is found before any
        // cell plays (a copy: the cell keeps its rules as written).
        let mut checked = experiment.clone();
        with_game!(checked.game, G => checked.resolve::<G>().map(|_| ()))
            .map_err(|e| StudyError::field(format!("{field} cell `{name}`"), e.to_string()))?;
        cells.push(Cell {
            name,
            labels,
            experiment,
        });
    }
    Ok(())
}

/// The name of a cell: `template` with `{KEY}` replaced by the labels, or
/// the labels joined by `-` (`all` for a grid without axes).
fn cell_name(
    field: &str,
    template: Option<&str>,
    labels: &[(String, String)],
) -> Result<String, StudyError> {
    let name = match template {
        Some(template) => labels.iter().fold(template.to_string(), |name, (k, l)| {
            name.replace(&format!("{{{k}}}"), l)
        }),
        None if labels.is_empty() => "all".to_string(),
        None => labels
            .iter()
            .map(|(_, l)| l.as_str())
            .collect::<Vec<_>>()
            .join("-"),
    };
    // `.` and `..` would name the runs folder or the study folder itself.
    if !is_valid_name(&name) || name.chars().all(|c| c == '.') {
        return Err(StudyError::field(
            format!("{field}.name"),
            format!(
                "cell name `{name}`: names use letters, digits, `.`, `_` and `-` only, \
                 not dots alone (and every {{KEY}} must be an axis key)"
            ),
        ));
    }
    Ok(name)
}

/// One axis value: its label and the experiment fields it sets.
fn level(
    field: &str,
    key: &str,
    value: &toml::Value,
) -> Result<(String, ExperimentDraft), StudyError> {
    let (label, table) = match value {
        toml::Value::Table(table) => {
            let mut table = table.clone();
            let label = match table.remove("label") {
                Some(toml::Value::String(label)) => label,
                Some(other) => {
                    return Err(StudyError::field(
                        format!("{field}.label"),
                        format!("expected a string, found {}", other.type_str()),
                    ))
                }
                None => match table.get(key) {
                    Some(v) if !v.is_table() && !v.is_array() => label_of(v),
                    _ => {
                        return Err(StudyError::field(
                            field,
                            format!("a table without `{key}` needs a `label`"),
                        ))
                    }
                },
            };
            (label, table)
        }
        scalar => {
            let mut table = toml::Table::new();
            table.insert(key.to_string(), scalar.clone());
            (label_of(scalar), table)
        }
    };
    Ok((label, overlay_of(field, table)?))
}

/// The label of a scalar value: its text, made a valid name.
fn label_of(value: &toml::Value) -> String {
    let text = match value {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-".contains(c) {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// The experiment fields of `table`: `agent = X` is `agents = [X, X]`
/// (self-play), `rules.KEY = V` a rule; the rest as in experiment files.
fn overlay_of(field: &str, mut table: toml::Table) -> Result<ExperimentDraft, StudyError> {
    if let Some(agent) = table.remove("agent") {
        if table.contains_key("agents") {
            return Err(StudyError::field(
                field,
                "give `agent` (self-play) or `agents`, not both",
            ));
        }
        table.insert(
            "agents".to_string(),
            toml::Value::Array(vec![agent.clone(), agent]),
        );
    }
    let dotted: Vec<String> = table
        .keys()
        .filter(|k| k.starts_with("rules."))
        .cloned()
        .collect();
    for key in dotted {
        let Some(value) = table.remove(&key) else {
            continue;
        };
        let rules = table
            .entry("rules")
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        let Some(rules) = rules.as_table_mut() else {
            return Err(StudyError::field(
                format!("{field}.rules"),
                "expected a table of rule options",
            ));
        };
        rules.insert(key["rules.".len()..].to_string(), value);
    }
    toml::Value::Table(table)
        .try_into::<ExperimentDraft>()
        .map_err(|e| StudyError::field(field, e.message()))
}

#[cfg(test)]
mod tests;

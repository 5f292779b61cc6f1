//! A study file's plots (`[[plot]]`): each a named group of cells whose
//! first-player scores the report draws side by side, so that each axis a
//! study varies (strength, a rule, the board's width, the opening plies)
//! gets its own picture.
//!
//! ```toml
//! [[plot]]
//! name = "mangola-strength"          # plots/NAME.svg in the study folder
//! title = "Mangola: South's score by strength"
//! grids = ["mangola-{agent}"]        # every cell of these grids (by name template)
//! cells = ["mangola-random-k0"]      # and these cells, in this order
//! ```

use serde::Deserialize;

use ngola_arena::entry::is_valid_name;

use crate::error::StudyError;

/// A `[[plot]]` table as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PlotFile {
    name: String,
    title: String,
    #[serde(default)]
    grids: Vec<String>,
    #[serde(default)]
    cells: Vec<String>,
}

/// One plot of a study: its file name, title and cells, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    /// The plot's name: `plots/NAME.svg`.
    pub name: String,
    /// The plot's title.
    pub title: String,
    /// The cells it draws, in order, each once.
    pub cells: Vec<String>,
}

/// The plots of a study whose cells are `cells` (each with the name
/// template of its grid, if the grid has one); errors name the field.
pub(super) fn resolve(
    files: Vec<PlotFile>,
    cells: &[(String, Option<String>)],
) -> Result<Vec<Plot>, StudyError> {
    let mut plots: Vec<Plot> = Vec::new();
    // Linear in the cells however many a plot names.
    let names: std::collections::HashSet<&str> = cells.iter().map(|(n, _)| n.as_str()).collect();
    for (p, file) in files.into_iter().enumerate() {
        let field = format!("plot[{p}]");
        if !is_valid_name(&file.name) || file.name.chars().all(|c| c == '.') {
            return Err(StudyError::field(
                format!("{field}.name"),
                format!(
                    "`{}`: a plot's name is a file name: letters, digits, `.`, `_` and `-` only",
                    file.name
                ),
            ));
        }
        if file.name == "first_player" {
            return Err(StudyError::field(
                format!("{field}.name"),
                "`first_player` is the plot of every cell; choose another name",
            ));
        }
        if plots.iter().any(|other| other.name == file.name) {
            return Err(StudyError::field(
                format!("{field}.name"),
                format!("two plots are named `{}`", file.name),
            ));
        }
        let mut chosen: Vec<String> = Vec::new();
        for (g, grid) in file.grids.iter().enumerate() {
            let of_grid: Vec<&String> = cells
                .iter()
                .filter(|(_, template)| template.as_deref() == Some(grid.as_str()))
                .map(|(name, _)| name)
                .collect();
            if of_grid.is_empty() {
                return Err(StudyError::field(
                    format!("{field}.grids[{g}]"),
                    format!("no grid has the name template `{grid}`"),
                ));
            }
            chosen.extend(of_grid.into_iter().cloned());
        }
        for (c, cell) in file.cells.iter().enumerate() {
            if !names.contains(cell.as_str()) {
                return Err(StudyError::field(
                    format!("{field}.cells[{c}]"),
                    format!("no cell is named `{cell}`"),
                ));
            }
            chosen.push(cell.clone());
        }
        let mut seen = std::collections::HashSet::new();
        chosen.retain(|name| seen.insert(name.clone()));
        if chosen.is_empty() {
            return Err(StudyError::field(
                field,
                "a plot needs at least one cell (`grids` or `cells`)",
            ));
        }
        plots.push(Plot {
            name: file.name,
            title: file.title,
            cells: chosen,
        });
    }
    Ok(plots)
}

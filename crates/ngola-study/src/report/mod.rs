//! A study's report: `REPORT.md` rendered by minijinja from a template,
//! `measures.csv` and `skill.csv`, and `plots/first_player.svg`, all
//! from the cells' `games.csv` (or archived `games.csv.gz`) and the
//! prover's results, whose exact values lead the report.

pub mod exact;
mod load;
mod table;
pub mod words;

use std::path::Path;

use serde::Serialize;

use ngola_arena::stats::elo::wilson;
use ngola_viz::plot::{first_player_svg, Interval};

use crate::error::StudyError;

pub use exact::{Exact, Solved, Value, Verdict};
pub use load::{load_cells, CellReport};
pub use table::{MeasureRow, SkillRow};

use words::or_nan;

/// The report's template, unless the study folder has its own
/// (`report.md.j2`).
pub const TEMPLATE: &str = include_str!("template.md.j2");
/// A study folder's own template.
pub const TEMPLATE_FILE: &str = "report.md.j2";
/// The report.
pub const REPORT_FILE: &str = "REPORT.md";
/// One line per cell, every measure.
pub const MEASURES_CSV: &str = "measures.csv";
/// One line per step of a strength ladder.
pub const SKILL_CSV: &str = "skill.csv";
/// The study's name, for rendering from the tables alone.
pub const STUDY_NAME: &str = "study-name.txt";

/// One cell as the template sees it: names and formatted numbers.
#[derive(Clone, Serialize)]
struct CellView {
    name: String,
    board: String,
    agents: String,
    games: String,
    first_player: String,
    score: String,
    draws: String,
    ply_cap: String,
    endless: String,
    length: String,
    branching: String,
    decisions: String,
    lead_changes: String,
    lead_for_good: String,
    skill: String,
}

#[derive(Serialize)]
struct ReportView {
    study: String,
    exact: Vec<String>,
    cells: Vec<CellView>,
    /// The cells by name, for templates that speak of one cell.
    cell: std::collections::BTreeMap<String, CellView>,
    skill_steps: Vec<String>,
    rankings: Vec<String>,
}

/// Measures every cell of the study folder `dir` (from its games), with
/// exact values from the prover's folder `solved` (its `solved.csv`) if
/// given; writes `measures.csv` and `skill.csv`, then renders the report
/// from them ([`render_tables`]). Returns the report's text.
pub fn write_report(dir: &Path, solved: Option<&Path>) -> Result<String, StudyError> {
    let solved = match solved {
        Some(path) => Solved::read(path)?,
        None => Solved::default(),
    };
    let (study, cells) = load_cells(dir, &solved)?;
    let rows: Vec<MeasureRow> = cells.iter().map(MeasureRow::of).collect();
    let steps: Vec<SkillRow> = cells.iter().flat_map(table::skill_rows).collect();
    table::write_rows(&dir.join(MEASURES_CSV), &rows)?;
    table::write_rows(&dir.join(SKILL_CSV), &steps)?;
    write(&dir.join(STUDY_NAME), format!("{study}\n").as_bytes())?;
    render_tables(dir)
}

/// Renders `REPORT.md` and `plots/first_player.svg` of the study folder
/// `dir` from its tables alone (`measures.csv`, `skill.csv`, the study's
/// name in `study-name.txt`) and its template (`report.md.j2`, else the
/// built-in one). Returns the report's text.
pub fn render_tables(dir: &Path) -> Result<String, StudyError> {
    let (text, svg) = render_text(dir)?;
    write(&dir.join(REPORT_FILE), text.as_bytes())?;
    let plots = dir.join("plots");
    std::fs::create_dir_all(&plots).map_err(|e| StudyError::io(&plots, e))?;
    write(&plots.join("first_player.svg"), svg.as_bytes())?;
    Ok(text)
}

/// The text of `REPORT.md` and of `plots/first_player.svg` that
/// [`render_tables`] writes, without writing them.
pub fn render_text(dir: &Path) -> Result<(String, String), StudyError> {
    let rows: Vec<MeasureRow> = table::read_rows(&dir.join(MEASURES_CSV))?;
    let steps: Vec<SkillRow> = table::read_rows(&dir.join(SKILL_CSV))?;
    let name_file = dir.join(STUDY_NAME);
    let study = std::fs::read_to_string(&name_file)
        .map_err(|e| StudyError::io(&name_file, e))?
        .trim()
        .to_string();
    let own = dir.join(TEMPLATE_FILE);
    let template = match std::fs::read_to_string(&own) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => TEMPLATE.to_string(),
        Err(e) => return Err(StudyError::io(&own, e)),
    };
    let text = render(&study, &rows, &steps, &template)?;
    let items: Vec<Interval> = rows
        .iter()
        .map(|r| Interval {
            label: r.cell.clone(),
            value: or_nan(r.south_score),
            lower: or_nan(r.south_low),
            upper: or_nan(r.south_high),
            games: u32::try_from(r.units).unwrap_or(u32::MAX),
        })
        .collect();
    let svg = first_player_svg(
        &items,
        &format!("First player: {study}"),
        "South's score per cell, 95% Wilson interval over the independent units",
    );
    Ok((text, svg))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), StudyError> {
    std::fs::write(path, bytes).map_err(|e| StudyError::io(path, e))
}

/// Renders `template` over the tables' rows.
pub fn render(
    study: &str,
    rows: &[MeasureRow],
    steps: &[SkillRow],
    template: &str,
) -> Result<String, StudyError> {
    let mut exact: Vec<String> = Vec::new();
    for r in rows {
        if let Some(v) = r.verdict() {
            let line = words::exact_line(&r.board, &v);
            if !exact.contains(&line) {
                exact.push(line);
            }
        }
    }
    let cells: Vec<CellView> = rows.iter().map(cell_view).collect();
    let view = ReportView {
        study: study.to_string(),
        exact,
        cell: cells.iter().map(|c| (c.name.clone(), c.clone())).collect(),
        cells,
        skill_steps: steps.iter().map(skill_line).collect(),
        rankings: rankings(rows, steps),
    };
    let mut env = minijinja::Environment::new();
    env.add_template("report", template)
        .map_err(|e| StudyError::Template(e.to_string()))?;
    env.get_template("report")
        .and_then(|t| t.render(&view))
        .map_err(|e| StudyError::Template(e.to_string()))
}

fn cell_view(r: &MeasureRow) -> CellView {
    use words::{count, interval, num, pct};
    CellView {
        name: r.cell.clone(),
        board: r.board.clone(),
        agents: r.agents.clone(),
        games: count(r.games),
        first_player: words::first_player_line(r),
        score: interval(
            or_nan(r.south_score),
            or_nan(r.south_low),
            or_nan(r.south_high),
        ),
        draws: pct(or_nan(r.draw_rate)),
        ply_cap: pct(or_nan(r.ply_cap)),
        endless: pct(or_nan(r.endless_sowing)),
        length: format!(
            "{} / {} / {}",
            num(or_nan(r.length_mean), 1),
            num(or_nan(r.length_median), 1),
            num(or_nan(r.length_p95), 0)
        ),
        branching: num(or_nan(r.branching), 2),
        decisions: pct(or_nan(r.decision_moves)),
        lead_changes: num(or_nan(r.lead_changes), 2),
        lead_for_good: pct(or_nan(r.lead_for_good)),
        skill: pct(or_nan(r.skill)),
    }
}

/// One sentence for a step of a ladder.
fn skill_line(s: &SkillRow) -> String {
    let verdict = match words::side(s.low, s.high) {
        Some("South") => "more search wins",
        Some(_) => "more search loses",
        None => "even within its interval",
    };
    format!(
        "{}: `{}` against `{}` scores {} over {}: {verdict}",
        s.cell,
        s.upper,
        s.lower,
        words::interval(s.score, s.low, s.high),
        words::plural(s.pairs, "pair")
    )
}

/// The most balanced, the most decisive and the most skill-rewarding
/// cells (with two cells or more).
fn rankings(rows: &[MeasureRow], steps: &[SkillRow]) -> Vec<String> {
    use words::{interval, pct};
    if rows.len() < 2 {
        return Vec::new();
    }
    let mut lines = Vec::new();
    let scored: Vec<&MeasureRow> = rows.iter().filter(|r| r.south_score.is_some()).collect();
    let imbalance = |r: &MeasureRow| (or_nan(r.south_score) - 0.5).abs();
    if let Some(best) = scored
        .iter()
        .min_by(|a, b| imbalance(a).total_cmp(&imbalance(b)))
    {
        let even = scored
            .iter()
            .filter(|r| words::side(or_nan(r.south_low), or_nan(r.south_high)).is_none())
            .count();
        lines.push(format!(
            "Most balanced: **{}** (South {}); {even} of the {} cells are even within their intervals",
            best.cell,
            interval(
                or_nan(best.south_score),
                or_nan(best.south_low),
                or_nan(best.south_high)
            ),
            scored.len()
        ));
    }
    let draws = |r: &MeasureRow| or_nan(r.draw_rate);
    if let Some(best) = scored.iter().min_by(|a, b| draws(a).total_cmp(&draws(b))) {
        let (low, high) = wilson(best.draws as f64, best.games);
        lines.push(format!(
            "Most decisive (fewest draws): **{}** (draws {})",
            best.cell,
            interval(draws(best), low, high)
        ));
    }
    if let Some(best) = rows
        .iter()
        .filter(|r| r.skill.is_some())
        .max_by(|a, b| or_nan(a.skill).total_cmp(&or_nan(b.skill)))
    {
        let n = steps.iter().filter(|s| s.cell == best.cell).count() as u64;
        lines.push(format!(
            "Skill counts most: **{}** (the stronger agent's mean score over {}: {})",
            best.cell,
            words::plural(n, "ladder step"),
            pct(or_nan(best.skill))
        ));
    }
    lines
}

#[cfg(test)]
mod tests;

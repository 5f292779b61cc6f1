//! A study's report: `REPORT.md` rendered by minijinja from a template,
//! `measures.csv` and `skill.csv`, and `plots/first_player.svg`, all
//! from the cells' `games.csv` (or archived `games.csv.gz`) and the
//! prover's results, whose exact values lead the report.

pub mod exact;
mod load;
pub mod words;

use std::path::Path;

use serde::Serialize;

use ngola_arena::stats::elo::wilson;
use ngola_viz::plot::{first_player_svg, Interval};

use crate::error::StudyError;
use crate::measures::Measures;

pub use exact::{Exact, Solved, Value, Verdict};
pub use load::{load_cells, CellReport};

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

/// One cell as the template sees it: names and formatted numbers.
#[derive(Serialize)]
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
    skill_steps: Vec<String>,
    rankings: Vec<String>,
}

/// Writes the report of the study folder `dir`, with exact values from
/// the prover's folder `solved` (its `solved.csv`) if given. Returns the
/// report's text.
pub fn write_report(dir: &Path, solved: Option<&Path>) -> Result<String, StudyError> {
    let solved = match solved {
        Some(path) => Solved::read(path)?,
        None => Solved::default(),
    };
    let (study, cells) = load_cells(dir, &solved)?;
    let own = dir.join(TEMPLATE_FILE);
    let template = match std::fs::read_to_string(&own) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => TEMPLATE.to_string(),
        Err(e) => return Err(StudyError::io(&own, e)),
    };
    let text = render(&study, &cells, &template)?;
    write(&dir.join(REPORT_FILE), text.as_bytes())?;
    write(&dir.join(MEASURES_CSV), &measures_csv(&cells))?;
    write(&dir.join(SKILL_CSV), &skill_csv(&cells))?;
    let plots = dir.join("plots");
    std::fs::create_dir_all(&plots).map_err(|e| StudyError::io(&plots, e))?;
    let items: Vec<Interval> = cells
        .iter()
        .map(|c| {
            let fp = &c.measures.first_player;
            Interval {
                label: c.name.clone(),
                value: fp.score,
                lower: fp.low,
                upper: fp.high,
                games: fp.units as u32,
            }
        })
        .collect();
    let svg = first_player_svg(
        &items,
        &format!("First player: {study}"),
        "South's score per cell, 95% Wilson interval over the independent units",
    );
    write(&plots.join("first_player.svg"), svg.as_bytes())?;
    Ok(text)
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), StudyError> {
    std::fs::write(path, bytes).map_err(|e| StudyError::io(path, e))
}

/// Renders `template` over the study's numbers.
pub fn render(study: &str, cells: &[CellReport], template: &str) -> Result<String, StudyError> {
    let mut exact: Vec<String> = Vec::new();
    for c in cells {
        if let Some(v) = &c.verdict {
            let line = words::exact_line(&c.board, v);
            if !exact.contains(&line) {
                exact.push(line);
            }
        }
    }
    let view = ReportView {
        study: study.to_string(),
        exact,
        cells: cells.iter().map(cell_view).collect(),
        skill_steps: cells.iter().flat_map(skill_lines).collect(),
        rankings: rankings(cells),
    };
    let mut env = minijinja::Environment::new();
    env.set_trim_blocks(false);
    env.add_template("report", template)
        .map_err(|e| StudyError::Template(e.to_string()))?;
    env.get_template("report")
        .and_then(|t| t.render(&view))
        .map_err(|e| StudyError::Template(e.to_string()))
}

fn cell_view(c: &CellReport) -> CellView {
    use words::{count, interval, num, pct};
    let m = &c.measures;
    let fp = &m.first_player;
    CellView {
        name: c.name.clone(),
        board: c.board.clone(),
        agents: c.agents.clone(),
        games: count(m.games),
        first_player: words::first_player_line(fp, c.verdict.as_ref()),
        score: interval(fp.score, fp.low, fp.high),
        draws: pct(m.endings.draw_rate),
        ply_cap: pct(m.endings.ply_cap),
        endless: pct(m.endings.endless_sowing),
        length: format!(
            "{} / {} / {}",
            num(m.length.mean, 1),
            num(m.length.median, 1),
            num(m.length.p95, 0)
        ),
        branching: num(m.play.branching, 2),
        decisions: pct(m.play.decision_moves),
        lead_changes: num(m.play.lead_changes, 2),
        lead_for_good: pct(m.play.lead_for_good),
        skill: pct(m.skill()),
    }
}

/// One sentence per step of the cell's ladder.
fn skill_lines(c: &CellReport) -> Vec<String> {
    c.measures
        .skill_trace
        .iter()
        .map(|s| {
            let e = &s.estimate;
            let verdict = match words::side(e.score_low, e.score_high) {
                Some("South") => "more search wins",
                Some(_) => "more search loses",
                None => "even within its interval",
            };
            format!(
                "{}: `{}` against `{}` scores {} over {} pairs: {verdict}",
                c.name,
                s.upper,
                s.lower,
                words::interval(e.score, e.score_low, e.score_high),
                words::count(e.units)
            )
        })
        .collect()
}

/// The most balanced, the most decisive and the most skill-rewarding
/// cells (with two cells or more).
fn rankings(cells: &[CellReport]) -> Vec<String> {
    use words::{interval, pct};
    if cells.len() < 2 {
        return Vec::new();
    }
    let mut lines = Vec::new();
    let scored: Vec<&CellReport> = cells
        .iter()
        .filter(|c| c.measures.first_player.units > 0)
        .collect();
    let imbalance = |c: &CellReport| (c.measures.first_player.score - 0.5).abs();
    if let Some(best) = scored
        .iter()
        .min_by(|a, b| imbalance(a).total_cmp(&imbalance(b)))
    {
        let fp = &best.measures.first_player;
        let even = scored
            .iter()
            .filter(|c| {
                let fp = &c.measures.first_player;
                words::side(fp.low, fp.high).is_none()
            })
            .count();
        lines.push(format!(
            "Most balanced: **{}** (South {}); {even} of the {} cells are even within their intervals",
            best.name,
            interval(fp.score, fp.low, fp.high),
            scored.len()
        ));
    }
    let draws = |c: &CellReport| c.measures.endings.draw_rate;
    if let Some(best) = scored.iter().min_by(|a, b| draws(a).total_cmp(&draws(b))) {
        let m = &best.measures;
        let (low, high) = wilson(m.endings.draw_rate * m.games as f64, m.games);
        lines.push(format!(
            "Most decisive (fewest draws): **{}** (draws {})",
            best.name,
            interval(m.endings.draw_rate, low, high)
        ));
    }
    if let Some(best) = cells
        .iter()
        .filter(|c| !c.measures.skill_trace.is_empty())
        .max_by(|a, b| a.measures.skill().total_cmp(&b.measures.skill()))
    {
        lines.push(format!(
            "Skill counts most: **{}** (the stronger agent's mean score over {}: {})",
            best.name,
            words::plural(best.measures.skill_trace.len() as u64, "ladder step"),
            pct(best.measures.skill())
        ));
    }
    lines
}

/// `measures.csv`.
fn measures_csv(cells: &[CellReport]) -> Vec<u8> {
    use ngola_arena::output::number;
    let mut out = csv::Writer::from_writer(Vec::new());
    let header = [
        "cell",
        "game",
        "board",
        "agents",
        "games",
        "unit",
        "units",
        "south_score",
        "south_low",
        "south_high",
        "draw_rate",
        "ply_cap",
        "endless_sowing",
        "length_mean",
        "length_median",
        "length_p95",
        "branching",
        "decision_moves",
        "lead_changes",
        "lead_for_good",
        "skill",
        "exact",
    ];
    // Writing into memory cannot fail.
    let _ = out.write_record(header);
    for c in cells {
        let m: &Measures = &c.measures;
        let fp = &m.first_player;
        let exact = match &c.verdict {
            Some(Verdict::Decided(e)) => words::best_play(e),
            Some(Verdict::Open) => "open".to_string(),
            None => String::new(),
        };
        let _ = out.write_record([
            c.name.clone(),
            c.game.to_string(),
            c.board.clone(),
            c.agents.clone(),
            m.games.to_string(),
            fp.unit.as_str().to_string(),
            fp.units.to_string(),
            number(fp.score, 4),
            number(fp.low, 4),
            number(fp.high, 4),
            number(m.endings.draw_rate, 4),
            number(m.endings.ply_cap, 4),
            number(m.endings.endless_sowing, 4),
            number(m.length.mean, 2),
            number(m.length.median, 1),
            number(m.length.p95, 0),
            number(m.play.branching, 3),
            number(m.play.decision_moves, 4),
            number(m.play.lead_changes, 3),
            number(m.play.lead_for_good, 4),
            number(m.skill(), 4),
            exact,
        ]);
    }
    out.into_inner().unwrap_or_default()
}

/// `skill.csv`.
fn skill_csv(cells: &[CellReport]) -> Vec<u8> {
    use ngola_arena::output::number;
    let mut out = csv::Writer::from_writer(Vec::new());
    let _ = out.write_record(["cell", "lower", "upper", "pairs", "score", "low", "high"]);
    for c in cells {
        for s in &c.measures.skill_trace {
            let e = &s.estimate;
            let _ = out.write_record([
                c.name.clone(),
                s.lower.clone(),
                s.upper.clone(),
                e.units.to_string(),
                number(e.score, 4),
                number(e.score_low, 4),
                number(e.score_high, 4),
            ]);
        }
    }
    out.into_inner().unwrap_or_default()
}

#[cfg(test)]
mod tests;

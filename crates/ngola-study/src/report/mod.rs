//! A study's report: `REPORT.md` rendered by minijinja from a template,
//! `measures.csv`, `skill.csv`, `exact.csv` and `plots.csv`, and
//! `plots/first_player.svg` with one plot per `[[plot]]` of the study
//! file, all from the cells' `games.csv` (or archived
//! `games.csv.gz`) and the exact results (the prover's and the endgame
//! databases'), whose values lead the report.

pub mod evidence;
pub mod exact;
mod load;
mod rank;
use rank::Ranked;
mod swap;
mod table;
pub mod words;

use std::path::Path;

use serde::Serialize;

use ngola_viz::plot::{first_player_svg, Interval};

use crate::error::StudyError;
use crate::study::Plot;

pub use evidence::Checked;
pub use exact::{Board, Exact, Solved, Source, Value, Verdict};
pub use load::{load_cells, CellReport, LoadedStudy};
pub use table::{ExactRow, MeasureRow, PlotRow, SkillRow};

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
/// One line per judged board of the study's games.
pub const EXACT_CSV: &str = "exact.csv";
/// The study's name, for rendering from the tables alone.
pub const STUDY_NAME: &str = "study-name.txt";
/// The cells of the study's own plots (`[[plot]]`), one line per cell.
pub const PLOTS_CSV: &str = "plots.csv";
/// The plot of every cell, in the study folder.
pub const FIRST_PLAYER_PLOT: &str = "plots/first_player.svg";

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
    /// The boards the cells play that are judged.
    exact: Vec<String>,
    /// The other judged boards of the study's games.
    other_exact: Vec<String>,
    cells: Vec<CellView>,
    /// The cells by name, for templates that speak of one cell.
    cell: std::collections::BTreeMap<String, CellView>,
    skill_steps: Vec<String>,
    /// What the swap rule does: one sentence per pair of cells that
    /// differ only in it, then one that counts them.
    swap: Vec<String>,
    rankings: Vec<String>,
    /// Every scored cell, South's score nearest one half first.
    by_balance: Vec<Ranked>,
    /// Every cell, the most decisive first (fewest draws, then the earliest
    /// lead for good).
    by_draws: Vec<Ranked>,
    /// Every cell with a ladder, highest skill first.
    by_skill: Vec<Ranked>,
    /// The study's own plots, in order (`{file, title, cells}`).
    plots: Vec<PlotGroup>,
}

/// Measures every cell of the study folder `dir` (from its games), with
/// the exact values of `solved` ([`Solved::read`]); writes
/// `measures.csv`, `skill.csv` and `exact.csv` (every judged board of the
/// study's games, those the cells play first), then renders the report
/// from them ([`render_tables`]). Returns the report's text.
pub fn write_report(dir: &Path, solved: &Solved) -> Result<String, StudyError> {
    let LoadedStudy {
        name: study,
        plots,
        cells,
    } = load_cells(dir, solved)?;
    let rows: Vec<MeasureRow> = cells.iter().map(MeasureRow::of).collect();
    let steps: Vec<SkillRow> = cells.iter().flat_map(table::skill_rows).collect();
    table::write_rows(&dir.join(MEASURES_CSV), &rows)?;
    table::write_rows(&dir.join(SKILL_CSV), &steps)?;
    table::write_rows(&dir.join(EXACT_CSV), &exact_rows(&cells, solved))?;
    write(&dir.join(STUDY_NAME), format!("{study}\n").as_bytes())?;
    let plots = plot_rows(&plots, &rows);
    let plots_csv = dir.join(PLOTS_CSV);
    if plots.is_empty() {
        // A study without plots of its own leaves no empty table behind.
        match std::fs::remove_file(&plots_csv) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(StudyError::io(&plots_csv, e))
            }
            _ => {}
        }
    } else {
        table::write_rows(&plots_csv, &plots)?;
    }
    render_tables(dir)
}

/// The lines of `plots.csv`: each plot's cells that have a row (a cell
/// not played yet is left out of its plot).
fn plot_rows(plots: &[Plot], rows: &[MeasureRow]) -> Vec<PlotRow> {
    plots
        .iter()
        .flat_map(|plot| {
            plot.cells
                .iter()
                .filter(|cell| rows.iter().any(|r| &r.cell == *cell))
                .map(|cell| PlotRow {
                    plot: plot.name.clone(),
                    title: plot.title.clone(),
                    cell: cell.clone(),
                })
        })
        .collect()
}

/// The judged boards of the games the cells play: first those a cell
/// plays (in the cells' order), then the others (in the order read).
fn exact_rows(cells: &[CellReport], solved: &Solved) -> Vec<ExactRow> {
    let on = |b: &Board| -> Vec<&str> {
        cells
            .iter()
            .filter(|c| c.game == b.game && c.rules == b.rules)
            .map(|c| c.name.as_str())
            .collect()
    };
    let played = |b: &&Board| cells.iter().any(|c| c.game == b.game);
    let mut boards: Vec<&Board> = Vec::new();
    for c in cells {
        if let Some(b) = solved
            .boards()
            .iter()
            .find(|b| b.game == c.game && b.rules == c.rules)
        {
            if !boards.contains(&b) {
                boards.push(b);
            }
        }
    }
    for b in solved.boards().iter().filter(played) {
        if !boards.contains(&b) {
            boards.push(b);
        }
    }
    boards
        .into_iter()
        .map(|b| ExactRow::of(b, &on(b)))
        .collect()
}

/// Renders `REPORT.md` and `plots/first_player.svg` of the study folder
/// `dir` from its tables alone (`measures.csv`, `skill.csv`, `exact.csv`,
/// the study's name in `study-name.txt`) and its template (`report.md.j2`, else the
/// built-in one). Returns the report's text.
pub fn render_tables(dir: &Path) -> Result<String, StudyError> {
    let (text, svgs) = render_text(dir)?;
    write(&dir.join(REPORT_FILE), text.as_bytes())?;
    let plots = dir.join("plots");
    std::fs::create_dir_all(&plots).map_err(|e| StudyError::io(&plots, e))?;
    for (file, svg) in svgs {
        write(&dir.join(file), svg.as_bytes())?;
    }
    Ok(text)
}

/// The text of `REPORT.md` and of the plots that [`render_tables`]
/// writes, without writing them: `plots/first_player.svg` (every cell)
/// first, then one `plots/NAME.svg` per plot of `plots.csv`, each as its
/// path inside the study folder and its SVG text.
pub fn render_text(dir: &Path) -> Result<(String, Vec<(String, String)>), StudyError> {
    let rows: Vec<MeasureRow> = table::read_rows(&dir.join(MEASURES_CSV))?;
    let steps: Vec<SkillRow> = table::read_rows(&dir.join(SKILL_CSV))?;
    let exact: Vec<ExactRow> = table::read_rows(&dir.join(EXACT_CSV))?;
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
    let plotted: Vec<PlotRow> = table::read_rows(&dir.join(PLOTS_CSV))?;
    let text = render(&study, &rows, &steps, &exact, &plotted, &template)?;
    Ok((text, plots(&study, &rows, &plotted)?))
}

/// The SVG plots of the measured cells `rows`: every cell, then each of
/// the study's own plots (`plotted`, in the order of their first line).
fn plots(
    study: &str,
    rows: &[MeasureRow],
    plotted: &[PlotRow],
) -> Result<Vec<(String, String)>, StudyError> {
    const SUBTITLE: &str = "South's score per cell, 95% Wilson interval over the independent units";
    let item = |r: &MeasureRow| Interval {
        label: r.cell.clone(),
        value: or_nan(r.south_score),
        lower: or_nan(r.south_low),
        upper: or_nan(r.south_high),
        games: u32::try_from(r.units).unwrap_or(u32::MAX),
    };
    let every: Vec<Interval> = rows.iter().map(item).collect();
    let mut out = vec![(
        FIRST_PLAYER_PLOT.to_string(),
        first_player_svg(&every, &format!("First player: {study}"), SUBTITLE),
    )];
    for group in plot_groups(plotted) {
        if group.file == FIRST_PLAYER_PLOT {
            return Err(StudyError::bad_file(
                Path::new(PLOTS_CSV),
                "a plot of the study may not be named `first_player`",
            ));
        }
        let mut items = Vec::new();
        for cell in &group.cells {
            let row = rows.iter().find(|r| &r.cell == cell).ok_or_else(|| {
                StudyError::bad_file(
                    Path::new(PLOTS_CSV),
                    format!(
                        "{}: cell `{cell}` has no line in {MEASURES_CSV}",
                        group.file
                    ),
                )
            })?;
            items.push(item(row));
        }
        out.push((group.file, first_player_svg(&items, &group.title, SUBTITLE)));
    }
    Ok(out)
}

/// One of the study's own plots, gathered from its lines of `plots.csv`
/// (as the template sees it, too).
#[derive(Clone, Serialize)]
struct PlotGroup {
    /// Its path in the study folder, `plots/NAME.svg`.
    file: String,
    /// Its title (its first line's).
    title: String,
    /// Its cells, in order.
    cells: Vec<String>,
}

/// The plots of `plots.csv`'s lines, in the order of each one's first line.
fn plot_groups(plotted: &[PlotRow]) -> Vec<PlotGroup> {
    let mut groups: Vec<PlotGroup> = Vec::new();
    for line in plotted {
        let file = format!("plots/{}.svg", line.plot);
        match groups.iter_mut().find(|g| g.file == file) {
            Some(group) => group.cells.push(line.cell.clone()),
            None => groups.push(PlotGroup {
                file,
                title: line.title.clone(),
                cells: vec![line.cell.clone()],
            }),
        }
    }
    groups
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), StudyError> {
    std::fs::write(path, bytes).map_err(|e| StudyError::io(path, e))
}

/// The most template instructions a report may take: each committed
/// report takes fewer than 20,000 (measured by lowering this), so a study
/// a thousand times their size renders, and a template that loops without
/// end stops here.
pub const TEMPLATE_FUEL: u64 = 20_000_000;

/// Renders `template` over the tables' rows.
pub fn render(
    study: &str,
    rows: &[MeasureRow],
    steps: &[SkillRow],
    exact: &[ExactRow],
    plotted: &[PlotRow],
    template: &str,
) -> Result<String, StudyError> {
    let plots = plot_groups(plotted);
    let line = |e: &ExactRow| {
        let verdict = e.verdict()?;
        let mut text = words::exact_line(&e.board, &verdict);
        if verdict == Verdict::Open {
            // The same board without its ply cap may be decided: say so on
            // the open board's line, so that it never reads as unknown.
            let uncapped = uncapped_rules(&e.rules);
            let decided = exact
                .iter()
                .filter(|d| d.game == e.game && uncapped.as_deref() == Some(d.rules.as_str()))
                .find_map(|d| match d.verdict() {
                    Some(v @ Verdict::Decided(_)) => Some(words::exact_line(&d.board, &v)),
                    _ => None,
                });
            if let Some(decided) = decided {
                text += &format!("; without the ply cap, {decided}");
            }
        }
        Some(text)
    };
    let cells: Vec<CellView> = rows.iter().map(cell_view).collect();
    let view = ReportView {
        study: study.to_string(),
        exact: exact
            .iter()
            .filter(|e| !e.cells.is_empty())
            .filter_map(line)
            .collect(),
        other_exact: exact
            .iter()
            .filter(|e| e.cells.is_empty())
            .filter_map(line)
            .collect(),
        cell: cells.iter().map(|c| (c.name.clone(), c.clone())).collect(),
        cells,
        skill_steps: steps.iter().map(skill_line).collect(),
        swap: swap::swap_lines(rows),
        rankings: rankings(rows, steps),
        by_balance: rank::by_balance(rows),
        by_draws: rank::by_draws(rows),
        by_skill: rank::by_skill(rows),
        plots,
    };
    let mut env = minijinja::Environment::new();
    // A folder's own template is input: loops nested without end stop
    // with an error instead of writing without limit.
    env.set_fuel(Some(TEMPLATE_FUEL));
    env.add_template("report", template)
        .map_err(|e| StudyError::Template(e.to_string()))?;
    env.get_template("report")
        .and_then(|t| t.render(&view))
        .map_err(|e| StudyError::Template(e.to_string()))
}

/// `rules` (every option, `key=value` separated by spaces) with its ply
/// cap lifted (`max_plies=0`), if it has a cap.
fn uncapped_rules(rules: &str) -> Option<String> {
    let mut capped = false;
    let lifted: Vec<String> = rules
        .split_whitespace()
        .map(|pair| match pair.split_once('=') {
            Some(("max_plies", value)) if value != "0" => {
                capped = true;
                "max_plies=0".to_string()
            }
            _ => pair.to_string(),
        })
        .collect();
    capped.then(|| lifted.join(" "))
}

fn cell_view(r: &MeasureRow) -> CellView {
    use words::{count, interval, num, pct};
    CellView {
        name: r.cell.clone(),
        board: r.board.clone(),
        agents: r.agents.clone(),
        games: count(r.games),
        first_player: r.first_player_line(),
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
        skill: interval(or_nan(r.skill), or_nan(r.skill_low), or_nan(r.skill_high)),
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
/// cells (with two cells or more), each with its interval.
fn rankings(rows: &[MeasureRow], steps: &[SkillRow]) -> Vec<String> {
    if rows.len() < 2 {
        return Vec::new();
    }
    [
        rank::most_balanced(rows),
        rank::most_decisive(rows),
        rank::most_skill(rows, steps),
    ]
    .into_iter()
    .flatten()
    .collect()
}

#[cfg(test)]
mod tests;

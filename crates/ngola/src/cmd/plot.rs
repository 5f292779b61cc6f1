//! `ngola plot <tournament folder> [-o DIR]`: SVG plots of a tournament,
//! computed from its `games.csv` by the same statistics code that writes
//! `standings.csv`, `pairs.csv` and `first_player.csv`, so the plots and
//! the tables agree:
//!
//! - `cross_table.svg`: each agent's score against each other (heat map);
//! - `elo.svg`: each agent's performance Elo with its 95% interval;
//! - `first_player.svg`: South's score per pairing and overall, with
//!   Wilson 95% intervals.
//!
//! The plots go to `DIR/plots/` unless `-o` names another folder.

use std::path::{Path, PathBuf};

use clap::Args;

use ngola_arena::record::{self, GameRecord};
use ngola_arena::runner::{check_folder, check_rows, files};
use ngola_arena::{folder_experiment, Statistics};
use ngola_rules::with_game;
use ngola_viz::game_title;
use ngola_viz::plot::{
    cross_table_svg, elo_svg, first_player_svg, CrossTable, Interval, PairScore,
};

use crate::cli_error::{print, write_file, CliError};

/// Arguments of `ngola plot`.
#[derive(Args, Debug)]
pub struct PlotArgs {
    /// The tournament's output folder (holding games.csv or games.csv.gz).
    dir: PathBuf,
    /// Where to write the plots [default: <DIR>/plots].
    #[arg(short = 'o', long = "out", value_name = "DIR")]
    out: Option<PathBuf>,
}

/// Writes the three plots.
pub fn run(args: PlotArgs) -> Result<(), CliError> {
    let mut games_path = args.dir.join(files::GAMES);
    if record::is_archived(&args.dir) {
        games_path = args.dir.join(files::GAMES_ARCHIVE);
    }
    if !games_path.is_file() {
        return Err(CliError::input(format!(
            "{}: not a tournament folder (no {} or {})",
            args.dir.display(),
            files::GAMES,
            files::GAMES_ARCHIVE
        )));
    }
    // The experiment names the agents (their short names where they have
    // them, and those that never played); a folder without it still plots
    // from the specs in games.csv.
    let experiment = if args.dir.join(files::EXPERIMENT).is_file() {
        Some(folder_experiment(&args.dir)?)
    } else {
        None
    };
    let names = experiment
        .as_ref()
        .map_or_else(Vec::new, |e| e.display_names());
    let games = record::read_folder_games(&args.dir)?;
    if games.records.is_empty() {
        return Err(CliError::input(format!(
            "{}: no games yet",
            games_path.display()
        )));
    }
    // Agent ids size the tables: check them before trusting them. A run's
    // rows are checked as every reader of a run folder checks them (by
    // replaying them too, unless the file predates the `moves` column).
    match &experiment {
        Some(e) if games.has_moves() => {
            with_game!(e.game, G => check_folder::<G>(&args.dir))?;
        }
        Some(e) => {
            check_rows(&games_path, e, &e.schedule(), &games)?;
        }
        None => check_agent_ids(&games_path, &games.records)?,
    }
    let stats = Statistics::from_games(&names, &games.records);
    let heading = match &experiment {
        Some(e) => format!("{}: {}", game_title(e.game), e.name),
        None => args.dir.display().to_string(),
    };

    let out = args.out.clone().unwrap_or_else(|| args.dir.join("plots"));
    std::fs::create_dir_all(&out)
        .map_err(|e| CliError::failure(format!("cannot create {}: {e}", out.display())))?;
    let plots = [
        (
            "cross_table.svg",
            cross_table_svg(&cross_table(&stats), &format!("{heading}: scores ({} games)", stats.games)),
        ),
        (
            "elo.svg",
            elo_svg(
                &elo_intervals(&stats),
                &format!("{heading}: performance Elo"),
                "logistic Elo of each agent's score against its opponents; 95% intervals over colour-swapped pairs",
            ),
        ),
        (
            "first_player.svg",
            first_player_svg(
                &first_player_intervals(&stats),
                &format!("{heading}: first player (South)"),
                "South's score per pairing and over all games; Wilson 95% intervals",
            ),
        ),
    ];
    for (name, svg) in plots {
        let path = out.join(name);
        write_file(&path, &svg)?;
        print(&format!("wrote {}\n", path.display()))?;
    }
    Ok(())
}

/// Without an experiment, agent ids are only known to run from 0 with at
/// most two new agents per game; an id past that is a damaged file.
fn check_agent_ids(path: &Path, records: &[GameRecord]) -> Result<(), CliError> {
    let most = 2 * records.len();
    match records
        .iter()
        .find(|r| r.south_id.max(r.north_id) as usize >= most)
    {
        Some(r) => Err(CliError::input(format!(
            "{}: game {}: agent id {} is out of range (ids run from 0, at most {} for {} games)",
            path.display(),
            r.game,
            r.south_id.max(r.north_id),
            most - 1,
            records.len()
        ))),
        None => Ok(()),
    }
}

/// Each agent's score against each other, from the pairings (agents in
/// id order, as in the experiment).
pub fn cross_table(stats: &Statistics) -> CrossTable {
    let mut agents: Vec<(u32, String)> = stats
        .standings
        .iter()
        .map(|s| (s.id, s.agent.clone()))
        .collect();
    agents.sort();
    let n = agents
        .iter()
        .map(|(id, _)| *id as usize + 1)
        .max()
        .unwrap_or(0);
    let mut names = vec![String::new(); n];
    for (id, name) in agents {
        names[id as usize] = name;
    }
    let mut scores = vec![vec![None::<PairScore>; n]; n];
    for p in &stats.pairings {
        let games = p.a_total.games();
        let a_points = p.a_total.points();
        let (a, b) = (p.a_id as usize, p.b_id as usize);
        let add = |cell: &mut Option<PairScore>, points: f64| {
            let s = cell.get_or_insert(PairScore {
                points: 0.0,
                games: 0,
            });
            s.points += points;
            s.games += games as u32;
        };
        add(&mut scores[a][b], a_points);
        add(&mut scores[b][a], games as f64 - a_points);
    }
    CrossTable {
        agents: names,
        scores,
    }
}

/// Each agent's Elo with its interval, as in `standings.csv`.
pub fn elo_intervals(stats: &Statistics) -> Vec<Interval> {
    stats
        .standings
        .iter()
        .map(|s| Interval {
            label: s.agent.clone(),
            value: s.estimate.elo,
            lower: s.estimate.elo_low,
            upper: s.estimate.elo_high,
            games: s.wdl.games() as u32,
        })
        .collect()
}

/// South's score per pairing and overall, as in `first_player.csv`.
pub fn first_player_intervals(stats: &Statistics) -> Vec<Interval> {
    stats
        .first_player
        .iter()
        .map(|f| Interval {
            label: match f.pairing {
                Some(_) => format!("{} vs {}", f.agents.0, f.agents.1),
                None => "all games".to_string(),
            },
            value: f.score,
            lower: f.wilson.0,
            upper: f.wilson.1,
            games: f.south.games() as u32,
        })
        .collect()
}

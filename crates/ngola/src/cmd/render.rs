//! `ngola render`: board diagrams as SVG or PNG.
//!
//! - `ngola render <game> [--rule ...] [--position TEXT] [-o board.svg]`:
//!   one diagram (to stdout without `-o`); `-o board.png` writes a PNG
//!   (rasterised at twice the SVG's size, fonts built in);
//! - `ngola render --record FILE -o game.html`: a self-contained page
//!   stepping through the recorded game (prev/next buttons, arrow keys);
//! - `ngola render --record FILE -o final.svg` (or `.png`): the diagram of
//!   the record's last position, its caption the last move and the result;
//! - `ngola render --record FILE -o DIR` (no `.svg`, `.png` or `.html`
//!   extension): one SVG per ply, `DIR/ply-000.svg` (the start) to
//!   `DIR/ply-NNN.svg`;
//! - `ngola render --run DIR --id N -o game.html` (or `.svg`, `.png`, a
//!   folder): the same for game N of a tournament's output folder.

use std::path::{Path, PathBuf};

use clap::Args;

use ngola_rules::{with_game, Game, GameKind, Player};
use ngola_viz::{
    board_svg, game_title, replay_page, svg_to_png, BoardView, DiagramOptions, Frame, Record,
};

use crate::cli_error::{print, write_file, CliError};
use crate::cmd::play::{load_record, parse_side, record_game_args};
use crate::cmd::run_game::RunGame;
use crate::game_args::{parse_game_kind, GameArgs};

/// Arguments of `ngola render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The game: mangola, umelbagara, kalah or oware (optional with --record, which names it).
    #[arg(value_parser = parse_game_kind)]
    game: Option<GameKind>,
    /// A rule option as key=value (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
    /// The position to draw (docs/src/rules.md position text) [default: the start].
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,
    /// Draw every ply of this game record (as `ngola play` saves it).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Draw every ply of a game of this tournament output folder (with --id).
    #[arg(long, value_name = "DIR", conflicts_with = "record", requires = "id")]
    run: Option<PathBuf>,
    /// The game id (the `game` column of games.csv) to draw from --run.
    #[arg(long, value_name = "N", requires = "run")]
    id: Option<u64>,
    /// Output: an .svg or .png file for a position; for a record or a game of --run an .html page, an .svg or .png of its last position, or a folder.
    #[arg(short = 'o', long = "out", value_name = "PATH")]
    out: Option<PathBuf>,
    /// The side the board is seen from: S (South's rows at the bottom) or N.
    #[arg(long, value_name = "S|N", default_value = "S", value_parser = parse_side)]
    view: Player,
    /// Draw one dot per seed in each hole.
    #[arg(long)]
    dots: bool,
}

/// Draws a position or a recorded game.
pub fn run(args: RenderArgs) -> Result<(), CliError> {
    let record = match (&args.run, args.id, &args.record) {
        (Some(dir), Some(id), _) => Some(RunGame::load(dir, id)?.record()?),
        (_, _, Some(path)) => Some(load_record(path)?),
        _ => None,
    };
    match (record, args.game) {
        (Some(record), game) => {
            if let Some(game) = game {
                if game != record.game {
                    return Err(CliError::input(format!(
                        "the record is a game of {}, not {game}",
                        record.game
                    )));
                }
            }
            if !args.rules.is_empty() || args.position.is_some() {
                return Err(CliError::input(
                    "--rule and --position come from the record; do not give them with --record or --run",
                ));
            }
            let out = args.out.as_deref().ok_or_else(|| {
                CliError::input(
                    "-o is needed with --record and --run: a page.html, a last.svg or last.png, or a folder for one SVG per ply",
                )
            })?;
            with_game!(record.game, G => render_record::<G>(&record, &args, out))
        }
        (None, Some(game)) => {
            let game_args = GameArgs {
                game,
                rules: args.rules.clone(),
                position: args.position.clone(),
            };
            with_game!(game, G => render_position::<G>(&game_args, &args))
        }
        (None, None) => Err(CliError::input(
            "give a game (with --position TEXT), --record FILE, or --run DIR --id N",
        )),
    }
}

/// Reads a position's text back as a drawing sees it.
fn board_of<G: Game>(game: &G) -> Result<BoardView, CliError> {
    BoardView::parse(&game.to_string())
        .map_err(|e| CliError::failure(format!("cannot draw the position `{game}`: {e}")))
}

fn render_position<G: Game>(game_args: &GameArgs, args: &RenderArgs) -> Result<(), CliError> {
    let game: G = game_args.setup()?;
    let options = DiagramOptions {
        viewer: args.view,
        seed_dots: args.dots,
        ..DiagramOptions::default()
    };
    let svg = board_svg(&board_of(&game)?, &options);
    match &args.out {
        Some(path) => write_diagram(path, &svg),
        None => print(&svg),
    }
}

/// What `-o PATH` asks for, by its extension (any case).
#[derive(PartialEq)]
enum OutKind {
    Svg,
    Png,
    Page,
    /// No known extension: a folder (a record) or an SVG file (a position).
    Other,
}

fn out_kind(path: &Path) -> OutKind {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("svg") => OutKind::Svg,
        Some("png") => OutKind::Png,
        Some("html" | "htm") => OutKind::Page,
        _ => OutKind::Other,
    }
}

/// Writes one diagram: a PNG for a `.png` path, the SVG otherwise.
fn write_diagram(path: &Path, svg: &str) -> Result<(), CliError> {
    if out_kind(path) != OutKind::Png {
        return write_file(path, svg);
    }
    let png = svg_to_png(svg).map_err(|e| CliError::failure(format!("{}: {e}", path.display())))?;
    std::fs::write(path, png)
        .map_err(|e| CliError::failure(format!("cannot write {}: {e}", path.display())))
}

fn render_record<G: Game>(record: &Record, args: &RenderArgs, out: &Path) -> Result<(), CliError> {
    let mut game: G = record_game_args(record).setup()?;
    let mut steps = vec![(game.clone(), String::new(), "start position".to_string())];
    for recorded in &record.moves {
        let ply = game.ply() + 1;
        let mover = game.to_move();
        let mv = game
            .parse_move(&recorded.text)
            .map_err(|e| CliError::input(format!("record ply {ply}: {e}")))?;
        game.check_move(mv)
            .map_err(|e| CliError::input(format!("record ply {ply}: {e}")))?;
        let what = game.describe_move(mv);
        game.play(mv);
        let mut caption = format!("ply {ply}: {mover} {mv}");
        if !what.is_empty() {
            caption.push_str(&format!(" ({what})"));
        }
        steps.push((game.clone(), mv.to_string(), caption));
    }
    if let Some(outcome) = game.outcome() {
        let [south, north] = game.totals();
        let verdict = outcome
            .winner
            .map_or("a draw".to_string(), |w| format!("{w} wins"));
        if let Some(last) = steps.last_mut() {
            last.2.push_str(&format!(
                " · game over: {verdict}, {south} to {north} ({})",
                outcome.reason
            ));
        }
    }
    let frames = steps
        .iter()
        .map(|(position, mv, caption)| {
            let options = DiagramOptions {
                viewer: args.view,
                seed_dots: args.dots,
                last_move: (!mv.is_empty()).then(|| mv.clone()),
                caption: Some(caption.clone()),
            };
            Ok(Frame {
                ply: position.ply(),
                mv: mv.clone(),
                caption: caption.clone(),
                svg: board_svg(&board_of(position)?, &options),
            })
        })
        .collect::<Result<Vec<Frame>, CliError>>()?;

    let kind = out_kind(out);
    if matches!(kind, OutKind::Svg | OutKind::Png) {
        let last = frames.last().map_or("", |f| f.svg.as_str());
        write_diagram(out, last)?;
        return print(&format!(
            "wrote {} (the last position, ply {})\n",
            out.display(),
            game.ply()
        ));
    }
    if kind == OutKind::Page {
        let title = format!("{} game", game_title(record.game));
        let players = match (record.tag("south"), record.tag("north")) {
            (Some(s), Some(n)) => format!("South: {s} · North: {n}"),
            _ => String::new(),
        };
        let result = record
            .tag("result")
            .map_or(String::new(), |r| format!(" · {}", result_in_words(r)));
        let page = replay_page(&title, &format!("{players}{result}"), &frames);
        write_file(out, &page)?;
        print(&format!(
            "wrote {} ({} steps)\n",
            out.display(),
            frames.len()
        ))?;
    } else {
        std::fs::create_dir_all(out)
            .map_err(|e| CliError::failure(format!("cannot create {}: {e}", out.display())))?;
        let digits = game.ply().to_string().len().max(3);
        for frame in &frames {
            write_file(
                &out.join(format!("ply-{:0digits$}.svg", frame.ply)),
                &frame.svg,
            )?;
        }
        print(&format!(
            "wrote {} diagrams to {}\n",
            frames.len(),
            out.display()
        ))?;
    }
    Ok(())
}

/// A record's `result` tag (`S`, `N` or `draw`, then the reason a run
/// gives, as `N immobilised`) in words for a page's header: who won, and
/// how. Another text is shown as it is.
fn result_in_words(tag: &str) -> String {
    let mut words = tag.split_whitespace();
    let (winner, loser) = match words.next() {
        Some("S") => ("South", "North"),
        Some("N") => ("North", "South"),
        Some("draw") => {
            return match words.next() {
                Some(reason) => format!("a draw ({reason})"),
                None => "a draw".to_string(),
            }
        }
        _ => return format!("result: {tag}"),
    };
    match words.next() {
        None | Some("natural") => format!("{winner} wins"),
        Some("immobilised") => format!("{winner} wins: {loser} cannot move (immobilised)"),
        Some(reason) => format!("{winner} wins ({reason})"),
    }
}

#[cfg(test)]
mod tests {
    use super::result_in_words;

    #[test]
    fn a_result_says_who_won_and_how() {
        assert_eq!(
            result_in_words("N immobilised"),
            "North wins: South cannot move (immobilised)"
        );
        assert_eq!(result_in_words("S natural"), "South wins");
        assert_eq!(
            result_in_words("S time-forfeit"),
            "South wins (time-forfeit)"
        );
        assert_eq!(result_in_words("draw ply-cap"), "a draw (ply-cap)");
        assert_eq!(result_in_words("unfinished"), "result: unfinished");
    }
}

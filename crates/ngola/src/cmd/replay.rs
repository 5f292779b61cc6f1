//! `ngola replay <game> <move>...`: plays the moves, printing
//! `<ply> <move> <position>` for each and a last line `result ...`.
//! `ngola replay --record FILE` does the same for a game record, and
//! `ngola replay --run DIR --id N` for game N of a tournament's folder.

use std::io::Write;

use clap::Args;

use ngola_rules::{with_game, Game};

use crate::cli_error::CliError;
use crate::cmd::run_game::RunGame;
use crate::game_args::GameArgs;

/// Arguments of `ngola replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    #[command(flatten)]
    game: Option<GameArgs>,
    /// Replay a game record (as `ngola play` saves it) instead of a game and moves given here.
    #[arg(long, value_name = "FILE", conflicts_with = "game")]
    record: Option<std::path::PathBuf>,
    /// Replay a game of this tournament output folder (with --id).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["game", "record"], requires = "id")]
    run: Option<std::path::PathBuf>,
    /// The game id (the `game` column of games.csv) to replay from --run.
    #[arg(long, value_name = "N", requires = "run")]
    id: Option<u64>,
    /// The moves to play, in the game's notation (e.g. a1 b8 ... or a3< pass).
    #[arg(allow_hyphen_values = true)]
    moves: Vec<String>,
}

/// Replays the moves; an illegal move stops with exit code 2 naming the ply.
pub fn run(args: ReplayArgs) -> Result<(), CliError> {
    if let (Some(dir), Some(id)) = (&args.run, args.id) {
        let game = RunGame::load(dir, id)?;
        let game_args = game.game_args();
        return with_game!(game_args.game, G => replay::<G>(&game_args, &game.moves()));
    }
    let (game, moves) = match (args.game, &args.record) {
        (_, Some(path)) => {
            let record = crate::cmd::play::load_record(path)?;
            (
                crate::cmd::play::record_game_args(&record),
                record.move_texts(),
            )
        }
        (Some(game), None) => (game, args.moves),
        (None, None) => {
            return Err(CliError::input(
                "give a game and its moves, --record FILE, or --run DIR --id N",
            ))
        }
    };
    with_game!(game.game, G => replay::<G>(&game, &moves))
}

fn replay<G: Game>(game_args: &GameArgs, moves: &[String]) -> Result<(), CliError> {
    let mut game: G = game_args.setup()?;
    let mut out = std::io::stdout().lock();
    for text in moves {
        let ply = game.ply() + 1;
        let mv = game
            .play_text(text)
            .map_err(|reason| CliError::input(format!("ply {ply}: {reason}")))?;
        writeln!(out, "{ply} {mv} {game}").map_err(CliError::stdout)?;
    }
    let result = game.outcome().map_or("none", |o| o.result_text());
    writeln!(out, "result {result}")
        .and_then(|()| out.flush())
        .map_err(CliError::stdout)
}

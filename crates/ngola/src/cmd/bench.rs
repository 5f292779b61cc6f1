//! `ngola bench ...`: speed measurements. `movegen` plays random games on
//! one thread from a fixed seed after a warm-up, one game at a time and
//! then several games in flight at once (interleaved, each from its own
//! seed); its last line is the one-game figure, `playouts/s <number>`, so
//! that scripts can read it.

use std::time::Instant;

use clap::{Args, Subcommand};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use ngola_rules::batch::interleaved_playouts;
use ngola_rules::{with_game, Game, RuleOptions, MAX_GAME_PLIES};

use crate::cli_error::{print, CliError};
use crate::game_args::GameArgs;

/// The benchmarks.
#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// Single-thread random playouts per second from the start position.
    Movegen(MovegenArgs),
    /// Single-thread alpha-beta nodes/s and MCTS simulations/s from the start position.
    Search(crate::cmd::bench_search::SearchArgs),
    /// Kalah random self-play through UGI engine processes against the built-in agent: games/s and the round trip per move.
    Engine(crate::cmd::bench_engine::EngineBenchArgs),
}

/// Arguments of `ngola bench movegen`.
#[derive(Args, Debug)]
pub struct MovegenArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Random games to time (after a warm-up of a tenth as many).
    #[arg(long, default_value_t = 20_000)]
    games: u64,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Runs one benchmark.
pub fn run(command: BenchCommand) -> Result<(), CliError> {
    match command {
        BenchCommand::Movegen(args) => with_game!(args.game.game, G => movegen::<G>(&args)),
        BenchCommand::Search(args) => crate::cmd::bench_search::run(args),
        BenchCommand::Engine(args) => crate::cmd::bench_engine::run(args),
    }
}

/// Totals of a batch of random playouts.
struct PlayoutTotals {
    games: u64,
    plies: u64,
    south_wins: u64,
    north_wins: u64,
    /// Playouts stopped at [`MAX_GAME_PLIES`] (rules where a game need
    /// not end).
    stopped: u64,
}

fn random_playouts<G: Game>(start: &G, games: u64, rng: &mut ChaCha8Rng) -> PlayoutTotals {
    let mut totals = PlayoutTotals {
        games,
        plies: 0,
        south_wins: 0,
        north_wins: 0,
        stopped: 0,
    };
    for _ in 0..games {
        let mut game = start.clone();
        let mut plies = 0;
        while game.play_random(rng).is_some() {
            plies += 1;
            if plies == MAX_GAME_PLIES {
                totals.stopped += game.outcome().is_none() as u64;
                break;
            }
        }
        totals.plies += u64::from(plies);
        match game.outcome().and_then(|o| o.winner) {
            Some(ngola_rules::Player::South) => totals.south_wins += 1,
            Some(ngola_rules::Player::North) => totals.north_wins += 1,
            None => {}
        }
    }
    totals
}

/// Random playouts per second with `LANES` games in flight on one core.
fn interleaved_rate<G: Game, const LANES: usize>(start: &G, args: &MovegenArgs) -> f64 {
    let seed = |i: u64| args.seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut plies = 0u64;
    let clock = Instant::now();
    interleaved_playouts::<G, ChaCha8Rng, LANES>(start, args.games, MAX_GAME_PLIES, seed, |p| {
        plies += u64::from(p.plies);
    });
    let seconds = clock.elapsed().as_secs_f64().max(1e-9);
    std::hint::black_box(plies);
    args.games as f64 / seconds
}

fn movegen<G: Game>(args: &MovegenArgs) -> Result<(), CliError> {
    if args.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    let start: G = args.game.setup()?;
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    // Warm caches and the branch predictor before timing.
    random_playouts(&start, (args.games / 10).max(1), &mut rng);
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let clock = Instant::now();
    let totals = random_playouts(&start, args.games, &mut rng);
    let seconds = clock.elapsed().as_secs_f64().max(1e-9);
    let interleaved = [
        interleaved_rate::<G, 4>(&start, args),
        interleaved_rate::<G, 8>(&start, args),
    ];

    let rules = start
        .rules()
        .to_pairs()
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ");
    let lines = [
        format!("game         {}", G::NAME),
        format!("rules        {rules}"),
        "threads      1".to_string(),
        format!("games        {}", totals.games),
        format!("plies        {}", totals.plies),
        format!(
            "plies/game   {:.1}",
            totals.plies as f64 / totals.games as f64
        ),
        format!(
            "south/north  {} / {} wins",
            totals.south_wins, totals.north_wins
        ),
        format!(
            "stopped      {} (games still going at {MAX_GAME_PLIES} plies, as tournaments stop them)",
            totals.stopped
        ),
        format!("seconds      {seconds:.3}"),
        format!(
            "interleaved  {:.0} playouts/s with 4 games in flight, {:.0} with 8 (each game from its own seed)",
            interleaved[0], interleaved[1]
        ),
        format!("plies/s      {:.0}", totals.plies as f64 / seconds),
        format!("playouts/s {:.0}", totals.games as f64 / seconds),
    ];
    print(&(lines.join("\n") + "\n"))
}

//! `ngola play <game> --agent SPEC`: a person against an agent in the
//! terminal (or through a pipe), saving a game record at the end.
//!
//! The record (format: [`ngola_viz::record`]) goes to `--record FILE`, by
//! default `ngola-<game>-<YYYYMMDD-HHMMSS>.txt` (UTC) in the current
//! folder; `ngola replay --record FILE` replays it and `ngola render
//! --record FILE -o game.html` draws it.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;

use ngola_agents::{AgentSpec, Evaluate};
use ngola_rules::{with_game, Game, GameKind, Player, RuleOptions};
use ngola_viz::{play_session, AgentMaker, PlayError, PlayResult, PlaySetup, Record, RecordedMove};

use crate::cli_error::{print, CliError};
use crate::game_args::GameArgs;
use crate::utc::utc_stamp;

/// The hint agent when `--hint` is not given: a modest alpha-beta search,
/// stronger than most people and quick on every game.
pub const DEFAULT_HINT: &str = "alphabeta:depth=8";

/// Arguments of `ngola play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The opponent, as an agent spec (e.g. random, greedy, alphabeta:depth=8, mcts:sims=20000).
    #[arg(long, value_name = "SPEC")]
    agent: String,
    /// Your side: S (South, moves first) or N (North).
    #[arg(long, value_name = "S|N", default_value = "S", value_parser = parse_side)]
    side: Player,
    /// The agent that answers `hint`.
    #[arg(long, value_name = "SPEC", default_value = DEFAULT_HINT)]
    hint: String,
    /// Where to save the game record [default: ngola-<game>-<YYYYMMDD-HHMMSS>.txt].
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Seed of the agents' random choices [default: from the clock]; the
    /// record keeps it, so a game against a seeded agent can be repeated.
    #[arg(long)]
    seed: Option<u64>,
}

/// Reads a side: `S`/`N` (or `south`/`north`, any case).
pub fn parse_side(text: &str) -> Result<Player, String> {
    match text.to_ascii_lowercase().as_str() {
        "s" | "south" => Ok(Player::South),
        "n" | "north" => Ok(Player::North),
        _ => Err(format!("`{text}` is not a side; expected S or N")),
    }
}

/// Plays the game, then saves the record.
pub fn run(args: PlayArgs) -> Result<(), CliError> {
    with_game!(args.game.game, G => play::<G>(&args))
}

fn play<G: Evaluate>(args: &PlayArgs) -> Result<(), CliError> {
    let start: G = args.game.setup()?;
    let opponent: AgentSpec = args
        .agent
        .parse()
        .map_err(|e| CliError::input(format!("--agent: {e}")))?;
    let hint: AgentSpec = args
        .hint
        .parse()
        .map_err(|e| CliError::input(format!("--hint: {e}")))?;
    // Both agents' tables are held at once (the hint agent is built when
    // asked): refuse what the machine cannot hold before the game starts.
    ngola_agents::memory::check(opponent.memory_mb() + hint.memory_mb(), || {
        format!("the tables of --agent {opponent} and --hint {hint}")
    })
    .map_err(CliError::input)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let path = args
        .record
        .clone()
        .unwrap_or_else(|| default_record_name(G::NAME, SystemTime::now()));

    // The record keeps the canonical specs (every parameter explicit);
    // the session shows them as typed.
    let opponent_spec = opponent.to_string();
    let hint_spec = hint.to_string();
    let setup = PlaySetup {
        start: start.clone(),
        human: args.side,
        opponent: AgentMaker::new(args.agent.trim(), move || opponent.build::<G>(seed)),
        hint: AgentMaker::new(args.hint.trim(), move || {
            hint.build::<G>(seed ^ 0x9e37_79b9_7f4a_7c15)
        }),
        echo: !std::io::stdin().is_terminal(),
    };
    let stdin = std::io::stdin();
    let result =
        play_session(setup, stdin.lock(), std::io::stdout().lock()).map_err(|e| match e {
            PlayError::Input(e) => CliError::stdin(e),
            PlayError::Output(e) => CliError::stdout(e),
            other => CliError::failure(other),
        })?;

    let (you, agent) = (format!("you ({})", args.side), opponent_spec);
    let (south, north) = match args.side {
        Player::South => (you, agent),
        Player::North => (agent, you),
    };
    let result_text = match result.outcome {
        Some(outcome) => format!("{} {}", outcome.result_text(), outcome.reason),
        None => "unfinished".to_string(),
    };
    let mut record = game_record(args.game.game, &start, &result);
    for (key, value) in [
        ("south", south),
        ("north", north),
        ("seed", seed.to_string()),
        ("hint", hint_spec),
        ("result", result_text),
    ] {
        record.set_tag(key, &value).map_err(CliError::failure)?;
    }
    save_record(&record, &path)?;
    print(&format!(
        "Game record saved to {} (replay: ngola replay --record {0}).\n",
        path.display()
    ))
}

/// The record of a finished or stopped game: rules all explicit, the
/// start position and each move with what it did.
fn game_record<G: Game>(kind: GameKind, start: &G, result: &PlayResult<G>) -> Record {
    let mut record = Record::new(kind);
    record.rules = start
        .rules()
        .to_pairs()
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    record.start = Some(start.to_string());
    record.moves = result
        .moves
        .iter()
        .map(|played| {
            let mut note = format!("ply {}, {}", played.before.ply() + 1, played.mover);
            if !played.description.is_empty() {
                note.push_str(": ");
                note.push_str(&played.description);
            }
            RecordedMove {
                text: played.mv.to_string(),
                note: note.replace('#', " "),
            }
        })
        .collect();
    record
}

fn save_record(record: &Record, path: &Path) -> Result<(), CliError> {
    std::fs::write(path, record.to_string()).map_err(|e| {
        CliError::failure(format!(
            "cannot write the game record {}: {e}",
            path.display()
        ))
    })
}

/// Reads a game record file (`--record FILE` of replay and render).
pub fn load_record(path: &Path) -> Result<Record, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
    Record::parse(&text).map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}

/// The game, rules and start position of a record, as command-line
/// arguments would give them.
pub fn record_game_args(record: &Record) -> GameArgs {
    GameArgs {
        game: record.game,
        rules: record.rules.clone(),
        position: record.start.clone(),
    }
}

fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// `ngola-<game>-<YYYYMMDD-HHMMSS>.txt` for the UTC time `now`.
fn default_record_name(game: &str, now: SystemTime) -> PathBuf {
    let seconds = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    PathBuf::from(format!("ngola-{game}-{}.txt", utc_stamp(seconds)))
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn record_names_carry_the_utc_time() {
        // 2024-02-29 13:05:09 UTC is 1_709_211_909 s after the epoch
        // (19_782 days, then 47_109 s).
        let when = UNIX_EPOCH + Duration::from_secs(1_709_211_909);
        assert_eq!(
            default_record_name("kalah", when),
            PathBuf::from("ngola-kalah-20240229-130509.txt")
        );
    }

    #[test]
    fn sides_read_in_any_case() {
        assert_eq!(parse_side("n"), Ok(Player::North));
        assert_eq!(parse_side("South"), Ok(Player::South));
        assert!(parse_side("east").is_err());
    }
}

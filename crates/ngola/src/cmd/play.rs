//! `ngola play <game> --agent SPEC`: a person against an agent in the
//! terminal (or through a pipe), saving a game record at the end.
//!
//! The record (format: [`ngola_viz::record`]) goes to `--record FILE`, by
//! default `ngola-<game>-<YYYYMMDD-HHMMSS>.txt` (UTC) in the current
//! folder; `ngola replay --record FILE` replays it and `ngola render
//! --record FILE -o game.html` draws it. It is saved however the session
//! ends: the game's end, `quit`, the end of the input, Ctrl-C (exit code
//! 130), or an output that fails.
//!
//! In a terminal (standard input and output both), lines are read with a
//! line editor (rustyline: arrow keys, history of the session's lines,
//! Ctrl-C and Ctrl-D); otherwise plain lines are read, each echoed after
//! its prompt.

use ngola_agents::Resources;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;

use ngola_agents::{AgentSpec, Evaluate};
use ngola_rules::{with_game, Game, GameKind, Player, RuleOptions};
use ngola_viz::{Record, RecordedMove};

use crate::play_session::{
    play_session_with, AgentMaker, InputLine, LineSource, PipedLines, PlayError, PlayResult,
    PlaySetup, PlayedMove,
};

use crate::cli_error::{print, CliError};
use crate::game_args::GameArgs;
use ngola_arena::provenance::utc_stamp;

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
pub fn parse_side(text: &str) -> Result<Player, SideError> {
    match text.to_ascii_lowercase().as_str() {
        "s" | "south" => Ok(Player::South),
        "n" | "north" => Ok(Player::North),
        _ => Err(SideError::NotASide(text.to_string())),
    }
}

/// Why `--side` cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SideError {
    /// Neither `S`/`south` nor `N`/`north` (the text as given).
    #[error("`{0}` is not a side; expected S or N")]
    NotASide(String),
}

/// Plays the game, then saves the record.
pub fn run(args: PlayArgs) -> Result<(), CliError> {
    with_game!(args.game.game, G => play::<G>(&args))
}

fn play<G: Evaluate>(args: &PlayArgs) -> Result<(), CliError> {
    let start: G = args.game.setup()?;
    let resources = crate::host::resources();
    let (opponent, hint) = agent_specs::<G>(args, &start, &resources)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let path = args
        .record
        .clone()
        .unwrap_or_else(|| default_record_name(G::NAME, SystemTime::now()));
    let tags = record_tags(args.side, &opponent, &hint, seed);
    let record_of = |moves: &[PlayedMove<G>], result: &str| -> Result<String, CliError> {
        let mut record = game_record(args.game.game, &start, moves);
        for (key, value) in &tags {
            record.set_tag(key, value).map_err(CliError::failure)?;
        }
        record
            .set_tag("result", result)
            .map_err(CliError::failure)?;
        Ok(record.to_string())
    };

    // Ctrl-C (SIGINT) saves the game as it stands and ends with 130, from
    // wherever the session is (waiting for a line, an agent thinking).
    let saver = Arc::new(Mutex::new(Saver {
        path: path.clone(),
        text: record_of(&[], "interrupted")?,
        saved: false,
    }));
    save_on_ctrl_c(Arc::clone(&saver));

    let setup = PlaySetup {
        start: start.clone(),
        human: args.side,
        opponent: AgentMaker::new(args.agent.trim(), {
            let resources = resources.clone();
            move || opponent.build::<G>(&resources, seed)
        }),
        hint: AgentMaker::new(args.hint.trim(), move || {
            hint.build::<G>(&resources, seed ^ 0x9e37_79b9_7f4a_7c15)
        }),
    };
    let mut changed = |moves: &[PlayedMove<G>]| {
        if let Ok(text) = record_of(moves, "interrupted") {
            saver.lock().unwrap_or_else(PoisonError::into_inner).text = text;
        }
    };
    let (result, error) = run_session(setup, &mut changed);

    let result_text = match result.outcome {
        Some(outcome) => format!("{} {}", outcome.result_text(), outcome.reason),
        None if result.interrupted => "interrupted".to_string(),
        None => "unfinished".to_string(),
    };
    let text = record_of(&result.moves, &result_text)?;
    {
        let mut saver = saver.lock().unwrap_or_else(PoisonError::into_inner);
        saver.text = text;
        saver.save()?;
    }
    session_end(&path, result.interrupted, error)
}

/// The opponent's and the hint agent's specs, or an error naming the flag:
/// each must read, suit the game's rules, and both tables fit the machine.
fn agent_specs<G: Evaluate>(
    args: &PlayArgs,
    start: &G,
    resources: &Resources,
) -> Result<(AgentSpec, AgentSpec), CliError> {
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
    let need = opponent.memory_mb() + hint.memory_mb();
    ngola_agents::memory::check(resources.memory, need, || {
        format!("the tables of --agent {opponent} and --hint {hint}")
    })
    .map_err(CliError::input)?;
    // Their networks and databases too: an agent whose database is of
    // other rules would play on wrong values.
    for (flag, spec) in [("--agent", &opponent), ("--hint", &hint)] {
        spec.check_files::<G>(resources, start.rules())
            .map_err(|e| CliError::input(format!("{flag}: {e}")))?;
    }
    Ok((opponent, hint))
}

/// The record's tags naming the players, the seed and the hint agent. The
/// record keeps the canonical specs (every parameter explicit); the
/// session shows them as typed.
fn record_tags(
    side: Player,
    opponent: &AgentSpec,
    hint: &AgentSpec,
    seed: u64,
) -> [(&'static str, String); 4] {
    let (you, agent) = (format!("you ({side})"), opponent.to_string());
    let (south, north) = match side {
        Player::South => (you, agent),
        Player::North => (agent, you),
    };
    [
        ("south", south),
        ("north", north),
        ("seed", seed.to_string()),
        ("hint", hint.to_string()),
    ]
}

/// Ctrl-C saves the record as it stands and ends the program (130, or 1
/// if the record cannot be written). If a handler cannot be set, Ctrl-C
/// ends the program as it would anyway.
fn save_on_ctrl_c(saver: Arc<Mutex<Saver>>) {
    let _ = ctrlc::set_handler(move || {
        let mut saver = saver.lock().unwrap_or_else(PoisonError::into_inner);
        let code = match saver.save() {
            Ok(()) => {
                let _ = writeln!(
                    std::io::stderr(),
                    "\nInterrupted: game record saved to {}.",
                    saver.path.display()
                );
                130
            }
            Err(err) => {
                let _ = writeln!(std::io::stderr(), "ngola: {}", err.message);
                1
            }
        };
        std::process::exit(code);
    });
}

/// Plays the session: with the line editor when standard input and output
/// are both a terminal, else on plain lines (echoed when not a terminal).
fn run_session<G: Evaluate>(
    setup: PlaySetup<G>,
    changed: &mut dyn FnMut(&[PlayedMove<G>]),
) -> (PlayResult<G>, Option<PlayError>) {
    let stdin_terminal = std::io::stdin().is_terminal();
    let stdout = std::io::stdout().lock();
    let editor = (stdin_terminal && std::io::stdout().is_terminal())
        .then(Terminal::new)
        .flatten();
    match editor {
        Some(editor) => play_session_with(setup, editor, stdout, changed),
        None => {
            let lines = PipedLines::new(std::io::stdin().lock(), !stdin_terminal);
            play_session_with(setup, lines, stdout, changed)
        }
    }
}

/// After the record is saved: says where (on stderr too when the output
/// failed) and gives the exit: the session's error, 130 when interrupted.
fn session_end(path: &Path, interrupted: bool, error: Option<PlayError>) -> Result<(), CliError> {
    let saved = format!(
        "Game record saved to {} (replay: ngola replay --record {0}).\n",
        path.display()
    );
    let failed = |err: CliError| {
        // The output may be gone: say where the record is on stderr.
        let _ = write!(std::io::stderr(), "{saved}");
        Err(err)
    };
    match error {
        Some(PlayError::Output(e)) => failed(CliError::stdout(e)),
        Some(PlayError::Input(e)) => failed(CliError::stdin(e)),
        Some(other) => failed(CliError::failure(other)),
        None if interrupted => {
            print(&saved)?;
            Err(CliError {
                code: 130,
                message: "interrupted".to_string(),
                quiet: true,
            })
        }
        None => print(&saved),
    }
}

/// The record to save and where: saved once, by the end of the session
/// or by Ctrl-C, whichever comes first.
struct Saver {
    path: PathBuf,
    text: String,
    saved: bool,
}

impl Saver {
    fn save(&mut self) -> Result<(), CliError> {
        if self.saved {
            return Ok(());
        }
        std::fs::write(&self.path, &self.text).map_err(|e| {
            CliError::failure(format!(
                "cannot write the game record {}: {e}",
                self.path.display()
            ))
        })?;
        self.saved = true;
        Ok(())
    }
}

/// A terminal's lines through a line editor: arrow keys move in the line
/// and through the session's history; Ctrl-C interrupts, Ctrl-D ends.
struct Terminal {
    editor: rustyline::DefaultEditor,
}

impl Terminal {
    /// The editor, or `None` if this terminal cannot have one.
    fn new() -> Option<Terminal> {
        rustyline::DefaultEditor::new()
            .ok()
            .map(|editor| Terminal { editor })
    }
}

impl LineSource for Terminal {
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> std::io::Result<InputLine> {
        use rustyline::error::ReadlineError;
        out.flush()?;
        match self.editor.readline(prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = self.editor.add_history_entry(line.as_str());
                }
                Ok(InputLine::Text(line))
            }
            Err(ReadlineError::Interrupted) => Ok(InputLine::Interrupted),
            Err(ReadlineError::Eof) => Ok(InputLine::End),
            Err(ReadlineError::Io(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                Ok(InputLine::NotUtf8(0))
            }
            Err(ReadlineError::Io(e)) => Err(e),
            Err(other) => Err(std::io::Error::other(other.to_string())),
        }
    }
}

/// The record of a finished or stopped game: rules all explicit, the
/// start position and each move with what it did.
fn game_record<G: Game>(kind: GameKind, start: &G, moves: &[PlayedMove<G>]) -> Record {
    let mut record = Record::new(kind);
    record.rules = start
        .rules()
        .to_pairs()
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    record.start = Some(start.to_string());
    record.moves = moves
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

/// Reads a game record file (`--record FILE` of replay and render).
pub fn load_record(path: &Path) -> Result<Record, CliError> {
    let text =
        ngola_arena::text_file::read_text(path, ngola_arena::text_file::MAX_LINE).map_err(|e| {
            match e {
                ngola_arena::ArenaError::File(ngola_arena::error::FileError::Io {
                    source, ..
                }) => CliError::input(format!("cannot read {}: {source}", path.display())),
                e => CliError::input(e.to_string()),
            }
        })?;
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
        assert_eq!(
            parse_side("east"),
            Err(SideError::NotASide("east".to_string()))
        );
        assert_eq!(
            parse_side("east").unwrap_err().to_string(),
            "`east` is not a side; expected S or N"
        );
    }
}

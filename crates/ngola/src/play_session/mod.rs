//! A person against an agent, line by line over any reader and writer
//! (the terminal, a pipe, a test).
//!
//! Before each of the person's moves the session draws the board from his
//! side and lists the legal moves; he answers with a move or a command:
//! `moves` (each legal move and what it does), `hint` (a stronger agent's
//! choice), `undo` (takes back his last move and the replies to it),
//! `board`, `position` (the position text), `help`, `quit`. A bad input
//! is answered with the reason and the game goes on (a line that is not
//! UTF-8 text too). The agent's moves are shown with what they did
//! (`Game::describe_move`).
//!
//! Lines come from a [`LineSource`]: [`PipedLines`] reads any `BufRead`
//! (a pipe, a test); the `ngola` program gives a line editor with history
//! when it runs in a terminal.

use std::io::{self, BufRead, Write};
use std::time::Instant;

use thiserror::Error;

use ngola_agents::play::{play_out, Ended, Players};
use ngola_agents::Agent;
use ngola_rules::{Game, MoveList, Outcome, Player};

use ngola_viz::text::draw_board;
use ngola_viz::BoardView;

/// What can stop a session early.
#[derive(Debug, Error)]
pub enum PlayError {
    /// Reading the input failed.
    #[error("input: {0}")]
    Input(io::Error),
    /// Writing the output failed.
    #[error("output: {0}")]
    Output(#[from] io::Error),
    /// The agent answered with a move the rules refuse (a bug in the agent).
    #[error("the agent {agent} chose an illegal move: {reason}")]
    IllegalAgentMove {
        /// The agent's label.
        agent: String,
        /// Why the move is illegal.
        reason: String,
    },
}

/// One answer of the person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputLine {
    /// A line of text (without its line end).
    Text(String),
    /// A line that is not UTF-8 text, of this many bytes.
    NotUtf8(usize),
    /// The input ended.
    End,
    /// The person interrupted the session (Ctrl-C in a line editor).
    Interrupted,
}

/// Where the person's lines come from.
pub trait LineSource {
    /// Shows `prompt` (on `out`, or the source's own terminal) and reads
    /// the next line.
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<InputLine>;
}

/// Lines read from any `BufRead` (a pipe, a file, a test), the prompt
/// written to the session's output; with `echo`, each line is written
/// after its prompt, so that a transcript of a piped session reads like a
/// terminal one.
pub struct PipedLines<R: BufRead> {
    input: R,
    echo: bool,
    buffer: Vec<u8>,
}

impl<R: BufRead> PipedLines<R> {
    /// Reads `input`, echoing each line if `echo`.
    pub fn new(input: R, echo: bool) -> Self {
        PipedLines {
            input,
            echo,
            buffer: Vec::new(),
        }
    }
}

impl<R: BufRead> LineSource for PipedLines<R> {
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<InputLine> {
        out.write_all(prompt.as_bytes())?;
        out.flush()?;
        self.buffer.clear();
        if self.input.read_until(b'\n', &mut self.buffer)? == 0 {
            return Ok(InputLine::End);
        }
        let bytes = self.buffer.strip_suffix(b"\n").unwrap_or(&self.buffer);
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        let line = match std::str::from_utf8(bytes) {
            Ok(text) => InputLine::Text(text.to_string()),
            Err(_) => InputLine::NotUtf8(bytes.len()),
        };
        if self.echo {
            match &line {
                InputLine::Text(text) => writeln!(out, "{text}")?,
                _ => writeln!(out, "{}", String::from_utf8_lossy(bytes))?,
            }
        }
        Ok(line)
    }
}

/// Builds fresh copies of one agent: the session needs a new one after an
/// undo (an agent may keep a search tree for the position it last saw).
pub struct AgentMaker<G: Game> {
    label: String,
    make: Box<dyn FnMut() -> Box<dyn Agent<G>>>,
}

impl<G: Game> AgentMaker<G> {
    /// `label` is how the session names the agent (its spec); `make`
    /// builds it (seeded the same way each time, for reproducible games).
    pub fn new(
        label: impl Into<String>,
        make: impl FnMut() -> Box<dyn Agent<G>> + 'static,
    ) -> Self {
        AgentMaker {
            label: label.into(),
            make: Box::new(make),
        }
    }

    /// The agent's label.
    pub fn label(&self) -> &str {
        &self.label
    }

    fn build(&mut self) -> Box<dyn Agent<G>> {
        (self.make)()
    }
}

/// Everything a session needs.
pub struct PlaySetup<G: Game> {
    /// The position to start from.
    pub start: G,
    /// The person's side.
    pub human: Player,
    /// The opponent.
    pub opponent: AgentMaker<G>,
    /// The agent asked for hints.
    pub hint: AgentMaker<G>,
}

/// One ply of the game as played.
#[derive(Clone, Debug)]
pub struct PlayedMove<G: Game> {
    /// The position before the move.
    pub before: G,
    /// The move.
    pub mv: G::Move,
    /// Who played it.
    pub mover: Player,
    /// Whether the session played it for the person (a forced pass).
    pub forced: bool,
    /// What it did (`Game::describe_move`), possibly empty.
    pub description: String,
}

/// How a session ended.
#[derive(Clone, Debug)]
pub struct PlayResult<G: Game> {
    /// The moves of the game as it stands (taken-back moves are gone).
    pub moves: Vec<PlayedMove<G>>,
    /// The last position (the tests compare it; the program saves the
    /// moves).
    #[cfg_attr(not(test), allow(dead_code))]
    pub last: G,
    /// The result, if the game ended.
    pub outcome: Option<Outcome>,
    /// The person interrupted the session (Ctrl-C in a line editor).
    pub interrupted: bool,
}

/// What the person typed.
enum Command {
    Help,
    Moves,
    Hint,
    Undo,
    Board,
    Position,
    Quit,
    Move(String),
}

impl Command {
    fn read(line: &str) -> Command {
        match line.trim().to_ascii_lowercase().as_str() {
            "help" | "?" => Command::Help,
            "moves" | "legal" => Command::Moves,
            "hint" => Command::Hint,
            "undo" | "takeback" => Command::Undo,
            "board" => Command::Board,
            "position" => Command::Position,
            "quit" | "exit" | "q" => Command::Quit,
            _ => Command::Move(line.trim().to_string()),
        }
    }
}

const HELP: &str = "Type a move in the game's notation (one of the legal moves listed), or:
  moves     list the legal moves and what each does
  hint      ask the hint agent for a move
  undo      take back your last move and the replies to it
  board     draw the board again
  position  print the position text (for `ngola render --position`)
  help      this text
  quit      stop here (the game so far is saved)";

/// The session's players: the person, whose lines come from `lines`, and
/// the opponent agent; what they say goes to `out`. The game itself is
/// played by the one game loop ([`play_out`]), which asks them for moves.
struct Session<'a, G: Game, W: Write> {
    human: Player,
    history: Vec<PlayedMove<G>>,
    opponent: AgentMaker<G>,
    opponent_agent: Box<dyn Agent<G>>,
    hint: AgentMaker<G>,
    out: W,
    lines: &'a mut dyn LineSource,
    changed: &'a mut dyn FnMut(&[PlayedMove<G>]),
    /// The move being chosen is the person's forced pass.
    forced: bool,
    /// The position text of the board last drawn, so that a board is
    /// drawn again only when something changed.
    drawn: Option<String>,
    /// The person interrupted the session.
    interrupted: bool,
}

/// Why the session's players stop the game loop.
enum Pause {
    /// The person takes back his last move.
    Undo,
    /// The person stopped the session (quit, end of input, Ctrl-C).
    Quit,
    /// Reading, writing or the agent failed.
    Failed(PlayError),
}

impl From<io::Error> for Pause {
    fn from(e: io::Error) -> Self {
        Pause::Failed(PlayError::Output(e))
    }
}

/// Plays a game between the person, whose lines come from `lines`, and
/// the opponent, writing everything to `output`, until the game ends, the
/// person quits or the input ends.
/// `changed` sees the moves of the game as it stands after each change
/// (a move, an undo), so that a caller can keep its record ready to save
/// should the program be stopped. Returns the game as it stands, and the
/// error that stopped it early if any (the moves up to there are kept).
pub fn play_session_with<G: Game, L: LineSource, W: Write>(
    setup: PlaySetup<G>,
    mut lines: L,
    output: W,
    changed: &mut dyn FnMut(&[PlayedMove<G>]),
) -> (PlayResult<G>, Option<PlayError>) {
    let PlaySetup {
        start,
        human,
        mut opponent,
        hint,
    } = setup;
    let opponent_agent = opponent.build();
    let mut session = Session {
        human,
        history: Vec::new(),
        opponent,
        opponent_agent,
        hint,
        out: output,
        lines: &mut lines,
        changed,
        forced: false,
        drawn: None,
        interrupted: false,
    };
    let mut game = start;
    let (outcome, error) = match session.run(&mut game) {
        Ok(outcome) => (outcome, None),
        Err(error) => (None, Some(error)),
    };
    let result = PlayResult {
        moves: session.history,
        last: game,
        outcome,
        interrupted: session.interrupted,
    };
    (result, error)
}

impl<G: Game, W: Write> Players<G> for Session<'_, G, W> {
    type Stop = Pause;

    fn choose(&mut self, game: &G, _after: &mut G) -> Result<(G::Move, bool), Pause> {
        self.forced = false;
        let mv = if game.to_move() == self.human {
            self.human_move(game)?
        } else {
            self.agent_move(game)?
        };
        Ok((mv, false))
    }

    fn played(&mut self, before: &G, mv: G::Move) {
        self.opponent_agent.observe(before, mv);
        self.history.push(PlayedMove {
            mover: before.to_move(),
            before: before.clone(),
            mv,
            forced: self.forced,
            description: before.describe_move(mv),
        });
        (self.changed)(&self.history);
    }
}

impl<G: Game, W: Write> Session<'_, G, W> {
    /// The session: the outcome if the game ended, `None` if the person
    /// stopped it (or the game reached the loop's ply limit).
    fn run(&mut self, game: &mut G) -> Result<Option<Outcome>, PlayError> {
        self.greet()?;
        let started_at = game.ply();
        let mut after = game.clone();
        loop {
            match play_out(game, &mut after, self, started_at) {
                Ended::Over(outcome) => {
                    self.announce(game, outcome)?;
                    return Ok(Some(outcome));
                }
                Ended::PlyLimit => {
                    self.stopped(game)?;
                    return Ok(None);
                }
                Ended::Stopped(Pause::Undo) => {
                    self.undo(game)?;
                    (self.changed)(&self.history);
                }
                Ended::Stopped(Pause::Quit) => {
                    self.stopped(game)?;
                    return Ok(None);
                }
                Ended::Stopped(Pause::Failed(error)) => return Err(error),
            }
        }
    }

    /// The person's move: his forced pass, or the lines read until one
    /// names a legal move, the commands among them answered.
    fn human_move(&mut self, game: &G) -> Result<G::Move, Pause> {
        let mut legal = MoveList::new();
        game.legal_moves(&mut legal);
        if let [only] = legal.as_slice() {
            if only.to_string() == "pass" {
                writeln!(self.out, "You have no move and pass.")?;
                self.forced = true;
                return Ok(*only);
            }
        }
        loop {
            self.show_turn(game, &legal)?;
            let line = match self.lines.read_line("Your move> ", &mut self.out) {
                Ok(InputLine::Text(text)) => text,
                Ok(InputLine::NotUtf8(bytes)) => {
                    writeln!(
                        self.out,
                        "Not text: the line ({bytes} bytes) is not UTF-8. Type `help` for the commands."
                    )?;
                    continue;
                }
                Ok(InputLine::End) => {
                    writeln!(self.out, "\n(end of input)")?;
                    return Err(Pause::Quit);
                }
                Ok(InputLine::Interrupted) => {
                    writeln!(self.out, "(interrupted)")?;
                    self.interrupted = true;
                    return Err(Pause::Quit);
                }
                Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                    writeln!(
                        self.out,
                        "Not text: the line is not UTF-8. Type `help` for the commands."
                    )?;
                    continue;
                }
                Err(e) => return Err(Pause::Failed(PlayError::Input(e))),
            };
            match Command::read(&line) {
                Command::Help => writeln!(self.out, "{HELP}")?,
                Command::Moves => self.list_moves(game, &legal)?,
                Command::Hint => self.give_hint(game)?,
                Command::Undo => return Err(Pause::Undo),
                Command::Board => self.draw(game)?,
                Command::Position => writeln!(self.out, "{game}")?,
                Command::Quit => return Err(Pause::Quit),
                Command::Move(text) if text.is_empty() => {}
                Command::Move(text) => {
                    if let Some(mv) = self.read_move(game, &text)? {
                        return Ok(mv);
                    }
                }
            }
        }
    }

    fn greet(&mut self) -> io::Result<()> {
        writeln!(
            self.out,
            "ngola play: {}. You are {}, {} is {}. Type a move, or `help`.",
            G::NAME,
            self.human,
            self.human.opponent(),
            self.opponent.label()
        )
    }

    fn draw(&mut self, game: &G) -> io::Result<()> {
        let text = game.to_string();
        self.drawn = Some(text.clone());
        match BoardView::parse(&text) {
            Ok(board) => write!(
                self.out,
                "{}",
                draw_board(&board, self.human, Some(self.human))
            ),
            // A position text the drawing cannot read: show it as it is.
            Err(_) => writeln!(self.out, "{text}"),
        }
    }

    fn show_turn(&mut self, game: &G, legal: &MoveList<G::Move>) -> io::Result<()> {
        if self.drawn.as_deref() != Some(&game.to_string()) {
            writeln!(self.out)?;
            self.draw(game)?;
        }
        let list = legal
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        writeln!(self.out, "Legal moves: {list}")?;
        // The line source shows the prompt.
        self.out.flush()
    }

    fn list_moves(&mut self, game: &G, legal: &MoveList<G::Move>) -> io::Result<()> {
        let width = legal.iter().map(|m| m.to_string().len()).max().unwrap_or(0);
        for &mv in legal {
            let what = game.describe_move(mv);
            writeln!(self.out, "  {:<width$}  {what}", mv.to_string())?;
        }
        Ok(())
    }

    /// The legal move `text` names, announced; `None` (the reason said)
    /// for text that names none.
    fn read_move(&mut self, game: &G, text: &str) -> io::Result<Option<G::Move>> {
        let mv = match game.parse_move(text) {
            Ok(mv) => mv,
            Err(err) => {
                writeln!(self.out, "Not a move: {err}. Type `help` for the commands.")?;
                return Ok(None);
            }
        };
        if let Err(err) = game.check_move(mv) {
            writeln!(self.out, "Not legal here: {err}.")?;
            return Ok(None);
        }
        let what = game.describe_move(mv);
        writeln!(self.out, "You play {mv}{}.", with_colon(&what))?;
        Ok(Some(mv))
    }

    fn agent_move(&mut self, game: &G) -> Result<G::Move, Pause> {
        let clock = Instant::now();
        let mv = self.opponent_agent.select(game);
        let seconds = clock.elapsed().as_secs_f64();
        if let Err(err) = game.check_move(mv) {
            return Err(Pause::Failed(PlayError::IllegalAgentMove {
                agent: self.opponent.label().to_string(),
                reason: err.to_string(),
            }));
        }
        let what = game.describe_move(mv);
        let time = if seconds >= 0.1 {
            format!(" ({seconds:.1} s)")
        } else {
            String::new()
        };
        writeln!(
            self.out,
            "{} ({}) plays {mv}{}{time}.",
            game.to_move(),
            self.opponent.label(),
            with_colon(&what)
        )?;
        Ok(mv)
    }

    fn give_hint(&mut self, game: &G) -> io::Result<()> {
        writeln!(self.out, "Asking {} ...", self.hint.label())?;
        let mut agent = self.hint.build();
        let mv = agent.select(game);
        let what = game.describe_move(mv);
        writeln!(
            self.out,
            "Hint ({}): {mv}{}.",
            self.hint.label(),
            with_colon(&what)
        )
    }

    fn undo(&mut self, game: &mut G) -> io::Result<()> {
        let human = self.human;
        let Some(index) = self
            .history
            .iter()
            .rposition(|p| p.mover == human && !p.forced)
        else {
            return writeln!(self.out, "Nothing to undo: you have not moved yet.");
        };
        let taken_back = self.history.len() - index;
        *game = self.history[index].before.clone();
        self.history.truncate(index);
        // The agent may hold a search tree for the position it last saw.
        self.opponent_agent = self.opponent.build();
        writeln!(
            self.out,
            "Took back {taken_back} {}; your move again.",
            if taken_back == 1 { "ply" } else { "plies" }
        )
    }

    fn announce(&mut self, game: &G, outcome: Outcome) -> io::Result<()> {
        writeln!(self.out)?;
        self.draw(game)?;
        let [south, north] = game.totals();
        let verdict = match outcome.winner {
            Some(winner) => format!("{winner} wins"),
            None => "a draw".to_string(),
        };
        writeln!(
            self.out,
            "Game over after {} plies: {verdict}, South {south} to North {north} ({}).",
            game.ply(),
            outcome.reason
        )?;
        let line = match outcome.winner {
            Some(w) if w == self.human => "You win!",
            Some(_) => "You lose.",
            None => "Nobody wins.",
        };
        writeln!(self.out, "{line}")
    }

    fn stopped(&mut self, game: &G) -> io::Result<()> {
        writeln!(
            self.out,
            "Stopped at ply {}; the game is unfinished.",
            game.ply()
        )
    }
}

/// `: text` for a non-empty description, nothing otherwise.
fn with_colon(description: &str) -> String {
    if description.is_empty() {
        String::new()
    } else {
        format!(": {description}")
    }
}

#[cfg(test)]
mod tests;

//! The play session driven in memory: a scripted person against the
//! random agent on Kalah and Um el-Bagara.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::io::{self, BufRead, Read, Write};
use std::rc::Rc;

use super::{play_session_with, AgentMaker, PipedLines, PlayResult, PlaySetup};
use ngola_agents::random::RandomAgent;
use ngola_agents::Agent;
use ngola_rules::kalah::Kalah;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, Player};

/// The session's output, shared with the scripted person who reads it.
#[derive(Clone, Default)]
struct Screen(Rc<RefCell<Vec<u8>>>);

impl Write for Screen {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Screen {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.borrow()).into_owned()
    }
}

/// A person who types the scripted lines first, then, while `autoplay`
/// is on, the first legal move the screen lists; then nothing (end of input).
struct Person {
    screen: Screen,
    script: VecDeque<String>,
    autoplay: bool,
    line: Vec<u8>,
}

impl Person {
    fn next_line(&mut self) -> Option<String> {
        if let Some(line) = self.script.pop_front() {
            return Some(line);
        }
        if !self.autoplay {
            return None;
        }
        let text = self.screen.text();
        let legal = text
            .lines()
            .rev()
            .find_map(|l| l.strip_prefix("Legal moves: "))?;
        legal.split_whitespace().next().map(str::to_string)
    }
}

impl Read for Person {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Person {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.line.is_empty() {
            if let Some(line) = self.next_line() {
                self.line = format!("{line}\n").into_bytes();
            }
        }
        Ok(&self.line)
    }
    fn consume(&mut self, amount: usize) {
        self.line.drain(..amount);
    }
}

/// Runs a session from `start`; returns the result, the screen and how
/// often the opponent was built.
fn session<G: Game>(
    start: G,
    human: Player,
    script: &[&str],
    autoplay: bool,
) -> (PlayResult<G>, String, usize) {
    let screen = Screen::default();
    let person = Person {
        screen: screen.clone(),
        script: script.iter().map(|s| s.to_string()).collect(),
        autoplay,
        line: Vec::new(),
    };
    let builds = Rc::new(Cell::new(0));
    let counter = builds.clone();
    let setup = PlaySetup {
        start,
        human,
        opponent: AgentMaker::new("random", move || {
            counter.set(counter.get() + 1);
            Box::new(RandomAgent::new(7)) as Box<dyn Agent<G>>
        }),
        hint: AgentMaker::new("random-hint", || {
            Box::new(RandomAgent::new(3)) as Box<dyn Agent<G>>
        }),
    };
    // Input lines echoed after their prompts, as a piped session shows them.
    let (result, error) = play_session_with(
        setup,
        PipedLines::new(person, true),
        screen.clone(),
        &mut |_| {},
    );
    if let Some(error) = error {
        panic!("the session stopped early: {error}");
    }
    (result, screen.text(), builds.get())
}

/// Replays the recorded moves from `start` and checks they reach `last`.
fn replays_to_last<G: Game>(start: &G, result: &PlayResult<G>) {
    let mut game = start.clone();
    for played in &result.moves {
        assert_eq!(played.before.to_string(), game.to_string());
        assert_eq!(played.mover, game.to_move());
        game.check_move(played.mv).unwrap();
        game.play(played.mv);
    }
    assert_eq!(game.to_string(), result.last.to_string());
}

#[test]
fn a_whole_game_with_a_bad_input_an_undo_and_a_hint() {
    let start = Kalah::start(Default::default());
    let (result, screen, builds) = session(
        start,
        Player::South,
        &["a0", "hint", "moves", "a1", "undo", "board"],
        true,
    );
    // The bad input is answered with the parser's reason and the game goes on.
    assert!(
        screen.contains("a0\nNot a move: cannot read move `a0`"),
        "{screen}"
    );
    assert!(screen.contains("Hint (random-hint): "));
    // `moves` lists every opening move with what it does.
    assert!(
        screen.contains("  a3  sows 4 seeds; last seed in the store: extra turn"),
        "{screen}"
    );
    // a1 sows 4 seeds to a2..a5 and gives the turn away; North replies, then undo.
    assert!(screen.contains("You play a1: sows 4 seeds"));
    assert!(screen.contains("Took back "));
    assert!(screen.contains("Game over after "));
    // One opponent at the start and a fresh one after the undo.
    assert_eq!(builds, 2);
    let outcome = result.outcome.expect("played to the end");
    assert_eq!(result.last.outcome(), Some(outcome));
    // The taken-back plies are gone: the history replays from the start
    // to the last position, and its last move was played before the end.
    replays_to_last(&start, &result);
    assert_eq!(result.moves.last().map(|m| m.before.outcome()), Some(None));
}

#[test]
fn undo_takes_back_to_the_person_s_turn() {
    let start = Kalah::start(Default::default());
    // a3 ends in South's store (extra turn), a1 then hands over to North.
    let (result, screen, _) = session(
        start,
        Player::South,
        &["undo", "a3", "a1", "undo", "quit"],
        false,
    );
    assert!(screen.contains("Nothing to undo: you have not moved yet."));
    // Undo removes a1 and North's replies, keeping a3: South to move again.
    assert!(screen.contains("Took back "));
    assert_eq!(result.outcome, None);
    assert_eq!(result.moves.len(), 1);
    assert_eq!(result.moves[0].mv.to_string(), "a3");
    assert_eq!(result.last.to_move(), Player::South);
    assert_eq!(
        result.last.to_string(),
        "kalah 4,4,0,5,5,5/4,4,4,4,4,4 S 1 1,0"
    );
    assert!(screen.ends_with("quit\nStopped at ply 1; the game is unfinished.\n"));
}

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let start =
        Kalah::from_position("kalah 0,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0", Default::default()).unwrap();
    let (result, screen, _) = session(start, Player::South, &["a1", "b2"], false);
    assert!(screen.contains("a1\nNot legal here: "), "{screen}");
    assert!(screen.contains("b2\nNot legal here: "), "{screen}");
    // The input ended: the session stops like `quit`.
    assert!(screen.contains("(end of input)"));
    assert!(result.moves.is_empty());
}

#[test]
fn as_north_the_agent_opens_and_the_board_is_turned() {
    let start = UmElBagara::start(Default::default());
    let (result, screen, _) = session(start, Player::North, &["quit"], false);
    assert_eq!(result.moves.len(), 1);
    assert_eq!(result.moves[0].mover, Player::South);
    assert!(screen.contains("South (random) plays "));
    // North's view: row a at the top, columns numbered 5 down to 1.
    let board_lines: Vec<&str> = screen
        .lines()
        .filter(|l| l.trim_start().starts_with(['a', 'b']))
        .collect();
    assert!(board_lines[0].trim_start().starts_with('a'), "{screen}");
    assert!(screen.contains("   5   4   3   2   1"));
    assert!(screen.contains("North taken 0 (you)  <- to move"));
}

#[test]
fn a_forced_pass_is_played_for_the_person() {
    // South's houses hold 0 or 1: he must pass; North still has a move.
    let start = UmElBagara::from_position(
        "umelbagara 1,0,1,0,0/0,3,0,0,0 S 20 20,25",
        Default::default(),
    )
    .unwrap();
    let (result, screen, _) = session(start, Player::South, &[], true);
    assert!(screen.contains("You have no move and pass."), "{screen}");
    assert_eq!(result.moves[0].mv.to_string(), "pass");
    assert!(result.moves[0].forced);
    replays_to_last(&start, &result);
}

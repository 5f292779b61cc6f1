//! The protocol's words, written once: [`Command`] is a line the engine
//! reads and the client writes, [`Response`] a line the engine answers and
//! the client reads. Both parse and print themselves, so the server, the
//! client and the fuzz target share one spelling of every word.

use std::fmt;
use std::time::Duration;

use ngola_agents::{move_budget, Clock, SearchLimit};
use ngola_rules::{Player, PositionError, RuleError, UnknownGame};
use thiserror::Error;

/// The words `go` takes (each followed by a number, except `infinite`).
pub const GO_WORDS: &str = "p1time, p2time, p1inc, p2inc, movetime, nodes, depth, infinite";

/// The commands the engine knows, as its error for an unknown one lists them.
pub const COMMAND_WORDS: &str =
    "ugi, isready, setoption, uginewgame, position, go, query, stop, moves, show, quit";

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `startpos`: the start position of the rules in force.
    StartPos,
    /// `fen <text>` (or ngola's own: the text alone): a position text.
    Text(String),
}

/// What `query` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `query gameover`: whether the game has ended.
    GameOver,
    /// `query p1turn`: whether South (player 1) is to move.
    P1Turn,
    /// `query result`: `p1win`, `p2win`, `draw` or `none`.
    Result,
}

impl Query {
    /// The word after `query`.
    pub fn word(self) -> &'static str {
        match self {
            Query::GameOver => "gameover",
            Query::P1Turn => "p1turn",
            Query::Result => "result",
        }
    }
}

/// One command line: what the engine reads and the client writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ugi`: the engine identifies itself and its options, then `ugiok`.
    Ugi,
    /// `isready`: answered `readyok`.
    IsReady,
    /// `setoption name <name> value <value>` (the value may be empty).
    SetOption {
        /// The option's name.
        name: String,
        /// Its value, as text.
        value: String,
    },
    /// `uginewgame`: the start position and a fresh agent.
    UgiNewGame,
    /// `position startpos|fen <text> [moves m1 m2 ...]`.
    Position {
        /// The position the moves start from.
        start: Start,
        /// The moves played from it, as text.
        moves: Vec<String>,
    },
    /// `go [limits]`: answered `bestmove <move>`.
    Go(Go),
    /// `query <question>`: answered `response <answer>`.
    Query(Query),
    /// `stop`.
    Stop,
    /// `quit`.
    Quit,
    /// ngola's own: `moves m1 m2 ...`, played from the current position.
    Moves(Vec<String>),
    /// ngola's own: `show`, answered `position <position text>`.
    Show,
}

impl Command {
    /// Reads one command line (trimmed, not empty). The words after a
    /// command that takes none are ignored.
    pub fn parse(line: &str) -> Result<Command, WordError> {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        Ok(match word {
            "ugi" => Command::Ugi,
            "isready" => Command::IsReady,
            "uginewgame" => Command::UgiNewGame,
            "stop" => Command::Stop,
            "quit" => Command::Quit,
            "show" => Command::Show,
            "setoption" => {
                let (name, value) = parse_setoption(rest)?;
                Command::SetOption {
                    name: name.to_string(),
                    value: value.to_string(),
                }
            }
            "position" => parse_position(rest)?,
            "moves" => Command::Moves(words(rest)),
            "go" => Command::Go(Go::parse(rest)?),
            "query" => Command::Query(match rest {
                "gameover" => Query::GameOver,
                "p1turn" => Query::P1Turn,
                "result" => Query::Result,
                other => return Err(WordError::UnknownQuery(other.to_string())),
            }),
            other => return Err(WordError::UnknownCommand(other.to_string())),
        })
    }
}

/// The words of `text`, each as a string.
fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// `position startpos|fen <text>|<text> [moves m1 m2 ...]`: the words
/// after `position`.
fn parse_position(rest: &str) -> Result<Command, WordError> {
    let (base_text, moves) = match rest.split_once(" moves") {
        Some((base, moves)) => (base.trim(), moves),
        None => match rest.strip_prefix("moves") {
            Some(_) => ("", rest),
            None => (rest, ""),
        },
    };
    let base_text = base_text.strip_prefix("fen ").map_or(base_text, str::trim);
    let start = match base_text {
        "" | "fen" => return Err(WordError::PositionUsage),
        "startpos" => Start::StartPos,
        text => Start::Text(text.to_string()),
    };
    Ok(Command::Position {
        start,
        moves: words(moves),
    })
}

/// Writes ` word` for each of `words`.
fn write_words(f: &mut fmt::Formatter<'_>, words: &[String]) -> fmt::Result {
    words.iter().try_for_each(|w| write!(f, " {w}"))
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Ugi => f.write_str("ugi"),
            Command::IsReady => f.write_str("isready"),
            Command::UgiNewGame => f.write_str("uginewgame"),
            Command::Stop => f.write_str("stop"),
            Command::Quit => f.write_str("quit"),
            Command::Show => f.write_str("show"),
            Command::SetOption { name, value } => write!(f, "setoption name {name} value {value}"),
            Command::Position { start, moves } => {
                match start {
                    Start::StartPos => f.write_str("position startpos")?,
                    Start::Text(text) => write!(f, "position fen {text}")?,
                }
                if !moves.is_empty() {
                    f.write_str(" moves")?;
                    write_words(f, moves)?;
                }
                Ok(())
            }
            Command::Go(go) => write!(f, "go{go}"),
            Command::Query(query) => write!(f, "query {}", query.word()),
            Command::Moves(moves) => {
                f.write_str("moves")?;
                write_words(f, moves)
            }
        }
    }
}

/// One answer line: what the engine writes and the client reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// `id <key> <value>` (the words after `id`).
    Id(String),
    /// `option name <name> type ...` (the words after `option`).
    Option(String),
    /// `ugiok`: the end of the answer to `ugi`.
    UgiOk,
    /// `readyok`.
    ReadyOk,
    /// `bestmove <move>` (empty if the engine named none).
    BestMove(String),
    /// `info error <reason>`: a `setoption` refused.
    InfoError(String),
    /// Any other `info ...` line (the words after `info`).
    Info(String),
    /// `response <answer>`: a query's answer.
    Answer(String),
    /// `error <reason>`: a command refused, nothing changed.
    Error(String),
    /// ngola's own: `position <position text>`, the answer to `show`.
    Position(String),
}

impl Response {
    /// Reads an answer line (trimmed); `None` for a line that is none of
    /// the protocol's answers (a client ignores it).
    pub fn parse(line: &str) -> Option<Response> {
        match line {
            "ugiok" => return Some(Response::UgiOk),
            "readyok" => return Some(Response::ReadyOk),
            _ => {}
        }
        if let Some(reason) = line.strip_prefix("info error") {
            return Some(Response::InfoError(reason.trim().to_string()));
        }
        if let Some(rest) = line.strip_prefix("bestmove") {
            if rest.is_empty() || rest.starts_with(char::is_whitespace) {
                let mv = rest.split_whitespace().next().unwrap_or("");
                return Some(Response::BestMove(mv.to_string()));
            }
            return None;
        }
        let (word, rest) = line.split_once(' ')?;
        let rest = rest.to_string();
        Some(match word {
            "id" => Response::Id(rest),
            "option" => Response::Option(rest),
            "info" => Response::Info(rest),
            "response" => Response::Answer(rest),
            "error" => Response::Error(rest),
            "position" => Response::Position(rest),
            _ => return None,
        })
    }
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Response::Id(text) => write!(f, "id {text}"),
            Response::Option(text) => write!(f, "option {text}"),
            Response::UgiOk => f.write_str("ugiok"),
            Response::ReadyOk => f.write_str("readyok"),
            Response::BestMove(mv) => write!(f, "bestmove {mv}"),
            Response::InfoError(reason) => write!(f, "info error {reason}"),
            Response::Info(text) => write!(f, "info {text}"),
            Response::Answer(text) => write!(f, "response {text}"),
            Response::Error(reason) => write!(f, "error {reason}"),
            Response::Position(text) => write!(f, "position {text}"),
        }
    }
}

/// Why a command is refused; the engine answers `info error <message>`
/// for `setoption` ([`WordError::is_option`]) and `error <message>` for
/// the others.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WordError {
    /// A command word the engine does not know.
    #[error("unknown command `{0}`; commands: {words}", words = COMMAND_WORDS)]
    UnknownCommand(String),
    /// A `query` that is none of `gameover`, `p1turn`, `result`.
    #[error("unknown query `{0}`; queries: gameover, p1turn, result")]
    UnknownQuery(String),
    /// A `position` without its start.
    #[error("position needs `startpos`, `fen <position text>` or a position text")]
    PositionUsage,
    /// A `go` word that is none of [`GO_WORDS`].
    #[error("go: unknown word `{0}`; go takes {words}", words = GO_WORDS)]
    UnknownGoWord(String),
    /// A `go` word without its number.
    #[error("go: `{0}` needs a number")]
    MissingNumber(String),
    /// A `go` word whose number is not a whole number at least 0.
    #[error("go: `{word} {value}`: expected a whole number at least 0")]
    BadNumber {
        /// The word.
        word: String,
        /// The text given as its number.
        value: String,
    },
    /// A `go` word given twice.
    #[error("go: `{0}` given twice")]
    GivenTwice(String),
    /// A clock given for one side only, and the other side to move.
    #[error("go: {side} is to move but `{}` is missing", clock_word(*.side))]
    MissingClock {
        /// The side to move.
        side: Player,
    },
    /// A `setoption` that is not `setoption name <name> value <value>`.
    #[error("setoption: expected `setoption name <name> value <value>`")]
    SetoptionUsage,
    /// A `setoption` name that is not an option.
    #[error("unknown option `{0}`; options: game, rules, seed")]
    UnknownOption(String),
    /// `setoption name game` with a name that is not a game's.
    #[error("{0}")]
    UnknownGame(#[source] UnknownGame),
    /// `setoption name rules` giving a key twice.
    #[error("cannot play rules `{rules}`: `{key}` is given more than once")]
    RepeatedRule {
        /// The option's value.
        rules: String,
        /// The key given twice.
        key: String,
    },
    /// `setoption name rules` with rules the game cannot be played under.
    #[error("cannot play rules `{rules}`: {source}")]
    BadRules {
        /// The option's value.
        rules: String,
        /// Why the rules are refused.
        #[source]
        source: RuleError,
    },
    /// `setoption name rules` with rules the command line's `--position`
    /// is not a position of.
    #[error("cannot play rules `{rules}` from --position: {source}")]
    RulesOffPosition {
        /// The option's value.
        rules: String,
        /// Why the position does not read under them.
        #[source]
        source: PositionError,
    },
    /// `setoption name rules` with rules the agent's network or endgame
    /// database is not of (a tournament refuses the same agent).
    #[error("the agent cannot play rules `{rules}`: {reason}")]
    RulesOffAgent {
        /// The option's value.
        rules: String,
        /// What of the agent does not fit them (its network or database).
        reason: String,
    },
    /// `setoption name seed` with a value that is not a seed.
    #[error("seed `{0}`: expected a whole number from 0 to {max}", max = u64::MAX)]
    BadSeed(String),
}

impl WordError {
    /// Whether this is a `setoption`'s refusal (answered `info error`).
    pub fn is_option(&self) -> bool {
        matches!(
            self,
            WordError::SetoptionUsage
                | WordError::UnknownOption(_)
                | WordError::UnknownGame(_)
                | WordError::RepeatedRule { .. }
                | WordError::BadRules { .. }
                | WordError::RulesOffPosition { .. }
                | WordError::RulesOffAgent { .. }
                | WordError::BadSeed(_)
        )
    }
}

/// The `go` word of `side`'s clock.
fn clock_word(side: Player) -> &'static str {
    match side {
        Player::South => "p1time",
        Player::North => "p2time",
    }
}

/// A parsed `go` command: the limits of the search, in milliseconds
/// (times) or counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// South's clock.
    pub p1time: Option<u64>,
    /// North's clock.
    pub p2time: Option<u64>,
    /// South's increment.
    pub p1inc: Option<u64>,
    /// North's increment.
    pub p2inc: Option<u64>,
    /// The time for this move.
    pub movetime: Option<u64>,
    /// Alpha-beta nodes or MCTS simulations.
    pub nodes: Option<u64>,
    /// Alpha-beta depth.
    pub depth: Option<u64>,
}

impl fmt::Display for Go {
    /// The words after `go`, each with a space before it, in a fixed order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fields = [
            ("p1time", self.p1time),
            ("p2time", self.p2time),
            ("p1inc", self.p1inc),
            ("p2inc", self.p2inc),
            ("movetime", self.movetime),
            ("nodes", self.nodes),
            ("depth", self.depth),
        ];
        for (word, value) in fields {
            if let Some(value) = value {
                write!(f, " {word} {value}")?;
            }
        }
        Ok(())
    }
}

impl Go {
    /// Reads the words after `go`: `p1time <ms> p2time <ms> p1inc <ms>
    /// p2inc <ms>`, `movetime <ms>`, `nodes <N>`, `depth <N>` in any order
    /// and combination (the first limit reached stops the search), or
    /// nothing; `infinite` adds nothing (the search is synchronous, so it
    /// stops at the agent's own budget).
    pub fn parse(rest: &str) -> Result<Go, WordError> {
        let mut go = Go::default();
        let mut words = rest.split_whitespace();
        while let Some(word) = words.next() {
            if word == "infinite" {
                continue;
            }
            let slot = match word {
                "p1time" => &mut go.p1time,
                "p2time" => &mut go.p2time,
                "p1inc" => &mut go.p1inc,
                "p2inc" => &mut go.p2inc,
                "movetime" => &mut go.movetime,
                "nodes" => &mut go.nodes,
                "depth" => &mut go.depth,
                other => return Err(WordError::UnknownGoWord(other.to_string())),
            };
            let value = words
                .next()
                .ok_or_else(|| WordError::MissingNumber(word.to_string()))?;
            let number = value.parse::<u64>().map_err(|_| WordError::BadNumber {
                word: word.to_string(),
                value: value.to_string(),
            })?;
            if slot.replace(number).is_some() {
                return Err(WordError::GivenTwice(word.to_string()));
            }
        }
        Ok(go)
    }

    /// The search limit for `side` to move: the clock's share (see
    /// [`move_budget`]) and/or `movetime`, `nodes`, `depth`.
    pub fn limit(&self, side: Player) -> Result<SearchLimit, WordError> {
        let (time, inc) = match side {
            Player::South => (self.p1time, self.p1inc),
            Player::North => (self.p2time, self.p2inc),
        };
        let clocked = self.p1time.is_some() || self.p2time.is_some();
        let clock_budget = match time {
            Some(ms) => Some(move_budget(Clock {
                remaining: Duration::from_millis(ms),
                increment: Duration::from_millis(inc.unwrap_or(0)),
            })),
            None if clocked => return Err(WordError::MissingClock { side }),
            None => None,
        };
        let movetime = self.movetime.map(Duration::from_millis);
        Ok(SearchLimit {
            time: ngola_agents::limit::tighter(clock_budget, movetime),
            nodes: self.nodes,
            depth: self.depth.map(|d| u32::try_from(d).unwrap_or(u32::MAX)),
        })
    }
}

/// A parsed `setoption name <name> value <value>` (the value may hold
/// spaces; it may be empty).
pub fn parse_setoption(rest: &str) -> Result<(&str, &str), WordError> {
    let rest = rest
        .strip_prefix("name")
        .ok_or(WordError::SetoptionUsage)?
        .trim_start();
    let (name, value) = match rest.strip_prefix("value") {
        Some(value) if value.is_empty() || value.starts_with(' ') => ("", value),
        _ => match rest.split_once(" value") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest.trim(), ""),
        },
    };
    if name.is_empty() {
        return Err(WordError::SetoptionUsage);
    }
    Ok((name, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }

    #[test]
    fn every_go_form_gives_its_limit() {
        let limit = |text: &str, side| Go::parse(text).unwrap().limit(side).unwrap();
        assert_eq!(limit("", Player::South), SearchLimit::NONE);
        assert_eq!(limit("infinite", Player::South), SearchLimit::NONE);
        assert_eq!(limit("movetime 250", Player::North).time, ms(250));
        assert_eq!(limit("nodes 5000", Player::South).nodes, Some(5000));
        assert_eq!(limit("depth 7", Player::South).depth, Some(7));
        // The clock of the side to move, through the time manager.
        let clock = "p1time 12000 p2time 2400 p1inc 100 p2inc 0";
        assert_eq!(limit(clock, Player::South).time, ms(1075));
        assert_eq!(limit(clock, Player::North).time, ms(200));
        // Combined: the tighter time wins, the other limits stay.
        let both = limit(
            "p1time 10000 p2time 10000 movetime 50 depth 3",
            Player::South,
        );
        assert_eq!((both.time, both.depth), (ms(50), Some(3)));
    }

    #[test]
    fn bad_go_words_are_named() {
        for (text, needle) in [
            ("wtime 5", "unknown word `wtime`"),
            ("depth", "`depth` needs a number"),
            ("depth -1", "`depth -1`"),
            ("nodes 1 nodes 2", "given twice"),
        ] {
            let err = Go::parse(text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
        let err = Go::parse("p1time 100")
            .unwrap()
            .limit(Player::North)
            .unwrap_err();
        assert_eq!(
            err,
            WordError::MissingClock {
                side: Player::North
            }
        );
        assert_eq!(
            err.to_string(),
            "go: North is to move but `p2time` is missing"
        );
    }

    #[test]
    fn go_errors_are_variants_a_caller_can_match() {
        assert_eq!(
            Go::parse("wtime 5"),
            Err(WordError::UnknownGoWord("wtime".to_string()))
        );
        assert_eq!(
            Go::parse("depth"),
            Err(WordError::MissingNumber("depth".to_string()))
        );
        assert_eq!(
            Go::parse("depth -1"),
            Err(WordError::BadNumber {
                word: "depth".to_string(),
                value: "-1".to_string()
            })
        );
        assert_eq!(
            Go::parse("nodes 1 nodes 2"),
            Err(WordError::GivenTwice("nodes".to_string()))
        );
        assert_eq!(
            WordError::UnknownGoWord("wtime".to_string()).to_string(),
            format!("go: unknown word `wtime`; go takes {GO_WORDS}")
        );
        assert_eq!(
            WordError::BadSeed("x".to_string()).to_string(),
            format!("seed `x`: expected a whole number from 0 to {}", u64::MAX)
        );
    }

    #[test]
    fn every_command_reads_and_prints_back() {
        let go = Go {
            p1time: Some(9500),
            p2time: Some(9800),
            p1inc: Some(100),
            p2inc: Some(100),
            ..Go::default()
        };
        let cases = [
            ("ugi", Command::Ugi),
            ("isready", Command::IsReady),
            ("uginewgame", Command::UgiNewGame),
            ("stop", Command::Stop),
            ("quit", Command::Quit),
            ("show", Command::Show),
            (
                "setoption name rules value pits=3,seeds=2",
                Command::SetOption {
                    name: "rules".to_string(),
                    value: "pits=3,seeds=2".to_string(),
                },
            ),
            (
                "position startpos moves a3 b2",
                Command::Position {
                    start: Start::StartPos,
                    moves: vec!["a3".to_string(), "b2".to_string()],
                },
            ),
            (
                "position fen kalah 1/1 S 0 0,0",
                Command::Position {
                    start: Start::Text("kalah 1/1 S 0 0,0".to_string()),
                    moves: Vec::new(),
                },
            ),
            (
                "go p1time 9500 p2time 9800 p1inc 100 p2inc 100",
                Command::Go(go),
            ),
            ("go", Command::Go(Go::default())),
            ("query gameover", Command::Query(Query::GameOver)),
            ("query p1turn", Command::Query(Query::P1Turn)),
            ("query result", Command::Query(Query::Result)),
            (
                "moves a1 b6",
                Command::Moves(vec!["a1".to_string(), "b6".to_string()]),
            ),
        ];
        for (line, command) in cases {
            assert_eq!(Command::parse(line).as_ref(), Ok(&command), "{line}");
            assert_eq!(command.to_string(), line);
        }
        // ngola's own forms read as the standard ones.
        let own = Command::parse("position kalah 1/1 S 0 0,0 moves a1").unwrap();
        assert_eq!(own.to_string(), "position fen kalah 1/1 S 0 0,0 moves a1");
        assert_eq!(
            Command::parse("go infinite"),
            Ok(Command::Go(Go::default()))
        );
    }

    #[test]
    fn refused_commands_name_what_is_wrong() {
        assert_eq!(
            Command::parse("fly"),
            Err(WordError::UnknownCommand("fly".to_string()))
        );
        assert_eq!(
            Command::parse("fly").unwrap_err().to_string(),
            format!("unknown command `fly`; commands: {COMMAND_WORDS}")
        );
        assert_eq!(
            Command::parse("query score"),
            Err(WordError::UnknownQuery("score".to_string()))
        );
        for line in [
            "position",
            "position fen",
            "position moves a1",
            "position fen moves a1",
        ] {
            assert_eq!(
                Command::parse(line),
                Err(WordError::PositionUsage),
                "{line}"
            );
        }
        assert_eq!(
            WordError::PositionUsage.to_string(),
            "position needs `startpos`, `fen <position text>` or a position text"
        );
        // Only setoption's refusals are answered `info error`.
        assert!(Command::parse("setoption seed 7").unwrap_err().is_option());
        assert!(!Command::parse("go depth").unwrap_err().is_option());
    }

    #[test]
    fn every_answer_reads_and_prints_back() {
        let cases = [
            (
                "id name ngola 0.1.0 random",
                Response::Id("name ngola 0.1.0 random".to_string()),
            ),
            (
                "option name seed type spin",
                Response::Option("name seed type spin".to_string()),
            ),
            ("ugiok", Response::UgiOk),
            ("readyok", Response::ReadyOk),
            ("bestmove a1", Response::BestMove("a1".to_string())),
            (
                "info error no such game",
                Response::InfoError("no such game".to_string()),
            ),
            ("info depth 3", Response::Info("depth 3".to_string())),
            ("response true", Response::Answer("true".to_string())),
            (
                "error the game is over",
                Response::Error("the game is over".to_string()),
            ),
            (
                "position kalah 1/1 S 0 0,0",
                Response::Position("kalah 1/1 S 0 0,0".to_string()),
            ),
        ];
        for (line, response) in cases {
            assert_eq!(Response::parse(line).as_ref(), Some(&response), "{line}");
            assert_eq!(response.to_string(), line);
        }
        // A client takes the first word after `bestmove`, and nothing from
        // a word that only starts with it.
        assert_eq!(
            Response::parse("bestmove a1 ponder b2"),
            Some(Response::BestMove("a1".to_string()))
        );
        assert_eq!(
            Response::parse("bestmove"),
            Some(Response::BestMove(String::new()))
        );
        assert_eq!(Response::parse("bestmoves a1"), None);
        assert_eq!(Response::parse("hello there"), None);
        assert_eq!(Response::parse("ugiok now"), None);
    }

    #[test]
    fn setoption_splits_name_and_value() {
        assert_eq!(
            parse_setoption("name rules value pits=3,seeds=2"),
            Ok(("rules", "pits=3,seeds=2"))
        );
        assert_eq!(parse_setoption("name rules value"), Ok(("rules", "")));
        assert_eq!(parse_setoption("name seed value 7"), Ok(("seed", "7")));
        assert_eq!(parse_setoption("seed 7"), Err(WordError::SetoptionUsage));
        assert_eq!(
            parse_setoption("name  value 7"),
            Err(WordError::SetoptionUsage)
        );
    }
}

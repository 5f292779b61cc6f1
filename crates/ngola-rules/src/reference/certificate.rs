//! Proof certificates: their text format and a checker that plays by the
//! reference implementations of this module's parent, never by the fast
//! engine whose search wrote them.
//!
//! # Format (version 1)
//! A UTF-8 text file (gzip-compressed when its name ends in `.gz`; the
//! command line handles that). The first line is the header:
//!
//! ```text
//! ngola-proof 1 <game> <rules> | <root position> | <winner>[ margin>=<M>]
//! ```
//!
//! - `<game>`: `mangola`, `umelbagara`, `kalah` or `oware`;
//! - `<rules>`: every rule option as `key=value`, separated by commas, in
//!   the order the game lists them (`canonical_rules`);
//! - `<root position>`: the position text of docs/src/rules.md the proof starts from
//!   (a fresh history for Oware);
//! - `<winner>`: `S` or `N`, the side whose strategy the file holds;
//! - scored games (Kalah, Oware, Um el-Bagara) add the goal `margin>=M`: the
//!   game ends with the winner's total minus the opponent's at least `M`
//!   (`M` may be 0 or negative: "loses by at most -M"); without it the goal
//!   is `margin>=1`, a win. Mangola's goal is always a win.
//!
//! A proof whose lines end in positions of an endgame database adds a
//! fourth part naming the database, ` | tablebase <game> <rules> <id>`:
//! the game and rules the database was built under (as its files name
//! them) and its identity (SHA-256 over its levels' checksums). Such a
//! certificate is checked only with that database at hand ([`check_with`]).
//!
//! Every further line is one position with the winner to move, a tab, and
//! the winner's move there in the game's notation:
//!
//! ```text
//! <position>\t<move>
//! ```
//!
//! `<position>` is the docs/src/rules.md position text. For Oware, whose repetition
//! rule looks at the positions since the last capture, it is followed by
//! ` seen ` and those earlier positions (not the current one), each written
//! `<rows>:<side>` (e.g. `1,0,2/0,3,1:N`), sorted as byte strings and
//! separated by single spaces; with no earlier position the suffix is
//! absent. The ply field is part of the text, so a proof that relies on the
//! ply cap names the plies it relies on.
//!
//! # What the checker verifies
//! Starting from the root with the reference implementation, it follows
//! every line of play the strategy allows: at a position with the winner
//! to move (and the game not over) the file must give a move, and it must
//! be legal there; at a position with the loser to move, every legal reply
//! is followed. Every finished game reached must meet the goal. A position
//! with no legal move whose game is not over is an error. Since every move
//! adds a ply, no position is met twice on a line, and the check ends. Each
//! position is checked once: the positions already verified are kept as
//! 128-bit hashes of their text.
//!
//! Before that, every line must be a position of the game under the
//! header's rules with the winner to move, no line may be longer than
//! [`MAX_LINE`] bytes (it is refused without being read whole), and a
//! margin goal must lie within the game's seeds (`-seeds..=seeds`).

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::io::{BufRead, Read};

use thiserror::Error;

use super::{RefGame, RefResult};
use crate::error::{PositionError, RuleError};
use crate::game::Player;
use crate::kind::{GameKind, UnknownGame};
use crate::options::RuleOptions;

/// The first word of every certificate.
pub const FORMAT: &str = "ngola-proof";

/// The format version this module reads and writes.
pub const VERSION: u32 = 1;

/// The longest line a certificate may hold, in bytes (its line end aside).
pub const MAX_LINE: usize = 1 << 20;

/// Reads one line of at most [`MAX_LINE`] bytes into `bytes` (without its
/// line end); false at the end of the input.
fn bounded_line<R: BufRead>(
    input: &mut R,
    bytes: &mut Vec<u8>,
    number: u64,
) -> Result<bool, CheckError> {
    bytes.clear();
    input
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', bytes)
        .map_err(|e| CheckError::at(number, CheckErrorKind::Unreadable(e.to_string())))?;
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_LINE {
        return Err(CheckError::at(number, CheckErrorKind::TooLong));
    } else if bytes.is_empty() {
        return Ok(false);
    }
    Ok(true)
}

/// What the winner's strategy achieves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The game ends with the winner winning (Mangola).
    Win,
    /// Scored games: the game ends with the winner's total minus the
    /// opponent's at least this.
    MarginAtLeast(i64),
}

impl Goal {
    /// Whether `result` meets the goal for `winner`.
    pub fn met_by(&self, result: &RefResult, winner: Player) -> bool {
        match *self {
            Goal::Win => result.winner == Some(winner),
            Goal::MarginAtLeast(m) => result.margin_for(winner) >= m,
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Win => f.write_str("win"),
            Goal::MarginAtLeast(m) => write!(f, "margin>={m}"),
        }
    }
}

/// Why a certificate's header line does not read. Each message starts
/// with `header: `.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HeaderError {
    /// A fourth part that is not `tablebase ...`.
    #[error("header: the fourth part `{0}` is not `tablebase GAME RULES ID`")]
    NotTablebase(String),
    /// A `tablebase` part that is not three words.
    #[error("header: `tablebase {0}`: expected `tablebase GAME RULES ID`")]
    TablebaseName(String),
    /// Not three (or four) parts separated by ` | `.
    #[error(
        "header: expected `{} {} GAME RULES | POSITION | WINNER`, with ` | ` between its three parts",
        FORMAT,
        VERSION
    )]
    Parts,
    /// A first part that is not four words.
    #[error(
        "header: expected `{} {} GAME RULES | POSITION | WINNER`",
        FORMAT,
        VERSION
    )]
    Words,
    /// The first word is not the format's.
    #[error("header: `{0}` is not `{format}`: not a certificate", format = FORMAT)]
    NotCertificate(String),
    /// A format version this program does not read.
    #[error(
        "header: format version `{0}` (this program reads version {version})",
        version = VERSION
    )]
    Version(String),
    /// A game name that is not a game's.
    #[error("header: {0}")]
    Game(#[source] UnknownGame),
    /// A winner that is not `S` or `N`.
    #[error("header: the winner `{0}` is not S or N")]
    Winner(String),
    /// A goal that is not `margin>=M`.
    #[error("header: goal `{0}` is not `margin>=M`")]
    Goal(String),
    /// A goal for a game without a score.
    #[error("header: goal `{goal}`: {game} has no score, its goal is a win")]
    Unscored {
        /// The goal's text.
        goal: String,
        /// The game.
        game: GameKind,
    },
    /// Words after the goal.
    #[error("header: unexpected `{0}` after the goal")]
    Trailing(String),
}

/// The header line of a certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game.
    pub game: GameKind,
    /// The rule options, `key=value` separated by commas.
    pub rules: String,
    /// The root position text.
    pub root: String,
    /// The side whose strategy the certificate holds.
    pub winner: Player,
    /// What that strategy achieves.
    pub goal: Goal,
    /// The endgame database the proof ends in (`<game> <rules> <id>`), if any.
    pub tablebase: Option<String>,
}

/// The rule options as a header writes them: every option as `key=value`,
/// comma-separated, in the order of [`RuleOptions::keys`].
pub fn canonical_rules<R: RuleOptions>(rules: &R) -> String {
    rules
        .to_pairs()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}

impl Header {
    /// The header as the first line of a certificate (no newline).
    pub fn line(&self) -> String {
        let mut line = format!(
            "{FORMAT} {VERSION} {} {} | {} | {}",
            self.game,
            self.rules,
            self.root,
            self.winner.letter()
        );
        if let Goal::MarginAtLeast(m) = self.goal {
            line += &format!(" margin>={m}");
        }
        if let Some(name) = &self.tablebase {
            line += &format!(" | tablebase {name}");
        }
        line
    }

    /// Reads a header line, or says what is wrong with it.
    pub fn parse(line: &str) -> Result<Header, HeaderError> {
        let line = line.trim_end_matches(['\r', '\n']);
        let parts: Vec<&str> = line.split(" | ").collect();
        let (first, root, last, tablebase) = match parts[..] {
            [first, root, last] => (first, root, last, None),
            [first, root, last, extra] => {
                let name = extra
                    .strip_prefix("tablebase ")
                    .ok_or_else(|| HeaderError::NotTablebase(extra.to_string()))?;
                if name.split(' ').count() != 3 {
                    return Err(HeaderError::TablebaseName(name.to_string()));
                }
                (first, root, last, Some(name.to_string()))
            }
            _ => return Err(HeaderError::Parts),
        };
        let words: Vec<&str> = first.split(' ').collect();
        let [format, version, game, rules] = words[..] else {
            return Err(HeaderError::Words);
        };
        if format != FORMAT {
            return Err(HeaderError::NotCertificate(format.to_string()));
        }
        if version != VERSION.to_string() {
            return Err(HeaderError::Version(version.to_string()));
        }
        let game: GameKind = game.parse().map_err(HeaderError::Game)?;
        let scored = game != GameKind::Mangola;
        let mut tail = last.split(' ');
        let winner = Player::from_letter(tail.next().unwrap_or(""))
            .map_err(|_| HeaderError::Winner(last.to_string()))?;
        let goal = match (tail.next(), scored) {
            (None, false) => Goal::Win,
            (None, true) => Goal::MarginAtLeast(1),
            (Some(text), true) => {
                let m = text
                    .strip_prefix("margin>=")
                    .and_then(|m| m.parse::<i64>().ok())
                    .ok_or_else(|| HeaderError::Goal(text.to_string()))?;
                Goal::MarginAtLeast(m)
            }
            (Some(text), false) => {
                return Err(HeaderError::Unscored {
                    goal: text.to_string(),
                    game,
                })
            }
        };
        if let Some(extra) = tail.next() {
            return Err(HeaderError::Trailing(extra.to_string()));
        }
        Ok(Header {
            game,
            rules: rules.to_string(),
            root: root.to_string(),
            winner,
            goal,
            tablebase,
        })
    }
}

/// Exact values a certificate may end in: an endgame database, which the
/// caller opens (this crate plays the games; it does not read databases).
pub trait Leaves {
    /// The database as a certificate header names it: `<game> <rules> <id>`.
    fn name(&self) -> String;

    /// The final margin under perfect play for the side to move of the
    /// position (its certificate text: the position text, for Oware
    /// followed by ` seen ...`), stores or taken counters included, or
    /// `None` where the database does not decide it exactly.
    fn margin(&self, position: &str) -> Option<i64>;
}

/// What a successful check saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// The certificate's header.
    pub header: Header,
    /// Strategy lines in the file.
    pub lines: u64,
    /// Lines the check used (positions with the winner to move reached).
    pub lines_used: u64,
    /// Distinct positions with the loser to move reached (every reply followed).
    pub loser_positions: u64,
    /// Finished games reached (each met the goal), counted once per position.
    pub ends: u64,
    /// The longest line of play followed, in plies.
    pub longest: u32,
    /// Positions reached that the endgame database decides with the goal
    /// met (each ends its line), counted once per position.
    pub tablebase_ends: u64,
}

/// Why a certificate was rejected: what failed, and the line at fault
/// when one is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    /// The 1-based line number of the file at fault, if any.
    pub line: Option<u64>,
    /// What is wrong.
    pub kind: CheckErrorKind,
}

/// What is wrong with a rejected certificate.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CheckErrorKind {
    /// The input could not be read (the reader's error).
    #[error("cannot read: {0}")]
    Unreadable(String),
    /// A line longer than [`MAX_LINE`] bytes.
    #[error("longer than {MAX_LINE} bytes, the longest line a certificate may hold")]
    TooLong,
    /// The header line is not UTF-8.
    #[error("the header is not UTF-8 text")]
    HeaderNotUtf8,
    /// The header line does not read.
    #[error("{0}")]
    Header(#[source] HeaderError),
    /// The header's rules are not rules of its game.
    #[error("header rules: {0}")]
    HeaderRules(#[source] RuleError),
    /// The header's root is not a position of its game under its rules.
    #[error("header root position: {0}")]
    HeaderRoot(#[source] PositionError),
    /// A margin goal beyond the game's seeds.
    #[error(
        "header: goal `margin>={margin}` is outside -{seeds}..={seeds}, the game's {seeds} seeds"
    )]
    GoalOutOfRange {
        /// The goal's margin.
        margin: i64,
        /// The game's seeds.
        seeds: i64,
    },
    /// The certificate names a database other than the one given.
    #[error(
        "the certificate ends in positions of the database `{named}`, not of the one given, `{given}`"
    )]
    WrongDatabase {
        /// The database the header names.
        named: String,
        /// The database given.
        given: String,
    },
    /// The certificate names a database and none is given.
    #[error(
        "the certificate ends in positions of the database `{named}`: it is checked only with that database"
    )]
    NoDatabase {
        /// The database the header names.
        named: String,
    },
    /// A strategy line that is not UTF-8.
    #[error("not UTF-8 text")]
    NotUtf8,
    /// A strategy line without a tab.
    #[error("expected `<position>` and `<move>` separated by a tab")]
    NoTab,
    /// A strategy line with no move, or more than one, after the tab.
    #[error("expected one move after the tab")]
    NotOneMove,
    /// A strategy line's position is not a position of the game under
    /// the header's rules.
    #[error("not a position of {game} under the header's rules: {source}")]
    NotAPosition {
        /// The game's name.
        game: &'static str,
        /// Why the text is not a position.
        #[source]
        source: PositionError,
    },
    /// A strategy line's position has the loser to move.
    #[error(
        "the position has {} to move, not the winner {}",
        .side.letter(),
        .winner.letter()
    )]
    NotWinnerToMove {
        /// The side to move in the position.
        side: Player,
        /// The header's winner.
        winner: Player,
    },
    /// A position given two different moves.
    #[error(
        "position already has move `{earlier}` on line {earlier_line}; this line gives `{mv}`"
    )]
    ConflictingMove {
        /// The move given first.
        earlier: String,
        /// The line that gave it.
        earlier_line: u64,
        /// The move this line gives.
        mv: String,
    },
    /// A line's move that is not legal in its position.
    #[error("move `{mv}` is not legal in {position}")]
    IllegalMove {
        /// The move as given.
        mv: String,
        /// The position (its certificate text).
        position: String,
    },
    /// A position with the winner to move that has no line.
    #[error(
        "no move for the winner after {}: the certificate has no line for {position}",
        line_of_play(.path)
    )]
    MissingMove {
        /// The moves from the root to the position.
        path: Vec<String>,
        /// The position (its certificate text).
        position: String,
    },
    /// A finished game that does not meet the goal.
    #[error(
        "{} ends in {}, which does not meet the goal ({} {goal}): {position}",
        line_of_play(.path),
        ending(.result, *.scored),
        .winner.letter()
    )]
    GoalNotMet {
        /// The moves from the root to the end.
        path: Vec<String>,
        /// How the game ended.
        result: RefResult,
        /// Whether the game keeps a score (the ending then names the margin).
        scored: bool,
        /// The header's winner.
        winner: Player,
        /// The header's goal.
        goal: Goal,
        /// The final position (its certificate text).
        position: String,
    },
    /// A position with no legal move whose game is not over.
    #[error(
        "{} reaches a position with no legal move whose game is not over: {position}",
        line_of_play(.path)
    )]
    Stuck {
        /// The moves from the root to the position.
        path: Vec<String>,
        /// The position (its certificate text).
        position: String,
    },
}

/// A line of play for a message: `the root`, or `the line m1 m2 ...`.
fn line_of_play(path: &[String]) -> String {
    if path.is_empty() {
        "the root".to_string()
    } else {
        format!("the line {}", path.join(" "))
    }
}

/// How a game ended for a message: `S wins by 4`, `N wins`, `a draw`.
fn ending(result: &RefResult, scored: bool) -> String {
    match result.winner {
        Some(w) if scored => format!("{} wins by {}", w.letter(), result.margin_for(w)),
        Some(w) => format!("{} wins", w.letter()),
        None => "a draw".to_string(),
    }
}

impl CheckError {
    fn at(line: u64, kind: CheckErrorKind) -> CheckError {
        CheckError {
            line: Some(line),
            kind,
        }
    }

    fn general(kind: CheckErrorKind) -> CheckError {
        CheckError { line: None, kind }
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl std::error::Error for CheckError {}

/// A 128-bit hash of a position's text (two independent 64-bit hashes):
/// the checker's and the certificate writer's key for a position already
/// seen, so that neither keeps every position's text in memory.
pub fn hash128(text: &str) -> u128 {
    let half = |salt: u8| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        salt.hash(&mut h);
        text.hash(&mut h);
        h.finish()
    };
    (u128::from(half(0x5a)) << 64) | u128::from(half(0xa5))
}

/// Reads and checks a certificate (see the module documentation); one
/// that names an endgame database is refused (see [`check_with`]).
pub fn check<R: BufRead>(input: R) -> Result<CheckReport, CheckError> {
    check_with(input, None)
}

/// Reads and checks a certificate whose lines may end in positions of the
/// endgame database `leaves`: a position reached that the database decides
/// with the goal met ends its line. The certificate must name the very
/// database given (and one that names a database needs it); a database is
/// consulted only when the certificate names it.
pub fn check_with<R: BufRead>(
    mut input: R,
    leaves: Option<&dyn Leaves>,
) -> Result<CheckReport, CheckError> {
    let mut first = Vec::new();
    bounded_line(&mut input, &mut first, 1)?;
    let first =
        String::from_utf8(first).map_err(|_| CheckError::at(1, CheckErrorKind::HeaderNotUtf8))?;
    let header = Header::parse(&first).map_err(|e| CheckError::at(1, CheckErrorKind::Header(e)))?;
    let leaves = match (&header.tablebase, leaves) {
        (None, _) => None,
        (Some(named), Some(given)) if given.name() == *named => Some(given),
        (Some(named), Some(given)) => {
            return Err(CheckError::at(
                1,
                CheckErrorKind::WrongDatabase {
                    named: named.clone(),
                    given: given.name(),
                },
            ))
        }
        (Some(named), None) => {
            return Err(CheckError::at(
                1,
                CheckErrorKind::NoDatabase {
                    named: named.clone(),
                },
            ))
        }
    };
    match header.game {
        GameKind::Mangola => check_game::<super::mangola::RefMangola, R>(header, input, leaves),
        GameKind::UmElBagara => {
            check_game::<super::umelbagara::Reference, R>(header, input, leaves)
        }
        GameKind::Kalah => check_game::<super::kalah::RefKalah, R>(header, input, leaves),
        GameKind::Oware => check_game::<super::oware::RefOware, R>(header, input, leaves),
    }
}

/// One strategy line: the winner's move and where the file gives it.
struct Entry {
    mv: Box<str>,
    line: u64,
}

/// Checks that a line's position is a position of the game under `rules`
/// with `winner` to move. The ` seen ` suffix (Oware's earlier positions)
/// is part of the key, not of the position text.
fn check_position<G: RefGame>(
    position: &str,
    rules: G::Rules,
    winner: Player,
) -> Result<(), CheckErrorKind> {
    let text = position
        .split_once(" seen ")
        .map_or(position, |(text, _)| text);
    let state =
        G::from_text(text.trim(), rules).map_err(|source| CheckErrorKind::NotAPosition {
            game: G::NAME,
            source,
        })?;
    if state.side() != winner {
        return Err(CheckErrorKind::NotWinnerToMove {
            side: state.side(),
            winner,
        });
    }
    Ok(())
}

/// Reads the strategy lines after the header: position hash to move.
fn read_lines<G: RefGame, R: BufRead>(
    mut input: R,
    rules: G::Rules,
    winner: Player,
) -> Result<(HashMap<u128, Entry>, u64), CheckError> {
    let mut strategy = HashMap::new();
    let mut count = 0;
    let mut bytes = Vec::new();
    for number in 2u64.. {
        if !bounded_line(&mut input, &mut bytes, number)? {
            break;
        }
        let text = std::str::from_utf8(&bytes)
            .map_err(|_| CheckError::at(number, CheckErrorKind::NotUtf8))?
            .trim_end_matches('\r');
        if text.is_empty() {
            continue;
        }
        let Some((position, mv)) = text.split_once('\t') else {
            return Err(CheckError::at(number, CheckErrorKind::NoTab));
        };
        if mv.is_empty() || mv.contains('\t') {
            return Err(CheckError::at(number, CheckErrorKind::NotOneMove));
        }
        check_position::<G>(position, rules, winner).map_err(|e| CheckError::at(number, e))?;
        count += 1;
        let key = hash128(position.trim());
        if let Some(earlier) = strategy.get(&key) {
            let earlier: &Entry = earlier;
            if &*earlier.mv != mv {
                return Err(CheckError::at(
                    number,
                    CheckErrorKind::ConflictingMove {
                        earlier: earlier.mv.to_string(),
                        earlier_line: earlier.line,
                        mv: mv.to_string(),
                    },
                ));
            }
            continue;
        }
        strategy.insert(
            key,
            Entry {
                mv: mv.into(),
                line: number,
            },
        );
    }
    Ok((strategy, count))
}

fn check_game<G: RefGame, R: BufRead>(
    header: Header,
    input: R,
    leaves: Option<&dyn Leaves>,
) -> Result<CheckReport, CheckError> {
    let rules_list: Vec<&str> = header.rules.split(',').filter(|s| !s.is_empty()).collect();
    let rules = G::Rules::from_assignments(&rules_list)
        .map_err(|e| CheckError::at(1, CheckErrorKind::HeaderRules(e)))?;
    let root = G::from_text(&header.root, rules)
        .map_err(|e| CheckError::at(1, CheckErrorKind::HeaderRoot(e)))?;
    let winner = header.winner;
    let goal = header.goal;
    if let Goal::MarginAtLeast(m) = goal {
        let seeds = i64::from(root.seeds());
        if !(-seeds..=seeds).contains(&m) {
            return Err(CheckError::at(
                1,
                CheckErrorKind::GoalOutOfRange { margin: m, seeds },
            ));
        }
    }
    let (strategy, lines) = read_lines::<G, R>(input, rules, winner)?;

    let mut report = CheckReport {
        header: header.clone(),
        lines,
        lines_used: 0,
        loser_positions: 0,
        ends: 0,
        longest: 0,
        tablebase_ends: 0,
    };
    let mut done: HashSet<u128> = HashSet::new();
    let mut path: Vec<String> = Vec::new();
    // Depth-first: (state, its depth, the move that reached it).
    let mut stack: Vec<(G, u32, String)> = vec![(root, 0, String::new())];
    while let Some((state, depth, mv)) = stack.pop() {
        if depth > 0 {
            path.truncate(depth as usize - 1);
            path.push(mv);
        }
        report.longest = report.longest.max(depth);
        let key_text = state.key_text();
        let key = hash128(&key_text);
        if !done.insert(key) {
            continue;
        }
        if let Some(result) = state.result() {
            if !goal.met_by(&result, winner) {
                return Err(CheckError::general(CheckErrorKind::GoalNotMet {
                    path,
                    result,
                    scored: G::SCORED,
                    winner,
                    goal,
                    position: key_text,
                }));
            }
            report.ends += 1;
            continue;
        }
        if let Some(m) = leaves.and_then(|l| l.margin(&key_text)) {
            let mine = if state.side() == winner { m } else { -m };
            let met = match goal {
                Goal::Win => mine > 0,
                Goal::MarginAtLeast(g) => mine >= g,
            };
            if met {
                report.tablebase_ends += 1;
                continue;
            }
        }
        let successors = state.successors();
        if successors.is_empty() {
            return Err(CheckError::general(CheckErrorKind::Stuck {
                path,
                position: key_text,
            }));
        }
        if state.side() == winner {
            let Some(entry) = strategy.get(&key) else {
                return Err(CheckError::general(CheckErrorKind::MissingMove {
                    path,
                    position: key_text,
                }));
            };
            let Some((mv, next)) = successors.into_iter().find(|(m, _)| **m == *entry.mv) else {
                return Err(CheckError::at(
                    entry.line,
                    CheckErrorKind::IllegalMove {
                        mv: entry.mv.to_string(),
                        position: key_text,
                    },
                ));
            };
            report.lines_used += 1;
            stack.push((next, depth + 1, mv));
        } else {
            report.loser_positions += 1;
            for (mv, next) in successors.into_iter().rev() {
                stack.push((next, depth + 1, mv));
            }
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::kalah::RefKalah;

    #[test]
    fn header_errors_are_variants_a_caller_can_match() {
        let good = "ngola-proof 1 kalah pits=6 | kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0 | S";
        assert!(Header::parse(good).is_ok());
        assert_eq!(
            Header::parse("ngola-proof 2 kalah pits=6 | x | S"),
            Err(HeaderError::Version("2".to_string()))
        );
        assert_eq!(
            Header::parse("ngola-proof 1 kalah pits=6 | x | Q"),
            Err(HeaderError::Winner("Q".to_string()))
        );
        assert_eq!(
            Header::parse("ngola-proof 1 kalah pits=6"),
            Err(HeaderError::Parts)
        );
        let err = Header::parse("ngola-proof 1 mangola columns=8 | x | S margin>=2").unwrap_err();
        assert!(
            matches!(err, HeaderError::Unscored { game: GameKind::Mangola, ref goal } if goal == "margin>=2"),
            "{err}"
        );
        assert_eq!(
            err.to_string(),
            "header: goal `margin>=2`: mangola has no score, its goal is a win"
        );
        assert_eq!(
            HeaderError::Parts.to_string(),
            "header: expected `ngola-proof 1 GAME RULES | POSITION | WINNER`, \
             with ` | ` between its three parts"
        );
        assert_eq!(
            Header::parse("ngola-proof 1 chess x | x | S"),
            Err(HeaderError::Game(UnknownGame {
                name: "chess".to_string()
            }))
        );
    }

    #[test]
    fn line_errors_name_the_side_to_move() {
        let rules = Default::default();
        let north = "kalah 4,4,4,4,4,4/4,4,4,4,4,4 N 1 0,0";
        assert_eq!(
            check_position::<RefKalah>(north, rules, Player::South),
            Err(CheckErrorKind::NotWinnerToMove {
                side: Player::North,
                winner: Player::South
            })
        );
        assert!(matches!(
            check_position::<RefKalah>("kalah nonsense", rules, Player::South),
            Err(CheckErrorKind::NotAPosition { game: "kalah", .. })
        ));
    }

    const ROOT: &str = "kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0";

    /// The check of a Kalah certificate from the start, South to win.
    fn kalah(goal: &str, lines: &[&str]) -> Result<CheckReport, CheckError> {
        let mut text = format!("ngola-proof 1 kalah pits=6 | {ROOT} | S{goal}\n");
        for line in lines {
            text += line;
            text += "\n";
        }
        check(text.as_bytes())
    }

    fn kind_at(result: Result<CheckReport, CheckError>) -> (Option<u64>, CheckErrorKind) {
        let err = result.unwrap_err();
        (err.line, err.kind)
    }

    #[test]
    fn check_errors_are_kinds_a_caller_can_match() {
        let (line, kind) = kind_at(check("ngola-proof 2 kalah pits=6 | x | S\n".as_bytes()));
        assert_eq!(line, Some(1));
        assert_eq!(
            kind,
            CheckErrorKind::Header(HeaderError::Version("2".to_string()))
        );
        assert!(matches!(
            kind_at(check("ngola-proof 1 kalah pits=99 | x | S\n".as_bytes())),
            (Some(1), CheckErrorKind::HeaderRules(_))
        ));
        assert!(matches!(
            kind_at(check("ngola-proof 1 kalah pits=6 | x | S\n".as_bytes())),
            (Some(1), CheckErrorKind::HeaderRoot(_))
        ));
        assert_eq!(
            kind_at(kalah(" margin>=49", &[])),
            (
                Some(1),
                CheckErrorKind::GoalOutOfRange {
                    margin: 49,
                    seeds: 48
                }
            )
        );
        let named = format!("ngola-proof 1 kalah pits=6 | {ROOT} | S | tablebase kalah pits=6 x\n");
        assert_eq!(
            kind_at(check(named.as_bytes())),
            (
                Some(1),
                CheckErrorKind::NoDatabase {
                    named: "kalah pits=6 x".to_string()
                }
            )
        );
        assert_eq!(
            kind_at(kalah("", &["no tab"])),
            (Some(2), CheckErrorKind::NoTab)
        );
        let no_move = format!("{ROOT}\t");
        assert_eq!(
            kind_at(kalah("", &[&no_move])),
            (Some(2), CheckErrorKind::NotOneMove)
        );
        assert!(matches!(
            kind_at(kalah("", &["kalah nonsense\t1"])),
            (Some(2), CheckErrorKind::NotAPosition { game: "kalah", .. })
        ));
        let north = "kalah 4,4,4,4,4,4/4,4,4,4,4,4 N 1 0,0\t1";
        assert!(matches!(
            kind_at(kalah("", &[north])),
            (
                Some(2),
                CheckErrorKind::NotWinnerToMove {
                    side: Player::North,
                    ..
                }
            )
        ));
        let (a, b) = (format!("{ROOT}\ta"), format!("{ROOT}\tb"));
        assert_eq!(
            kind_at(kalah("", &[&a, &b])),
            (
                Some(3),
                CheckErrorKind::ConflictingMove {
                    earlier: "a".to_string(),
                    earlier_line: 2,
                    mv: "b".to_string()
                }
            )
        );
        let illegal = format!("{ROOT}\tz9");
        assert!(matches!(
            kind_at(kalah("", &[&illegal])),
            (Some(2), CheckErrorKind::IllegalMove { ref mv, .. }) if mv == "z9"
        ));
        let err = kalah("", &[]).unwrap_err();
        assert!(
            matches!(err.kind, CheckErrorKind::MissingMove { ref path, .. } if path.is_empty()),
            "{err}"
        );
        assert_eq!(err.line, None);
        assert!(
            err.to_string().starts_with(
                "no move for the winner after the root: the certificate has no line for kalah "
            ),
            "{err}"
        );
    }

    #[test]
    fn a_finished_game_short_of_the_goal_says_how_it_ended() {
        let end = "kalah 0,0,0,0,0,0/0,0,0,0,0,0 S 40 24,24";
        let text = format!("ngola-proof 1 kalah pits=6 | {end} | S\n");
        let err = check(text.as_bytes()).unwrap_err();
        assert!(
            matches!(
                err.kind,
                CheckErrorKind::GoalNotMet {
                    result: RefResult { winner: None, .. },
                    goal: Goal::MarginAtLeast(1),
                    ..
                }
            ),
            "{err}"
        );
        assert!(
            err.to_string().starts_with(
                "the root ends in a draw, which does not meet the goal (S margin>=1): "
            ),
            "{err}"
        );
    }
}

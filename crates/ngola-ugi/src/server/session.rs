//! One game's engine state and the commands that act on it.

use std::io::{self, Write};

use ngola_agents::{Agent, AgentSpec, BuildError, Evaluate, Resources};
use ngola_rules::{GameKind, PlayTextError, Player, PositionError, RuleOptions};
use thiserror::Error;

use crate::line::shorten_quotes;
use crate::protocol::{Command, Query, Response, Start, WordError};

/// What the serving loop does after a command.
pub enum Step {
    /// Read the next command.
    Continue,
    /// `quit`.
    Quit,
    /// `setoption name game value <game>`: serve that game from now on.
    Switch(GameKind),
}

/// A session of one game type, behind a trait object so that
/// `setoption name game` can swap the game.
pub trait Session {
    /// Carries out one command (a trimmed, non-empty line), writing its
    /// answers to `out` (the caller flushes).
    fn handle(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Step>;

    /// The agent spec and seed, handed to the next game's session.
    fn agent(&self) -> (&AgentSpec, u64);

    /// The resources its agents are built with, handed on likewise.
    fn resources(&self) -> &Resources;
}

/// The engine for game `G`: rules, start position, current position, agent.
pub struct Engine<G: Evaluate> {
    spec: AgentSpec,
    /// The memory limit of the agent's tables and the databases opened.
    resources: Resources,
    /// `--seed` or the last `setoption name seed`.
    seed: u64,
    /// `uginewgame`s since `seed` was set: the next game's seed derives
    /// from both ([`game_seed`]).
    games: u64,
    rules: G::Rules,
    /// The command line's `--position` (for the command line's game only).
    start_text: Option<String>,
    start: G,
    game: G,
    agent: Box<dyn Agent<G>>,
    /// The last `position` command's start (`startpos` or a position
    /// text) and the moves played from it, so that a runner's next
    /// `position ... moves` (the same moves and one or two more) plays
    /// only the new ones. `None` after `moves` or a new game.
    history: Option<(Start, Vec<String>)>,
}

impl<G: Evaluate> Engine<G> {
    /// A session at the start position of `rules` (or of `start_text`),
    /// its agents built with `resources`.
    pub fn new(
        spec: AgentSpec,
        seed: u64,
        rules: G::Rules,
        start_text: Option<String>,
        resources: Resources,
    ) -> Result<Self, StartError> {
        let start = match &start_text {
            Some(text) => G::from_position(text, rules)?,
            None => G::start(rules),
        };
        // A table the machine cannot hold, or a network or a database of
        // other rules, is refused here (exit 2), as a tournament refuses it.
        spec.check_files::<G>(&resources, &rules)?;
        let agent = spec.try_build::<G>(&resources, seed)?;
        Ok(Engine {
            spec,
            resources,
            seed,
            games: 0,
            rules,
            start_text,
            game: start.clone(),
            start,
            agent,
            history: None,
        })
    }

    /// A new game (`uginewgame`): the start position and an agent with the
    /// next game's seed, so that a runner that never sets the seed still
    /// gets different games from a stochastic agent.
    fn new_game(&mut self) {
        let seed = game_seed(self.seed, self.games);
        self.games = self.games.saturating_add(1);
        self.restart(seed);
    }

    /// Back to the start position with a fresh agent drawing from `seed`.
    fn restart(&mut self, seed: u64) {
        self.agent = self.spec.build::<G>(&self.resources, seed);
        self.game = self.start.clone();
        self.history = None;
    }

    /// Carries out one command: `Ok(step)` when done (answers written),
    /// `Err(reason)` for an `error <reason>` answer (nothing changed).
    fn command(&mut self, command: Command, out: &mut dyn Write) -> Result<Step, Failure> {
        let answer = |out: &mut dyn Write, response: Response| writeln!(out, "{response}");
        match command {
            Command::Ugi => self.identify(out)?,
            Command::IsReady => answer(out, Response::ReadyOk)?,
            Command::UgiNewGame => self.new_game(),
            Command::Stop => {}
            Command::SetOption { name, value } => match self.set_option(&name, &value) {
                Ok(step) => return Ok(step),
                Err(reason) => {
                    answer(
                        out,
                        Response::InfoError(shorten_quotes(&reason.to_string())),
                    )?;
                }
            },
            Command::Position { start, moves } => self.position(start, &moves)?,
            Command::Moves(moves) => {
                let base = self.game.clone();
                self.game = play_moves(&base, moves.iter().map(String::as_str))?;
                self.history = None;
            }
            Command::Go(go) => {
                if let Some(outcome) = self.game.outcome() {
                    return Err(Failure::Reason(format!(
                        "the game is over ({}, {})",
                        outcome.result_text(),
                        outcome.reason
                    )));
                }
                let limit = go.limit(self.game.to_move())?;
                let mv = if limit.is_none() {
                    self.agent.select(&self.game)
                } else {
                    self.agent.select_limited(&self.game, &limit)
                };
                answer(out, Response::BestMove(mv.to_string()))?;
            }
            Command::Query(query) => {
                let word = match query {
                    Query::GameOver => bool_word(self.game.outcome().is_some()),
                    Query::P1Turn => bool_word(self.game.to_move() == Player::South),
                    Query::Result => match self.game.outcome() {
                        None => "none",
                        Some(outcome) => match outcome.winner {
                            Some(Player::South) => "p1win",
                            Some(Player::North) => "p2win",
                            None => "draw",
                        },
                    },
                };
                answer(out, Response::Answer(word.to_string()))?;
            }
            Command::Show => answer(out, Response::Position(self.game.to_string()))?,
            Command::Quit => return Ok(Step::Quit),
        }
        Ok(Step::Continue)
    }

    /// The answer to `ugi`.
    fn identify(&self, out: &mut dyn Write) -> io::Result<()> {
        let games: Vec<String> = GameKind::ALL
            .iter()
            .map(|k| format!("var {}", k.name()))
            .collect();
        let rules: Vec<String> = self
            .rules
            .to_pairs()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let answers = [
            Response::Id(format!(
                "name ngola {} {}",
                env!("CARGO_PKG_VERSION"),
                self.spec
            )),
            Response::Id("author the ngola developers".to_string()),
            Response::Option(format!(
                "name game type combo default {} {}",
                G::NAME,
                games.join(" ")
            )),
            Response::Option(format!(
                "name rules type string default {}",
                rules.join(",")
            )),
            Response::Option(format!(
                "name seed type spin default {} min 0 max {}",
                self.seed,
                u64::MAX
            )),
            Response::UgiOk,
        ];
        answers
            .iter()
            .try_for_each(|answer| writeln!(out, "{answer}"))
    }

    /// `setoption name <name> value <value>`; `Err` is answered `info
    /// error <reason>`.
    fn set_option(&mut self, name: &str, value: &str) -> Result<Step, WordError> {
        match name {
            "game" => value
                .parse::<GameKind>()
                .map(Step::Switch)
                .map_err(WordError::UnknownGame),
            "rules" => {
                let assignments: Vec<&str> = value
                    .split(',')
                    .map(str::trim)
                    .filter(|a| !a.is_empty())
                    .collect();
                if let Some(key) = repeated_key(&assignments) {
                    return Err(WordError::RepeatedRule {
                        rules: value.to_string(),
                        key: key.to_string(),
                    });
                }
                let rules = G::Rules::from_assignments(&assignments).map_err(|source| {
                    WordError::BadRules {
                        rules: value.to_string(),
                        source,
                    }
                })?;
                let start = match &self.start_text {
                    Some(text) => G::from_position(text, rules).map_err(|source| {
                        WordError::RulesOffPosition {
                            rules: value.to_string(),
                            source,
                        }
                    })?,
                    None => G::start(rules),
                };
                let off_agent = |e: ngola_agents::BuildError| WordError::RulesOffAgent {
                    rules: value.to_string(),
                    reason: e.to_string(),
                };
                self.spec
                    .check_files::<G>(&self.resources, &rules)
                    .map_err(off_agent)?;
                self.rules = rules;
                self.start = start;
                // The same game's seed: new rules are not a new game.
                self.restart(game_seed(self.seed, self.games.saturating_sub(1)));
                Ok(Step::Continue)
            }
            "seed" => {
                self.seed = value
                    .parse()
                    .map_err(|_| WordError::BadSeed(value.to_string()))?;
                self.games = 0;
                self.agent = self.spec.build::<G>(&self.resources, self.seed);
                Ok(Step::Continue)
            }
            other => Err(WordError::UnknownOption(other.to_string())),
        }
    }

    /// `position startpos|fen <text>|<text> [moves m1 m2 ...]`.
    fn position(&mut self, start: Start, moves: &[String]) -> Result<(), Failure> {
        // The same start and the moves already played, then more: play
        // only the new ones (a runner sends the whole game every move).
        if let Some((last_start, played)) = &self.history {
            if *last_start == start && moves.starts_with(played) {
                let rest: Vec<&str> = moves[played.len()..].iter().map(String::as_str).collect();
                let before = self.game.clone();
                self.game = play_moves(&before, rest.iter().copied())?;
                self.agent_sees(&before, &rest);
                if let Some((_, played)) = &mut self.history {
                    played.extend(rest.iter().map(|m| m.to_string()));
                }
                return Ok(());
            }
        }
        let base = match &start {
            Start::StartPos => self.start.clone(),
            Start::Text(text) => G::from_position(text, self.rules)?,
        };
        let words: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.game = play_moves(&base, words.iter().copied())?;
        self.agent_sees(&base, &words);
        self.history = Some((start, moves.to_vec()));
        Ok(())
    }

    /// Shows the agent the moves (known legal) played from `base`.
    fn agent_sees(&mut self, base: &G, moves: &[&str]) {
        let mut game = base.clone();
        for text in moves {
            let Ok(mv) = game.parse_move(text) else {
                return;
            };
            self.agent.observe(&game, mv);
            game.play(mv);
        }
    }
}

/// `base` after `moves`, or the first error (then nothing is played).
fn play_moves<'a, G: Evaluate>(
    base: &G,
    moves: impl Iterator<Item = &'a str>,
) -> Result<G, MovesError> {
    let mut game = base.clone();
    for text in moves {
        if game.outcome().is_some() {
            return Err(MovesError::GameOver(text.to_string()));
        }
        game.play_text(text)?;
    }
    Ok(game)
}

/// Why an engine could not start: its start position or its agent.
#[derive(Debug, Error)]
pub enum StartError {
    /// `--position` is not a position of the game.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The agent cannot be built (a table too big, a network or
    /// database that cannot be used).
    #[error(transparent)]
    Agent(#[from] BuildError),
}

/// Why the moves of `position ... moves` or `moves` cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MovesError {
    /// A move after the end of the game (the move as given).
    #[error("cannot play `{0}`: the game is over")]
    GameOver(String),
    /// A move that is not a move of the game, or not legal.
    #[error(transparent)]
    Move(#[from] PlayTextError),
}

/// The seed of the game that starts after `games` `uginewgame`s since the
/// seed was set (`--seed` or `setoption name seed`): the seed itself for
/// the first, then a number drawn from the seed and `games` (SplitMix64 of
/// their mix), so every game differs and a session replays exactly.
pub fn game_seed(seed: u64, games: u64) -> u64 {
    if games == 0 {
        return seed;
    }
    let mut z = seed ^ games.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The first key given twice in `key=value` assignments.
fn repeated_key<'a>(assignments: &[&'a str]) -> Option<&'a str> {
    let mut seen = std::collections::HashSet::new();
    assignments
        .iter()
        .map(|a| a.split_once('=').map_or(*a, |(k, _)| k).trim())
        .find(|key| !seen.insert(*key))
}

fn bool_word(value: bool) -> &'static str {
    if value {
        "true"
    } else {
        "false"
    }
}

/// Why a command failed: a reason answered `error <reason>`, or the
/// output failing (which ends the engine).
pub enum Failure {
    /// Answered `error <reason>`.
    Reason(String),
    /// Standard output failed.
    Output(io::Error),
}

impl From<MovesError> for Failure {
    fn from(e: MovesError) -> Failure {
        Failure::Reason(e.to_string())
    }
}

impl From<PositionError> for Failure {
    fn from(e: PositionError) -> Failure {
        Failure::Reason(e.to_string())
    }
}

impl From<WordError> for Failure {
    fn from(e: WordError) -> Failure {
        Failure::Reason(e.to_string())
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Output(e)
    }
}

impl<G: Evaluate> Session for Engine<G> {
    fn handle(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Step> {
        let outcome = match Command::parse(line) {
            Ok(command) => self.command(command, out),
            Err(e) if e.is_option() => {
                let answer = Response::InfoError(shorten_quotes(&e.to_string()));
                writeln!(out, "{answer}")?;
                return Ok(Step::Continue);
            }
            Err(e) => Err(Failure::from(e)),
        };
        match outcome {
            Ok(step) => Ok(step),
            Err(Failure::Reason(reason)) => {
                writeln!(out, "{}", Response::Error(shorten_quotes(&reason)))?;
                Ok(Step::Continue)
            }
            Err(Failure::Output(e)) => Err(e),
        }
    }

    fn agent(&self) -> (&AgentSpec, u64) {
        (&self.spec, self.seed)
    }

    fn resources(&self) -> &Resources {
        &self.resources
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ngola_rules::kalah::{Kalah, KalahRules};
    use ngola_rules::{Game, MoveList};

    fn spec(text: &str) -> AgentSpec {
        text.parse().expect("test spec")
    }

    #[test]
    fn a_bad_start_position_or_agent_is_its_own_kind() {
        let rules = KalahRules::default();
        let bad_position = Engine::<Kalah>::new(
            spec("random"),
            1,
            rules,
            Some("not a position".to_string()),
            Resources::default(),
        );
        assert!(matches!(bad_position, Err(StartError::Position(_))));
        let missing_net = Engine::<Kalah>::new(
            spec("policy:net=/nonexistent/x.net"),
            1,
            rules,
            None,
            Resources::default(),
        );
        assert!(matches!(
            missing_net,
            Err(StartError::Agent(BuildError::Network { .. }))
        ));
        assert!(Engine::<Kalah>::new(spec("random"), 1, rules, None, Resources::default()).is_ok());
    }

    #[test]
    fn a_bad_move_and_a_move_after_the_end_are_told_apart() {
        let start = Kalah::start(KalahRules::default());
        let mut moves = MoveList::new();
        start.legal_moves(&mut moves);
        let first = moves[0].to_string();
        let after = play_moves(&start, std::iter::once(first.as_str()));
        assert!(after.is_ok_and(|g| g.ply() == 1));
        let bad = play_moves(&start, "zz".split_whitespace());
        assert!(matches!(
            bad,
            Err(MovesError::Move(PlayTextError::Parse(_)))
        ));
        let mut over = start;
        while over.outcome().is_none() {
            moves.clear();
            over.legal_moves(&mut moves);
            over.play(moves[0]);
        }
        let err = play_moves(&over, std::iter::once(first.as_str())).unwrap_err();
        assert_eq!(err, MovesError::GameOver(first.clone()));
        assert_eq!(
            err.to_string(),
            format!("cannot play `{first}`: the game is over")
        );
    }
}

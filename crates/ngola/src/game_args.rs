//! Arguments shared by every command that sets up a game: the game, its
//! rule options and an optional start position.

use clap::Args;

use ngola_rules::{Game, GameKind, RuleOptions, UnknownGame};

use crate::cli_error::CliError;

/// `<game> [--rule key=value]... [--position TEXT]`
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game: mangola, umelbagara, kalah or oware.
    #[arg(value_parser = parse_game_kind)]
    pub game: GameKind,
    /// A rule option as key=value (repeatable); each game's options are in the rules book (docs/src/rules.md).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Start from this position (docs/src/rules.md position text) instead of the start.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
}

/// A game's name on the command line (any case).
pub fn parse_game_kind(text: &str) -> Result<GameKind, UnknownGame> {
    text.parse()
}

/// Refuses `--rule` flags that set one option twice (`--rule seeds=3
/// --rule seeds=4`): which one was meant is not for the program to guess.
/// Malformed flags are left to the rules' own parser, which names them.
pub fn check_rule_flags<S: AsRef<str>>(rules: &[S]) -> Result<(), CliError> {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for text in rules {
        let Some((key, value)) = text.as_ref().split_once('=') else {
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
            return Err(CliError::input(format!(
                "--rule {key}: given twice ({key}={first}, then {key}={value}); give each option once"
            )));
        }
        seen.push((key, value));
    }
    Ok(())
}

impl GameArgs {
    /// The rule options, or an error naming the bad key or value (or a
    /// key given twice).
    pub fn rules<G: Game>(&self) -> Result<G::Rules, CliError> {
        check_rule_flags(&self.rules)?;
        G::Rules::from_assignments(&self.rules).map_err(CliError::input)
    }

    /// The position to start from: `--position` if given, else the start.
    pub fn setup<G: Game>(&self) -> Result<G, CliError> {
        let rules = self.rules::<G>()?;
        match &self.position {
            Some(text) => G::from_position(text, rules).map_err(CliError::input),
            None => Ok(G::start(rules)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_option_given_twice_is_refused_naming_both_values() {
        assert!(check_rule_flags(&["seeds=3", "pits=4", "malformed"]).is_ok());
        let err = check_rule_flags(&["seeds=3", "pits=4", "seeds = 4"]).unwrap_err();
        assert_eq!(err.code, 2);
        assert!(
            err.message
                .contains("--rule seeds: given twice (seeds=3, then seeds=4)"),
            "{}",
            err.message
        );
    }

    #[test]
    fn a_game_name_is_read_and_an_unknown_one_is_named() {
        assert_eq!(parse_game_kind("Oware"), Ok(GameKind::Oware));
        let err = parse_game_kind("chess").unwrap_err();
        assert_eq!(
            err,
            UnknownGame {
                name: "chess".to_string()
            }
        );
        assert!(err
            .to_string()
            .starts_with("unknown game `chess`; valid games: "));
    }
}

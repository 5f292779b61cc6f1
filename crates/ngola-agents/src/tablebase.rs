//! Endgame databases as the agents use them (`tb=DIR` in a spec): the
//! exact value of a position at and below the database's level.
//!
//! A database folder is opened once per [`Databases`] (the caller's, in its
//! [`crate::Resources`]) and shared by every agent built with it that
//! names it ([`open`]): its levels are memory-mapped, so agents built game
//! after game cost nothing more. The values are those of
//! `ngola-tablebase` (the final margin under perfect play from the side to
//! move's view, endless play as `ngola prove` scores it without a ply cap).
//! They are the game's exact values only under the database's rules with
//! no ply cap ([`Oracle::covers_exactly`]); under a cap a value can differ
//! wherever perfect play reaches the cap, so the exact users (the solver,
//! the prover, exact labels) refuse a capped game or do without the
//! database, and the heuristic ones (alpha-beta, MCTS, adjudication,
//! accuracy) take the values as those of the game without its cap
//! ([`Oracle::covers_rules`]), which adjudication and accuracy state in the
//! summary.

use std::any::Any;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use ngola_rules::{Game, RuleOptions};
use ngola_tablebase::file::{level_path, read_header};
use ngola_tablebase::{Database, Endgame, TablebaseError, Worth};

/// Exact values of positions of `G` where a database covers them.
pub trait Oracle<G>: Send + Sync {
    /// The final margin under perfect play for the side to move (stores
    /// or taken counters included), or `None` where the database does not
    /// cover the position, the rules differ from the database's, or only
    /// bounds are known (Oware where the repetition rule decides).
    fn exact(&self, game: &G) -> Option<i32>;

    /// True when `rules` are the database's rules of play once their ply
    /// cap is set aside (and the start-only option): its values are then
    /// those of the game without the cap, which a capped game's values can
    /// differ from wherever perfect play reaches the cap. See
    /// [`Oracle::covers_exactly`] for the game's own exact values.
    fn covers_rules(&self, rules: &<G as Game>::Rules) -> bool
    where
        G: Game;

    /// True when `rules` are the database's rules of play with no ply cap
    /// (`max_plies=0`; the start-only option aside): only then are its
    /// values the exact values of the game played under `rules`.
    fn covers_exactly(&self, rules: &<G as Game>::Rules) -> bool
    where
        G: Game,
    {
        self.covers_rules(rules) && uncapped(rules)
    }

    /// The database's identity (SHA-256 over its levels' checksums).
    fn id(&self) -> &str;

    /// The database as a proof certificate names it: `<game> <rules> <id>`,
    /// the rules as its files name them.
    fn name(&self) -> String;

    /// The highest level (seeds on the board) covered.
    fn top(&self) -> usize;
}

/// A database of `E` behind [`Oracle`].
struct Probing<E: Endgame> {
    db: Database<E>,
    id: String,
    /// The rules of play, the ply cap left out.
    play_rules: String,
    /// The rules as the level files name them.
    rules: String,
}

/// The rules of play as the database's header compares them: every option
/// but the start-only key and the ply cap.
fn play_rules_of<E: Endgame>(rules: &<E::G as Game>::Rules) -> String {
    rules
        .to_pairs()
        .iter()
        .filter(|(k, _)| k != E::START_KEY && k != "max_plies")
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// True when `rules` have no ply cap (`max_plies=0`), as every database's.
fn uncapped<R: RuleOptions>(rules: &R) -> bool {
    rules
        .to_pairs()
        .iter()
        .all(|(k, v)| k != "max_plies" || v == "0")
}

impl<E: Endgame> Oracle<E::G> for Probing<E> {
    fn exact(&self, game: &E::G) -> Option<i32> {
        match self.db.worth(game) {
            Ok((Worth::Exact(m), _, _)) => Some(m),
            _ => None,
        }
    }

    fn covers_rules(&self, rules: &<E::G as Game>::Rules) -> bool {
        play_rules_of::<E>(rules) == self.play_rules
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn name(&self) -> String {
        format!("{} {} {}", <E::G as Game>::NAME, self.rules, self.id)
    }

    fn top(&self) -> usize {
        self.db.top()
    }
}

type Cached = (PathBuf, Arc<dyn Any + Send + Sync>);

/// The databases opened so far, by folder: a caller's cache, shared by its
/// clones (so by every worker of a run), so that each folder is opened
/// once however many agents name it.
#[derive(Clone, Default)]
pub struct Databases {
    opened: Arc<Mutex<Vec<Cached>>>,
}

impl std::fmt::Debug for Databases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let opened = self.opened.lock().unwrap_or_else(PoisonError::into_inner);
        let folders: Vec<&PathBuf> = opened.iter().map(|(path, _)| path).collect();
        f.debug_struct("Databases")
            .field("opened", &folders)
            .finish()
    }
}

/// Opens the database of `E` in `dir` under the rules its header names
/// (or returns the one `databases` already opened), as an [`Oracle`] of
/// `E::G`.
pub fn open<E: Endgame>(
    dir: &Path,
    databases: &Databases,
) -> Result<Arc<dyn Oracle<E::G>>, TablebaseError> {
    let mut opened = databases
        .opened
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    for (path, any) in opened.iter() {
        if path == dir {
            if let Some(found) = any.downcast_ref::<Arc<Probing<E>>>() {
                return Ok(found.clone());
            }
        }
    }
    let header = read_header(&level_path(dir, 0))?;
    let game = <E::G as Game>::NAME;
    if header.game != game {
        return Err(TablebaseError::OtherRules {
            path: dir.to_path_buf(),
            found: format!("{} {}", header.game, header.play_rules),
            wanted: game.to_string(),
        });
    }
    let pairs: Vec<&str> = header.rules.split(',').filter(|s| !s.is_empty()).collect();
    let rules = <<E::G as Game>::Rules as RuleOptions>::from_assignments(&pairs).map_err(|e| {
        TablebaseError::BadFile {
            path: level_path(dir, 0),
            field: "rules".into(),
            reason: e.to_string(),
        }
    })?;
    let endgame = E::new(rules)?;
    let db = Database::open(dir, &endgame)?;
    let probing = Arc::new(Probing {
        id: db.id(),
        play_rules: play_rules_of::<E>(&rules),
        rules: header.rules.clone(),
        db,
    });
    opened.push((dir.to_path_buf(), Arc::new(probing.clone())));
    Ok(probing)
}

/// The error of a game that has no databases.
pub fn no_databases(game: &str, dir: &Path) -> TablebaseError {
    TablebaseError::BadFile {
        path: dir.to_path_buf(),
        field: "game".into(),
        reason: format!("{game} has no endgame databases (kalah, oware and umelbagara have)"),
    }
}

//! Endgame databases for the games whose seeds leave the board for good
//! (Kalah, Oware, Um el-Bagara): the exact value of every position with at
//! most N seeds on the board, by retrograde analysis, level by level.
//!
//! - [`index`]: the perfect index of an arrangement of `k` seeds over the
//!   holes (combinatorial number system): one entry per arrangement, no
//!   hash table.
//! - [`games`]: the three games as the database sees them (canonical side
//!   to move, banked seeds left out of the key, Oware's score slices).
//! - [`value`]: what an entry holds and what a position is worth, endless
//!   play included, defined as `ngola prove` defines it.
//! - [`solve`]: one level from the levels below (acyclic levels depth
//!   first; levels with cycles by retrograde analysis with counters).
//! - [`file`](mod@file), [`build`](mod@build): level files (header, checksum, atomic writes),
//!   the resumable build and what it needs in memory and on disk.
//! - [`db`], [`verify`](mod@verify): probes of a finished database, and its checks.
//!
//! ```
//! use ngola_rules::kalah::{Kalah, KalahRules};
//! use ngola_rules::{Game, RuleOptions};
//! use ngola_tablebase::{build, Database, Endgame, KalahEndgame, Quiet, Worth};
//! use std::sync::atomic::AtomicBool;
//!
//! let rules = KalahRules::from_assignments(&["pits=2", "seeds=2", "max_plies=0"]).unwrap();
//! let endgame = KalahEndgame::new(rules).unwrap();
//! let dir = std::env::temp_dir().join(format!("ngola-tb-doc-{}", std::process::id()));
//! build(&endgame, 8, &dir, &Quiet, &AtomicBool::new(false)).unwrap();
//! let db = Database::open(&dir, &endgame).unwrap();
//! let probe = db.probe(&Kalah::start(rules)).unwrap();
//! assert!(matches!(probe.worth, Worth::Exact(_)));
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

pub mod build;
pub mod db;
pub mod error;
pub mod file;
pub mod games;
pub mod index;
pub mod level;
pub mod solve;
pub mod value;
pub mod verify;

pub use build::{build, plan, BuildMonitor, BuildReport, Plan, Quiet};
pub use db::{Database, Probe};
pub use error::TablebaseError;
pub use games::{Endgame, KalahEndgame, OwareEndgame, Semantics, UmElBagaraEndgame};
pub use value::{Bounds, Worth};
pub use verify::{verify, VerifyReport};

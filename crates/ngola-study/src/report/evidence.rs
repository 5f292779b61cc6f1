//! The evidence behind a judged board's value, checked before a report
//! prints it: a certificate must be the file the table recorded (its
//! SHA-256), must prove the very claim of its row (game, rules, start
//! position, winner and margin in its header), and must pass the
//! reference checker. Evidence that contradicts its row is an error; a
//! value whose evidence is not at hand (no certificate, a certificate
//! that ends in an endgame database, a database's probe) is printed as
//! claimed, not checked.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use ngola_rules::reference::certificate::{self, Goal, Header};
use ngola_rules::{Game, Player};

/// How far a board's value was checked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// Its certificate was read and passed the reference checker.
    Certificate,
    /// Nothing at hand proves it: the value is as the table claims it.
    NotChecked,
}

impl Checked {
    /// Whether the value was checked.
    pub fn is_checked(self) -> bool {
        self == Checked::Certificate
    }
}

impl From<bool> for Checked {
    /// `true`: checked against its certificate (as the tables write it).
    fn from(checked: bool) -> Checked {
        if checked {
            Checked::Certificate
        } else {
            Checked::NotChecked
        }
    }
}

/// Checks the certificate at `path` against the claim that `G`'s start
/// position under `rules` is won by `winner` (`None`: a draw) with South's
/// `margin`; `sha256` is the digest the table recorded (empty: none). A
/// certificate that is not there, or that ends in an endgame database,
/// leaves the value unchecked.
pub fn check_certificate<G: Game>(
    path: &Path,
    sha256: &str,
    rules: G::Rules,
    winner: Option<Player>,
    margin: i64,
) -> Result<Checked, String> {
    let shown = path.display();
    if !path.is_file() {
        return Ok(Checked::NotChecked);
    }
    if !sha256.is_empty() {
        let digest =
            ngola_files::file_sha256(path).map_err(|e| format!("certificate `{shown}`: {e}"))?;
        if digest != sha256 {
            return Err(format!(
                "certificate `{shown}` has SHA-256 {digest}, the row records {sha256}"
            ));
        }
    }
    let header = read_header(path).map_err(|e| format!("certificate `{shown}`: {e}"))?;
    claim_matches::<G>(&header, rules, winner, margin)
        .map_err(|e| format!("certificate `{shown}` proves another claim: {e}"))?;
    if header.tablebase.is_some() {
        // Its lines end in positions of a database this folder does not
        // hold: `ngola prove --check` with the database checks it.
        return Ok(Checked::NotChecked);
    }
    certificate::check(open(path).map_err(|e| format!("certificate `{shown}`: {e}"))?)
        .map_err(|e| format!("certificate `{shown}` rejected: {e}"))?;
    Ok(Checked::Certificate)
}

/// The certificate at `path`, decompressed when it is gzip.
fn open(path: &Path) -> std::io::Result<Box<dyn BufRead>> {
    let mut reader = BufReader::with_capacity(1 << 16, File::open(path)?);
    let gz = reader.fill_buf()?.starts_with(&[0x1f, 0x8b]);
    Ok(if gz {
        Box::new(BufReader::new(flate2::read::MultiGzDecoder::new(reader)))
    } else {
        Box::new(reader)
    })
}

/// The header line of the certificate at `path`.
fn read_header(path: &Path) -> Result<Header, String> {
    let mut first = Vec::new();
    open(path)
        .and_then(|r| {
            r.take(certificate::MAX_LINE as u64 + 1)
                .read_until(b'\n', &mut first)
        })
        .map_err(|e| e.to_string())?;
    let first = String::from_utf8(first).map_err(|_| "the header is not UTF-8".to_string())?;
    Header::parse(&first).map_err(|e| e.to_string())
}

/// Whether `header` proves the claim: same game, rules and start
/// position, the winner the value names and the goal its margin names (a
/// win in Mangola, at least the margin in the scored games).
fn claim_matches<G: Game>(
    header: &Header,
    rules: G::Rules,
    winner: Option<Player>,
    margin: i64,
) -> Result<(), String> {
    if header.game.to_string() != G::NAME {
        return Err(format!("game {}, the row says {}", header.game, G::NAME));
    }
    let wanted_rules = certificate::canonical_rules(&rules);
    if header.rules != wanted_rules {
        return Err(format!(
            "rules {}, the row says {wanted_rules}",
            header.rules
        ));
    }
    let start = G::start(rules).to_string();
    if header.root != start {
        return Err(format!("root `{}`, not the start `{start}`", header.root));
    }
    let Some(winner) = winner else {
        return Err("a draw, which no one-sided certificate proves".to_string());
    };
    if header.winner != winner {
        return Err(format!(
            "{} wins, the row says {} wins",
            header.winner.letter(),
            winner.letter()
        ));
    }
    let proved = match header.goal {
        Goal::Win => 0,
        Goal::MarginAtLeast(m) => m,
    };
    if proved != margin.abs() {
        return Err(format!(
            "a margin of at least {proved}, the row says {}",
            margin.abs()
        ));
    }
    Ok(())
}

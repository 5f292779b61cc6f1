//! Writing a proof as a certificate (the format of
//! [`ngola_rules::reference::certificate`]): the winner's move at every
//! position with him to move that his strategy reaches, read from the
//! table, re-proving any part of the proof the table has since lost.

use std::collections::HashSet;
use std::io::Write;

use ngola_rules::reference::certificate::{canonical_rules, hash128, Goal, Header};
use ngola_rules::{GameKind, MoveList};

use super::search::{Context, Search};
use super::table::{Entry, Kind};
use super::{Prover, Question, Target};
use crate::eval::Evaluate;

/// What a certificate holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CertificateStats {
    /// Strategy lines written (positions with the winner to move).
    pub lines: u64,
    /// Distinct positions with the loser to move (every reply covered).
    pub loser_positions: u64,
    /// Finished games reached.
    pub ends: u64,
    /// The longest line of play in the strategy, in plies.
    pub longest: u32,
    /// Positions whose proof the table had lost and the prover found again.
    pub reproven: u64,
    /// Positions the endgame database decides with the goal met (the
    /// strategy ends there; the checker needs the database).
    pub tablebase_ends: u64,
}

/// Why no certificate was written.
#[derive(Debug)]
pub enum CertificateError {
    /// Writing failed.
    Io(std::io::Error),
    /// The game has no certificate format (only the four games do).
    UnknownGame(&'static str),
    /// The question is not proven from this position (what failed).
    NotProven(String),
}

impl std::fmt::Display for CertificateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CertificateError::Io(e) => write!(f, "cannot write the certificate: {e}"),
            CertificateError::UnknownGame(name) => {
                write!(f, "no certificate format for game `{name}`")
            }
            CertificateError::NotProven(what) => write!(f, "no proof to write: {what}"),
        }
    }
}

impl std::error::Error for CertificateError {}

impl From<std::io::Error> for CertificateError {
    fn from(e: std::io::Error) -> Self {
        CertificateError::Io(e)
    }
}

/// A position on the strategy's walk: the game, its history hash (the
/// table's), the earlier positions since the totals last changed (for
/// the certificate text of games with a repetition history), its depth.
struct Node<G> {
    game: G,
    history: u64,
    seen: Vec<String>,
    depth: u32,
    /// The move that reached it (for messages).
    path_len: usize,
}

/// `ROWS:SIDE` of a position text (`NAME ROWS SIDE ...`).
fn seen_entry(text: &str) -> String {
    let mut fields = text.split(' ').skip(1);
    let rows = fields.next().unwrap_or("");
    let side = fields.next().unwrap_or("");
    format!("{rows}:{side}")
}

/// The certificate's text for a position (see the format).
fn position_text<G: Evaluate>(game: &G, seen: &[String]) -> String {
    let mut text = game.to_string();
    if G::PATH_HISTORY && !seen.is_empty() {
        let mut sorted = seen.to_vec();
        sorted.sort();
        text += " seen ";
        text += &sorted.join(" ");
    }
    text
}

impl<G: Evaluate> Prover<G> {
    /// Writes the certificate of `question` (proven from `root`) to `out`:
    /// the header, then one line per position with the winner to move.
    pub fn write_certificate(
        &mut self,
        root: &G,
        question: Question,
        out: &mut dyn Write,
    ) -> Result<CertificateStats, CertificateError> {
        let game: GameKind = G::NAME
            .parse()
            .map_err(|_| CertificateError::UnknownGame(G::NAME))?;
        if G::PATH_HISTORY {
            // The root's text must say all of its state: a history brought
            // from before the root cannot be written in a certificate.
            let fresh = G::from_position(&root.to_string(), *root.rules())
                .map(|g| format!("{g:?}") == format!("{root:?}"))
                .unwrap_or(false);
            if !fresh {
                return Err(CertificateError::NotProven(
                    "the root carries a repetition history its position text cannot say; \
                     prove from a position text"
                        .to_string(),
                ));
            }
        }
        let header = Header {
            game,
            rules: canonical_rules(root.rules()),
            root: root.to_string(),
            winner: question.attacker,
            goal: match question.target {
                Target::Win => Goal::Win,
                Target::Margin(m) => Goal::MarginAtLeast(i64::from(m)),
            },
            tablebase: self.oracle().map(|o| o.name()),
        };
        writeln!(out, "{}", header.line())?;
        self.shared
            .stop
            .store(false, std::sync::atomic::Ordering::Relaxed);
        let ctx = self.context(root, question);
        let mut stats = CertificateStats::default();
        let mut done: HashSet<u128> = HashSet::new();
        let mut path: Vec<String> = Vec::new();
        let mut stack = vec![(
            Node {
                game: root.clone(),
                history: 0,
                seen: Vec::new(),
                depth: 0,
                path_len: 0,
            },
            String::new(),
        )];
        while let Some((node, mv)) = stack.pop() {
            path.truncate(node.path_len.saturating_sub(1));
            if node.path_len > 0 {
                path.push(mv);
            }
            stats.longest = stats.longest.max(node.depth);
            if let Some(outcome) = node.game.outcome() {
                if !ctx.goal_met(&node.game, outcome) {
                    return Err(CertificateError::NotProven(format!(
                        "the line {} ends without the goal: {}",
                        path.join(" "),
                        node.game
                    )));
                }
                stats.ends += 1;
                continue;
            }
            let probe = Search::new(&self.shared, ctx, false, false);
            if let Some(status) = probe.decided(&node.game) {
                if status.pn != 0 {
                    return Err(CertificateError::NotProven(format!(
                        "the database's value of {} does not meet the goal",
                        node.game
                    )));
                }
                stats.tablebase_ends += 1;
                continue;
            }
            let text = position_text(&node.game, &node.seen);
            if !done.insert(hash128(&text)) {
                continue;
            }
            let mut moves = MoveList::new();
            node.game.legal_moves(&mut moves);
            let children: Vec<(String, Node<G>)> = moves
                .iter()
                .map(|&mv| {
                    let mut child = node.game.clone();
                    child.play(mv);
                    let history = Context::child_history(&node.game, &child, node.history);
                    let seen = if !G::PATH_HISTORY || child.totals() != node.game.totals() {
                        Vec::new()
                    } else {
                        let mut seen = node.seen.clone();
                        seen.push(seen_entry(&node.game.to_string()));
                        seen
                    };
                    (
                        mv.to_string(),
                        Node {
                            game: child,
                            history,
                            seen,
                            depth: node.depth + 1,
                            path_len: node.path_len + 1,
                        },
                    )
                })
                .collect();
            if node.game.to_move() == question.attacker {
                let mut pick = self.proving_child(&ctx, &children);
                if pick.is_none() {
                    self.reprove(&ctx, &node.game, node.history, &mut stats);
                    pick = self.proving_child(&ctx, &children);
                }
                let Some(i) = pick else {
                    return Err(CertificateError::NotProven(format!(
                        "no proving move after {}: {text}",
                        if path.is_empty() {
                            "the root".to_string()
                        } else {
                            path.join(" ")
                        }
                    )));
                };
                writeln!(out, "{text}\t{}", children[i].0)?;
                stats.lines += 1;
                let (mv, child) = children
                    .into_iter()
                    .nth(i)
                    .ok_or_else(|| CertificateError::NotProven("a move vanished".to_string()))?;
                stack.push((child, mv));
            } else {
                stats.loser_positions += 1;
                for (mv, child) in children.into_iter().rev() {
                    if !self.is_proven(&ctx, &child) {
                        self.reprove(&ctx, &child.game, child.history, &mut stats);
                        if !self.is_proven(&ctx, &child) {
                            return Err(CertificateError::NotProven(format!(
                                "the reply {mv} after {} is not proven: {}",
                                path.join(" "),
                                child.game
                            )));
                        }
                    }
                    stack.push((child, mv));
                }
            }
        }
        out.flush()?;
        Ok(stats)
    }

    /// The table's proof status of a child, if proven at its ply.
    fn proof_of(&self, ctx: &Context, child: &Node<G>) -> Option<Entry> {
        let search = Search::new(&self.shared, *ctx, false, false);
        match search.probe_child(&child.game, child.history) {
            Some((Kind::Proven, e)) => Some(e),
            _ => None,
        }
    }

    fn is_proven(&self, ctx: &Context, child: &Node<G>) -> bool {
        self.proof_of(ctx, child).is_some()
    }

    /// The proving child valid at the most plies, then with the shortest proof.
    fn proving_child(&self, ctx: &Context, children: &[(String, Node<G>)]) -> Option<usize> {
        children
            .iter()
            .enumerate()
            .filter_map(|(i, (_, c))| self.proof_of(ctx, c).map(|e| (i, e)))
            .max_by_key(|(_, e)| (e.hi, std::cmp::Reverse(e.depth)))
            .map(|(i, _)| i)
    }

    /// Proves `game` again, below its own entry: the proofs of its children
    /// were evicted from the table (its own may still be there, and
    /// [`Search::run_from`] would stop at it).
    fn reprove(&self, ctx: &Context, game: &G, history: u64, stats: &mut CertificateStats) {
        let mut search = Search::new(&self.shared, *ctx, false, false);
        if search.decided(game).is_some() {
            return;
        }
        search.research_from(game, history);
        stats.reproven += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prover::{ProverConfig, Silent};
    use ngola_rules::mangola::Mangola;
    use ngola_rules::reference::certificate::check;
    use ngola_rules::{Game, RuleOptions};

    /// The table keeps a proof's root (the costly entry) but has evicted
    /// everything below it: the certificate is still written, by proving
    /// the children again (a long 4 x 8 run once failed here with "no
    /// proving move" while its own position's proof was in the table).
    #[test]
    fn a_root_proof_without_its_children_is_proven_again() {
        let rules = <Mangola as Game>::Rules::from_assignments(&["columns=4"])
            .unwrap_or_else(|e| panic!("{e}"));
        let root = Mangola::start(rules);
        let mut prover = Prover::<Mangola>::new(
            ProverConfig {
                tt_mb: 4,
                threads: 1,
                ..ProverConfig::default()
            },
            None,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let question = prover
            .value(&root, &mut Silent)
            .proof
            .unwrap_or_else(|| panic!("4 x 4 Mangola is decided"));
        let ctx = prover.context(&root, question);
        let key = ctx.key(&root, 0);
        let kept = prover.shared.table.entries(key);
        assert!(kept.iter().any(|e| e.kind() == Kind::Proven));
        prover.shared.table.clear();
        for e in kept {
            prover.shared.table.store(e);
        }
        let mut out = Vec::new();
        let stats = prover
            .write_certificate(&root, question, &mut out)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(stats.reproven >= 1, "{stats:?}");
        check(out.as_slice()).unwrap_or_else(|e| panic!("{e}"));
    }
}

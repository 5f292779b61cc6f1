//! The solver's search: negamax to the end of the game over the table,
//! the scores of finished games, and the principal variation it leaves.

use std::collections::HashSet;
use std::time::Instant;

use arrayvec::ArrayVec;
use ngola_rules::{EndReason, MoveList, Outcome, MAX_MOVES};

use super::table::{Entry, UNCAPPED};
use super::{At, Found, Solver, BIG, INF, MAX_PLIES};
use crate::eval::{EvalKind, Evaluate};

impl<G: Evaluate> Solver<G> {
    /// The table key of `game`, reached with `history` (the hash of the
    /// positions since the last capture on the line, or 0).
    fn key(game: &G, history: u64) -> u64 {
        game.zobrist() ^ history
    }

    /// The history hash of a child of `game` (whose own history hash is
    /// `history`): empty after a change of totals, else with `game` added.
    fn child_history(game: &G, key: u64, child: &G, history: u64) -> u64 {
        if !G::PATH_HISTORY || child.totals() != game.totals() {
            0
        } else {
            history.wrapping_add(mix(key))
        }
    }

    /// The score of a finished game for the side to move, `ply` plies below
    /// the root.
    fn terminal(game: &G, outcome: Outcome, ply: u32) -> i32 {
        let me = game.to_move();
        let sign = outcome.sign_for(me);
        if G::SCORED {
            let totals = game.totals();
            let margin = totals[me.index()] as i32 - totals[1 - me.index()] as i32;
            sign * BIG + margin
        } else {
            sign * (BIG - ply as i32)
        }
    }

    /// Root-relative score to node-relative (unscored games carry the
    /// distance from the root).
    fn to_node(value: i32, ply: u32) -> i32 {
        if !G::SCORED && value.abs() > BIG - MAX_PLIES && value.abs() <= BIG {
            value + value.signum() * ply as i32
        } else {
            value
        }
    }

    fn from_node(value: i32, ply: u32) -> i32 {
        if !G::SCORED && value.abs() > BIG - MAX_PLIES && value.abs() <= BIG {
            value - value.signum() * ply as i32
        } else {
            value
        }
    }

    /// May `entry` (found at some ply) be used at `ply`?
    fn usable(entry: &Entry<G::Move>, game: &G) -> bool {
        let ply = game.ply();
        if entry.capped_ply != UNCAPPED {
            return entry.capped_ply == ply;
        }
        match game.ply_cap() {
            Some(cap) => ply as u64 + (entry.height as u64) < cap as u64,
            None => true,
        }
    }

    /// True once the search has given up or stopped (its values from then
    /// on mean nothing).
    fn ended(&self) -> bool {
        self.too_deep || self.stopped
    }

    /// Has the search reached its node limit or deadline? (The clock is
    /// read every 1024 positions.)
    fn out_of_budget(&self) -> bool {
        self.node_limit.is_some_and(|limit| self.nodes >= limit)
            || self
                .deadline
                .is_some_and(|d| self.nodes & 1023 == 0 && Instant::now() >= d)
    }

    pub(super) fn negamax(
        &mut self,
        game: &G,
        mut alpha: i32,
        mut beta: i32,
        ply: u32,
        history: u64,
    ) -> Found {
        let gave_up = Found {
            value: 0,
            height: 0,
            capped: true,
            repetition_at: u32::MAX,
        };
        if self.ended() {
            return gave_up;
        }
        if ply >= self.max_line_plies {
            self.too_deep = true;
            return gave_up;
        }
        if self.out_of_budget() {
            self.stopped = true;
            return gave_up;
        }
        self.nodes += 1;
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            let outcome = game.outcome().unwrap_or(Outcome::draw(EndReason::Natural));
            let at_cap = game.ply_cap().is_some_and(|cap| game.ply() >= cap);
            return Found {
                value: Self::terminal(game, outcome, ply),
                height: 0,
                capped: at_cap || outcome.reason == EndReason::PlyCap,
                repetition_at: u32::MAX,
            };
        }
        // A database's value holds for a position whose history is only
        // itself (Oware's repetition rule): at the root or after a capture.
        if ply > 0 && self.use_oracle && (!G::PATH_HISTORY || history == 0) {
            if let Some(m) = self.oracle.as_ref().and_then(|o| o.exact(game)) {
                return Found {
                    value: m.signum() * BIG + m,
                    height: 0,
                    capped: game.ply_cap().is_some(),
                    repetition_at: u32::MAX,
                };
            }
        }
        if !G::SCORED {
            // Distance pruning: from here the game ends one ply later at
            // the soonest, which bounds the value both ways.
            let soonest = BIG - (ply as i32 + 1);
            alpha = alpha.max(-soonest);
            beta = beta.min(soonest);
            if alpha >= beta {
                return Found {
                    value: alpha,
                    height: 0,
                    capped: false,
                    repetition_at: u32::MAX,
                };
            }
        }
        let key = Self::key(game, history);
        let no_cap = game.ply_cap().is_none();
        if no_cap {
            if let Some(&at) = self.line.get(&key) {
                self.repetitions += 1;
                return Found {
                    value: 0,
                    height: 0,
                    capped: false,
                    repetition_at: at,
                };
            }
            let index = self.line.len() as u32;
            self.line.insert(key, index);
        }
        let at = At { key, history, ply };
        let found = self.search_children(game, &moves, at, &mut alpha, &mut beta);
        if no_cap {
            self.line.remove(&key);
        }
        found
    }

    fn search_children(
        &mut self,
        game: &G,
        moves: &MoveList<G::Move>,
        at: At,
        alpha: &mut i32,
        beta: &mut i32,
    ) -> Found {
        let At { key, history, ply } = at;
        let mut tt_move = None;
        let mut known = (-INF, INF);
        let mut height = 0u32;
        let mut capped = false;
        if let Some(entry) = self.tt.probe(key) {
            tt_move = entry.best;
            if Self::usable(&entry, game) {
                let lower = Self::from_node(entry.lower, ply);
                let upper = Self::from_node(entry.upper, ply);
                height = entry.height;
                capped = entry.capped_ply != UNCAPPED;
                let hit = Found {
                    value: 0,
                    height,
                    capped,
                    repetition_at: u32::MAX,
                };
                if lower >= *beta || lower == upper {
                    return Found {
                        value: lower,
                        ..hit
                    };
                }
                if upper <= *alpha {
                    return Found {
                        value: upper,
                        ..hit
                    };
                }
                known = (lower, upper);
                *alpha = (*alpha).max(lower);
                *beta = (*beta).min(upper);
            }
        }
        let alpha_start = *alpha;

        let to_move = game.to_move();
        let mut children: ArrayVec<(G::Move, G), MAX_MOVES> = ArrayVec::new();
        let mut order: ArrayVec<(i32, u8), MAX_MOVES> = ArrayVec::new();
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = game.clone();
            child.play(mv);
            let key = if Some(mv) == tt_move {
                i32::MAX
            } else {
                // (All finished children tie with each other and rank above
                // or below every evaluation, as the solver needs.)
                crate::score::child_value(EvalKind::Heuristic, to_move, &child)
            };
            children.push((mv, child));
            order.push((key, i as u8));
        }
        order.sort_by_key(|&(key, _)| std::cmp::Reverse(key));

        let own = if G::PATH_HISTORY { game.zobrist() } else { 0 };
        let mut best = -INF;
        let mut best_move = None;
        let mut repetition_at = u32::MAX;
        for &(_, i) in &order {
            let (mv, ref child) = children[i as usize];
            let same_side = child.to_move() == to_move;
            let child_history = Self::child_history(game, own, child, history);
            let f = if same_side {
                self.negamax(child, *alpha, *beta, ply + 1, child_history)
            } else {
                let f = self.negamax(child, -*beta, -*alpha, ply + 1, child_history);
                Found {
                    value: -f.value,
                    ..f
                }
            };
            height = height.max(f.height.saturating_add(1));
            capped |= f.capped;
            repetition_at = repetition_at.min(f.repetition_at);
            if f.value > best {
                best = f.value;
                best_move = Some(mv);
            }
            if best > *alpha {
                *alpha = best;
            }
            if *alpha >= *beta || self.ended() {
                break;
            }
        }
        if self.ended() {
            // The values below this node mean nothing: store none.
            return Found {
                value: best,
                height,
                capped: true,
                repetition_at,
            };
        }

        // Bounds this search proved (fail-soft), joined with the table's.
        let (lower, upper) = if best >= *beta {
            (best.max(known.0), known.1)
        } else if best > alpha_start {
            (best, best)
        } else {
            (known.0, best.min(known.1))
        };

        // No-cap mode: a value that used a repetition above this position
        // holds only on this line; a proven win or loss of an unscored game
        // holds everywhere (see the module docs).
        let depends = repetition_at < self.line.len().saturating_sub(1) as u32;
        let stored = if !depends {
            Some((lower, upper))
        } else if G::SCORED {
            None
        } else if lower > 0 {
            Some((lower, INF))
        } else if upper < 0 {
            Some((-INF, upper))
        } else {
            None
        };
        if let Some((lower, upper)) = stored {
            self.tt.store(Entry {
                key,
                lower: Self::to_node(lower, ply),
                upper: Self::to_node(upper, ply),
                best: best_move,
                height,
                capped_ply: if capped { game.ply() } else { UNCAPPED },
            });
        }
        Found {
            value: best,
            height,
            capped,
            repetition_at,
        }
    }

    /// Best moves from the table, from `game` on, while they stay legal,
    /// the game goes on and no position repeats.
    pub(super) fn principal_variation(&self, game: &G) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut pos = game.clone();
        let mut history = 0;
        let mut seen = HashSet::new();
        while pos.outcome().is_none() && pv.len() < 10_000 {
            let key = Self::key(&pos, history);
            if !seen.insert((key, pos.ply())) {
                break;
            }
            let Some(mv) = self.tt.probe(key).and_then(|e| e.best) else {
                break;
            };
            if pos.check_move(mv).is_err() {
                break;
            }
            let before = pos.clone();
            pos.play(mv);
            history = Self::child_history(&before, before.zobrist(), &pos, history);
            pv.push(mv);
        }
        pv
    }
}

/// A strong 64-bit mixer (SplitMix64's finaliser).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

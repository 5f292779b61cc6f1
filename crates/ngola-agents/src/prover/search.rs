//! One search thread: depth-first proof-number search (Nagai's df-pn, with
//! Pawlewicz and Lew's 1 + ε thresholds) over the shared table, with the
//! ply ranges and the repetition rule of [`super`]'s documentation.

use std::collections::HashMap;
use std::sync::atomic::Ordering;

use ngola_rules::{MoveList, Outcome, Player};

use super::range::{PlyRange, OPEN};
use super::shared::{mix, Shared};
use super::table::{Entry, Kind, INF, NO_MOVE};
use super::Target;
use crate::eval::{Evaluate, SEED};
use crate::score::clamp_eval;

/// "Depends on no repetition".
pub(crate) const NO_DEP: u32 = u32::MAX;

/// Numbers at or above this are treated as "give up here" (the line limit).
const HOPELESS: u32 = INF - 1;

/// Evaluation points per unit of initial proof number.
const INIT_SCALE: i32 = SEED;

/// The most an evaluation adds to an initial number.
const INIT_MAX: i32 = 16;

/// Positions this close to the root keep their open numbers in the table
/// while they are searched (progress reports read them).
const SHOWN: u32 = 3;

/// How often (in passes over a position's children) all of them are read
/// from the table again, not only the one just searched.
const REFRESH: u32 = 4;

/// Nodes counted locally before they are added to the shared count.
const FLUSH: u64 = 1 << 10;

/// A position's status in the search.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Status {
    pub pn: u32,
    pub dn: u32,
    /// Proofs and disproofs: where they hold.
    pub range: PlyRange,
    /// Proofs: the longest line of the proof.
    pub depth: u16,
    /// Disproofs that rest on a repetition: the line index of the repeated
    /// position (the result holds only below it); else [`NO_DEP`].
    pub dep: u32,
    /// Index of the best move in legal-move order.
    pub best: u8,
}

impl Status {
    fn open(pn: u32, dn: u32, best: u8) -> Status {
        Status {
            pn,
            dn,
            range: PlyRange::ALL,
            depth: 0,
            dep: NO_DEP,
            best,
        }
    }

    fn proven(range: PlyRange, depth: u16, best: u8) -> Status {
        Status {
            pn: 0,
            dn: INF,
            range,
            depth,
            dep: NO_DEP,
            best,
        }
    }

    fn disproven(range: PlyRange, dep: u32, best: u8) -> Status {
        Status {
            pn: INF,
            dn: 0,
            range,
            depth: 0,
            dep,
            best,
        }
    }

    pub(crate) fn from_entry(e: &Entry) -> Status {
        Status {
            pn: e.pn,
            dn: e.dn,
            range: e.range(),
            depth: e.depth,
            dep: NO_DEP,
            best: e.best,
        }
    }

    #[inline]
    pub fn settled(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// What one search thread asks, and how the rules shape the search.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Context {
    pub attacker: Player,
    pub target: Target,
    /// Mixed into every key, so that questions share the table.
    pub salt: u64,
    pub generation: u8,
    /// The first ply at which the cap ends the game.
    pub cap: Option<u32>,
    /// Positions repeating one on the current line count as failures for
    /// the attacker (off for Oware, whose rules settle repetitions, and for
    /// scored games with a cap, where the ply is part of the state).
    pub repetitions: bool,
    /// Unscored games: the cap is a draw, so a proof holds with more plies
    /// left and a disproof with fewer.
    pub monotone: bool,
    /// The longest line followed.
    pub max_line: u32,
}

impl Context {
    /// The table key of `game` reached with history hash `history`.
    #[inline]
    pub fn key<G: Evaluate>(&self, game: &G, history: u64) -> u64 {
        let mut key = game.zobrist() ^ history ^ self.salt;
        if game.ply() < G::PHASE_PLIES {
            key ^= mix(0x0070_6861_7365 + u64::from(game.ply()));
        }
        if key == 0 {
            1
        } else {
            key
        }
    }

    /// The history hash of `child`, a child of `game` (whose hash is
    /// `history`): the positions since the totals last changed (Oware's
    /// repetition rule), or 0 for games without such a rule.
    #[inline]
    pub fn child_history<G: Evaluate>(game: &G, child: &G, history: u64) -> u64 {
        if !G::PATH_HISTORY || child.totals() != game.totals() {
            0
        } else {
            history.wrapping_add(mix(game.zobrist()))
        }
    }

    /// Whether a finished game meets the attacker's goal.
    pub fn goal_met<G: Evaluate>(&self, game: &G, outcome: Outcome) -> bool {
        match self.target {
            Target::Win => outcome.winner == Some(self.attacker),
            Target::Margin(m) => {
                let t = game.totals();
                let me = self.attacker.index();
                i64::from(t[me]) - i64::from(t[1 - me]) >= i64::from(m)
            }
        }
    }

    /// Whether a final margin of `margin` for `game`'s side to move (an
    /// endgame database's exact value) meets the attacker's goal.
    pub fn margin_met<G: Evaluate>(&self, game: &G, margin: i32) -> bool {
        let mine = if game.to_move() == self.attacker {
            i64::from(margin)
        } else {
            -i64::from(margin)
        };
        match self.target {
            Target::Win => mine > 0,
            Target::Margin(m) => mine >= i64::from(m),
        }
    }

    /// Where a finished position's result holds: at every ply if the game
    /// ended by its rules before the cap, from the cap on otherwise.
    pub fn leaf_range<G: Evaluate>(&self, game: &G) -> PlyRange {
        match self.cap {
            Some(cap) if game.ply() >= cap => PlyRange::from(cap),
            _ => PlyRange::ALL,
        }
    }

    /// A proof's or disproof's range, widened where the cap makes the
    /// question monotone (see the module documentation).
    #[inline]
    fn widen(&self, status: Status) -> Status {
        let mut s = status;
        if self.monotone {
            if s.pn == 0 {
                s.range.lo = 0;
            } else if s.dn == 0 {
                s.range.hi = OPEN;
            }
        }
        s
    }
}

/// One child of an expanded position.
struct Child<G> {
    /// Index in legal-move order.
    index: u8,
    game: G,
    key: u64,
    history: u64,
    /// A finished game: its status.
    leaf: Option<Status>,
    /// Initial numbers from the evaluation.
    init: (u32, u32),
    /// The attacker's evaluation (move order).
    eval: i32,
}

/// One search thread.
pub(crate) struct Search<'a> {
    shared: &'a Shared,
    pub ctx: Context,
    /// Keys of the positions on the current line, with their index.
    on_line: HashMap<u64, u32>,
    line_len: u32,
    local_nodes: u64,
    /// Set when a line reached `max_line`.
    pub gave_up: bool,
    /// Spread threads apart (virtual loss) when more than one searches.
    spread: bool,
    /// Tests only: store path-dependent disproofs (the GHI mistake).
    unsound: bool,
}

impl<'a> Search<'a> {
    pub fn new(shared: &'a Shared, ctx: Context, spread: bool, unsound: bool) -> Search<'a> {
        Search {
            shared,
            ctx,
            on_line: HashMap::new(),
            line_len: 0,
            local_nodes: 0,
            gave_up: false,
            spread,
            unsound,
        }
    }

    /// Adds the nodes counted locally to the shared count.
    pub fn flush(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.local_nodes, Ordering::Relaxed);
        self.local_nodes = 0;
    }

    #[inline]
    fn stopped(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// The initial numbers and the attacker's evaluation of a position
    /// still going on.
    fn initial<G: Evaluate>(&self, game: &G) -> ((u32, u32), i32) {
        let e = clamp_eval(game.evaluate());
        let e = if game.to_move() == self.ctx.attacker {
            e
        } else {
            -e
        };
        let up = |x: i32| 1 + (x.max(0) / INIT_SCALE).min(INIT_MAX) as u32;
        ((up(-e), up(e)), e)
    }

    /// The children of `game` (which goes on), in move-order: the attacker
    /// tries his best-evaluated moves first, the defender his.
    fn expand<G: Evaluate>(&self, game: &G, history: u64) -> Vec<Child<G>> {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mut children = Vec::with_capacity(moves.len());
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = game.clone();
            child.play(mv);
            let history = Context::child_history(game, &child, history);
            let key = self.ctx.key(&child, history);
            let (leaf, init, eval) = match self.decided(&child) {
                Some(status) => (Some(status), (1, 1), 0),
                None => {
                    let (init, eval) = self.initial(&child);
                    (None, init, eval)
                }
            };
            children.push(Child {
                index: i as u8,
                game: child,
                key,
                history,
                leaf,
                init,
                eval,
            });
        }
        if game.to_move() == self.ctx.attacker {
            children.sort_by_key(|c| std::cmp::Reverse(c.eval));
        } else {
            children.sort_by_key(|c| c.eval);
        }
        children
    }

    /// The status of a position decided without a search: a finished game,
    /// or a position the endgame database decides exactly (its value holds
    /// at every ply: the prover uses a database only without a ply cap).
    pub fn decided<G: Evaluate>(&self, game: &G) -> Option<Status> {
        let (met, range) = match game.outcome() {
            Some(outcome) => (self.ctx.goal_met(game, outcome), self.ctx.leaf_range(game)),
            None => {
                let margin = self.shared.oracle::<G>()?.exact(game)?;
                (self.ctx.margin_met(game, margin), PlyRange::ALL)
            }
        };
        Some(if met {
            Status::proven(range, 0, NO_MOVE)
        } else {
            Status::disproven(range, NO_DEP, NO_MOVE)
        })
    }

    /// A child's status now, and the work stored for it.
    /// `last` is what the child's own search returned last (used if the
    /// table has since lost its entry); `sticky` a result it settled on.
    fn child_status<G: Evaluate>(
        &self,
        child: &Child<G>,
        sticky: Option<Status>,
        last: Option<Status>,
    ) -> (Status, u32) {
        if let Some(s) = sticky {
            return (s, 0);
        }
        if let Some(s) = child.leaf {
            return (s, 0);
        }
        let probe = self.shared.table.probe(child.key, child.game.ply());
        if let Some(e) = probe.settled {
            return (Status::from_entry(&e), e.work);
        }
        if self.ctx.repetitions {
            if let Some(&at) = self.on_line.get(&child.key) {
                return (Status::disproven(PlyRange::ALL, at, NO_MOVE), 0);
            }
        }
        match (probe.open, last) {
            (Some(e), _) => (Status::open(e.pn, e.dn, e.best), e.work),
            (None, Some(s)) => (s, 0),
            (None, None) => (Status::open(child.init.0, child.init.1, NO_MOVE), 0),
        }
    }

    /// The status of a position from its children's.
    fn combine<G: Evaluate>(
        &self,
        attacker_moves: bool,
        own: PlyRange,
        children: &[Child<G>],
        statuses: &[Status],
    ) -> Status {
        let pairs = || children.iter().zip(statuses.iter());
        // The side to move picks one child; the other side must answer all.
        type Test = fn(&Status) -> bool;
        let (pick_wins, all_lose): (Test, Test) = if attacker_moves {
            (|s| s.pn == 0, |s| s.dn == 0)
        } else {
            (|s| s.dn == 0, |s| s.pn == 0)
        };
        if attacker_moves {
            // A proof: the proven child valid at the most plies, then the shortest.
            if let Some((c, s)) = pairs()
                .filter(|(_, s)| pick_wins(s))
                .max_by_key(|(_, s)| (s.range.hi, std::cmp::Reverse(s.depth)))
            {
                let range = s.range.parent().meet(own);
                return self
                    .ctx
                    .widen(Status::proven(range, s.depth.saturating_add(1), c.index));
            }
        } else if let Some((c, s)) = pairs()
            .filter(|(_, s)| pick_wins(s))
            .min_by_key(|(_, s)| (std::cmp::Reverse(s.dep), s.range.lo))
        {
            // A disproof: the disproven child resting on no repetition if
            // possible, else on the shallowest one, then valid earliest.
            let range = s.range.parent().meet(own);
            return self.ctx.widen(Status::disproven(range, s.dep, c.index));
        }
        if statuses.iter().all(all_lose) {
            let mut range = own;
            for s in statuses {
                range = range.meet(s.range.parent());
            }
            return if attacker_moves {
                let dep = statuses.iter().map(|s| s.dep).min().unwrap_or(NO_DEP);
                self.ctx.widen(Status::disproven(range, dep, NO_MOVE))
            } else {
                let (c, s) = pairs()
                    .max_by_key(|(_, s)| s.depth)
                    .unwrap_or((&children[0], &statuses[0]));
                self.ctx
                    .widen(Status::proven(range, s.depth.saturating_add(1), c.index))
            };
        }
        // Open: min over the choices of the side to move, sum over the other's.
        let mut min = INF;
        let mut sum: u64 = 0;
        let mut best = NO_MOVE;
        for (c, s) in pairs() {
            let (choose, other) = if attacker_moves {
                (s.pn, s.dn)
            } else {
                (s.dn, s.pn)
            };
            if choose < min {
                min = choose;
                best = c.index;
            }
            sum += u64::from(other);
        }
        let sum = sum.min(u64::from(HOPELESS)) as u32;
        if attacker_moves {
            Status::open(min, sum, best)
        } else {
            Status::open(sum, min, best)
        }
    }

    #[inline]
    fn busy_slot(&self, key: u64) -> usize {
        (key as usize) & (self.shared.busy.len() - 1)
    }

    /// Searches `game` (which goes on and is not on the line) until it is
    /// settled or its numbers reach the thresholds. `prior_work` is the
    /// work its table entry already counts.
    ///
    /// The search core, kept in one function on purpose: its loop carries
    /// the thresholds, the children's numbers and the table slots from
    /// step to step, and splitting it would pass them all through calls on
    /// the hottest path of a proof.
    pub fn mid<G: Evaluate>(
        &mut self,
        game: &G,
        key: u64,
        history: u64,
        th_pn: u32,
        th_dn: u32,
        prior_work: u32,
    ) -> Status {
        self.local_nodes += 1;
        if self.local_nodes >= FLUSH {
            self.flush();
        }
        if self.line_len >= self.ctx.max_line {
            self.gave_up = true;
            if self.ctx.cap.is_none() {
                // No cap: a line this long says the rules let games run on
                // (the solver gives up the same way); stop every thread
                // rather than search such lines one after another.
                self.shared.stop.store(true, Ordering::Relaxed);
            }
            return Status::open(HOPELESS, HOPELESS, NO_MOVE);
        }
        let start_nodes = self.shared.nodes.load(Ordering::Relaxed) + self.local_nodes;
        let attacker_moves = game.to_move() == self.ctx.attacker;
        let own = PlyRange::before_cap(self.ctx.cap);
        let children = self.expand(game, history);
        if children.is_empty() {
            // Only a game that is over has no move; callers never ask.
            return Status::open(HOPELESS, HOPELESS, NO_MOVE);
        }
        let index = self.line_len;
        self.line_len += 1;
        if self.ctx.repetitions {
            self.on_line.insert(key, index);
        }
        if self.spread {
            let slot = self.busy_slot(key);
            self.shared.busy[slot].fetch_add(1, Ordering::Relaxed);
        }

        let mut sticky: Vec<Option<Status>> = vec![None; children.len()];
        let mut last: Vec<Option<Status>> = vec![None; children.len()];
        let mut statuses: Vec<Status> = Vec::with_capacity(children.len());
        let mut works: Vec<u32> = Vec::with_capacity(children.len());
        let mut status;
        // The child searched last; every REFRESH-th pass (and with several
        // threads, every pass) all children are read again, since a search
        // below one child can settle its siblings through transpositions.
        let mut searched: Option<usize> = None;
        let mut pass = 0u32;
        loop {
            match searched {
                Some(i) if !self.spread && !pass.is_multiple_of(REFRESH) => {
                    let (s, w) = self.child_status(&children[i], sticky[i], last[i]);
                    statuses[i] = s;
                    works[i] = w;
                }
                _ => {
                    statuses.clear();
                    works.clear();
                    for ((c, s), l) in children.iter().zip(&sticky).zip(&last) {
                        let (status, work) = self.child_status(c, *s, *l);
                        statuses.push(status);
                        works.push(work);
                    }
                }
            }
            pass += 1;
            status = self.combine(attacker_moves, own, &children, &statuses);
            if status.settled() || status.pn >= th_pn || status.dn >= th_dn || self.stopped() {
                break;
            }
            if index < SHOWN {
                // Near the root, keep the table's numbers current for the
                // progress reports (the root itself is stored only when
                // its search ends).
                self.shared.table.store(Entry {
                    key,
                    pn: status.pn,
                    dn: status.dn,
                    lo: 0,
                    hi: 0,
                    work: prior_work,
                    depth: 0,
                    best: status.best,
                    generation: self.ctx.generation,
                });
            }
            // The most proving child (attacker: smallest pn; defender: smallest dn).
            let value = |i: usize| {
                let s = &statuses[i];
                let v = if attacker_moves { s.pn } else { s.dn };
                if self.spread && !s.settled() {
                    let busy =
                        self.shared.busy[self.busy_slot(children[i].key)].load(Ordering::Relaxed);
                    v.saturating_mul(1 + u32::from(busy))
                } else {
                    v
                }
            };
            // Only children whose own number is below the threshold can be
            // searched (the virtual loss may make another look best; its
            // search would return at once, and the same choice would follow
            // forever).
            let limit = if attacker_moves { th_pn } else { th_dn };
            let mut first = usize::MAX;
            let mut second = INF;
            for (i, s) in statuses.iter().enumerate() {
                let own = if attacker_moves { s.pn } else { s.dn };
                if s.settled() || own >= limit {
                    continue;
                }
                if first == usize::MAX || value(i) < value(first) {
                    if first != usize::MAX {
                        second = second.min(value(first));
                    }
                    first = i;
                } else {
                    second = second.min(value(i));
                }
            }
            if first == usize::MAX {
                break;
            }
            let s = statuses[first];
            let grow = |limit: u32, second: u32, current: u32| -> u32 {
                // 1 + ε with ε = 1/4, at least one more than the runner-up,
                // always above the child's own number.
                let wider = u64::from(second) + (u64::from(second) / 4).max(1);
                let t = limit.min(wider.min(u64::from(HOPELESS)) as u32);
                t.max(current.saturating_add(1)).min(limit)
            };
            let (c_pn, c_dn) = if attacker_moves {
                let rest = u64::from(status.dn).saturating_sub(u64::from(s.dn));
                let dn_limit = (u64::from(th_dn).saturating_sub(rest)) as u32;
                (
                    grow(th_pn, second, s.pn),
                    dn_limit.max(s.dn.saturating_add(1)),
                )
            } else {
                let rest = u64::from(status.pn).saturating_sub(u64::from(s.pn));
                let pn_limit = (u64::from(th_pn).saturating_sub(rest)) as u32;
                (
                    pn_limit.max(s.pn.saturating_add(1)),
                    grow(th_dn, second, s.dn),
                )
            };
            let child = &children[first];
            let result = self.mid(
                &child.game,
                child.key,
                child.history,
                c_pn,
                c_dn,
                works[first],
            );
            if result.settled() {
                sticky[first] = Some(result);
            } else {
                last[first] = Some(result);
            }
            searched = Some(first);
            if self.stopped() {
                // One more pass picks up what the child found.
                continue;
            }
        }

        if self.spread {
            let slot = self.busy_slot(key);
            self.shared.busy[slot].fetch_sub(1, Ordering::Relaxed);
        }
        if self.ctx.repetitions {
            self.on_line.remove(&key);
        }
        self.line_len -= 1;

        let end_nodes = self.shared.nodes.load(Ordering::Relaxed) + self.local_nodes;
        let work = u64::from(prior_work) + end_nodes.saturating_sub(start_nodes).max(1);
        let work = work.min(u64::from(u32::MAX)) as u32;
        debug_assert!(
            !status.settled() || status.range.contains(game.ply()),
            "a result that does not hold where it was found: {status:?} at ply {}",
            game.ply()
        );
        if status.settled() && status.dep != NO_DEP && (status.dep >= index || self.unsound) {
            // The repetition it rests on is this position or below it.
            status.dep = NO_DEP;
        }
        if !status.settled() || status.dep == NO_DEP {
            let depth = if status.pn == 0 { status.depth } else { 0 };
            self.shared.table.store(Entry {
                key,
                pn: status.pn,
                dn: status.dn,
                lo: status.range.lo,
                hi: status.range.hi,
                work,
                depth,
                best: status.best,
                generation: self.ctx.generation,
            });
            if status.settled() {
                self.shared.settled[(status.dn == 0) as usize].fetch_add(1, Ordering::Relaxed);
            }
        }
        status
    }

    /// Searches from `root` (which goes on) until it is settled, the search
    /// is stopped, or it gives up; returns the root's last status.
    pub fn run<G: Evaluate>(&mut self, root: &G) -> Status {
        self.run_from(root, 0)
    }

    /// [`Search::run`] from a position reached with history hash `history`.
    pub fn run_from<G: Evaluate>(&mut self, root: &G, history: u64) -> Status {
        self.drive(root, history, true)
    }

    /// Searches `root` (which goes on) again below its own table entry:
    /// its children are read from the table and searched where they are
    /// missing, even when the root's own proof is still stored (a
    /// certificate needs the children's proofs, which the table may have
    /// evicted while keeping the root's, the costlier entry).
    pub fn research_from<G: Evaluate>(&mut self, root: &G, history: u64) -> Status {
        self.drive(root, history, false)
    }

    /// Searches `root` until it is settled, stopped or given up; a result
    /// the table already holds for it ends the search, except on the first
    /// pass when `trust_root` is false.
    fn drive<G: Evaluate>(&mut self, root: &G, history: u64, mut trust_root: bool) -> Status {
        let key = self.ctx.key(root, history);
        loop {
            let probe = self.shared.table.probe(key, root.ply());
            if let (true, Some(e)) = (trust_root, probe.settled) {
                self.flush();
                return Status::from_entry(&e);
            }
            trust_root = true;
            let work = probe.open.map_or(0, |e| e.work);
            let status = self.mid(root, key, history, INF, INF, work);
            self.flush();
            if status.settled() || self.stopped() {
                return status;
            }
            if status.pn >= HOPELESS || status.dn >= HOPELESS {
                self.gave_up = true;
                return status;
            }
        }
    }

    /// The position's settled status at its ply, if the table has one.
    pub fn settled<G: Evaluate>(&self, game: &G, history: u64) -> Option<Entry> {
        self.shared
            .table
            .probe(self.ctx.key(game, history), game.ply())
            .settled
    }

    /// The status the search would give `game`'s child now (certificates and
    /// lines): a finished game's, else the table's.
    pub fn probe_child<G: Evaluate>(&self, child: &G, history: u64) -> Option<(Kind, Entry)> {
        if let Some(status) = self.decided(child) {
            let e = Entry {
                key: 0,
                pn: status.pn,
                dn: status.dn,
                lo: status.range.lo,
                hi: status.range.hi,
                ..Entry::default()
            };
            return Some((e.kind(), e));
        }
        let probe = self
            .shared
            .table
            .probe(self.ctx.key(child, history), child.ply());
        probe.settled.or(probe.open).map(|e| (e.kind(), e))
    }
}

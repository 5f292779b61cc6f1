//! Tiny games with known theory, implementing `Game` and `Evaluate`, to
//! test the agents apart from the mancala games:
//! - `Nim`: take 1 to 3 from a pile, taking the last wins; with `bonus`,
//!   taking exactly 2 gives the mover another turn. Unscored.
//! - `Coins`: a row of coins, each player takes one from either end, the
//!   higher sum wins; a coin worth 0 gives another turn. Scored.
//! - `Walk`: a token on a small directed graph with cycles, players move it
//!   in turn, the one who cannot move loses; `max_plies` caps the game (a
//!   draw), 0 means no cap. Unscored, cyclic.
#![allow(dead_code)]

use std::fmt;

use ngola_agents::eval::{Evaluate, SEED};
use ngola_rules::{
    EndReason, Game, IllegalMove, MoveList, MoveParseError, Outcome, Player, PositionError,
    RuleError, RuleOptions,
};

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

// ---------------------------------------------------------------- Nim

/// Nim's options.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct NimRules {
    /// Taking exactly 2 gives another turn.
    pub bonus: bool,
}

impl RuleOptions for NimRules {
    const GAME: &'static str = "nim";
    fn keys() -> &'static [ngola_rules::options::RuleKey] {
        &[]
    }
    fn set(&mut self, key: &str, _value: &str) -> Result<(), RuleError> {
        Err(Self::unknown_key(key))
    }
    fn get(&self, _key: &str) -> Option<String> {
        None
    }
}

/// A Nim position.
#[derive(Clone, Debug, PartialEq)]
pub struct Nim {
    pub pile: u32,
    pub side: Player,
    pub ply: u32,
    pub rules: NimRules,
}

impl Nim {
    pub fn new(pile: u32, bonus: bool) -> Nim {
        Nim {
            pile,
            side: Player::South,
            ply: 0,
            rules: NimRules { bonus },
        }
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "nim {} {} {}", self.pile, self.side.letter(), self.ply)
    }
}

impl Game for Nim {
    type Move = u8;
    type Rules = NimRules;
    const NAME: &'static str = "nim";
    fn start(rules: NimRules) -> Self {
        Nim {
            pile: 10,
            side: Player::South,
            ply: 0,
            rules,
        }
    }
    fn from_position(text: &str, rules: NimRules) -> Result<Self, PositionError> {
        let f: Vec<&str> = text.split(' ').collect();
        if f.len() != 4 || f[0] != "nim" {
            return Err(PositionError::new("game", "expected `nim PILE SIDE PLY`"));
        }
        Ok(Nim {
            pile: f[1]
                .parse()
                .map_err(|_| PositionError::new("pile", "not a number"))?,
            side: Player::from_letter(f[2])?,
            ply: f[3]
                .parse()
                .map_err(|_| PositionError::new("ply", "not a number"))?,
            rules,
        })
    }
    fn rules(&self) -> &NimRules {
        &self.rules
    }
    fn to_move(&self) -> Player {
        self.side
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn legal_moves(&self, out: &mut MoveList<u8>) {
        for k in 1..=3u8 {
            if k as u32 <= self.pile {
                out.push(k);
            }
        }
    }
    fn play(&mut self, mv: u8) {
        self.pile -= mv as u32;
        self.ply += 1;
        if !(self.rules.bonus && mv == 2 && self.pile > 0) {
            self.side = self.side.opponent();
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        // The player to move with an empty pile lost: the other took the last.
        (self.pile == 0).then(|| Outcome::win(self.side.opponent(), EndReason::Natural))
    }
    fn zobrist(&self) -> u64 {
        mix(self.pile as u64 * 2 + self.side.index() as u64)
    }
    fn totals(&self) -> [u32; 2] {
        [0, 0]
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveParseError> {
        text.parse()
            .map_err(|_| MoveParseError::new(text, "expected 1, 2 or 3"))
    }
    fn check_move(&self, mv: u8) -> Result<(), IllegalMove> {
        if (1..=3).contains(&mv) && mv as u32 <= self.pile {
            Ok(())
        } else {
            Err(IllegalMove::new(mv, "cannot take that many"))
        }
    }
}

impl Evaluate for Nim {
    const SCORED: bool = false;
    const EVAL_SCALE: f64 = 100.0;
    fn evaluate(&self) -> i32 {
        // The winning rule as an evaluation: a pile of 4k is lost.
        if self.rules.bonus {
            0
        } else if self.pile.is_multiple_of(4) {
            -SEED
        } else {
            SEED
        }
    }
    fn ply_cap(&self) -> Option<u32> {
        None
    }
}

// -------------------------------------------------------------- Coins

/// Coins' options: the row (up to 16 coins of 0..=15, as nibbles).
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct CoinsRules {
    pub row: u64,
    pub len: u8,
}

impl RuleOptions for CoinsRules {
    const GAME: &'static str = "coins";
    fn keys() -> &'static [ngola_rules::options::RuleKey] {
        &[]
    }
    fn set(&mut self, key: &str, _value: &str) -> Result<(), RuleError> {
        Err(Self::unknown_key(key))
    }
    fn get(&self, _key: &str) -> Option<String> {
        None
    }
}

/// Take from the left or the right end.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum End {
    Left,
    Right,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::Left => "L",
            End::Right => "R",
        })
    }
}

/// A Coins position: coins `lo..hi` of the row are left.
#[derive(Clone, Debug, PartialEq)]
pub struct Coins {
    pub lo: u8,
    pub hi: u8,
    pub side: Player,
    pub ply: u32,
    pub taken: [u32; 2],
    pub rules: CoinsRules,
}

impl Coins {
    pub fn new(values: &[u8]) -> Coins {
        let mut row = 0u64;
        for (i, &v) in values.iter().enumerate() {
            row |= (v as u64 & 15) << (4 * i);
        }
        Coins {
            lo: 0,
            hi: values.len() as u8,
            side: Player::South,
            ply: 0,
            taken: [0, 0],
            rules: CoinsRules {
                row,
                len: values.len() as u8,
            },
        }
    }
    pub fn coin(&self, i: u8) -> u32 {
        ((self.rules.row >> (4 * i)) & 15) as u32
    }
}

impl fmt::Display for Coins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "coins {} {} {} {} {} {},{}",
            self.lo,
            self.hi,
            self.side.letter(),
            self.ply,
            self.rules.row,
            self.taken[0],
            self.taken[1]
        )
    }
}

impl Game for Coins {
    type Move = End;
    type Rules = CoinsRules;
    const NAME: &'static str = "coins";
    fn start(rules: CoinsRules) -> Self {
        Coins {
            lo: 0,
            hi: rules.len,
            side: Player::South,
            ply: 0,
            taken: [0, 0],
            rules,
        }
    }
    fn from_position(_text: &str, _rules: CoinsRules) -> Result<Self, PositionError> {
        Err(PositionError::new("game", "not supported"))
    }
    fn rules(&self) -> &CoinsRules {
        &self.rules
    }
    fn to_move(&self) -> Player {
        self.side
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn legal_moves(&self, out: &mut MoveList<End>) {
        if self.lo < self.hi {
            out.push(End::Left);
            if self.hi - self.lo > 1 {
                out.push(End::Right);
            }
        }
    }
    fn play(&mut self, mv: End) {
        let v = match mv {
            End::Left => {
                self.lo += 1;
                self.coin(self.lo - 1)
            }
            End::Right => {
                self.hi -= 1;
                self.coin(self.hi)
            }
        };
        self.taken[self.side.index()] += v;
        self.ply += 1;
        if v != 0 || self.lo == self.hi {
            self.side = self.side.opponent();
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.lo < self.hi {
            return None;
        }
        let [s, n] = self.taken;
        Some(match s.cmp(&n) {
            std::cmp::Ordering::Greater => Outcome::win(Player::South, EndReason::Natural),
            std::cmp::Ordering::Less => Outcome::win(Player::North, EndReason::Natural),
            std::cmp::Ordering::Equal => Outcome::draw(EndReason::Natural),
        })
    }
    fn zobrist(&self) -> u64 {
        mix(
            mix(self.lo as u64 | (self.hi as u64) << 8 | (self.side.index() as u64) << 16)
                ^ (self.taken[0] as u64) << 20
                ^ (self.taken[1] as u64) << 40,
        )
    }
    fn totals(&self) -> [u32; 2] {
        self.taken
    }
    fn parse_move(&self, text: &str) -> Result<End, MoveParseError> {
        match text {
            "L" => Ok(End::Left),
            "R" => Ok(End::Right),
            _ => Err(MoveParseError::new(text, "expected L or R")),
        }
    }
    fn check_move(&self, mv: End) -> Result<(), IllegalMove> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            Ok(())
        } else {
            Err(IllegalMove::new(mv, "no coin there"))
        }
    }
}

impl Evaluate for Coins {
    const SCORED: bool = true;
    const EVAL_SCALE: f64 = 300.0;
    fn evaluate(&self) -> i32 {
        self.material()
    }
    fn ply_cap(&self) -> Option<u32> {
        None
    }
}

/// The exact final margin (mover minus opponent) of the coins left, by
/// dynamic programming over (lo, hi): the reference for the solver.
pub fn coins_margin(values: &[u8]) -> i32 {
    let n = values.len();
    // best[lo][hi]: margin the side to move gets from coins lo..hi.
    let mut best = vec![vec![0i32; n + 1]; n + 1];
    for len in 1..=n {
        for lo in 0..=n - len {
            let hi = lo + len;
            let take = |v: u8, rest: i32| {
                // A zero coin keeps the turn unless it was the last.
                if v == 0 && len > 1 {
                    v as i32 + rest
                } else {
                    v as i32 - rest
                }
            };
            let left = take(values[lo], best[lo + 1][hi]);
            let right = if len > 1 {
                take(values[hi - 1], best[lo][hi - 1])
            } else {
                left
            };
            best[lo][hi] = left.max(right);
        }
    }
    best[0][n]
}

// --------------------------------------------------------------- Walk

/// Walk's options: the graph (adjacency masks of up to 16 nodes) and cap.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct WalkRules {
    pub adj: [u16; 16],
    pub nodes: u8,
    pub max_plies: u32,
}

impl RuleOptions for WalkRules {
    const GAME: &'static str = "walk";
    fn keys() -> &'static [ngola_rules::options::RuleKey] {
        &[]
    }
    fn set(&mut self, key: &str, _value: &str) -> Result<(), RuleError> {
        Err(Self::unknown_key(key))
    }
    fn get(&self, _key: &str) -> Option<String> {
        None
    }
}

impl WalkRules {
    /// Pushes the nodes reachable in one move from `at`.
    fn exits(&self, at: u8, out: &mut MoveList<u8>) {
        let mut m = self.adj[at as usize];
        while m != 0 {
            out.push(m.trailing_zeros() as u8);
            m &= m - 1;
        }
    }

    /// Mobility: more exits from `at` for the side to move is better.
    fn mobility(&self, at: u8) -> i32 {
        self.adj[at as usize].count_ones() as i32 * 10
    }
}

/// A Walk or Rewalk move: the node the token goes to.
fn parse_node(text: &str) -> Result<u8, MoveParseError> {
    text.parse()
        .map_err(|_| MoveParseError::new(text, "expected a node"))
}

/// A Walk position: the token's node.
#[derive(Clone, Debug, PartialEq)]
pub struct Walk {
    pub at: u8,
    pub side: Player,
    pub ply: u32,
    pub rules: WalkRules,
}

impl fmt::Display for Walk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "walk {} {} {}", self.at, self.side.letter(), self.ply)
    }
}

impl Game for Walk {
    type Move = u8;
    type Rules = WalkRules;
    const NAME: &'static str = "walk";
    fn start(rules: WalkRules) -> Self {
        Walk {
            at: 0,
            side: Player::South,
            ply: 0,
            rules,
        }
    }
    fn from_position(_text: &str, _rules: WalkRules) -> Result<Self, PositionError> {
        Err(PositionError::new("game", "not supported"))
    }
    fn rules(&self) -> &WalkRules {
        &self.rules
    }
    fn to_move(&self) -> Player {
        self.side
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn legal_moves(&self, out: &mut MoveList<u8>) {
        if self.outcome().is_some() {
            return;
        }
        self.rules.exits(self.at, out);
    }
    fn play(&mut self, mv: u8) {
        self.at = mv;
        self.ply += 1;
        self.side = self.side.opponent();
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.rules.adj[self.at as usize] == 0 {
            Some(Outcome::win(self.side.opponent(), EndReason::Immobilised))
        } else if self.rules.max_plies != 0 && self.ply >= self.rules.max_plies {
            Some(Outcome::draw(EndReason::PlyCap))
        } else {
            None
        }
    }
    fn zobrist(&self) -> u64 {
        mix(self.at as u64 * 2 + self.side.index() as u64)
    }
    fn totals(&self) -> [u32; 2] {
        [0, 0]
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveParseError> {
        parse_node(text)
    }
    fn check_move(&self, mv: u8) -> Result<(), IllegalMove> {
        if mv < 16 && self.rules.adj[self.at as usize] & (1 << mv) != 0 && self.outcome().is_none()
        {
            Ok(())
        } else {
            Err(IllegalMove::new(mv, "no edge"))
        }
    }
}

impl Evaluate for Walk {
    const SCORED: bool = false;
    const EVAL_SCALE: f64 = 100.0;
    fn evaluate(&self) -> i32 {
        self.rules.mobility(self.at)
    }
    fn ply_cap(&self) -> Option<u32> {
        (self.rules.max_plies != 0).then_some(self.rules.max_plies)
    }
}

/// A random graph of `nodes` nodes, each with 0 to 3 out-edges.
pub fn random_walk_rules(seed: u64, nodes: u8, max_plies: u32) -> WalkRules {
    let mut s = seed;
    let mut adj = [0u16; 16];
    for a in adj.iter_mut().take(nodes as usize) {
        s = mix(s);
        let degree = (s % 4) as u32;
        for _ in 0..degree {
            s = mix(s);
            *a |= 1 << (s % nodes as u64);
        }
    }
    WalkRules {
        adj,
        nodes,
        max_plies,
    }
}

/// Walk's value for the side to move under the cap: +1, 0, -1, by plain
/// recursion over (node, plies left), the reference for the solver.
pub fn walk_value_capped(rules: &WalkRules, at: u8, ply: u32) -> i32 {
    let mut memo = std::collections::HashMap::new();
    fn go(
        r: &WalkRules,
        at: u8,
        ply: u32,
        memo: &mut std::collections::HashMap<(u8, u32), i32>,
    ) -> i32 {
        if r.adj[at as usize] == 0 {
            return -1;
        }
        if ply >= r.max_plies {
            return 0;
        }
        if let Some(&v) = memo.get(&(at, ply)) {
            return v;
        }
        let mut best = -1;
        let mut m = r.adj[at as usize];
        while m != 0 {
            let to = m.trailing_zeros() as u8;
            m &= m - 1;
            best = best.max(-go(r, to, ply + 1, memo));
        }
        memo.insert((at, ply), best);
        best
    }
    go(rules, at, ply, &mut memo)
}

/// Walk's value without cap (endless play is a draw), by retrograde
/// analysis: the reference for the solver's no-cap mode.
pub fn walk_value_graph(rules: &WalkRules, at: u8) -> i32 {
    // Side to move does not matter for the value of a node (the game is
    // impartial): value[v] = +1 if some move reaches a lost node, -1 if
    // every move reaches a won node (or none), else 0.
    let n = rules.nodes as usize;
    let mut value = vec![0i32; n];
    let mut known = vec![false; n];
    loop {
        let mut changed = false;
        for v in 0..n {
            if known[v] {
                continue;
            }
            let succ: Vec<usize> = (0..n).filter(|&w| rules.adj[v] & (1 << w) != 0).collect();
            if succ.iter().any(|&w| known[w] && value[w] == -1) {
                value[v] = 1;
                known[v] = true;
                changed = true;
            } else if succ.iter().all(|&w| known[w] && value[w] == 1) {
                value[v] = -1;
                known[v] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    value[at as usize]
}

/// Nim's value for the side to move and the game's length under perfect
/// play (shortest win, longest loss), by plain recursion.
pub fn nim_value(pile: u32, bonus: bool) -> (i32, u32) {
    fn go(
        pile: u32,
        bonus: bool,
        memo: &mut std::collections::HashMap<u32, (i32, u32)>,
    ) -> (i32, u32) {
        if pile == 0 {
            return (-1, 0);
        }
        if let Some(&v) = memo.get(&pile) {
            return v;
        }
        let mut best: Option<(i32, u32)> = None;
        for k in 1..=3u32.min(pile) {
            let (v, len) = go(pile - k, bonus, memo);
            let same = bonus && k == 2 && pile - k > 0;
            let (v, len) = (if same { v } else { -v }, len + 1);
            let better = match best {
                None => true,
                Some((bv, bl)) => {
                    v > bv || (v == bv && ((v > 0 && len < bl) || (v < 0 && len > bl)))
                }
            };
            if better {
                best = Some((v, len));
            }
        }
        let r = best.unwrap_or((-1, 0));
        memo.insert(pile, r);
        r
    }
    go(pile, bonus, &mut std::collections::HashMap::new())
}

// ------------------------------------------------------------ Rewalk

/// Walk with Oware's kind of repetition rule: moving onto node 0 is a
/// "capture" (it counts in the mover's total and clears the history); a
/// move onto a position seen since the last capture loses. Capped by
/// `max_plies` (a draw). Unscored.
#[derive(Clone, Debug, PartialEq)]
pub struct Rewalk {
    pub at: u8,
    pub side: Player,
    pub ply: u32,
    pub captures: [u32; 2],
    /// (node, side) since the last capture, the current one included.
    pub history: Vec<(u8, Player)>,
    pub repeated: bool,
    pub rules: WalkRules,
}

impl Rewalk {
    pub fn new(at: u8, rules: WalkRules) -> Rewalk {
        Rewalk {
            at,
            side: Player::South,
            ply: 0,
            captures: [0, 0],
            history: vec![(at, Player::South)],
            repeated: false,
            rules,
        }
    }
}

impl fmt::Display for Rewalk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rewalk {} {} {} {},{}",
            self.at,
            self.side.letter(),
            self.ply,
            self.captures[0],
            self.captures[1]
        )
    }
}

impl Game for Rewalk {
    type Move = u8;
    type Rules = WalkRules;
    const NAME: &'static str = "rewalk";
    fn start(rules: WalkRules) -> Self {
        Rewalk::new(0, rules)
    }
    fn from_position(_text: &str, _rules: WalkRules) -> Result<Self, PositionError> {
        Err(PositionError::new("game", "not supported"))
    }
    fn rules(&self) -> &WalkRules {
        &self.rules
    }
    fn to_move(&self) -> Player {
        self.side
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn legal_moves(&self, out: &mut MoveList<u8>) {
        if self.outcome().is_some() {
            return;
        }
        self.rules.exits(self.at, out);
    }
    fn play(&mut self, mv: u8) {
        let mover = self.side;
        self.at = mv;
        self.ply += 1;
        self.side = mover.opponent();
        if mv == 0 {
            self.captures[mover.index()] += 1;
            self.history.clear();
        } else if self.history.contains(&(mv, self.side)) {
            self.repeated = true;
        }
        self.history.push((mv, self.side));
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.repeated {
            // The player who repeated (the one not to move) loses.
            Some(Outcome::win(self.side, EndReason::Repetition))
        } else if self.rules.adj[self.at as usize] == 0 {
            Some(Outcome::win(self.side.opponent(), EndReason::Immobilised))
        } else if self.ply >= self.rules.max_plies {
            Some(Outcome::draw(EndReason::PlyCap))
        } else {
            None
        }
    }
    fn zobrist(&self) -> u64 {
        mix(self.at as u64 * 2
            + self.side.index() as u64
            + ((self.captures[0] as u64) << 8)
            + ((self.captures[1] as u64) << 24))
    }
    fn totals(&self) -> [u32; 2] {
        self.captures
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveParseError> {
        parse_node(text)
    }
    fn check_move(&self, mv: u8) -> Result<(), IllegalMove> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            Ok(())
        } else {
            Err(IllegalMove::new(mv, "no edge"))
        }
    }
}

impl Evaluate for Rewalk {
    const SCORED: bool = false;
    const EVAL_SCALE: f64 = 100.0;
    const PATH_HISTORY: bool = true;
    fn evaluate(&self) -> i32 {
        self.rules.mobility(self.at)
    }
    fn ply_cap(&self) -> Option<u32> {
        Some(self.rules.max_plies)
    }
}

/// Rewalk's value for the side to move by plain minimax over whole states.
pub fn rewalk_value(game: &Rewalk) -> i32 {
    if let Some(o) = game.outcome() {
        return o.sign_for(game.side);
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = game.clone();
            child.play(mv);
            -rewalk_value(&child)
        })
        .max()
        .unwrap_or(-1)
}

// ----------------------------------------------------- a GHI trap

/// A Walk graph (no cap) on which a proof-number search that stores a
/// result resting on a repetition above its position answers wrongly
/// (graph-history interaction). The side to move at a dead end loses.
///
/// ```text
/// 0 -> 7, 8      7 -> 1, 2, 5      8 -> 1, 2      1 -> 7
/// 2 -> 1, 6      5 -> 2            6: dead end
/// ```
///
/// From 0, South to move loses: 6 is lost for its mover, so 2 is won
/// (to 6), 5 lost (to 2 only), 7 won (to 5), 1 lost (to 7 only), 8 won
/// (to 1), and 0 lost (both its moves reach won positions). North's proof
/// that he wins passes through (7, North to move) twice: after 0 -> 7, and
/// after 0 -> 8 -> 1. Searching 0 -> 7 first, the line 7 -> 1 -> 7
/// repeats, so on that line (1, South to move) looks like a position North
/// cannot win; stored as a plain disproof, it is then read after 0 -> 8,
/// where nothing repeats, and North's winning 8 -> 1 looks like a failure:
/// "South draws" instead of "South loses".
pub fn ghi_trap() -> Walk {
    let mut adj = [0u16; 16];
    let edges: [(usize, &[u16]); 6] = [
        (0, &[7, 8]),
        (7, &[1, 2, 5]),
        (8, &[1, 2]),
        (1, &[7]),
        (2, &[1, 6]),
        (5, &[2]),
    ];
    for (from, to) in edges {
        for &t in to {
            adj[from] |= 1 << t;
        }
    }
    Walk {
        at: 0,
        side: Player::South,
        ply: 0,
        rules: WalkRules {
            adj,
            nodes: 9,
            max_plies: 0,
        },
    }
}

/// An encoding for the toys, which no network plays: an action id is the
/// move's place in the legal-move list, the board one empty cell.
macro_rules! list_encoding {
    ($($toy:ty),*) => {$(
        impl ngola_nn::Encode for $toy {
            const BANKED: bool = false;

            fn num_actions(_rules: &<Self as Game>::Rules) -> usize {
                ngola_rules::MAX_MOVES
            }

            fn board_shape(_rules: &<Self as Game>::Rules) -> (usize, usize) {
                (1, 1)
            }

            fn action(&self, mv: Self::Move) -> usize {
                let mut moves = MoveList::new();
                self.legal_moves(&mut moves);
                moves.iter().position(|&m| m == mv).unwrap_or(0)
            }

            fn move_of(&self, action: usize) -> Option<Self::Move> {
                let mut moves = MoveList::new();
                self.legal_moves(&mut moves);
                moves.get(action).copied()
            }

            fn board(&self, out: &mut [u32]) {
                out[0] = 0;
            }

            fn ply_limit(&self) -> Option<u32> {
                None
            }
        }
    )*};
}
list_encoding!(Nim, Coins, Walk, Rewalk);

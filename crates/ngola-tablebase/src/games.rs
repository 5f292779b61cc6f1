//! The three games as the database sees them: how an arrangement of the
//! seeds on the board becomes a position of the fast engine and back, what
//! the seeds already banked are, and what endless play is worth.
//!
//! # Canonical side to move
//! Every entry has the side to move as South: an arrangement lists the
//! mover's holes first, each side's holes from its owner's left (South
//! `a1..an`, North `bn..b1`), which for Kalah and Oware is also each side's
//! sowing order. A position with North to move is looked up as the same
//! arrangement with South to move; the rules of all three games are the
//! same for both sides under this turn of the board (a test checks it for
//! every position of small boards).
//!
//! # The key leaves the banked seeds out
//! Seeds in the stores (Kalah), scores (Oware) or taken counters (Um
//! el-Bagara) never return to the board, and under the rules here they
//! never change what the seeds on the board can do, with one exception:
//! Oware ends as soon as one score is more than half of all seeds. With
//! `d` the mover's score minus the opponent's and `k` the seeds on the
//! board, that happens exactly when `|d| > k` (one side's lead exceeds what
//! is left to win), whatever the total; so an Oware level has one slice
//! per `d` in `-k..=k` (the slice index is `d + k`), and positions with a
//! larger lead are over. Kalah and Um el-Bagara levels have one slice.

use ngola_rules::kalah::{openspiel as kalah_openspiel, Kalah, KalahRules};
use ngola_rules::oware::{openspiel as oware_openspiel, Oware, OwareRules};
use ngola_rules::reference::kalah::RefKalah;
use ngola_rules::reference::oware::RefOware;
use ngola_rules::reference::umelbagara::Reference as RefUmElBagara;
use ngola_rules::reference::RefGame;
use ngola_rules::umelbagara::{UmElBagara, UmElBagaraRules, MAX_COUNTERS};
use ngola_rules::{Game, MoveList, Player, RuleOptions};

use crate::error::TablebaseError;
use crate::index::{rank_with, Binomials, MAX_HOLES};

/// What a line of play that never ends is worth, and so what an entry holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Semantics {
    /// Every game ends and no position can recur within a level (Kalah):
    /// one exact value per entry.
    Acyclic,
    /// Positions can recur and a game can go on for ever (Um el-Bagara
    /// without a ply cap): a line that never ends fails the player who needs
    /// it, as in `ngola prove`. An entry holds two values (see `value`).
    Endless,
    /// Positions can recur, but the rules end the game at the first
    /// repetition since the last capture (Oware): an entry holds the two
    /// bounds the repetition rule's outcome lies between (see `value`).
    Repetition,
}

/// A position of a level: one the engine can play from, or one already over.
#[derive(Clone, Debug)]
pub enum Node<G> {
    /// The game goes on; the engine's position (South to move).
    Play(G),
    /// The game is over; the mover's final margin over the seeds on the board.
    Over(i32),
}

/// Where a move leads, as the database indexes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum To {
    /// The game ended with the move: the mover's final margin over the
    /// seeds that were on the board before it.
    Final(i32),
    /// Another entry.
    Child {
        /// Seeds on the board after the move.
        level: usize,
        /// The slice of that level (Oware: the score difference; else 0).
        slice: usize,
        /// The arrangement's rank.
        rank: u64,
        /// Seeds the mover banked with the move, minus any the opponent banked.
        gain: i32,
        /// The mover moves again (Kalah's extra turn).
        same_side: bool,
    },
}

/// A game the database can index and solve.
pub trait Endgame: Clone + Send + Sync + 'static {
    /// The fast engine's position.
    type G: Game;
    /// The per-seed reference implementation (for `verify`).
    type Ref: RefGame<Rules = <Self::G as Game>::Rules>;

    /// The rule option that only sets the start position (seeds or counters
    /// per hole): the database's values do not depend on it.
    const START_KEY: &'static str;

    /// The adapter for `rules`; refuses rules a database cannot represent
    /// (a ply cap: values would depend on the ply).
    fn new(rules: <Self::G as Game>::Rules) -> Result<Self, TablebaseError>;

    /// The rules (always with `max_plies=0`).
    fn rules(&self) -> &<Self::G as Game>::Rules;

    /// The rules the positions of [`Endgame::position`] are built under
    /// (the same rules of play; Um el-Bagara's with room for every level).
    fn position_rules(&self) -> <Self::G as Game>::Rules {
        *self.rules()
    }

    /// Holes on the board (both rows).
    fn holes(&self) -> usize;

    /// What endless play is worth, and what an entry holds.
    fn semantics(&self) -> Semantics;

    /// Slices of level `level` (Oware `2 * level + 1`, else 1).
    fn slices(&self, _level: usize) -> usize {
        1
    }

    /// The slice of a position of `level` whose mover has banked
    /// `banked_diff` more seeds than the opponent; `None` when the game is
    /// over by it (Oware's majority).
    fn slice_of(&self, _level: usize, _banked_diff: i32) -> Option<usize> {
        Some(0)
    }

    /// The slice of the children within the level of a position of `slice`
    /// (Oware: the score difference changes sign with the side to move).
    fn mirror(&self, _level: usize, slice: usize) -> usize {
        slice
    }

    /// The banked difference a position of `slice` of `level` is built with.
    fn banked_of_slice(&self, _level: usize, _slice: usize) -> i32 {
        0
    }

    /// The position with South to move, `counts` in the database's order
    /// (mover's holes first) and slice `slice`.
    fn position(&self, counts: &[u8], slice: usize) -> Node<Self::G>;

    /// The counts of `game` in the database's order (its mover's holes first).
    fn counts(&self, game: &Self::G, out: &mut [u8]);

    /// The seeds each side has banked, `[South, North]`.
    fn banked(&self, game: &Self::G) -> [i32; 2];

    /// The rules as the header writes them: every option, `key=value`, in
    /// the game's order, separated by commas.
    fn rules_text(&self) -> String {
        self.rules()
            .to_pairs()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The rules that decide the database's values: every option but
    /// [`Endgame::START_KEY`].
    fn play_rules_text(&self) -> String {
        self.rules()
            .to_pairs()
            .iter()
            .filter(|(k, _)| k != Self::START_KEY)
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The game's name (`kalah`, `oware`, `umelbagara`).
pub fn game_name<E: Endgame>() -> &'static str {
    <E::G as Game>::NAME
}

/// Refuses a ply cap.
fn require_uncapped(max_plies: u32) -> Result<(), TablebaseError> {
    if max_plies != 0 {
        return Err(TablebaseError::Rules {
            key: "max_plies".into(),
            value: max_plies.to_string(),
            reason: "a database is of the game without a ply cap (values would depend on \
                     the ply); use max_plies=0"
                .into(),
        });
    }
    Ok(())
}

/// Refuses the swap rule: a database holds positions where no swap is to
/// come. Positions after a swap are ordinary positions, so a database
/// built under `swap=false` gives their values.
fn require_no_swap(swap: bool) -> Result<(), TablebaseError> {
    if swap {
        return Err(TablebaseError::Rules {
            key: "swap".into(),
            value: "true".into(),
            reason: "a database holds positions where no swap is to come; positions after \
                     a swap are ordinary ones: build and probe with swap=false"
                .into(),
        });
    }
    Ok(())
}

/// Mover-first counts of a two-row engine (`sowing_row` per side).
fn two_row_counts(rows: [[u8; 8]; 2], mover: Player, n: usize, out: &mut [u8]) {
    let me = rows[mover.index()];
    let them = rows[mover.opponent().index()];
    out[..n].copy_from_slice(&me[..n]);
    out[n..2 * n].copy_from_slice(&them[..n]);
}

/// The mover's margin in `final_totals` (`[South, North]`) over the seeds
/// on the board of a position whose sides had banked `banked`.
#[inline]
pub fn board_margin(final_totals: [u32; 2], banked: [i32; 2], mover: Player) -> i32 {
    let (me, them) = (mover.index(), mover.opponent().index());
    (final_totals[me] as i32 - final_totals[them] as i32) - (banked[me] - banked[them])
}

/// Where the move from `parent` to `child` leads, with the child's counts
/// in `counts` (untouched for a final move).
pub fn locate<E: Endgame>(
    endgame: &E,
    binomials: &Binomials,
    parent: &E::G,
    child: &E::G,
    counts: &mut [u8],
) -> To {
    let mover = parent.to_move();
    let banked = endgame.banked(parent);
    if child.outcome().is_some() {
        return To::Final(board_margin(child.totals(), banked, mover));
    }
    let before = banked[mover.index()] - banked[mover.opponent().index()];
    let after = endgame.banked(child);
    let gain = after[mover.index()] - after[mover.opponent().index()] - before;
    let next = child.to_move();
    let holes = endgame.holes();
    endgame.counts(child, &mut counts[..holes]);
    let level = counts[..holes].iter().map(|&c| c as usize).sum();
    let banked_next = after[next.index()] - after[next.opponent().index()];
    match endgame.slice_of(level, banked_next) {
        Some(slice) => To::Child {
            level,
            slice,
            rank: rank_with(binomials, &counts[..holes]),
            gain,
            same_side: next == mover,
        },
        None => To::Final(board_margin(child.totals(), banked, mover)),
    }
}

/// Every legal move of `game` (not over) and where it leads, with the
/// child's counts (empty for a final move).
pub fn for_each_step<E: Endgame>(
    endgame: &E,
    binomials: &Binomials,
    game: &E::G,
    mut visit: impl FnMut(<E::G as Game>::Move, To, &[u8]),
) {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut counts = [0u8; MAX_HOLES];
    let holes = endgame.holes();
    for &mv in &moves {
        let mut child = game.clone();
        child.play(mv);
        match locate(endgame, binomials, game, &child, &mut counts) {
            to @ To::Final(_) => visit(mv, to, &[]),
            to => visit(mv, to, &counts[..holes]),
        }
    }
}

/// Kalah (OpenSpiel's `mancala`, generalised).
#[derive(Clone, Debug)]
pub struct KalahEndgame {
    rules: KalahRules,
}

impl Endgame for KalahEndgame {
    type G = Kalah;
    type Ref = RefKalah;
    const START_KEY: &'static str = "seeds";

    fn new(rules: KalahRules) -> Result<Self, TablebaseError> {
        require_uncapped(rules.max_plies)?;
        require_no_swap(rules.swap)?;
        Ok(KalahEndgame { rules })
    }

    fn rules(&self) -> &KalahRules {
        &self.rules
    }

    fn holes(&self) -> usize {
        2 * self.rules.pits as usize
    }

    fn semantics(&self) -> Semantics {
        Semantics::Acyclic
    }

    fn position(&self, counts: &[u8], _slice: usize) -> Node<Kalah> {
        // OpenSpiel's board: North's store, South's pits 1..p, South's
        // store, North's pits p..1 (North's sowing order).
        let p = self.rules.pits as usize;
        let mut board = [0u32; 18];
        for (c, &count) in counts[..p].iter().enumerate() {
            board[c + 1] = count as u32;
        }
        for (j, &count) in counts[p..2 * p].iter().enumerate() {
            board[p + 2 + j] = count as u32;
        }
        match kalah_openspiel::from_board(&board[..2 * p + 2], Player::South, 0, self.rules) {
            Ok(game) if game.outcome().is_some() => {
                Node::Over(board_margin(game.totals(), [0, 0], Player::South))
            }
            Ok(game) => Node::Play(game),
            // Levels hold at most MAX_LEVEL seeds, within the engine's limit.
            Err(_) => unreachable!("a level's board is always a valid Kalah board"),
        }
    }

    fn counts(&self, game: &Kalah, out: &mut [u8]) {
        let rows = [
            game.sowing_row(Player::South),
            game.sowing_row(Player::North),
        ];
        two_row_counts(rows, game.to_move(), self.rules.pits as usize, out);
    }

    fn banked(&self, game: &Kalah) -> [i32; 2] {
        [
            game.store(Player::South) as i32,
            game.store(Player::North) as i32,
        ]
    }
}

/// Oware (OpenSpiel's `oware`, generalised).
#[derive(Clone, Debug)]
pub struct OwareEndgame {
    rules: OwareRules,
}

impl Endgame for OwareEndgame {
    type G = Oware;
    type Ref = RefOware;
    const START_KEY: &'static str = "seeds";

    fn new(rules: OwareRules) -> Result<Self, TablebaseError> {
        require_uncapped(rules.max_plies)?;
        require_no_swap(rules.swap)?;
        Ok(OwareEndgame { rules })
    }

    fn rules(&self) -> &OwareRules {
        &self.rules
    }

    fn holes(&self) -> usize {
        2 * self.rules.houses as usize
    }

    fn semantics(&self) -> Semantics {
        Semantics::Repetition
    }

    fn slices(&self, level: usize) -> usize {
        2 * level + 1
    }

    fn slice_of(&self, level: usize, banked_diff: i32) -> Option<usize> {
        (banked_diff.unsigned_abs() as usize <= level)
            .then(|| (banked_diff + level as i32) as usize)
    }

    fn mirror(&self, level: usize, slice: usize) -> usize {
        2 * level - slice
    }

    fn banked_of_slice(&self, level: usize, slice: usize) -> i32 {
        slice as i32 - level as i32
    }

    fn position(&self, counts: &[u8], slice: usize) -> Node<Oware> {
        let holes = self.holes();
        let level: usize = counts[..holes].iter().map(|&c| c as usize).sum();
        let d = self.banked_of_slice(level, slice);
        // OpenSpiel's houses: South's 0..h, then North's, each in sowing order.
        let mut seeds = [0u32; 16];
        for (s, &c) in seeds.iter_mut().zip(&counts[..holes]) {
            *s = c as u32;
        }
        let scores = if d >= 0 {
            [d as u32, 0]
        } else {
            [0, d.unsigned_abs()]
        };
        let banked = [scores[0] as i32, scores[1] as i32];
        match oware_openspiel::from_state(&seeds[..holes], scores, Player::South, 0, self.rules) {
            Ok(game) if game.outcome().is_some() => {
                Node::Over(board_margin(game.totals(), banked, Player::South))
            }
            Ok(game) => Node::Play(game),
            // Refused only when South cannot move and the scores do not end
            // the game; play collects such a position at once: each side
            // takes its own row.
            Err(_) => {
                let h = holes / 2;
                let mine: i32 = counts[..h].iter().map(|&c| c as i32).sum();
                let theirs: i32 = counts[h..holes].iter().map(|&c| c as i32).sum();
                Node::Over(mine - theirs)
            }
        }
    }

    fn counts(&self, game: &Oware, out: &mut [u8]) {
        let rows = [
            game.sowing_row(Player::South),
            game.sowing_row(Player::North),
        ];
        two_row_counts(rows, game.to_move(), self.rules.houses as usize, out);
    }

    fn banked(&self, game: &Oware) -> [i32; 2] {
        [
            game.score(Player::South) as i32,
            game.score(Player::North) as i32,
        ]
    }
}

/// Um el-Bagara (docs/src/rules.md).
#[derive(Clone, Debug)]
pub struct UmElBagaraEndgame {
    rules: UmElBagaraRules,
    /// The same rules with the most counters per house, so that every level
    /// has a total to build its positions with (the counters per house only
    /// set the start).
    roomy: UmElBagaraRules,
}

impl Endgame for UmElBagaraEndgame {
    type G = UmElBagara;
    type Ref = RefUmElBagara;
    const START_KEY: &'static str = "counters";

    fn new(rules: UmElBagaraRules) -> Result<Self, TablebaseError> {
        require_uncapped(rules.max_plies())?;
        require_no_swap(rules.swap())?;
        let roomy = UmElBagaraRules::new(
            rules.houses() as u32,
            MAX_COUNTERS as u32,
            rules.skip_origin(),
            0,
        )
        .map_err(|e| TablebaseError::Rules {
            key: "houses".into(),
            value: rules.houses().to_string(),
            reason: e.to_string(),
        })?;
        Ok(UmElBagaraEndgame { rules, roomy })
    }

    fn rules(&self) -> &UmElBagaraRules {
        &self.rules
    }

    fn position_rules(&self) -> UmElBagaraRules {
        self.roomy
    }

    fn holes(&self) -> usize {
        2 * self.rules.houses()
    }

    fn semantics(&self) -> Semantics {
        Semantics::Endless
    }

    fn position(&self, counts: &[u8], _slice: usize) -> Node<UmElBagara> {
        let h = self.rules.houses();
        let mut a = [0u32; 9];
        let mut b = [0u32; 9];
        for c in 0..h {
            a[c] = counts[c] as u32;
            // North's houses from his left are b_h..b_1.
            b[c] = counts[2 * h - 1 - c] as u32;
        }
        let on_board: u32 = counts[..2 * h].iter().map(|&c| c as u32).sum();
        let taken = [self.roomy.total_counters() - on_board, 0];
        let banked = [taken[0] as i32, 0];
        match UmElBagara::from_parts(self.roomy, [&a[..h], &b[..h]], Player::South, 0, taken) {
            Ok(game) if game.outcome().is_some() => {
                Node::Over(board_margin(game.totals(), banked, Player::South))
            }
            Ok(game) => Node::Play(game),
            Err(_) => unreachable!("a level's board always fits the roomy rules"),
        }
    }

    fn counts(&self, game: &UmElBagara, out: &mut [u8]) {
        let h = self.rules.houses();
        let mover = game.to_move();
        for (i, side) in [mover, mover.opponent()].into_iter().enumerate() {
            for j in 0..h {
                let column = match side {
                    Player::South => j + 1,
                    Player::North => h - j,
                };
                out[i * h + j] = game.count(side, column).unwrap_or(0) as u8;
            }
        }
    }

    fn banked(&self, game: &UmElBagara) -> [i32; 2] {
        let t = game.taken();
        [t[0] as i32, t[1] as i32]
    }
}

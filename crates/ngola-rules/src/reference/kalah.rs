//! A plain, per-seed Kalah on OpenSpiel's board array, written from
//! shared/fixtures/openspiel/README.txt (the rules of OpenSpiel's `mancala`)
//! without any of the engine's tricks, to check the fast engine against.
//!
//! Board: `2p + 2` entries; 0 is North's (player 1's) store, `1..=p` South's
//! pits, `p + 1` South's store, `p + 2..=2p + 1` North's pits; sowing goes
//! up through the indices and wraps, skipping the opponent's store.

use crate::error::PositionError;
use crate::kalah::KalahRules;
use crate::options::RuleOptions;
use crate::Player;

/// A Kalah position in OpenSpiel's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefKalah {
    /// Pits per row.
    pub pits: usize,
    /// OpenSpiel's board array.
    pub board: Vec<u32>,
    /// 0 (South) or 1 (North).
    pub player: usize,
    /// Plies played.
    pub ply: u32,
    /// Over once more than this many plies were played (0: never).
    pub max_plies: u32,
    /// Capture with an empty opposite pit too (the seed alone goes to the store).
    pub empty_capture: bool,
}

impl RefKalah {
    /// The start: every pit holds `seeds`, South to move.
    pub fn new(pits: usize, seeds: u32, empty_capture: bool, max_plies: u32) -> RefKalah {
        let mut board = vec![seeds; 2 * pits + 2];
        board[0] = 0;
        board[pits + 1] = 0;
        RefKalah {
            pits,
            board,
            player: 0,
            ply: 0,
            max_plies,
            empty_capture,
        }
    }

    /// The store index of `player`.
    pub fn store(&self, player: usize) -> usize {
        if player == 0 {
            self.pits + 1
        } else {
            0
        }
    }

    /// Whether board index `i` is one of `player`'s pits.
    pub fn is_own_pit(&self, player: usize, i: usize) -> bool {
        if player == 0 {
            (1..=self.pits).contains(&i)
        } else {
            (self.pits + 2..=2 * self.pits + 1).contains(&i)
        }
    }

    fn row_empty(&self, player: usize) -> bool {
        (0..self.board.len())
            .filter(|&i| self.is_own_pit(player, i))
            .all(|i| self.board[i] == 0)
    }

    /// Over when a row is empty or more than `max_plies` plies were played.
    pub fn is_terminal(&self) -> bool {
        (self.max_plies != 0 && self.ply > self.max_plies) || self.row_empty(0) || self.row_empty(1)
    }

    /// The mover's non-empty pits, ascending.
    pub fn legal_actions(&self) -> Vec<u32> {
        if self.is_terminal() {
            return Vec::new();
        }
        (0..self.board.len())
            .filter(|&i| self.is_own_pit(self.player, i) && self.board[i] > 0)
            .map(|i| i as u32)
            .collect()
    }

    /// Plays `action` (the index of a legal pit).
    pub fn apply(&mut self, action: u32) {
        assert!(
            self.legal_actions().contains(&action),
            "illegal action {action}"
        );
        let len = self.board.len();
        let mut pit = action as usize;
        let mut seeds = self.board[pit];
        self.board[pit] = 0;
        while seeds > 0 {
            pit = (pit + 1) % len;
            if pit == self.store(1 - self.player) {
                continue;
            }
            self.board[pit] += 1;
            seeds -= 1;
        }
        let opposite = len - pit;
        if self.is_own_pit(self.player, pit)
            && self.board[pit] == 1
            && (self.board[opposite] > 0 || self.empty_capture)
        {
            let store = self.store(self.player);
            self.board[store] += 1 + self.board[opposite];
            self.board[pit] = 0;
            self.board[opposite] = 0;
        }
        if pit != self.store(self.player) {
            self.player = 1 - self.player;
        }
        self.ply += 1;
    }

    /// Store plus own pits, `[South, North]`.
    pub fn totals(&self) -> [u32; 2] {
        let mut totals = [self.board[self.store(0)], self.board[self.store(1)]];
        for (i, &count) in self.board.iter().enumerate() {
            for (player, total) in totals.iter_mut().enumerate() {
                if self.is_own_pit(player, i) {
                    *total += count;
                }
            }
        }
        totals
    }

    /// OpenSpiel's returns at the end: `[1, -1]`, `[-1, 1]` or `[0, 0]`.
    pub fn returns(&self) -> [i32; 2] {
        let [south, north] = self.totals();
        match south.cmp(&north) {
            std::cmp::Ordering::Greater => [1, -1],
            std::cmp::Ordering::Less => [-1, 1],
            std::cmp::Ordering::Equal => [0, 0],
        }
    }
}

impl RefKalah {
    /// The pit name of board index `i` (a pit, not a store): `a1`..`ap`
    /// for South's `1..=p`, `bk` for North's `2p + 2 - k`.
    pub fn pit_name(&self, i: usize) -> String {
        if i <= self.pits {
            format!("a{i}")
        } else {
            format!("b{}", 2 * self.pits + 2 - i)
        }
    }
}

impl super::RefGame for RefKalah {
    fn seeds(&self) -> u32 {
        self.board.iter().sum()
    }

    type Rules = KalahRules;
    const NAME: &'static str = "kalah";
    const SCORED: bool = true;

    /// Reads `kalah a1,..,ap/b1,..,bp SIDE PLY SOUTH,NORTH` (the last field
    /// the stores).
    fn from_text(text: &str, rules: KalahRules) -> Result<Self, PositionError> {
        rules.validate_for_position()?;
        let p = rules.pits as usize;
        let fields = super::text::parse(text, Self::NAME, 2, p, Some("stores"))?;
        let stores = fields.pair.unwrap_or([0, 0]);
        let mut board = vec![0; 2 * p + 2];
        for k in 1..=p {
            board[k] = fields.rows[0][k - 1];
            board[2 * p + 2 - k] = fields.rows[1][k - 1];
        }
        board[p + 1] = stores[0];
        board[0] = stores[1];
        Ok(RefKalah {
            pits: p,
            board,
            player: fields.side.index(),
            ply: fields.ply,
            max_plies: rules.max_plies,
            empty_capture: rules.empty_capture,
        })
    }

    fn key_text(&self) -> String {
        let p = self.pits;
        let rows = [
            (1..=p).map(|k| self.board[k]).collect::<Vec<_>>(),
            (1..=p).map(|k| self.board[2 * p + 2 - k]).collect(),
        ];
        let stores = [self.board[p + 1], self.board[0]];
        super::text::position_text(
            Self::NAME,
            &rows,
            Player::from_index(self.player),
            self.ply,
            Some(stores),
        )
    }

    fn side(&self) -> Player {
        Player::from_index(self.player)
    }

    fn successors(&self) -> Vec<(String, Self)> {
        self.legal_actions()
            .into_iter()
            .map(|action| {
                let mut next = self.clone();
                next.apply(action);
                (self.pit_name(action as usize), next)
            })
            .collect()
    }

    fn result(&self) -> Option<super::RefResult> {
        self.is_terminal()
            .then(|| super::RefResult::from_totals(self.totals()))
    }
}

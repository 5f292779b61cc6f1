//! A plain, obviously-correct Mangola: a 4 x 8 array of holes, one seed at
//! a time, written from docs/src/rules.md and nothing else. Slow on purpose; the fast
//! engine is checked against it (tests), compared with it (bench), and
//! proof certificates are checked by it ([`super::certificate`]).

use std::collections::HashMap;

use crate::error::PositionError;
use crate::mangola::{CaptureSowing, EndlessSowing, MangolaRules};
use crate::options::RuleOptions;
use crate::Player;
use rand::Rng;

/// A hole: (row 0 = a .. 3 = d, column 0-based).
pub type Hole = (usize, usize);

/// How a reference move's sowing ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RefEnd {
    /// The opening transfers.
    Opening,
    /// The last seed went to sleep.
    Finished,
    /// Endless: more than `lap_limit` laps, or a lap boundary repeated.
    Endless,
}

/// What a reference move did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RefReport {
    /// How the sowing ended.
    pub end: RefEnd,
    /// Laps sown (a capture's re-sowing is a lap).
    pub laps: u64,
    /// Captures made.
    pub captures: u32,
    /// Seeds taken from the opponent in all.
    pub seeds_captured: u32,
    /// Under exact detection: laps between the two visits of the repeated boundary.
    pub cycle: Option<u64>,
}

/// A reference position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefMangola {
    /// Seeds by row (a, b, c, d) and column (0-based); columns beyond the
    /// board stay 0.
    pub board: [[u8; 8]; 4],
    /// The player to move.
    pub side: Player,
    /// Plies played (0 and 1 are the openings, 2 and 3 the second moves).
    pub ply: u32,
    /// The rule options played under.
    pub rules: MangolaRules,
}

impl RefMangola {
    /// Two seeds in every hole, South to move.
    pub fn start(rules: MangolaRules) -> RefMangola {
        let mut board = [[0u8; 8]; 4];
        for row in board.iter_mut() {
            for hole in row.iter_mut().take(rules.columns as usize) {
                *hole = 2;
            }
        }
        RefMangola {
            board,
            side: Player::South,
            ply: 0,
            rules,
        }
    }

    /// Holes per row.
    pub fn columns(&self) -> usize {
        self.rules.columns as usize
    }

    /// The player's circuit, anticlockwise: South a1..a8 b8..b1, North c1..c8 d8..d1.
    pub fn circuit(&self, player: Player) -> Vec<Hole> {
        let c = self.columns();
        let (first, second) = match player {
            Player::South => (0, 1),
            Player::North => (2, 3),
        };
        let mut holes: Vec<Hole> = (0..c).map(|col| (first, col)).collect();
        holes.extend((0..c).rev().map(|col| (second, col)));
        holes
    }

    fn is_inner(&self, hole: Hole) -> bool {
        match self.side {
            Player::South => hole.0 == 1,
            Player::North => hole.0 == 2,
        }
    }

    /// The two opponent holes facing an inner hole (same column).
    fn facing(&self, hole: Hole) -> [Hole; 2] {
        match self.side {
            Player::South => [(2, hole.1), (3, hole.1)],
            Player::North => [(1, hole.1), (0, hole.1)],
        }
    }

    fn seeds(&self, hole: Hole) -> u32 {
        u32::from(self.board[hole.0][hole.1])
    }

    fn take(&mut self, hole: Hole) -> u32 {
        let seeds = self.seeds(hole);
        self.board[hole.0][hole.1] = 0;
        seeds
    }

    fn drop_one(&mut self, hole: Hole) {
        self.board[hole.0][hole.1] += 1;
    }

    /// The holes a player may start from in this phase, before the endless test.
    pub fn candidates(&self) -> Vec<Hole> {
        let c = self.columns();
        let allowed: Vec<Hole> = match self.ply {
            // Opening: the two leftmost holes as the player sees the board.
            0 | 1 => match self.side {
                Player::South => vec![(0, 0), (1, 0)],
                Player::North => vec![(3, c - 1), (2, c - 1)],
            },
            // Second move: the end holes of his rows.
            2 | 3 => {
                let rows = match self.side {
                    Player::South => [0, 1],
                    Player::North => [2, 3],
                };
                rows.iter().flat_map(|&r| [(r, 0), (r, c - 1)]).collect()
            }
            _ => self.circuit(self.side),
        };
        allowed
            .into_iter()
            .filter(|&h| self.seeds(h) >= 2)
            .collect()
    }

    /// Plays `hole` (a candidate) and tells how the sowing ended. An endless
    /// sowing leaves the board as `endless_sowing=stop` says.
    pub fn play(&mut self, hole: Hole) -> RefReport {
        assert!(
            self.seeds(hole) >= 2,
            "a singleton or an empty hole was moved"
        );
        let report = if self.ply < 2 {
            self.opening(hole);
            RefReport {
                end: RefEnd::Opening,
                laps: 0,
                captures: 0,
                seeds_captured: 0,
                cycle: None,
            }
        } else {
            self.relay_sowing(hole)
        };
        self.ply += 1;
        self.side = match self.side {
            Player::South => Player::North,
            Player::North => Player::South,
        };
        report
    }

    /// The opening: `columns` times, put the seeds of h into the next hole
    /// and move h two holes on.
    fn opening(&mut self, hole: Hole) {
        let circuit = self.circuit(self.side);
        let n = circuit.len();
        let mut h = circuit.iter().position(|&x| x == hole).expect("own hole");
        for _ in 0..self.columns() {
            let seeds = self.take(circuit[h]);
            let next = circuit[(h + 1) % n];
            self.board[next.0][next.1] += seeds as u8;
            h = (h + 2) % n;
        }
    }

    /// A normal move, seed by seed, docs/src/rules.md "A normal move (relay sowing)".
    fn relay_sowing(&mut self, hole: Hole) -> RefReport {
        let circuit = self.circuit(self.side);
        let n = circuit.len();
        let exact = self.rules.lap_limit == 0;
        let limit = u64::from(self.rules.lap_limit);
        let mut report = RefReport {
            end: RefEnd::Finished,
            laps: 0,
            captures: 0,
            seeds_captured: 0,
            cycle: None,
        };
        // Lap boundaries seen since the move began or the last capture, with
        // the laps sown when each was reached.
        let mut seen: HashMap<([[u8; 8]; 4], usize), u64> = HashMap::new();
        let origin = circuit.iter().position(|&x| x == hole).expect("own hole");
        let mut pick = origin;
        'lap_boundary: loop {
            if exact {
                if let Some(&before) = seen.get(&(self.board, pick)) {
                    // The first boundary reached again: the board stays as it is.
                    report.end = RefEnd::Endless;
                    report.cycle = Some(report.laps - before);
                    return report;
                }
                seen.insert((self.board, pick), report.laps);
            }
            // 1. Pick up all seeds of the hole: the lap's origin.
            let mut hand = self.take(circuit[pick]);
            assert!(hand >= 2, "a lap picked up fewer than two seeds");
            // `before_first`: the hole before the first hole to receive a seed.
            let mut before_first = pick;
            loop {
                // 2. Sow one by one into the following holes (the origin too, with 2c or more).
                let mut at = before_first;
                for _ in 0..hand {
                    at = (at + 1) % n;
                    self.drop_one(circuit[at]);
                }
                report.laps += 1;
                // 3. Look at L, the hole of the last seed.
                let last = circuit[at];
                if self.seeds(last) == 1 {
                    // L was empty before that seed: it goes to sleep in the next hole.
                    self.board[last.0][last.1] -= 1;
                    self.drop_one(circuit[(at + 1) % n]);
                    return report;
                }
                if !exact && report.laps >= limit {
                    report.end = RefEnd::Endless;
                    return report;
                }
                let [f1, f2] = self.facing(last);
                if self.is_inner(last) && self.seeds(f1) >= 1 && self.seeds(f2) >= 1 {
                    // 4. Capture.
                    let taken = self.take(f1) + self.take(f2);
                    report.captures += 1;
                    report.seeds_captured += taken;
                    seen.clear();
                    match self.rules.capture_sowing {
                        CaptureSowing::LapStart => {
                            // From the first hole that received a seed in this lap.
                            hand = self.take(last) + taken;
                        }
                        CaptureSowing::AfterCapture => {
                            hand = self.take(last) + taken;
                            before_first = at;
                        }
                        CaptureSowing::Ludii => {
                            // The first empty hole going backwards from L.
                            let empty = (1..n)
                                .map(|d| (at + n - d) % n)
                                .find(|&i| self.seeds(circuit[i]) == 0);
                            // Sown from two holes after it; with none, from the third hole.
                            let mut first = match empty {
                                Some(e) => (e + 2) % n,
                                None => 2,
                            };
                            for _ in 0..taken {
                                self.drop_one(circuit[first]);
                                first = (first + 1) % n;
                            }
                            report.laps += 1;
                            if !exact && report.laps >= limit {
                                report.end = RefEnd::Endless;
                                return report;
                            }
                            // Then L is sown as an ordinary next lap.
                            pick = at;
                            continue 'lap_boundary;
                        }
                    }
                    continue;
                }
                // Otherwise L is the next lap's origin.
                pick = at;
                continue 'lap_boundary;
            }
        }
    }

    /// Whether `hole` may be played (a candidate, and under `illegal` not endless).
    pub fn is_legal(&self, hole: Hole) -> bool {
        if !self.candidates().contains(&hole) {
            return false;
        }
        if self.rules.endless_sowing == EndlessSowing::Stop || self.ply < 2 {
            return true;
        }
        let mut copy = self.clone();
        copy.play(hole).end != RefEnd::Endless
    }

    /// Every legal move (empty when the game is over).
    pub fn legal_moves(&self) -> Vec<Hole> {
        if self.rules.max_plies != 0 && self.ply >= self.rules.max_plies {
            return Vec::new();
        }
        self.candidates()
            .into_iter()
            .filter(|&h| self.is_legal(h))
            .collect()
    }

    /// `(winner, reason)` when the game is over: the player to move loses if
    /// he has no candidate ("immobilised") or only endless ones
    /// ("endless-sowing"); otherwise the ply cap draws.
    pub fn outcome(&self) -> Option<(Option<Player>, &'static str)> {
        let other = match self.side {
            Player::South => Player::North,
            Player::North => Player::South,
        };
        let candidates = self.candidates();
        if candidates.is_empty() {
            return Some((Some(other), "immobilised"));
        }
        if !candidates.iter().any(|&h| self.is_legal(h)) {
            return Some((Some(other), "endless-sowing"));
        }
        if self.rules.max_plies != 0 && self.ply >= self.rules.max_plies {
            return Some((None, "ply-cap"));
        }
        None
    }

    /// Plays a uniformly random legal move the slow way (list, then pick);
    /// `false` when the game is over.
    pub fn play_random<R: Rng>(&mut self, rng: &mut R) -> bool {
        let moves = self.legal_moves();
        if moves.is_empty() {
            return false;
        }
        let hole = moves[rng.random_range(0..moves.len())];
        self.play(hole);
        true
    }

    /// Seeds on the whole board.
    pub fn total(&self) -> u32 {
        self.board.iter().flatten().map(|&s| u32::from(s)).sum()
    }
}

/// The name of a hole: its row letter and column, e.g. `b3`.
pub fn hole_name(hole: Hole) -> String {
    format!("{}{}", (b'a' + hole.0 as u8) as char, hole.1 + 1)
}

impl super::RefGame for RefMangola {
    fn seeds(&self) -> u32 {
        self.board.iter().flatten().map(|&n| u32::from(n)).sum()
    }

    type Rules = MangolaRules;
    const NAME: &'static str = "mangola";
    const SCORED: bool = false;

    /// Reads `mangola a/b/c/d SIDE PLY`: four rows of `columns` counts, at
    /// most 64 seeds in all (the engine's limit too).
    fn from_text(text: &str, rules: MangolaRules) -> Result<Self, PositionError> {
        rules.validate_for_position()?;
        let columns = rules.columns as usize;
        let fields = super::text::parse(text, Self::NAME, 4, columns, None)?;
        let total: u32 = fields.rows.iter().flatten().sum();
        if total > 64 {
            return Err(PositionError::new(
                "counts",
                format!("the board holds {total} seeds; at most 64 are allowed"),
            ));
        }
        let mut board = [[0u8; 8]; 4];
        for (row, counts) in board.iter_mut().zip(&fields.rows) {
            for (hole, &count) in row.iter_mut().zip(counts) {
                *hole = count as u8;
            }
        }
        Ok(RefMangola {
            board,
            side: fields.side,
            ply: fields.ply,
            rules,
        })
    }

    fn key_text(&self) -> String {
        let rows: Vec<Vec<u32>> = self
            .board
            .iter()
            .map(|row| {
                row[..self.columns()]
                    .iter()
                    .map(|&s| u32::from(s))
                    .collect()
            })
            .collect();
        super::text::position_text(Self::NAME, &rows, self.side, self.ply, None)
    }

    fn side(&self) -> Player {
        self.side
    }

    fn successors(&self) -> Vec<(String, Self)> {
        self.legal_moves()
            .into_iter()
            .map(|hole| {
                let mut next = self.clone();
                next.play(hole);
                (hole_name(hole), next)
            })
            .collect()
    }

    fn result(&self) -> Option<super::RefResult> {
        self.outcome().map(|(winner, _)| super::RefResult {
            winner,
            totals: [0, 0],
        })
    }
}

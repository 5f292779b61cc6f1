//! A plain reference implementation of Um el-Bagara, written straight from
//! docs/src/rules.md with rows and columns and one counter at a time, to check the
//! fast engine against. It shares nothing with the engine but the public
//! types used to convert positions and moves.

use crate::error::PositionError;
use crate::options::RuleOptions;
use crate::umelbagara::{Direction, UmElBagara, UmElBagaraMove, UmElBagaraRules};
use crate::{Game, MoveList, Player};

/// Row `a` (South's) is 0, row `b` (North's) is 1.
pub const ROW_A: usize = 0;
/// North's row.
pub const ROW_B: usize = 1;

/// A house: row (0 = `a`, 1 = `b`) and column 1..=houses as South sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct House {
    /// 0 = `a` (South's), 1 = `b` (North's).
    pub row: usize,
    /// 1..=houses, left to right as South sees the board.
    pub column: usize,
}

/// A move of the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefMove {
    /// The mover has no house with two or more counters.
    Pass,
    /// Sow the counters of `house`.
    Sow {
        /// The house emptied.
        house: House,
        /// The direction: clockwise or anticlockwise seen from above.
        clockwise: bool,
        /// The middle house, whose direction is written.
        middle: bool,
    },
}

/// A position of the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reference {
    /// Houses per row.
    pub houses: usize,
    /// Rule option `skip_origin`: a lap skips the emptied house.
    pub skip_origin: bool,
    /// Rule option `max_plies` (0: no cap).
    pub max_plies: u32,
    /// `rows[row][column - 1]`.
    pub rows: [[u32; 9]; 2],
    /// Counters taken by South and North.
    pub taken: [u32; 2],
    /// 0 South, 1 North.
    pub side: usize,
    /// Plies played (a pass is a ply).
    pub ply: u32,
}

impl Reference {
    /// The start position under `rules`.
    pub fn start(rules: &UmElBagaraRules) -> Self {
        let mut rows = [[0; 9]; 2];
        for row in rows.iter_mut() {
            for c in row.iter_mut().take(rules.houses()) {
                *c = rules.counters();
            }
        }
        Reference {
            houses: rules.houses(),
            skip_origin: rules.skip_origin(),
            max_plies: rules.max_plies(),
            rows,
            taken: [0, 0],
            side: 0,
            ply: 0,
        }
    }

    /// The same position as the engine's, read through its public accessors.
    pub fn from_engine(game: &UmElBagara) -> Self {
        let rules = game.rules();
        let mut rows = [[0; 9]; 2];
        for (r, player) in [Player::South, Player::North].into_iter().enumerate() {
            for column in 1..=rules.houses() {
                rows[r][column - 1] = game.count(player, column).expect("column on the board");
            }
        }
        Reference {
            houses: rules.houses(),
            skip_origin: rules.skip_origin(),
            max_plies: rules.max_plies(),
            rows,
            taken: game.taken(),
            side: game.to_move().index(),
            ply: game.ply(),
        }
    }

    /// The counters in `h`.
    pub fn count(&self, h: House) -> u32 {
        self.rows[h.row][h.column - 1]
    }

    fn count_mut(&mut self, h: House) -> &mut u32 {
        &mut self.rows[h.row][h.column - 1]
    }

    /// The next house round the board. Anticlockwise seen from above with
    /// South at the bottom: along row a to the right (a1 -> an), up to bn,
    /// along row b to the left (bn -> b1), down to a1.
    pub fn next(&self, h: House, clockwise: bool) -> House {
        let n = self.houses;
        match (h.row, clockwise) {
            (ROW_A, false) if h.column < n => House {
                row: ROW_A,
                column: h.column + 1,
            },
            (ROW_A, false) => House {
                row: ROW_B,
                column: n,
            },
            (_, false) if h.column > 1 => House {
                row: ROW_B,
                column: h.column - 1,
            },
            (_, false) => House {
                row: ROW_A,
                column: 1,
            },
            (ROW_A, true) if h.column > 1 => House {
                row: ROW_A,
                column: h.column - 1,
            },
            (ROW_A, true) => House {
                row: ROW_B,
                column: 1,
            },
            (_, true) if h.column < n => House {
                row: ROW_B,
                column: h.column + 1,
            },
            (_, true) => House {
                row: ROW_A,
                column: n,
            },
        }
    }

    /// Whether `side` has a house with two or more counters.
    pub fn can_move(&self, side: usize) -> bool {
        self.rows[side][..self.houses].iter().any(|&c| c >= 2)
    }

    /// Whether the ply cap is reached.
    pub fn capped(&self) -> bool {
        self.max_plies != 0 && self.ply >= self.max_plies
    }

    /// Whether the game is over (cap, or neither side can move).
    pub fn game_over(&self) -> bool {
        self.capped() || (!self.can_move(0) && !self.can_move(1))
    }

    /// Every legal move, in no particular order.
    pub fn legal_moves(&self) -> MoveList<RefMove> {
        let mut out = MoveList::new();
        if self.game_over() {
            return out;
        }
        if !self.can_move(self.side) {
            out.push(RefMove::Pass);
            return out;
        }
        let n = self.houses;
        // The middle column, 1-based (n is odd).
        let middle = n / 2 + 1;
        for column in 1..=n {
            let house = House {
                row: self.side,
                column,
            };
            if self.count(house) < 2 {
                continue;
            }
            if column == middle {
                for clockwise in [true, false] {
                    out.push(RefMove::Sow {
                        house,
                        clockwise,
                        middle: true,
                    });
                }
            } else {
                // South sees columns 1..n from left to right; North sits
                // opposite and sees them from right to left.
                let on_movers_left = if self.side == ROW_A {
                    column < middle
                } else {
                    column > middle
                };
                out.push(RefMove::Sow {
                    house,
                    clockwise: on_movers_left,
                    middle: false,
                });
            }
        }
        out
    }

    /// Plays a legal move: one counter at a time, then the capture chain
    /// back along the list of houses the sowing reached.
    pub fn play(&mut self, mv: RefMove) {
        if let RefMove::Sow {
            house, clockwise, ..
        } = mv
        {
            assert_eq!(
                house.row, self.side,
                "the reference only moves the mover's houses"
            );
            let mut hand = self.count(house);
            assert!(hand >= 2, "a single counter never moves");
            *self.count_mut(house) = 0;
            let mut reached = Vec::with_capacity(hand as usize);
            let mut at = house;
            while hand > 0 {
                at = self.next(at, clockwise);
                if self.skip_origin && at == house {
                    continue;
                }
                *self.count_mut(at) += 1;
                hand -= 1;
                reached.push(at);
            }
            let opponent = 1 - self.side;
            for &h in reached.iter().rev() {
                let c = self.count(h);
                if h.row != opponent || (c != 2 && c != 4) {
                    break;
                }
                self.taken[self.side] += c;
                *self.count_mut(h) = 0;
            }
        }
        self.side = 1 - self.side;
        self.ply += 1;
    }

    /// Taken plus own houses, `[South, North]`.
    pub fn totals(&self) -> [u32; 2] {
        let n = self.houses;
        [
            self.taken[0] + self.rows[0][..n].iter().sum::<u32>(),
            self.taken[1] + self.rows[1][..n].iter().sum::<u32>(),
        ]
    }

    /// Counters on the board and taken.
    pub fn counters_in_play(&self) -> u32 {
        let n = self.houses;
        self.taken[0]
            + self.taken[1]
            + self
                .rows
                .iter()
                .map(|r| r[..n].iter().sum::<u32>())
                .sum::<u32>()
    }

    /// The engine's notation of a reference move.
    pub fn to_engine(mv: RefMove) -> UmElBagaraMove {
        match mv {
            RefMove::Pass => UmElBagaraMove::PASS,
            RefMove::Sow {
                house,
                clockwise,
                middle,
            } => {
                let row = if house.row == ROW_A {
                    Player::South
                } else {
                    Player::North
                };
                let direction = middle.then_some(if clockwise {
                    Direction::Clockwise
                } else {
                    Direction::Anticlockwise
                });
                UmElBagaraMove::house(row, house.column as u8, direction).expect("column 1..=9")
            }
        }
    }

    /// Whether the engine's position is this one.
    pub fn same_as(&self, game: &UmElBagara) -> bool {
        *self == Reference::from_engine(game)
    }
}

impl RefMove {
    /// The move in docs/src/rules.md notation: `pass`, a house such as `b4`, and for
    /// the middle house its direction, `<` clockwise or `>` anticlockwise.
    pub fn notation(&self) -> String {
        match *self {
            RefMove::Pass => "pass".to_string(),
            RefMove::Sow {
                house,
                clockwise,
                middle,
            } => {
                let row = if house.row == ROW_A { 'a' } else { 'b' };
                let direction = match (middle, clockwise) {
                    (false, _) => "",
                    (true, true) => "<",
                    (true, false) => ">",
                };
                format!("{row}{}{direction}", house.column)
            }
        }
    }
}

impl super::RefGame for Reference {
    fn seeds(&self) -> u32 {
        self.rows.iter().flatten().sum::<u32>() + self.taken[0] + self.taken[1]
    }

    type Rules = UmElBagaraRules;
    const NAME: &'static str = "umelbagara";
    const SCORED: bool = true;

    /// Reads `umelbagara a1,..,an/b1,..,bn SIDE PLY SOUTH,NORTH` (the last
    /// field the counters taken).
    fn from_text(text: &str, rules: UmElBagaraRules) -> Result<Self, PositionError> {
        rules.validate_for_position()?;
        let n = rules.houses();
        let fields = super::text::parse(text, Self::NAME, 2, n, Some("taken"))?;
        let mut rows = [[0; 9]; 2];
        for (row, counts) in rows.iter_mut().zip(&fields.rows) {
            row[..n].copy_from_slice(counts);
        }
        // Counters are neither made nor lost: the board and the taken
        // counters hold what the rules deal out, as the engine requires.
        let taken = fields.pair.unwrap_or([0, 0]);
        let on_board: u64 = rows.iter().flatten().map(|&c| u64::from(c)).sum();
        let taken_total = u64::from(taken[0]) + u64::from(taken[1]);
        let total = u64::from(rules.total_counters());
        if on_board + taken_total != total {
            let field = if taken_total > total { "taken" } else { "rows" };
            return Err(PositionError::new(
                field,
                format!(
                    "the board holds {on_board} counters and {},{} are taken, {} in all, \
                     but houses={n}, counters={} play with {total}",
                    taken[0],
                    taken[1],
                    on_board + taken_total,
                    rules.counters()
                ),
            ));
        }
        Ok(Reference {
            houses: n,
            skip_origin: rules.skip_origin(),
            max_plies: rules.max_plies(),
            rows,
            taken,
            side: fields.side.index(),
            ply: fields.ply,
        })
    }

    fn key_text(&self) -> String {
        let rows = [&self.rows[0][..self.houses], &self.rows[1][..self.houses]];
        super::text::position_text(
            Self::NAME,
            &rows,
            Player::from_index(self.side),
            self.ply,
            Some(self.taken),
        )
    }

    fn side(&self) -> Player {
        Player::from_index(self.side)
    }

    fn successors(&self) -> Vec<(String, Self)> {
        self.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next = *self;
                next.play(mv);
                (mv.notation(), next)
            })
            .collect()
    }

    fn result(&self) -> Option<super::RefResult> {
        self.game_over()
            .then(|| super::RefResult::from_totals(self.totals()))
    }
}

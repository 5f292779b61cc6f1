//! A plain, per-seed Oware on OpenSpiel's arrays, written from
//! shared/fixtures/openspiel/README.txt (the rules of OpenSpiel's `oware`)
//! without any of the engine's tricks, to check the fast engine against.
//! It keeps the repetition history as OpenSpiel does: a set of whole
//! positions (houses, scores, player to move) since the last capture.
//! Beyond OpenSpiel it implements the engine's ply cap: when a move brings
//! the ply count to `max_plies` and the game goes on, each side collects;
//! a position given at or past the cap is collected and over.

use std::collections::HashSet;

use crate::error::PositionError;
use crate::options::RuleOptions;
use crate::oware::OwareRules;
use crate::Player;

/// An Oware position in OpenSpiel's terms, with its repetition history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefOware {
    /// Houses per row.
    pub houses: usize,
    /// OpenSpiel's `seeds` array (`2 * houses` entries, sowing order).
    pub seeds: Vec<u32>,
    /// OpenSpiel's `scores`.
    pub scores: [u32; 2],
    /// 0 (South) or 1 (North).
    pub player: usize,
    /// Plies played.
    pub ply: u32,
    /// The ply cap (0: none).
    pub max_plies: u32,
    /// All seeds of the game.
    pub total: u32,
    /// How the game ended: "repetition", "cap", or "natural".
    pub end: Option<&'static str>,
    seen: HashSet<(Vec<u32>, [u32; 2], usize)>,
}

impl RefOware {
    /// The start: every house holds `seeds`, South to move.
    pub fn new(houses: usize, seeds: u32, max_plies: u32) -> RefOware {
        RefOware::from_state(vec![seeds; 2 * houses], [0, 0], 0, 0, max_plies)
    }

    /// Any position, with a fresh history.
    pub fn from_state(
        seeds: Vec<u32>,
        scores: [u32; 2],
        player: usize,
        ply: u32,
        max_plies: u32,
    ) -> RefOware {
        let houses = seeds.len() / 2;
        let total = seeds.iter().sum::<u32>() + scores[0] + scores[1];
        let mut game = RefOware {
            houses,
            seeds,
            scores,
            player,
            ply,
            max_plies,
            total,
            end: None,
            seen: HashSet::new(),
        };
        game.seen.insert(game.key());
        if game.max_plies != 0 && game.ply >= game.max_plies {
            // At or past the cap: over, each side collecting its row, as
            // when a move reaches the cap.
            game.collect();
            game.end = Some("cap");
        } else if game.scores_decide() {
            game.end = Some("natural");
        }
        game
    }

    fn key(&self) -> (Vec<u32>, [u32; 2], usize) {
        (self.seeds.clone(), self.scores, self.player)
    }

    fn scores_decide(&self) -> bool {
        let half = self.total / 2;
        self.scores[0] > half || self.scores[1] > half || self.scores == [half, half]
    }

    fn row(&self, player: usize) -> std::ops::Range<usize> {
        player * self.houses..(player + 1) * self.houses
    }

    /// OpenSpiel's legal actions (relative 0..houses), ascending, ignoring
    /// the end of the game.
    fn candidate_actions(&self) -> Vec<u32> {
        let opponent_seeds: u32 = self.row(1 - self.player).map(|i| self.seeds[i]).sum();
        (0..self.houses)
            .filter(|&a| {
                let house = self.player * self.houses + a;
                if opponent_seeds == 0 {
                    self.seeds[house] as usize > self.houses - 1 - a
                } else {
                    self.seeds[house] > 0
                }
            })
            .map(|a| a as u32)
            .collect()
    }

    /// Whether the game is over.
    pub fn is_terminal(&self) -> bool {
        self.end.is_some()
    }

    /// The legal relative actions, ascending (none once over).
    pub fn legal_actions(&self) -> Vec<u32> {
        if self.is_terminal() {
            Vec::new()
        } else {
            self.candidate_actions()
        }
    }

    fn collect(&mut self) {
        for house in 0..self.seeds.len() {
            self.scores[house / self.houses] += self.seeds[house];
            self.seeds[house] = 0;
        }
    }

    /// Plays the relative `action` (must be legal).
    pub fn apply(&mut self, action: u32) {
        assert!(
            self.legal_actions().contains(&action),
            "illegal action {action}"
        );
        let n = self.seeds.len();
        let origin = self.player * self.houses + action as usize;
        let mut seeds = self.seeds[origin];
        self.seeds[origin] = 0;
        let mut house = origin;
        while seeds > 0 {
            house = (house + 1) % n;
            if house != origin {
                self.seeds[house] += 1;
                seeds -= 1;
            }
        }
        let opponent = 1 - self.player;
        if house / self.houses == opponent {
            let lower = opponent * self.houses;
            let upper = lower + self.houses - 1;
            let capturable = |c: u32| c == 2 || c == 3;
            let grand_slam = (house + 1..=upper).all(|i| self.seeds[i] == 0)
                && (lower..=house).all(|i| capturable(self.seeds[i]));
            if !grand_slam {
                let mut captured = 0;
                let mut i = house;
                loop {
                    if !capturable(self.seeds[i]) {
                        break;
                    }
                    captured += self.seeds[i];
                    self.seeds[i] = 0;
                    if i == lower {
                        break;
                    }
                    i -= 1;
                }
                if captured > 0 {
                    self.scores[self.player] += captured;
                    self.seen.clear();
                }
            }
        }
        self.player = opponent;
        self.ply += 1;
        if !self.seen.insert(self.key()) {
            self.collect();
            self.end = Some("repetition");
            return;
        }
        if self.scores_decide() || self.candidate_actions().is_empty() {
            self.collect();
            self.end = Some("natural");
        } else if self.max_plies != 0 && self.ply >= self.max_plies {
            self.collect();
            self.end = Some("cap");
        }
    }

    /// OpenSpiel's returns at the end: `[1, -1]`, `[-1, 1]` or `[0, 0]`.
    pub fn returns(&self) -> [i32; 2] {
        match self.scores[0].cmp(&self.scores[1]) {
            std::cmp::Ordering::Greater => [1, -1],
            std::cmp::Ordering::Less => [-1, 1],
            std::cmp::Ordering::Equal => [0, 0],
        }
    }
}

impl RefOware {
    /// Rows `a` and `b` in column order from OpenSpiel's `seeds` array.
    fn column_rows(houses: usize, seeds: &[u32]) -> [Vec<u32>; 2] {
        [
            (1..=houses).map(|k| seeds[k - 1]).collect(),
            (1..=houses).map(|k| seeds[2 * houses - k]).collect(),
        ]
    }

    /// The positions since the last capture other than the current one,
    /// each written `ROWS:SIDE` (e.g. `1,0,2/0,3,1:N`), sorted: what the
    /// repetition rule still looks at.
    pub fn history_text(&self) -> Vec<String> {
        let current = self.key();
        let mut seen: Vec<String> = self
            .seen
            .iter()
            .filter(|&k| *k != current)
            .map(|(seeds, _, player)| {
                format!(
                    "{}:{}",
                    super::text::rows_text(&Self::column_rows(self.houses, seeds)),
                    Player::from_index(*player).letter()
                )
            })
            .collect();
        seen.sort();
        seen
    }

    /// The name of relative action `action` of the player to move: South's
    /// `a(action+1)`, North's house `houses + action`, i.e. `b(houses-action)`.
    pub fn action_name(&self, action: u32) -> String {
        let a = action as usize;
        if self.player == 0 {
            format!("a{}", a + 1)
        } else {
            format!("b{}", self.houses - a)
        }
    }
}

impl super::RefGame for RefOware {
    fn seeds(&self) -> u32 {
        self.seeds.iter().sum::<u32>() + self.scores[0] + self.scores[1]
    }

    type Rules = OwareRules;
    const NAME: &'static str = "oware";
    const SCORED: bool = true;

    /// Reads `oware a1,..,ah/b1,..,bh SIDE PLY SOUTH,NORTH` (the last field
    /// the scores) with a fresh history.
    fn from_text(text: &str, rules: OwareRules) -> Result<Self, PositionError> {
        rules.validate_for_position()?;
        let h = rules.houses as usize;
        let fields = super::text::parse(text, Self::NAME, 2, h, Some("scores"))?;
        let mut seeds = vec![0; 2 * h];
        for k in 1..=h {
            seeds[k - 1] = fields.rows[0][k - 1];
            seeds[2 * h - k] = fields.rows[1][k - 1];
        }
        Ok(RefOware::from_state(
            seeds,
            fields.pair.unwrap_or([0, 0]),
            fields.side.index(),
            fields.ply,
            rules.max_plies,
        ))
    }

    /// The position text, then ` seen ` and [`RefOware::history_text`]
    /// separated by spaces when the history holds earlier positions.
    fn key_text(&self) -> String {
        let rows = Self::column_rows(self.houses, &self.seeds);
        let mut text = super::text::position_text(
            Self::NAME,
            &rows,
            Player::from_index(self.player),
            self.ply,
            Some(self.scores),
        );
        let history = self.history_text();
        if !history.is_empty() {
            text += " seen ";
            text += &history.join(" ");
        }
        text
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
                (self.action_name(action), next)
            })
            .collect()
    }

    fn result(&self) -> Option<super::RefResult> {
        self.is_terminal()
            .then(|| super::RefResult::from_totals(self.scores))
    }
}

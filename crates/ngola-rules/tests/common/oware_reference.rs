//! A plain, per-seed Oware on OpenSpiel's arrays, written from
//! shared/fixtures/openspiel/README.txt (the rules of OpenSpiel's `oware`)
//! without any of the engine's tricks, to check the fast engine against.
//! It keeps the repetition history as OpenSpiel does: a set of whole
//! positions (houses, scores, player to move) since the last capture.
//! Beyond OpenSpiel it implements the engine's ply cap: when a move brings
//! the ply count to `max_plies` and the game goes on, each side collects;
//! a position given at or past the cap is collected and over.

#![allow(dead_code)]

use std::collections::HashSet;

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

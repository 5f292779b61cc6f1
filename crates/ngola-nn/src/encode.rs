//! [`Encode`]: the action ids, board arrays and observation vectors of
//! every game (layouts in the crate documentation and in
//! [`Encode::observe`]).

mod kalah;
mod mangola;
mod oware;
mod umelbagara;

use std::ops::Range;

use ngola_rules::{Game, MoveList, Player, RuleOptions, SwapStatus};

/// The most holes a board of any game has (Mangola 4 x 8).
pub const MAX_CELLS: usize = 32;

/// One named part of the observation vector: `range` indexes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservationField {
    /// What the part holds (`board`, `banked`, `phase`, `ply`).
    pub name: &'static str,
    /// Where it is in the vector.
    pub range: Range<usize>,
}

/// A game with a fixed action space and a fixed-size observation per rule
/// set: what learning code (and the Python bindings) see of it.
///
/// The observation vector, from a `viewer`'s side, is, in order:
/// 1. `board`: the seed counts of every hole as the viewer sees the board,
///    row by row from the far side to his own side, each row from his left
///    to his right (`rows * columns` values, raw counts). For South that is
///    the rows of the position text in reverse order (Mangola `d c b a`,
///    the others `b a`), columns 1..n; for North the rows in text order
///    (`a b c d` / `a b`) with the columns reversed: the board turned
///    round. So a position and the same position turned round with the
///    sides swapped give the same observation to their movers.
/// 2. `banked` (all but Mangola): the viewer's, then the opponent's seeds
///    off the board (Um el-Bagara counters taken, Kalah store, Oware score).
/// 3. `phase` (Mangola only): one-hot opening, second move, free play.
/// 4. `swap` (only under the rule option `swap=true`): `1, 0` while the
///    swap is still to come (North has not moved), `0, 1` once North
///    swapped, `0, 0` once he moved instead.
/// 5. `ply`: plies played divided by the ply cap (0 when there is no cap).
///
/// Under `swap=true` the last action id is the move `swap`.
///
/// Oware's repetition history is not in the observation.
pub trait Encode: Game {
    /// The number of action ids under `rules` (ids are `0..num_actions`).
    fn num_actions(rules: &Self::Rules) -> usize;

    /// Rows and columns of the board under `rules` ([`Encode::board`]).
    fn board_shape(rules: &Self::Rules) -> (usize, usize);

    /// True when the game keeps seeds off the board ([`Encode::banked`]).
    const BANKED: bool;

    /// Length of the game-specific part of the observation (Mangola's phase).
    const EXTRA_LEN: usize = 0;

    /// Name of the game-specific part of the observation.
    const EXTRA_NAME: &'static str = "";

    /// The action id of `mv`, a move of the side to move (ids of the
    /// mover-relative games are taken from `mv`'s own side).
    fn action(&self, mv: Self::Move) -> usize;

    /// The move of the side to move with id `action`, or `None` for an id
    /// out of range or one that names no move (a Kalah store). Legality is
    /// not checked.
    fn move_of(&self, action: usize) -> Option<Self::Move>;

    /// Writes the seed counts row by row in the position text's order (rows
    /// `a b` or `a b c d`, each in column order) into `out`, which holds
    /// `rows * columns` values.
    fn board(&self, out: &mut [u32]);

    /// South's and North's seeds off the board, for games that have any.
    fn banked(&self) -> [u32; 2] {
        [0, 0]
    }

    /// Writes the game-specific features (length [`Encode::EXTRA_LEN`]).
    fn extra(&self, _out: &mut [f32]) {}

    /// The ply at which the rules end the game by the ply cap, or `None`
    /// when the game has no cap (the `ply` feature's denominator).
    fn ply_limit(&self) -> Option<u32>;

    /// The length of the observation vector under `rules`.
    fn observation_len(rules: &Self::Rules) -> usize {
        Self::observation_fields(rules)
            .last()
            .map_or(0, |f| f.range.end)
    }

    /// The parts of the observation vector in order.
    fn observation_fields(rules: &Self::Rules) -> Vec<ObservationField> {
        let (rows, columns) = Self::board_shape(rules);
        let mut fields = Vec::new();
        let mut at = 0;
        let mut push = |name: &'static str, len: usize| {
            fields.push(ObservationField {
                name,
                range: at..at + len,
            });
            at += len;
        };
        push("board", rows * columns);
        if Self::BANKED {
            push("banked", 2);
        }
        if Self::EXTRA_LEN > 0 {
            push(Self::EXTRA_NAME, Self::EXTRA_LEN);
        }
        if rules.swap_rule() {
            push("swap", 2);
        }
        push("ply", 1);
        fields
    }

    /// Writes the observation from `viewer`'s side into `out` (length
    /// [`Encode::observation_len`]); see the trait's documentation.
    fn observe(&self, viewer: Player, out: &mut [f32]) {
        let (rows, columns) = Self::board_shape(self.rules());
        let cells = rows * columns;
        let mut board = [0u32; MAX_CELLS];
        self.board(&mut board[..cells]);
        for view_row in 0..rows {
            for view_col in 0..columns {
                let (row, col) = match viewer {
                    Player::South => (rows - 1 - view_row, view_col),
                    Player::North => (view_row, columns - 1 - view_col),
                };
                out[view_row * columns + view_col] = board[row * columns + col] as f32;
            }
        }
        let mut at = cells;
        if Self::BANKED {
            let banked = self.banked();
            out[at] = banked[viewer.index()] as f32;
            out[at + 1] = banked[viewer.opponent().index()] as f32;
            at += 2;
        }
        self.extra(&mut out[at..at + Self::EXTRA_LEN]);
        at += Self::EXTRA_LEN;
        if self.rules().swap_rule() {
            let status = self.swap_status();
            out[at] = f32::from(u8::from(status == SwapStatus::Open));
            out[at + 1] = f32::from(u8::from(status == SwapStatus::Swapped));
            at += 2;
        }
        out[at] = match self.ply_limit() {
            Some(cap) if cap > 0 => self.ply() as f32 / cap as f32,
            _ => 0.0,
        };
    }

    /// The legal moves' action ids, ascending, written into `out` (cleared first).
    fn legal_actions(&self, out: &mut Vec<usize>) {
        out.clear();
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        out.extend(moves.iter().map(|&mv| self.action(mv)));
        out.sort_unstable();
    }
}

/// Every rule option of `rules` as `key=value`, joined by `,`.
pub fn rules_text<G: Game>(rules: &G::Rules) -> String {
    let pairs: Vec<String> = rules
        .to_pairs()
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    pairs.join(",")
}

/// The game and rules as an error message names them.
pub(crate) fn describe<G: Game>(rules: &G::Rules) -> String {
    format!("{} [{}]", G::NAME, rules_text::<G>(rules))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ngola_rules::kalah::{Kalah, KalahRules};
    use ngola_rules::mangola::{Mangola, MangolaRules};

    #[test]
    fn fields_cover_the_vector() {
        let rules = MangolaRules::default();
        let fields = Mangola::observation_fields(&rules);
        let names: Vec<_> = fields.iter().map(|f| f.name).collect();
        assert_eq!(names, ["board", "phase", "ply"]);
        assert_eq!(Mangola::observation_len(&rules), 32 + 3 + 1);
        let fields = Kalah::observation_fields(&KalahRules::default());
        let names: Vec<_> = fields.iter().map(|f| f.name).collect();
        assert_eq!(names, ["board", "banked", "ply"]);
        assert_eq!(fields[1].range, 12..14);
    }

    /// Every game under `swap=true`: North's first turn offers the last
    /// action id, which names the swap; the `swap` field reads `1, 0`
    /// before and `0, 1` after it; every legal action names its move.
    fn swap_is_the_last_action<G: Encode>(assignments: &[&str]) {
        let mut list = assignments.to_vec();
        list.push("swap=true");
        let rules = G::Rules::from_assignments(&list).expect("valid rules");
        let plain = G::Rules::from_assignments(assignments).expect("valid rules");
        assert_eq!(G::num_actions(&rules), G::num_actions(&plain) + 1);
        assert_eq!(G::observation_len(&rules), G::observation_len(&plain) + 2);
        let field = G::observation_fields(&rules)
            .into_iter()
            .find(|f| f.name == "swap")
            .expect("a swap field")
            .range;
        let mut game = G::start(rules);
        let mut obs = vec![0.0; G::observation_len(&rules)];
        let mut actions = Vec::new();
        while game.to_move() == Player::South {
            game.legal_actions(&mut actions);
            assert!(!actions.contains(&(G::num_actions(&rules) - 1)));
            let first = game.move_of(actions[0]).expect("a move");
            game.play(first);
        }
        game.observe(Player::North, &mut obs);
        assert_eq!(obs[field.clone()], [1.0, 0.0], "{}", G::NAME);
        game.legal_actions(&mut actions);
        for &a in &actions {
            let mv = game.move_of(a).expect("a legal action names a move");
            assert_eq!(game.action(mv), a, "{}: {mv}", G::NAME);
        }
        let swap = *actions.last().expect("moves");
        assert_eq!(swap, G::num_actions(&rules) - 1, "{}", G::NAME);
        let mv = game.move_of(swap).expect("the swap");
        assert_eq!(mv.to_string(), "swap");
        game.play(mv);
        game.observe(game.to_move(), &mut obs);
        assert_eq!(obs[field], [0.0, 1.0], "{}", G::NAME);
    }

    #[test]
    fn the_swap_has_the_last_action_id() {
        swap_is_the_last_action::<Mangola>(&["columns=4"]);
        swap_is_the_last_action::<Kalah>(&[]);
        swap_is_the_last_action::<ngola_rules::oware::Oware>(&[]);
        swap_is_the_last_action::<ngola_rules::umelbagara::UmElBagara>(&[]);
    }

    #[test]
    fn kalah_view_by_hand() {
        // a = 1..6, b = 7..12; South to move, stores 13 (S) and 14 (N);
        // Kalah's cap ends the game at ply 1001 (more than max_plies=1000).
        let text = "kalah 1,2,3,4,5,6/7,8,9,10,11,12 S 500 13,14";
        let game = Kalah::from_position(text, KalahRules::default()).unwrap();
        let mut out = vec![0.0; Kalah::observation_len(game.rules())];
        game.observe(Player::South, &mut out);
        let expected: Vec<f32> = [7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 13, 14]
            .iter()
            .map(|&c| c as f32)
            .chain([500.0 / 1001.0])
            .collect();
        assert_eq!(out, expected);
        game.observe(Player::North, &mut out);
        let expected: Vec<f32> = [6, 5, 4, 3, 2, 1, 12, 11, 10, 9, 8, 7, 14, 13]
            .iter()
            .map(|&c| c as f32)
            .chain([500.0 / 1001.0])
            .collect();
        assert_eq!(out, expected);
    }
}

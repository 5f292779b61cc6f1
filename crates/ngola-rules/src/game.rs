//! The [`Game`] trait every game implements, and the small types around it.

use std::fmt;
use std::hash::Hash;

use arrayvec::ArrayVec;
use rand::Rng;

use crate::error::{IllegalMove, MoveParseError, PlayTextError, PositionError};
use crate::options::RuleOptions;
pub use crate::player::Player;
use crate::swap::SwapStatus;

/// The most moves any position of any supported game can offer.
pub const MAX_MOVES: usize = 32;

/// A fixed-capacity move list: move generation never allocates.
pub type MoveList<M> = ArrayVec<M, MAX_MOVES>;

/// The longest game anyone plays out, in plies from where it starts
/// (opening included): tournaments and self-play stop a
/// game still going then and score it a draw (reason `ply-limit`), and the
/// solver and prover follow no line longer. Only rules without a ply cap
/// (`max_plies=0`) or with a cap above it get there, e.g. Mangola with
/// `endless_sowing=stop`, where a game need not end at all.
pub const MAX_GAME_PLIES: u32 = 100_000;

/// The last ply the counter reaches: whatever `max_plies` says (0, no cap,
/// included), every game ends by the ply cap at this ply at the latest, so
/// the counter never wraps and `ply + 1` never overflows. A position with a
/// higher ply is refused ([`check_ply`]). Four billion plies: no game of
/// any rules here comes near it, but a game under rules where none ends
/// (Mangola `max_plies=0,endless_sowing=stop`) would otherwise wrap to ply
/// 0, which Mangola reads as the opening.
pub const MAX_PLY: u32 = u32::MAX - 1;

/// The ply at which the cap ends a game of `max_plies` (0: no cap): that
/// value, or [`MAX_PLY`] for none or beyond.
#[inline]
pub fn ply_cap(max_plies: u32) -> u32 {
    if max_plies == 0 || max_plies > MAX_PLY {
        MAX_PLY
    } else {
        max_plies
    }
}

/// Refuses a position's ply past [`MAX_PLY`], where the counter could not
/// advance; the error names the `ply` field.
pub fn check_ply(ply: u32) -> Result<(), PositionError> {
    if ply > MAX_PLY {
        return Err(PositionError::new(
            "ply",
            format!(
                "{ply} is past the last ply a game can reach ({MAX_PLY}): \
                 the ply counter could not advance from it"
            ),
        ));
    }
    Ok(())
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The game's ordinary end (scores compared).
    Natural,
    /// The player to move had no legal move and lost (Mangola).
    Immobilised,
    /// Every move of the player to move was an endless sowing, so he could
    /// not move and lost (Mangola, `endless_sowing=illegal`).
    EndlessSowing,
    /// The `max_plies` cap was reached.
    PlyCap,
    /// A position repeated (Oware, as OpenSpiel scores it).
    Repetition,
}

impl EndReason {
    /// The stable name used in CSV files and command output.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Natural => "natural",
            EndReason::Immobilised => "immobilised",
            EndReason::EndlessSowing => "endless-sowing",
            EndReason::PlyCap => "ply-cap",
            EndReason::Repetition => "repetition",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// A win for `player`.
    pub fn win(player: Player, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(player),
            reason,
        }
    }

    /// A draw.
    pub fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    /// The higher of South's and North's `totals` wins; equal totals draw.
    pub fn from_totals(totals: [u32; 2], reason: EndReason) -> Outcome {
        match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Outcome::win(Player::South, reason),
            std::cmp::Ordering::Less => Outcome::win(Player::North, reason),
            std::cmp::Ordering::Equal => Outcome::draw(reason),
        }
    }

    /// 1.0 for a win of `player`, 0.5 for a draw, 0.0 for a loss.
    pub fn score_for(&self, player: Player) -> f64 {
        match self.winner {
            Some(w) if w == player => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// +1 for a win of `player`, 0 for a draw, -1 for a loss.
    pub fn sign_for(&self, player: Player) -> i32 {
        match self.winner {
            Some(w) if w == player => 1,
            Some(_) => -1,
            None => 0,
        }
    }

    /// The result as docs/src/rules.md and `ngola replay` write it: `S`, `N` or `draw`.
    pub fn result_text(&self) -> &'static str {
        match self.winner {
            Some(Player::South) => "S",
            Some(Player::North) => "N",
            None => "draw",
        }
    }
}

/// A two-player game: its positions, rules, moves and notation.
///
/// `Display` writes the position text of the rules book (`docs/src/rules.md`,
/// one line, starting with the game's name); [`Game::from_position`] reads
/// it back.
///
/// ```
/// use ngola_rules::mangola::{Mangola, MangolaRules};
/// use ngola_rules::{Game, MoveList, Player, RuleOptions};
///
/// let rules = MangolaRules::from_assignments(&["capture_sowing=ludii"]).unwrap();
/// let mut game = Mangola::start(rules);
/// let mut moves = MoveList::new();
/// game.legal_moves(&mut moves);
/// let words: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
/// assert_eq!(words, ["a1", "b1"]); // the two openings
///
/// let a1 = game.parse_move("a1").unwrap();
/// game.check_move(a1).unwrap();
/// game.play(a1);
/// assert_eq!((game.to_move(), game.ply()), (Player::North, 1));
/// let text = game.to_string();
/// assert_eq!(
///     text,
///     "mangola 0,4,0,4,0,4,0,4/4,0,4,0,4,0,4,0/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 N 1"
/// );
/// let again = Mangola::from_position(&text, rules).unwrap();
/// assert_eq!(again.zobrist(), game.zobrist());
/// assert_eq!(game.totals(), [32, 32]);
/// assert!(game.outcome().is_none());
/// // A move from outside is checked before it is played.
/// let d1 = game.parse_move("d1").unwrap();
/// assert!(game.check_move(d1).is_err());
/// ```
pub trait Game: Clone + Send + Sync + fmt::Display + fmt::Debug + 'static {
    /// One move, as small as possible and `Copy`.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static;
    /// The game's rule options (`Default` is docs/src/rules.md's default).
    type Rules: RuleOptions;

    /// The game's name on command lines and at the start of position text.
    const NAME: &'static str;

    /// The start position under `rules`.
    fn start(rules: Self::Rules) -> Self;

    /// Reads a position text (docs/src/rules.md notation) under `rules`.
    fn from_position(text: &str, rules: Self::Rules) -> Result<Self, PositionError>;

    /// The rule options this position is played under.
    fn rules(&self) -> &Self::Rules;

    /// The player to move.
    fn to_move(&self) -> Player;

    /// Plies played so far.
    fn ply(&self) -> u32;

    /// Appends every legal move to `out` (which the caller has cleared).
    /// Empty if and only if the game is over.
    fn legal_moves(&self, out: &mut MoveList<Self::Move>);

    /// Plays `mv`, which must be legal (checked by debug assertions only;
    /// use [`Game::check_move`] for moves from outside).
    fn play(&mut self, mv: Self::Move);

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// A hash of everything that decides the game from here (board, side to
    /// move, phase, scores), for transposition tables.
    fn zobrist(&self) -> u64;

    /// Each side's tally as the game scores it, `[South, North]`: seeds on
    /// each side (Mangola), counters taken plus counters in own houses
    /// (Um el-Bagara), store plus pits (Kalah), score (Oware).
    fn totals(&self) -> [u32; 2];

    /// Reads a move in this game's notation (in context: e.g. whether a
    /// house is a middle house). Does not check legality.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveParseError>;

    /// `Ok` if `mv` is legal here, otherwise why not.
    fn check_move(&self, mv: Self::Move) -> Result<(), IllegalMove>;

    /// Where the game stands with the swap rule (rule option `swap`): open
    /// until North's first turn, then closed, or swapped once North played
    /// `swap` (after which the board has turned half round, see
    /// [`crate::swap`]).
    fn swap_status(&self) -> SwapStatus {
        SwapStatus::Closed
    }

    /// Whether North took South's side with the move `swap`.
    fn swapped(&self) -> bool {
        self.swap_status() == SwapStatus::Swapped
    }

    /// A short human description of what `mv` does from here (laps,
    /// captures, extra turn); empty when the game has nothing to add.
    fn describe_move(&self, _mv: Self::Move) -> String {
        String::new()
    }

    /// Plays a uniformly random legal move and returns it, or `None` if the
    /// game is over. Games override this with a faster path for playouts;
    /// the distribution must stay uniform over the legal moves.
    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Self::Move> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        self.play(mv);
        Some(mv)
    }

    /// Reads, checks and plays a move given as text.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, PlayTextError> {
        let mv = self.parse_move(text)?;
        self.check_move(mv)?;
        self.play(mv);
        Ok(mv)
    }
}

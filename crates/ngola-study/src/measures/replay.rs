//! One row of `games.csv` replayed by the rules, counted position by
//! position: legal moves, and the side ahead by the game's own tallies
//! ([`Game::totals`]: seeds on each side in Mangola, the score in the
//! scored games).

use std::cmp::Ordering;

use ngola_arena::replay::{opening_is_position, row_start};
use ngola_arena::GameRecord;
use ngola_rules::{Game, MoveList, Player};

use crate::error::StudyError;

/// What replaying one row counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowPlay {
    /// The position text after the opening (where the agents take over).
    pub start: String,
    /// Byte offset in the row's `moves` where the agents' moves begin.
    pub agents_from: usize,
    /// Positions a move was played from.
    pub positions: u64,
    /// Of those, the positions with more than one legal move.
    pub choice_positions: u64,
    /// Legal moves summed over the positions with more than one.
    pub choice_moves: u64,
    /// Times the side ahead changed (a level position keeps the last side
    /// ahead).
    pub lead_changes: u64,
    /// The side ahead at the end (`None`: level).
    pub final_leader: Option<Player>,
    /// The first position from which `final_leader` is ahead at every
    /// position to the end (the end itself if it is level there).
    pub leads_from: u64,
}

impl RowPlay {
    /// The row's moves after its opening.
    pub fn after_start<'a>(&self, moves: &'a str) -> &'a str {
        moves.get(self.agents_from..).unwrap_or("")
    }

    /// The fraction of the game (in positions, 0 to 1) before `winner`
    /// leads for good: 1 if he is not ahead at the end.
    pub fn lead_for_good(&self, winner: Player) -> f64 {
        if self.final_leader != Some(winner) {
            return 1.0;
        }
        if self.positions == 0 {
            return 0.0;
        }
        self.leads_from as f64 / self.positions as f64
    }
}

/// The side ahead in `game` by its totals.
fn leader<G: Game>(game: &G) -> Option<Player> {
    let [south, north] = game.totals();
    match south.cmp(&north) {
        Ordering::Greater => Some(Player::South),
        Ordering::Less => Some(Player::North),
        Ordering::Equal => None,
    }
}

/// Replays `record` from `start` (the start position under the run's
/// rules, or the row's own position text); the error names the game and
/// the move that does not replay.
pub fn replay_row<G: Game>(start: &G, record: &GameRecord) -> Result<RowPlay, StudyError> {
    let bad = |message: String| StudyError::Replay {
        game: record.game,
        message,
    };
    let mut game = row_start(start, record).map_err(|e| bad(e.to_string()))?;
    let opening_moves = if opening_is_position::<G>(&record.opening) {
        0
    } else {
        record.opening.split_whitespace().count()
    };
    let mut agents_from = 0;
    let mut start_text = None;
    let mut moves = MoveList::new();
    let mut count = RowPlay {
        start: String::new(),
        agents_from: 0,
        positions: 0,
        choice_positions: 0,
        choice_moves: 0,
        lead_changes: 0,
        final_leader: leader(&game),
        leads_from: 0,
    };
    let mut last_ahead = count.final_leader;
    for (i, (offset, word)) in words(&record.moves).enumerate() {
        if i == opening_moves {
            start_text = Some(game.to_string());
            agents_from = offset;
        }
        moves.clear();
        game.legal_moves(&mut moves);
        count.positions += 1;
        if moves.len() > 1 {
            count.choice_positions += 1;
            count.choice_moves += moves.len() as u64;
        }
        game.play_text(word)
            .map_err(|e| bad(format!("move {} (`{word}`): {e}", i + 1)))?;
        let now = leader(&game);
        if now.is_some() && last_ahead.is_some() && now != last_ahead {
            count.lead_changes += 1;
        }
        if now.is_some() {
            last_ahead = now;
        }
        if now != count.final_leader {
            count.leads_from = count.positions;
            count.final_leader = now;
        }
    }
    count.start = start_text.unwrap_or_else(|| game.to_string());
    count.agents_from = if opening_moves == 0 {
        0
    } else if count.positions as usize > opening_moves {
        agents_from
    } else {
        record.moves.len()
    };
    Ok(count)
}

/// The words of `text` with their byte offsets.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_whitespace()
        .map(move |w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
}

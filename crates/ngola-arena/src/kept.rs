//! What a tournament's worker keeps of the games it plays: the line of the
//! game just finished (for `games.csv`), and the facts of the games not yet
//! counted by the run's statistics, handed over in batches. Nothing stays
//! once counted, so a worker's memory does not grow with its games.

use std::time::{Duration, Instant};

use crate::record::GameRecord;
use crate::stats::GameFacts;

/// One worker's games on their way to the file and the statistics.
pub(crate) struct Played {
    line: Vec<u8>,
    unreported: Vec<(GameFacts, u128)>,
    /// Games played, kept or not (past an SPRT stop).
    pub(crate) count: u64,
    last_report: Instant,
}

impl Default for Played {
    fn default() -> Played {
        Played {
            line: Vec::new(),
            unreported: Vec::with_capacity(Played::REPORT_EVERY),
            count: 0,
            last_report: Instant::now(),
        }
    }
}

impl Played {
    /// Games are reported in batches, so that short games do not take the
    /// shared lock one by one; a batch waits at most `REPORT_AFTER`.
    const REPORT_EVERY: usize = 64;
    const REPORT_AFTER: Duration = Duration::from_millis(50);

    pub(crate) fn report_due(&self) -> bool {
        self.report_due_at(Instant::now())
    }

    fn report_due_at(&self, now: Instant) -> bool {
        self.unreported.len() >= Self::REPORT_EVERY
            || now.saturating_duration_since(self.last_report) >= Self::REPORT_AFTER
    }

    /// True if some kept game is not reported yet.
    pub(crate) fn has_unreported(&self) -> bool {
        !self.unreported.is_empty()
    }

    /// The kept games not reported yet, oldest first; they count as
    /// reported from now on.
    pub(crate) fn take_unreported(&mut self) -> std::vec::Drain<'_, (GameFacts, u128)> {
        self.last_report = Instant::now();
        self.unreported.drain(..)
    }

    /// `record`'s CSV line, with its line end.
    pub(crate) fn line_of(&mut self, record: &GameRecord) -> &[u8] {
        self.line.clear();
        record.write_csv_line(&mut self.line);
        &self.line
    }

    /// Keeps `record`'s facts and key for the statistics, and hands back
    /// its moves (emptied, for the next game's text).
    pub(crate) fn keep(&mut self, mut record: GameRecord) -> String {
        self.unreported
            .push((GameFacts::of(&record), record.game_key()));
        let mut moves = std::mem::take(&mut record.moves);
        moves.clear();
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(game: u64, opening: String) -> GameRecord {
        use crate::record::{GameResult, Reason};
        GameRecord {
            game,
            pair: game / 2,
            pairing: 0,
            south_id: 0,
            north_id: 1,
            south: "mcts:sims=10,c=1.4".to_string(),
            north: "random".to_string(),
            seed: 12345678901234567890,
            result: GameResult::Draw,
            plies: 17,
            south_total: 24,
            north_total: 24,
            reason: Reason::Rules(ngola_rules::EndReason::PlyCap),
            time_s: 0.001234,
            opening,
            moves: "a1 b2 c3".to_string(),
            fault: String::new(),
        }
    }

    #[test]
    fn games_are_reported_in_batches_oldest_first() {
        let mut played = Played::default();
        for g in 0..Played::REPORT_EVERY as u64 - 1 {
            let r = record(g, format!("a{g}"));
            assert_eq!(played.line_of(&r), &r.to_csv_line()[..]);
            let key = r.game_key();
            played.keep(r);
            assert_eq!(played.unreported.last().map(|(_, k)| *k), Some(key));
        }
        // Not due until the batch is full, or until time has passed.
        let then = played.last_report;
        assert!(!played.report_due_at(then));
        assert!(played.report_due_at(then + Played::REPORT_AFTER));
        played.keep(record(999, String::new()));
        assert!(played.report_due_at(then));
        let games: Vec<u64> = played.take_unreported().map(|(g, _)| g.game).collect();
        assert_eq!(games.len(), Played::REPORT_EVERY);
        assert_eq!((games[0], games[games.len() - 1]), (0, 999));
        assert_eq!(played.take_unreported().count(), 0);
        assert!(!played.report_due_at(played.last_report));
    }
}

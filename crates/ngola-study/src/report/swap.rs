//! What the swap (pie) rule does to the first player: every cell played
//! under `swap=true` set beside the cell of the same game, agents and
//! board without it, South's two scores compared by the interval of their
//! difference.

use ngola_arena::stats::elo::difference_interval;

use super::table::MeasureRow;
use super::words::{interval, or_nan, plural, side};

/// The rule option as a board's name writes it.
const SWAP: &str = "swap=true";

/// The name of `board` without its `swap=true` option, if it has one.
fn without_swap(board: &str) -> Option<String> {
    let (name, options) = board.strip_suffix(')')?.split_once(" (")?;
    let options: Vec<&str> = options.split(", ").collect();
    if !options.contains(&SWAP) {
        return None;
    }
    let rest: Vec<&str> = options.into_iter().filter(|o| *o != SWAP).collect();
    Some(if rest.is_empty() {
        name.to_string()
    } else {
        format!("{name} ({})", rest.join(", "))
    })
}

/// A signed change in percentage points: `+4.2`, `-0.3`.
fn points(x: f64) -> String {
    format!("{:+.1}", 100.0 * x)
}

/// How the swap rule moved South's score, from the difference's interval.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Change {
    Towards,
    Away,
    None,
}

/// One cell with the swap rule and its cell without.
struct Pair<'a> {
    with: &'a MeasureRow,
    without: &'a MeasureRow,
}

impl Pair<'_> {
    fn score(r: &MeasureRow) -> (f64, f64, f64) {
        (
            or_nan(r.south_score),
            or_nan(r.south_low),
            or_nan(r.south_high),
        )
    }

    /// The difference (with - without) and its 95% interval.
    fn difference(&self) -> (f64, f64, f64) {
        let (a, b) = (Self::score(self.with), Self::score(self.without));
        let (low, high) = difference_interval(a, b);
        (a.0 - b.0, low, high)
    }

    /// A change counts only when the difference's interval leaves out 0;
    /// it is towards one half when the score with the swap is nearer it.
    fn change(&self) -> Change {
        let (_, low, high) = self.difference();
        if !(low > 0.0 || high < 0.0) {
            return Change::None;
        }
        let off = |r: &MeasureRow| (or_nan(r.south_score) - 0.5).abs();
        if off(self.with) < off(self.without) {
            Change::Towards
        } else {
            Change::Away
        }
    }

    fn line(&self) -> String {
        let (d, low, high) = self.difference();
        let verdict = match self.change() {
            Change::Towards => "the swap rule moves South's score towards one half",
            Change::Away => "the swap rule moves South's score away from one half",
            Change::None => "no change within the difference's interval",
        };
        let (s, l, h) = Self::score(self.with);
        let balance = match side(l, h) {
            Some("South") => "favours South",
            Some(_) => "favours North",
            None => "is even within its interval",
        };
        let (ws, wl, wh) = Self::score(self.without);
        format!(
            "**{}** ({}): South scores {} without the swap rule (`{}`) and {} with it (`{}`), \
             a change of {} points [{}, {}]: {verdict}; with the swap the score {balance}",
            self.without.board,
            self.with.agents,
            interval(ws, wl, wh),
            self.without.cell,
            interval(s, l, h),
            self.with.cell,
            points(d),
            points(low),
            points(high),
        )
    }
}

/// The pairs of cells that differ only in the swap rule, in the order of
/// the cells played with it.
fn pairs(rows: &[MeasureRow]) -> Vec<Pair<'_>> {
    rows.iter()
        .filter_map(|with| {
            let board = without_swap(&with.board)?;
            let without = rows
                .iter()
                .find(|r| r.game == with.game && r.agents == with.agents && r.board == board)?;
            Some(Pair { with, without })
        })
        .collect()
}

/// One sentence per pair of cells that differ only in the swap rule,
/// then (with two pairs or more) a sentence that counts them.
pub(super) fn swap_lines(rows: &[MeasureRow]) -> Vec<String> {
    let pairs = pairs(rows);
    let mut lines: Vec<String> = pairs.iter().map(Pair::line).collect();
    if pairs.len() >= 2 {
        let count = |c: Change| pairs.iter().filter(|p| p.change() == c).count() as u64;
        let even = |r: &MeasureRow| side(or_nan(r.south_low), or_nan(r.south_high)).is_none();
        let even_with = pairs.iter().filter(|p| even(p.with)).count() as u64;
        let even_without = pairs.iter().filter(|p| even(p.without)).count() as u64;
        lines.push(format!(
            "Over {}: the swap rule moves South's score towards one half in {}, away from it in {}, \
             and changes it by no more than its interval in {}; South's score is even within its \
             interval in {} with the swap and in {} without",
            plural(pairs.len() as u64, "variant"),
            count(Change::Towards),
            count(Change::Away),
            count(Change::None),
            even_with,
            even_without,
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_swap_option_is_taken_out_of_a_board_name() {
        assert_eq!(
            without_swap("4 x 4 Mangola (endless_sowing=stop, swap=true)").as_deref(),
            Some("4 x 4 Mangola (endless_sowing=stop)")
        );
        assert_eq!(
            without_swap("4 x 8 Mangola (swap=true)").as_deref(),
            Some("4 x 8 Mangola")
        );
        assert_eq!(without_swap("4 x 8 Mangola (endless_sowing=stop)"), None);
        assert_eq!(without_swap("4 x 8 Mangola"), None);
    }

    fn row(cell: &str, board: &str, score: f64, low: f64, high: f64) -> MeasureRow {
        MeasureRow {
            cell: cell.to_string(),
            game: "mangola".to_string(),
            board: board.to_string(),
            agents: "ab2, ab4".to_string(),
            south_score: Some(score),
            south_low: Some(low),
            south_high: Some(high),
            ..MeasureRow::default()
        }
    }

    #[test]
    fn pairs_are_compared_by_the_interval_of_their_difference() {
        // 0.6 [0.55, 0.65] without, 0.5 [0.45, 0.55] with: a difference
        // of -0.1 with the interval -0.1 -+ sqrt(0.05^2 + 0.05^2) =
        // [-0.1707, -0.0293], so the swap moves the score towards one half.
        let rows = vec![
            row("a", "4 x 4 Mangola", 0.6, 0.55, 0.65),
            row("b", "4 x 6 Mangola", 0.52, 0.47, 0.57),
            row("a-swap", "4 x 4 Mangola (swap=true)", 0.5, 0.45, 0.55),
            row("b-swap", "4 x 6 Mangola (swap=true)", 0.53, 0.48, 0.58),
            row("c-swap", "4 x 8 Mangola (swap=true)", 0.5, 0.45, 0.55),
        ];
        let lines = swap_lines(&rows);
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert_eq!(
            lines[0],
            "**4 x 4 Mangola** (ab2, ab4): South scores 60.0% [55.0%, 65.0%] without the swap \
             rule (`a`) and 50.0% [45.0%, 55.0%] with it (`a-swap`), a change of -10.0 points \
             [-17.1, -2.9]: the swap rule moves South's score towards one half; with the swap \
             the score is even within its interval"
        );
        assert!(
            lines[1].contains("no change within the difference's interval"),
            "{}",
            lines[1]
        );
        assert_eq!(
            lines[2],
            "Over 2 variants: the swap rule moves South's score towards one half in 1, away \
             from it in 0, and changes it by no more than its interval in 1; South's score is \
             even within its interval in 2 with the swap and in 1 without"
        );
    }

    #[test]
    fn a_move_past_one_half_can_still_be_away_from_it() {
        let rows = vec![
            row("a", "4 x 4 Mangola", 0.45, 0.43, 0.47),
            row("a-swap", "4 x 4 Mangola (swap=true)", 0.6, 0.58, 0.62),
        ];
        assert!(swap_lines(&rows)[0]
            .contains("away from one half; with the swap the score favours South"));
    }
}

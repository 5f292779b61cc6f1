//! Tournament plots as SVG, drawn from plain data so that any statistics
//! code can feed them: a cross-table heat map of scores, each agent's Elo
//! with its interval, and the first player's score per pairing with its
//! interval; and line plots (a training run's learning curve).
//!
//! Every plotted item carries its numbers as `data-*` attributes (cells:
//! `data-row`, `data-col`, `data-points`, `data-games`; intervals:
//! `data-label`, `data-value`, `data-lower`, `data-upper`), so that tests
//! and scripts can check a plot against the table it came from.

mod axis;
mod curve;
mod heatmap;
mod intervals;

pub use axis::{nice_step, Axis};
pub use curve::{curve_svg, learning_curve_svg, CurvePlot, Series};
pub use heatmap::cross_table_svg;
pub use intervals::{elo_svg, first_player_svg, interval_svg, IntervalPlot};

use crate::svg::{Anchor, Svg};

/// The colour of text and lines.
const INK: &str = "#222222";

/// A plot's page: an SVG of `width` x `height` with root class `class`, a
/// white background, the bold `title` and one `subtitle` line under it.
fn page(width: f64, height: f64, class: &str, title: &str, subtitle: &str) -> Svg {
    let mut svg = Svg::new(width, height, class);
    svg.title(title);
    svg.rect(0.0, 0.0, width, height, 0.0, "fill=\"#ffffff\"");
    svg.text(
        12.0,
        26.0,
        17.0,
        Anchor::Start,
        false,
        title,
        &format!("class=\"plot-title\" font-weight=\"bold\" fill=\"{INK}\""),
    );
    svg.text(
        12.0,
        46.0,
        12.0,
        Anchor::Start,
        false,
        subtitle,
        &format!("class=\"plot-subtitle\" fill=\"{INK}\""),
    );
    svg
}

/// The result of one agent against another: points (wins plus half the
/// draws) out of games.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PairScore {
    /// Points scored: a win 1, a draw 1/2.
    pub points: f64,
    /// Games played.
    pub games: u32,
}

impl PairScore {
    /// The score fraction, `points / games` (`None` without games).
    pub fn fraction(&self) -> Option<f64> {
        (self.games > 0).then(|| self.points / self.games as f64)
    }
}

/// Scores of every agent against every other.
#[derive(Clone, Debug, PartialEq)]
pub struct CrossTable {
    /// The agents, in the order of rows and columns.
    pub agents: Vec<String>,
    /// `scores[i][j]`: agent `i`'s result against agent `j` (`None` where
    /// they did not meet, and on the diagonal).
    pub scores: Vec<Vec<Option<PairScore>>>,
}

/// A value with a confidence interval: an agent's Elo, or the first
/// player's score in one pairing.
#[derive(Clone, Debug, PartialEq)]
pub struct Interval {
    /// What the value belongs to (an agent, a pairing).
    pub label: String,
    /// The estimate. May be infinite (an Elo from a perfect score).
    pub value: f64,
    /// The interval's lower end (may be infinite).
    pub lower: f64,
    /// The interval's upper end (may be infinite).
    pub upper: f64,
    /// The games behind it.
    pub games: u32,
}

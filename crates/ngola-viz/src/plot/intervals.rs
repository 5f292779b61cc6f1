//! Dot-and-whisker plots: one row per item, a dot at its estimate and a
//! bar over its confidence interval. Used for Elo per agent and for the
//! first player's score per pairing.

use crate::plot::{page, Axis, Interval, INK};
use crate::svg::{escape, text_width, Anchor, Svg};

const ROW_H: f64 = 28.0;
const PLOT_W: f64 = 440.0;
const GRID: &str = "#dddddd";
const DOT: &str = "#1f5f99";

/// How to draw an interval plot.
#[derive(Clone, Debug)]
pub struct IntervalPlot {
    /// The heading.
    pub title: String,
    /// One line under the heading (the method, the interval's level).
    pub subtitle: String,
    /// The x axis' name.
    pub x_label: String,
    /// A fixed axis (`None`: fitted to the finite values).
    pub axis: Option<Axis>,
    /// A vertical reference line (e.g. an even score, 0.5).
    pub reference: Option<f64>,
    /// Decimals of the numbers printed beside each row.
    pub decimals: usize,
}

/// The Elo plot: `items` (one per agent) sorted best first, axis fitted.
pub fn elo_svg(items: &[Interval], title: &str, subtitle: &str) -> String {
    let mut sorted = items.to_vec();
    sorted.sort_by(|a, b| b.value.total_cmp(&a.value));
    interval_svg(
        &sorted,
        &IntervalPlot {
            title: title.to_string(),
            subtitle: subtitle.to_string(),
            x_label: "Elo".to_string(),
            axis: None,
            reference: Some(0.0),
            decimals: 0,
        },
    )
}

/// The first-player plot: South's score fraction in each pairing (and
/// overall), on a fixed 0..1 axis with the even score marked.
pub fn first_player_svg(items: &[Interval], title: &str, subtitle: &str) -> String {
    interval_svg(
        items,
        &IntervalPlot {
            title: title.to_string(),
            subtitle: subtitle.to_string(),
            x_label: "South's score (wins + draws/2) / games".to_string(),
            axis: Some(Axis::fixed(0.0, 1.0, 0.1)),
            reference: Some(0.5),
            decimals: 3,
        },
    )
}

/// The general dot-and-whisker plot. Infinite ends (an Elo from a
/// perfect score) are drawn to the axis edge with an arrow and printed
/// as `inf`.
pub fn interval_svg(items: &[Interval], plot: &IntervalPlot) -> String {
    let axis = plot
        .axis
        .clone()
        .unwrap_or_else(|| fitted_axis(items, plot.reference));
    let label_w = items
        .iter()
        .map(|i| text_width(&i.label, 13.0))
        .fold(40.0, f64::max)
        + 20.0;
    let value_w = items
        .iter()
        .map(|i| text_width(&value_text(i, plot.decimals), 12.0))
        .fold(60.0, f64::max)
        + 16.0;
    let left = 12.0 + label_w;
    let top = 70.0;
    let plot_h = items.len().max(1) as f64 * ROW_H;
    let right = left + PLOT_W;
    let width = (right + 12.0 + value_w).max(text_width(&plot.title, 17.0) + 24.0);
    let height = top + plot_h + 58.0;

    let mut svg = page(width, height, "interval-plot", &plot.title, &plot.subtitle);

    // Grid, ticks and the reference line.
    let x_of = |v: f64| axis.map(v, left, right);
    for &tick in &axis.ticks {
        let x = x_of(tick);
        svg.line(x, top, x, top + plot_h, &format!("stroke=\"{GRID}\""));
        svg.text(
            x,
            top + plot_h + 16.0,
            11.0,
            Anchor::Middle,
            false,
            &axis.label(tick),
            &format!("class=\"tick\" fill=\"{INK}\""),
        );
    }
    svg.line(
        left,
        top + plot_h,
        right,
        top + plot_h,
        &format!("stroke=\"{INK}\""),
    );
    if let Some(reference) = plot.reference.filter(|r| (axis.min..=axis.max).contains(r)) {
        let x = x_of(reference);
        svg.line(
            x,
            top - 4.0,
            x,
            top + plot_h,
            "class=\"reference\" stroke=\"#888888\" stroke-dasharray=\"4 3\"",
        );
    }
    svg.text(
        (left + right) / 2.0,
        top + plot_h + 36.0,
        12.0,
        Anchor::Middle,
        false,
        &plot.x_label,
        &format!("class=\"axis-label\" fill=\"{INK}\""),
    );

    for (i, item) in items.iter().enumerate() {
        let y = top + (i as f64 + 0.5) * ROW_H;
        svg.group(&format!(
            "class=\"interval\" data-label=\"{}\" data-value=\"{}\" data-lower=\"{}\" data-upper=\"{}\" data-games=\"{}\"",
            escape(&item.label),
            data_number(item.value),
            data_number(item.lower),
            data_number(item.upper),
            item.games
        ));
        svg.text(
            12.0,
            y,
            13.0,
            Anchor::Start,
            true,
            &item.label,
            &format!("class=\"row-label\" fill=\"{INK}\""),
        );
        draw_whisker(&mut svg, item, &axis, left, right, y);
        svg.text(
            right + 12.0,
            y,
            12.0,
            Anchor::Start,
            true,
            &value_text(item, plot.decimals),
            &format!("class=\"value\" fill=\"{INK}\""),
        );
        svg.end_group();
    }
    svg.finish()
}

/// An axis over every finite estimate and interval end (and the reference).
fn fitted_axis(items: &[Interval], reference: Option<f64>) -> Axis {
    let finite = items
        .iter()
        .flat_map(|i| [i.value, i.lower, i.upper])
        .chain(reference)
        .filter(|v| v.is_finite());
    let (lo, hi) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if lo > hi {
        return Axis::fixed(-100.0, 100.0, 50.0);
    }
    // Room beyond the finite values for the arrows of infinite ones.
    let ends = items.iter().flat_map(|i| [i.value, i.lower, i.upper]);
    let room = 0.15 * (hi - lo).max(1.0);
    let (lo, hi) = ends.fold((lo, hi), |(lo, hi), v| match v {
        f64::INFINITY => (lo, hi.max(hi + room)),
        f64::NEG_INFINITY => (lo.min(lo - room), hi),
        _ => (lo, hi),
    });
    Axis::covering(lo, hi, 6)
}

fn draw_whisker(svg: &mut Svg, item: &Interval, axis: &Axis, left: f64, right: f64, y: f64) {
    let x_of = |v: f64| axis.map(v, left, right);
    let (lo, hi) = (x_of(item.lower), x_of(item.upper));
    if !item.lower.is_nan() && !item.upper.is_nan() {
        svg.line(
            lo,
            y,
            hi,
            y,
            &format!("class=\"whisker\" stroke=\"{DOT}\" stroke-width=\"2\""),
        );
        for (end, x, outward) in [(item.lower, lo, -1.0), (item.upper, hi, 1.0)] {
            if end.is_finite() && (axis.min..=axis.max).contains(&end) {
                svg.line(
                    x,
                    y - 6.0,
                    x,
                    y + 6.0,
                    &format!("stroke=\"{DOT}\" stroke-width=\"2\""),
                );
            } else {
                // Off the axis: an arrow head at the edge.
                svg.polygon(
                    &[(x + outward * 7.0, y), (x, y - 5.0), (x, y + 5.0)],
                    &format!("class=\"off-axis\" fill=\"{DOT}\""),
                );
            }
        }
    }
    if item.value.is_finite() {
        svg.circle(
            x_of(item.value),
            y,
            5.0,
            &format!("class=\"estimate\" fill=\"{DOT}\""),
        );
    } else if !item.value.is_nan() {
        let x = x_of(item.value);
        let outward = if item.value > 0.0 { 1.0 } else { -1.0 };
        svg.polygon(
            &[
                (x + outward * 9.0, y),
                (x - outward * 2.0, y - 7.0),
                (x - outward * 2.0, y + 7.0),
            ],
            &format!("class=\"estimate off-axis\" fill=\"{DOT}\""),
        );
    }
}

/// `1523 [1480, 1566]  n=40`.
fn value_text(item: &Interval, decimals: usize) -> String {
    let show = |v: f64| {
        if v.is_nan() {
            "?".to_string()
        } else if v.is_infinite() {
            if v > 0.0 { "+inf" } else { "-inf" }.to_string()
        } else {
            format!("{v:.decimals$}")
        }
    };
    format!(
        "{} [{}, {}]  n={}",
        show(item.value),
        show(item.lower),
        show(item.upper),
        item.games
    )
}

/// A number for a `data-*` attribute: Rust's shortest round-trip form
/// (`inf`, `-inf`, `NaN` for the others), which `str::parse::<f64>` reads.
fn data_number(value: f64) -> String {
    format!("{value}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(label: &str, value: f64, lower: f64, upper: f64) -> Interval {
        Interval {
            label: label.to_string(),
            value,
            lower,
            upper,
            games: 10,
        }
    }

    #[test]
    fn the_fitted_axis_ignores_infinite_ends() {
        let axis = fitted_axis(
            &[
                item("a", 120.0, 40.0, f64::INFINITY),
                item("b", -120.0, -250.0, -30.0),
            ],
            Some(0.0),
        );
        // Finite values span -250..120, plus 15% room (55.5) above for the
        // infinite upper end: up to 175.5. 425.5 / 6 intervals rounds up
        // to a step of 100, so the axis runs from -300 to 200.
        assert_eq!((axis.min, axis.max, axis.step), (-300.0, 200.0, 100.0));
    }

    #[test]
    fn values_print_with_their_interval() {
        assert_eq!(
            value_text(&item("a", 0.5, 0.4, 0.6), 3),
            "0.500 [0.400, 0.600]  n=10"
        );
        assert_eq!(
            value_text(&item("a", f64::INFINITY, 200.0, f64::INFINITY), 0),
            "+inf [200, +inf]  n=10"
        );
    }
}

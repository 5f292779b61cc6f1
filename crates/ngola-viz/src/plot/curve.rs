//! Line plots of series over a common x axis: a learning curve (score
//! against training time, one line per opponent). Every point carries
//! `data-series`, `data-x` and `data-y`.

use crate::plot::{page, Axis, INK};
use crate::svg::{escape, num, text_width, Anchor};

const PLOT_W: f64 = 480.0;
const PLOT_H: f64 = 260.0;
const GRID: &str = "#dddddd";
/// Line colours, one per series in turn.
const COLOURS: &[&str] = &["#1f5f99", "#c0392b", "#27ae60", "#8e44ad", "#d68910"];

/// One line: its name and its points `(x, y)` in x order.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The legend's name for it.
    pub label: String,
    /// The points.
    pub points: Vec<(f64, f64)>,
}

/// How to draw a line plot.
#[derive(Clone, Debug, PartialEq)]
pub struct CurvePlot {
    /// The heading.
    pub title: String,
    /// One line under the heading.
    pub subtitle: String,
    /// The x axis' name.
    pub x_label: String,
    /// The y axis' name.
    pub y_label: String,
    /// A fixed y axis (`None`: fitted to the values).
    pub y_axis: Option<Axis>,
    /// A horizontal reference line (e.g. an even score, 0.5).
    pub reference: Option<f64>,
}

/// The line plot of `series` (points that are not finite are left out).
pub fn curve_svg(series: &[Series], plot: &CurvePlot) -> String {
    let finite = |&(x, y): &(f64, f64)| x.is_finite() && y.is_finite();
    let all: Vec<(f64, f64)> = series
        .iter()
        .flat_map(|s| s.points.iter().copied().filter(finite))
        .collect();
    let (x_lo, x_hi) = bounds(all.iter().map(|p| p.0));
    let x_axis = Axis::covering(x_lo.min(0.0), x_hi, 6);
    let y_axis = plot.y_axis.clone().unwrap_or_else(|| {
        let (lo, hi) = bounds(all.iter().map(|p| p.1));
        Axis::covering(lo, hi, 5)
    });
    let legend_w = series
        .iter()
        .map(|s| text_width(&s.label, 12.0) + 30.0)
        .fold(0.0, f64::max);
    let left = 64.0;
    let top = 70.0;
    let right = left + PLOT_W;
    let bottom = top + PLOT_H;
    let width = (right + 16.0 + legend_w).max(text_width(&plot.title, 17.0) + 24.0);
    let height = bottom + 52.0;
    let mut svg = page(width, height, "curve-plot", &plot.title, &plot.subtitle);
    let x_of = |v: f64| x_axis.map(v, left, right);
    let y_of = |v: f64| y_axis.map(v, bottom, top);

    for &tick in &x_axis.ticks {
        let x = x_of(tick);
        svg.line(x, top, x, bottom, &format!("stroke=\"{GRID}\""));
        let label = x_axis.label(tick);
        let style = format!("class=\"tick\" fill=\"{INK}\"");
        svg.text(
            x,
            bottom + 16.0,
            11.0,
            Anchor::Middle,
            false,
            &label,
            &style,
        );
    }
    for &tick in &y_axis.ticks {
        let y = y_of(tick);
        svg.line(left, y, right, y, &format!("stroke=\"{GRID}\""));
        let label = y_axis.label(tick);
        let style = format!("class=\"tick\" fill=\"{INK}\"");
        svg.text(left - 6.0, y, 11.0, Anchor::End, true, &label, &style);
    }
    let axis_style = format!("stroke=\"{INK}\"");
    svg.line(left, bottom, right, bottom, &axis_style);
    svg.line(left, top, left, bottom, &axis_style);
    if let Some(r) = plot
        .reference
        .filter(|r| (y_axis.min..=y_axis.max).contains(r))
    {
        let y = y_of(r);
        let style = "class=\"reference\" stroke=\"#888888\" stroke-dasharray=\"4 3\"";
        svg.line(left, y, right, y, style);
    }
    let label_style = format!("class=\"axis-label\" fill=\"{INK}\"");
    let x_mid = (left + right) / 2.0;
    svg.text(
        x_mid,
        bottom + 38.0,
        12.0,
        Anchor::Middle,
        false,
        &plot.x_label,
        &label_style,
    );
    svg.text(
        left,
        top - 8.0,
        12.0,
        Anchor::Start,
        false,
        &plot.y_label,
        &label_style,
    );

    for (k, s) in series.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        svg.group(&format!(
            "class=\"series\" data-series=\"{}\"",
            escape(&s.label)
        ));
        let points: Vec<(f64, f64)> = s.points.iter().copied().filter(finite).collect();
        for pair in points.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let style = format!("stroke=\"{colour}\" stroke-width=\"2\"");
            svg.line(x_of(a.0), y_of(a.1), x_of(b.0), y_of(b.1), &style);
        }
        for &(x, y) in &points {
            let data = format!(
                "class=\"point\" fill=\"{colour}\" data-series=\"{}\" data-x=\"{}\" data-y=\"{}\"",
                escape(&s.label),
                num(x),
                num(y)
            );
            svg.circle(x_of(x), y_of(y), 3.0, &data);
        }
        let ly = top + 10.0 + 20.0 * k as f64;
        let style = format!("stroke=\"{colour}\" stroke-width=\"2\"");
        svg.line(right + 16.0, ly, right + 36.0, ly, &style);
        let text_style = format!("class=\"legend\" fill=\"{INK}\"");
        svg.text(
            right + 42.0,
            ly,
            12.0,
            Anchor::Start,
            true,
            &s.label,
            &text_style,
        );
        svg.end_group();
    }
    svg.finish()
}

/// The smallest and largest of `values` (0..1 when there are none).
fn bounds(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if lo > hi {
        (0.0, 1.0)
    } else {
        (lo, hi)
    }
}

/// The learning curve of a training run: the network's score against
/// `opponent` (in [0, 1]) at each evaluation, against hours of training;
/// `title` names the game and rules.
pub fn learning_curve_svg(title: &str, opponent: &str, points: &[(f64, f64)]) -> String {
    let series = [Series {
        label: format!("network (no search) vs {opponent}"),
        points: points.to_vec(),
    }];
    curve_svg(
        &series,
        &CurvePlot {
            title: format!("Learning curve: {title}"),
            subtitle: format!(
                "score of the network's own move against {opponent}, each evaluation"
            ),
            x_label: "hours of training".to_string(),
            y_label: "score".to_string(),
            y_axis: Some(Axis::fixed(0.0, 1.0, 0.25)),
            reference: Some(0.5),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plot() -> CurvePlot {
        CurvePlot {
            title: "Learning curve".to_string(),
            subtitle: "kalah".to_string(),
            x_label: "minutes".to_string(),
            y_label: "score".to_string(),
            y_axis: Some(Axis::fixed(0.0, 1.0, 0.25)),
            reference: Some(0.5),
        }
    }

    #[test]
    fn every_finite_point_is_drawn_with_its_numbers() {
        let series = vec![
            Series {
                label: "random".to_string(),
                points: vec![(0.0, 0.5), (1.5, 0.75), (3.0, f64::NAN)],
            },
            Series {
                label: "greedy <1>".to_string(),
                points: vec![(0.0, 0.25), (1.5, 0.5)],
            },
        ];
        let svg = curve_svg(&series, &plot());
        assert_eq!(svg.matches("class=\"point\"").count(), 4);
        assert!(svg.contains("data-series=\"random\" data-x=\"1.5\" data-y=\"0.75\""));
        assert!(svg.contains("data-series=\"greedy &lt;1&gt;\""));
        // One segment per pair of neighbouring finite points, plus the legend's.
        let segments = svg.matches("stroke-width=\"2\"").count();
        assert_eq!(segments, 1 + 1 + 2);
        assert!(svg.contains("class=\"reference\""));
        assert!(svg.ends_with("</svg>\n"));
    }

    #[test]
    fn a_plot_without_points_still_draws_its_axes() {
        let svg = curve_svg(&[], &plot());
        assert!(svg.contains("class=\"tick\""));
        assert!(!svg.contains("class=\"point\""));
    }

    #[test]
    fn the_learning_curve_has_one_point_per_evaluation() {
        let svg = learning_curve_svg("kalah", "greedy", &[(0.0, 0.25), (0.5, 0.75)]);
        assert_eq!(svg.matches("class=\"point\"").count(), 2);
        assert!(svg.contains("data-y=\"0.75\""), "{svg}");
        assert!(svg.contains("Learning curve: kalah"));
    }
}

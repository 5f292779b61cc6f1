//! The cross-table heat map: one cell per pair of agents, coloured by the
//! row agent's score fraction against the column agent.

use crate::plot::{page, CrossTable, PairScore, INK};
use crate::svg::{escape, num, text_width, Anchor, Svg};

const CELL_W: f64 = 66.0;
const CELL_H: f64 = 40.0;

/// ColorBrewer RdBu (5 classes, colour-blind safe): losing red, even
/// white, winning blue.
const STOPS: [(f64, [u8; 3]); 5] = [
    (0.0, [0xca, 0x00, 0x20]),
    (0.25, [0xf4, 0xa5, 0x82]),
    (0.5, [0xf7, 0xf7, 0xf7]),
    (0.75, [0x92, 0xc5, 0xde]),
    (1.0, [0x05, 0x71, 0xb0]),
];

/// The fill colour of a score fraction (`#rrggbb`).
pub fn score_colour(fraction: f64) -> String {
    let f = if fraction.is_finite() {
        fraction.clamp(0.0, 1.0)
    } else {
        0.5
    };
    let upper = STOPS
        .iter()
        .position(|&(at, _)| at >= f)
        .unwrap_or(4)
        .max(1);
    let (a, ca) = STOPS[upper - 1];
    let (b, cb) = STOPS[upper];
    let t = (f - a) / (b - a);
    let mix = |i: usize| (ca[i] as f64 + t * (cb[i] as f64 - ca[i] as f64)).round() as u8;
    format!("#{:02x}{:02x}{:02x}", mix(0), mix(1), mix(2))
}

/// Ink that reads on a cell of this score.
fn text_colour(fraction: f64) -> &'static str {
    if (fraction - 0.5).abs() > 0.36 {
        "#ffffff"
    } else {
        INK
    }
}

/// The heat map of `table`, headed by `title`. Rows are labelled `1 name`,
/// columns by the same numbers; the last column is each agent's score
/// against the whole field.
pub fn cross_table_svg(table: &CrossTable, title: &str) -> String {
    let n = table.agents.len();
    let row_labels: Vec<String> = table
        .agents
        .iter()
        .enumerate()
        .map(|(i, name)| format!("{}  {name}", i + 1))
        .collect();
    let label_w = row_labels
        .iter()
        .map(|l| text_width(l, 13.0))
        .fold(60.0, f64::max)
        + 16.0;
    let left = 12.0 + label_w;
    let top = 84.0;
    let grid_w = (n + 1) as f64 * CELL_W;
    let width = (left + grid_w + 16.0)
        .max(text_width(title, 17.0) + 24.0)
        .max(420.0);
    let height = top + n as f64 * CELL_H + 96.0;

    let mut svg = page(
        width,
        height,
        "cross-table",
        title,
        "score of the row agent against the column agent: (wins + draws/2) / games",
    );
    for j in 0..=n {
        let label = if j == n {
            "all".to_string()
        } else {
            (j + 1).to_string()
        };
        svg.text(
            left + (j as f64 + 0.5) * CELL_W,
            top - 10.0,
            13.0,
            Anchor::Middle,
            false,
            &label,
            &format!("class=\"column-label\" font-weight=\"bold\" fill=\"{INK}\""),
        );
    }
    for (i, label) in row_labels.iter().enumerate() {
        let y = top + i as f64 * CELL_H;
        svg.text(
            12.0,
            y + CELL_H / 2.0,
            13.0,
            Anchor::Start,
            true,
            label,
            &format!("class=\"row-label\" fill=\"{INK}\""),
        );
        let mut total = PairScore {
            points: 0.0,
            games: 0,
        };
        for j in 0..n {
            let x = left + j as f64 * CELL_W;
            let score = table
                .scores
                .get(i)
                .and_then(|r| r.get(j))
                .copied()
                .flatten();
            if let Some(s) = score {
                total.points += s.points;
                total.games += s.games;
            }
            draw_cell(&mut svg, x, y, i, j.to_string(), score);
        }
        let total = (total.games > 0).then_some(total);
        draw_cell(
            &mut svg,
            left + n as f64 * CELL_W,
            y,
            i,
            "all".to_string(),
            total,
        );
    }
    draw_legend(&mut svg, left, top + n as f64 * CELL_H + 30.0);
    svg.finish()
}

fn draw_cell(svg: &mut Svg, x: f64, y: f64, row: usize, col: String, score: Option<PairScore>) {
    let Some(score) = score.filter(|s| s.games > 0) else {
        svg.rect(
            x + 1.0,
            y + 1.0,
            CELL_W - 2.0,
            CELL_H - 2.0,
            3.0,
            "class=\"cell-empty\" fill=\"#e6e6e6\"",
        );
        return;
    };
    let fraction = score.points / score.games as f64;
    svg.group(&format!(
        "class=\"cell\" data-row=\"{row}\" data-col=\"{}\" data-points=\"{}\" data-games=\"{}\"",
        escape(&col),
        num(score.points),
        score.games
    ));
    svg.rect(
        x + 1.0,
        y + 1.0,
        CELL_W - 2.0,
        CELL_H - 2.0,
        3.0,
        &format!("fill=\"{}\"", score_colour(fraction)),
    );
    let ink = text_colour(fraction);
    svg.text(
        x + CELL_W / 2.0,
        y + CELL_H / 2.0 - 6.0,
        14.0,
        Anchor::Middle,
        true,
        &format!("{fraction:.2}"),
        &format!("class=\"cell-score\" font-weight=\"bold\" fill=\"{ink}\""),
    );
    svg.text(
        x + CELL_W / 2.0,
        y + CELL_H / 2.0 + 10.0,
        10.0,
        Anchor::Middle,
        true,
        &format!("{}/{}", num(score.points), score.games),
        &format!("class=\"cell-games\" fill=\"{ink}\""),
    );
    svg.end_group();
}

fn draw_legend(svg: &mut Svg, x: f64, y: f64) {
    let w = 240.0;
    let steps = 24;
    svg.group("class=\"legend\"");
    for k in 0..steps {
        let f = (k as f64 + 0.5) / steps as f64;
        svg.rect(
            x + k as f64 * w / steps as f64,
            y,
            w / steps as f64 + 0.5,
            12.0,
            0.0,
            &format!("fill=\"{}\"", score_colour(f)),
        );
    }
    for (at, label) in [(0.0, "0 (lost all)"), (0.5, "0.5"), (1.0, "1 (won all)")] {
        let anchor = match label {
            "0.5" => Anchor::Middle,
            _ if at == 0.0 => Anchor::Start,
            _ => Anchor::End,
        };
        svg.text(
            x + at * w,
            y + 28.0,
            11.0,
            anchor,
            false,
            label,
            &format!("fill=\"{INK}\""),
        );
    }
    svg.end_group();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_run_from_red_through_white_to_blue() {
        assert_eq!(score_colour(0.0), "#ca0020");
        assert_eq!(score_colour(0.5), "#f7f7f7");
        assert_eq!(score_colour(1.0), "#0571b0");
        // Halfway between the 0.25 and 0.5 stops.
        assert_eq!(score_colour(0.375), "#f6cebd");
        assert_eq!(score_colour(f64::NAN), "#f7f7f7");
        assert_eq!(score_colour(7.0), "#0571b0");
    }
}

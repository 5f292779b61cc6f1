//! Board diagrams as SVG: holes as circles with their counts (and
//! optionally one dot per seed), row letters and column numbers, each
//! side's label with its total, stores for Kalah, the side to move and the
//! ply. Every game is drawn from its position text.
//!
//! Each hole is a `<g class="hole" data-hole="a1" data-count="2">` holding
//! a `circle`, the count as `<text class="count">` and, with seed dots, one
//! `<circle class="seed">` per seed; stores are `<g class="store"
//! data-side="S">`. Tests and scripts can read positions back from these.

use ngola_rules::{GameKind, Player};

use crate::board::{BankKind, BoardView};
use crate::svg::{Anchor, Svg};

/// Distance between hole centres, in px.
const PITCH: f64 = 60.0;
/// Radius of a hole.
const HOLE_R: f64 = 24.0;
/// Extra row height when seed dots push the count below the hole.
const DOT_LABEL_H: f64 = 16.0;
/// Gap between the two sides of the board.
const SIDE_GAP: f64 = 10.0;
/// Width of a Kalah store (plus its spacing).
const STORE_W: f64 = 56.0;
/// Space above the holes: title line and column numbers.
const TOP: f64 = 58.0;
/// More seeds than this in one hole are shown by the count alone.
const MAX_DOTS: u32 = 64;

const BOARD_FILL: &str = "#c99a66";
const BOARD_EDGE: &str = "#7a4e26";
const HOLE_FILL: &str = "#f4e5c6";
const SEED_FILL: &str = "#4a2c12";
const INK: &str = "#222222";
const HIGHLIGHT: &str = "#c0392b";

/// How to draw a board.
#[derive(Clone, Debug)]
pub struct DiagramOptions {
    /// The side the board is seen from (its rows at the bottom).
    pub viewer: Player,
    /// Draw one dot per seed in each hole (counts then sit below the holes).
    pub seed_dots: bool,
    /// The move that led here, in the game's notation; its start hole is
    /// ringed (moves that name no hole, like `pass`, ring nothing).
    pub last_move: Option<String>,
    /// A line of text under the board (e.g. what the last move did).
    pub caption: Option<String>,
}

impl Default for DiagramOptions {
    fn default() -> Self {
        DiagramOptions {
            viewer: Player::South,
            seed_dots: false,
            last_move: None,
            caption: None,
        }
    }
}

/// The display name of a game.
pub fn game_title(game: GameKind) -> &'static str {
    match game {
        GameKind::Mangola => "Mangola",
        GameKind::UmElBagara => "Um el-Bagara",
        GameKind::Kalah => "Kalah",
        GameKind::Oware => "Oware",
    }
}

/// Where things go in one diagram.
struct Layout {
    /// x of the left edge of the first hole column.
    left: f64,
    /// Width of each store (0 without stores).
    store_w: f64,
    /// Height of one row.
    row_h: f64,
    /// Rows, top to bottom.
    rows: Vec<usize>,
    /// Columns, left to right.
    columns: Vec<usize>,
}

impl Layout {
    fn new(board: &BoardView, options: &DiagramOptions) -> Layout {
        let store_w = if board.bank_kind() == BankKind::Store {
            STORE_W
        } else {
            0.0
        };
        Layout {
            left: 34.0 + store_w,
            store_w,
            row_h: PITCH + if options.seed_dots { DOT_LABEL_H } else { 0.0 },
            rows: board.rows_from_top(options.viewer),
            columns: board.columns_from_left(options.viewer),
        }
    }

    fn holes_width(&self) -> f64 {
        self.columns.len() as f64 * PITCH
    }

    fn holes_height(&self) -> f64 {
        self.rows.len() as f64 * self.row_h + SIDE_GAP
    }

    /// Top of the `i`-th row from the top.
    fn row_top(&self, i: usize) -> f64 {
        let gap = if i >= self.rows.len() / 2 {
            SIDE_GAP
        } else {
            0.0
        };
        TOP + i as f64 * self.row_h + gap
    }

    fn column_centre(&self, j: usize) -> f64 {
        self.left + (j as f64 + 0.5) * PITCH
    }

    /// x where the side labels start.
    fn labels_x(&self) -> f64 {
        self.left + self.holes_width() + self.store_w + 18.0
    }
}

/// Draws `board` as a standalone SVG document.
pub fn board_svg(board: &BoardView, options: &DiagramOptions) -> String {
    let layout = Layout::new(board, options);
    let labels_w = 120.0;
    let width = (layout.labels_x() + labels_w).max(340.0);
    let bottom = TOP + layout.holes_height();
    // A long caption (a move's captures, the game's result) is wrapped to
    // the diagram's width, each line below the last, never cut off.
    let caption = options
        .caption
        .as_deref()
        .map_or_else(Vec::new, |c| wrap(c, width - 24.0, CAPTION_SIZE));
    let caption_h = CAPTION_LINE * caption.len() as f64;
    let height = bottom + 52.0 + caption_h;

    let mut svg = Svg::new(width, height, "board");
    svg.title(&position_text(board));
    svg.rect(0.0, 0.0, width, height, 0.0, "fill=\"#ffffff\"");
    svg.text(
        12.0,
        22.0,
        16.0,
        Anchor::Start,
        false,
        &format!(
            "{}  ·  ply {}  ·  {} to move",
            game_title(board.game),
            board.ply,
            board.to_move
        ),
        &format!("class=\"heading\" font-weight=\"bold\" fill=\"{INK}\""),
    );

    // The board itself, stores included.
    svg.rect(
        layout.left - layout.store_w - 8.0,
        TOP - 6.0,
        layout.holes_width() + 2.0 * layout.store_w + 16.0,
        layout.holes_height() + 12.0,
        14.0,
        &format!(
            "class=\"board-body\" fill=\"{BOARD_FILL}\" stroke=\"{BOARD_EDGE}\" stroke-width=\"2\""
        ),
    );
    draw_labels_of_rows_and_columns(&mut svg, &layout, bottom);
    let last_hole = options
        .last_move
        .as_deref()
        .and_then(|mv| last_move_hole(board, mv));
    for (i, &row) in layout.rows.iter().enumerate() {
        for (j, &col) in layout.columns.iter().enumerate() {
            let hole = HoleSpot {
                cx: layout.column_centre(j),
                cy: layout.row_top(i) + PITCH / 2.0,
                row,
                col,
                ringed: last_hole == Some((row, col)),
            };
            draw_hole(&mut svg, board, &hole, options.seed_dots);
        }
    }
    if layout.store_w > 0.0 {
        draw_stores(&mut svg, board, &layout, options.viewer);
    }
    draw_side_labels(&mut svg, board, &layout, options.viewer);

    let mut status = format!("{} to move · ply {}", board.to_move, board.ply);
    if let Some(mv) = &options.last_move {
        status.push_str(&format!(" · last move {mv}"));
    }
    svg.text(
        12.0,
        bottom + 44.0,
        13.0,
        Anchor::Start,
        false,
        &status,
        &format!("class=\"status\" fill=\"{INK}\""),
    );
    for (i, line) in caption.iter().enumerate() {
        svg.text(
            12.0,
            bottom + 44.0 + CAPTION_LINE * (i + 1) as f64,
            CAPTION_SIZE,
            Anchor::Start,
            false,
            line,
            &format!("class=\"caption\" fill=\"{INK}\""),
        );
    }
    svg.finish()
}

/// The caption's font size and line height.
const CAPTION_SIZE: f64 = 13.0;
const CAPTION_LINE: f64 = 20.0;

/// A generous width of `text` at `size`: each character at least as wide
/// as Helvetica, Arial and DejaVu Sans (the widest of the three) set it.
fn generous_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| match c {
            ' ' => 0.34,
            'W' | 'M' | 'm' | 'w' | '@' | '%' => 1.0,
            'A'..='Z' => 0.8,
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' => 0.34,
            _ => 0.66,
        })
        .sum::<f64>()
        * size
}

/// `text` in lines no wider than `width` at `size`, broken at spaces
/// (a single word wider than that stays whole on its line).
pub fn wrap(text: &str, width: f64, size: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && generous_width(&candidate, size) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The position text of `board` (as docs/src/rules.md writes it), for the title.
fn position_text(board: &BoardView) -> String {
    let rows = board
        .rows
        .iter()
        .map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
        .collect::<Vec<_>>()
        .join("/");
    let mut text = format!(
        "{} {rows} {} {}",
        board.game,
        board.to_move.letter(),
        board.ply
    );
    if let Some([s, n]) = board.banks {
        text.push_str(&format!(" {s},{n}"));
    }
    text
}

/// The hole a move starts from, if its text begins with a hole name of
/// this board (`a3`, `a3>`, `b12`...); `pass` and the like name none.
fn last_move_hole(board: &BoardView, mv: &str) -> Option<(usize, usize)> {
    let name: String = mv
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    board.hole_at(&name)
}

fn draw_labels_of_rows_and_columns(svg: &mut Svg, layout: &Layout, bottom: f64) {
    let style = format!("class=\"axis\" fill=\"{INK}\"");
    for (j, &col) in layout.columns.iter().enumerate() {
        let x = layout.column_centre(j);
        let label = (col + 1).to_string();
        svg.text(x, TOP - 16.0, 13.0, Anchor::Middle, false, &label, &style);
        svg.text(
            x,
            bottom + 22.0,
            13.0,
            Anchor::Middle,
            false,
            &label,
            &style,
        );
    }
    for (i, &row) in layout.rows.iter().enumerate() {
        let y = layout.row_top(i) + PITCH / 2.0;
        let letter = BoardView::row_letter(row).to_string();
        svg.text(
            layout.left - layout.store_w - 20.0,
            y,
            14.0,
            Anchor::Middle,
            true,
            &letter,
            &format!("class=\"row-letter\" font-weight=\"bold\" fill=\"{INK}\""),
        );
    }
}

/// One hole to draw.
struct HoleSpot {
    cx: f64,
    cy: f64,
    row: usize,
    col: usize,
    ringed: bool,
}

fn draw_hole(svg: &mut Svg, board: &BoardView, spot: &HoleSpot, seed_dots: bool) {
    let count = board.count(spot.row, spot.col);
    let name = BoardView::hole_name(spot.row, spot.col);
    svg.group(&format!(
        "class=\"hole\" data-hole=\"{name}\" data-count=\"{count}\""
    ));
    let (stroke, stroke_w) = if spot.ringed {
        (HIGHLIGHT, 3.5)
    } else {
        (BOARD_EDGE, 1.5)
    };
    let ring_class = if spot.ringed { " last-move" } else { "" };
    svg.circle(
        spot.cx,
        spot.cy,
        HOLE_R,
        &format!(
            "class=\"pit{ring_class}\" fill=\"{HOLE_FILL}\" stroke=\"{stroke}\" stroke-width=\"{stroke_w}\""
        ),
    );
    if seed_dots && count > 0 && count <= MAX_DOTS {
        for (x, y, r) in seed_dot_spots(count) {
            svg.circle(
                spot.cx + x,
                spot.cy + y,
                r,
                &format!("class=\"seed\" fill=\"{SEED_FILL}\""),
            );
        }
    }
    let (count_y, size, middle) = if seed_dots {
        (spot.cy + HOLE_R + 12.0, 12.0, true)
    } else {
        (spot.cy, 17.0, true)
    };
    svg.text(
        spot.cx,
        count_y,
        size,
        Anchor::Middle,
        middle,
        &count.to_string(),
        &format!("class=\"count\" font-weight=\"bold\" fill=\"{INK}\""),
    );
    svg.end_group();
}

/// Offsets and radius of `count` seed dots inside a hole: a sunflower
/// (golden-angle) pattern, which packs any number evenly in a disc.
fn seed_dot_spots(count: u32) -> Vec<(f64, f64, f64)> {
    let golden_angle = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let spread = HOLE_R - 5.0;
    // Dots cover about half the disc, but never grow past a quarter radius.
    let r = (HOLE_R * (0.45 / count as f64).sqrt()).min(HOLE_R * 0.22);
    if count == 1 {
        return vec![(0.0, 0.0, r)];
    }
    (0..count)
        .map(|k| {
            let radius = spread * ((k as f64 + 0.5) / count as f64).sqrt();
            let angle = k as f64 * golden_angle;
            (radius * angle.cos(), radius * angle.sin(), r)
        })
        .collect()
}

/// Kalah's stores: each on its owner's right as he sits, so the viewer's
/// store is on the right and the opponent's on the left.
fn draw_stores(svg: &mut Svg, board: &BoardView, layout: &Layout, viewer: Player) {
    let h = layout.holes_height();
    let w = layout.store_w - 10.0;
    let spots = [
        (viewer.opponent(), layout.left - layout.store_w),
        (viewer, layout.left + layout.holes_width() + 10.0),
    ];
    for (side, x) in spots {
        let count = board.bank(side);
        svg.group(&format!(
            "class=\"store\" data-side=\"{}\" data-count=\"{count}\"",
            side.letter()
        ));
        svg.rect(
            x,
            TOP,
            w,
            h,
            w / 2.0,
            &format!("fill=\"{HOLE_FILL}\" stroke=\"{BOARD_EDGE}\" stroke-width=\"1.5\""),
        );
        svg.text(
            x + w / 2.0,
            TOP + h / 2.0,
            18.0,
            Anchor::Middle,
            true,
            &count.to_string(),
            &format!("class=\"count\" font-weight=\"bold\" fill=\"{INK}\""),
        );
        svg.end_group();
    }
}

/// Each side's name beside its half, with its total and the turn marker.
fn draw_side_labels(svg: &mut Svg, board: &BoardView, layout: &Layout, viewer: Player) {
    let x = layout.labels_x();
    let half = layout.rows.len() / 2;
    let halves = [
        (
            viewer.opponent(),
            TOP,
            layout.row_top(half - 1) + layout.row_h,
        ),
        (viewer, layout.row_top(half), TOP + layout.holes_height()),
    ];
    for (side, top, bottom) in halves {
        let mid = (top + bottom) / 2.0;
        let to_move = board.to_move == side;
        svg.group(&format!(
            "class=\"side{}\" data-side=\"{}\"",
            if to_move { " to-move" } else { "" },
            side.letter()
        ));
        let weight = if to_move { "bold" } else { "normal" };
        svg.text(
            x + 14.0,
            mid - 9.0,
            15.0,
            Anchor::Start,
            true,
            &side.to_string(),
            &format!("class=\"side-name\" font-weight=\"{weight}\" fill=\"{INK}\""),
        );
        let detail = match board.bank_kind() {
            BankKind::None => format!("{} seeds", board.seeds_on_side(side)),
            kind => format!("{} {}", kind.label(), board.bank(side)),
        };
        svg.text(
            x + 14.0,
            mid + 10.0,
            12.0,
            Anchor::Start,
            true,
            &detail,
            &format!("class=\"side-total\" fill=\"{INK}\""),
        );
        if to_move {
            // A small triangle pointing at the side to move.
            svg.polygon(
                &[(x + 8.0, mid - 15.0), (x + 8.0, mid - 3.0), (x, mid - 9.0)],
                &format!("class=\"turn-marker\" fill=\"{HIGHLIGHT}\""),
            );
        }
        svg.end_group();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_dots_stay_inside_the_hole() {
        for count in 1..=MAX_DOTS {
            let spots = seed_dot_spots(count);
            assert_eq!(spots.len(), count as usize);
            for (x, y, r) in spots {
                assert!((x * x + y * y).sqrt() + r <= HOLE_R, "count {count}");
            }
        }
    }

    #[test]
    fn the_last_move_names_its_start_hole() {
        let board = BoardView::parse("umelbagara 5,5,5,5,5/5,5,5,5,5 N 1 0,0").unwrap();
        assert_eq!(last_move_hole(&board, "a3>"), Some((0, 2)));
        assert_eq!(last_move_hole(&board, "b5"), Some((1, 4)));
        assert_eq!(last_move_hole(&board, "pass"), None);
    }

    #[test]
    fn the_title_is_the_position_text() {
        let text = "oware 4,4,4,4,4,4/4,4,4,4,4,0 N 1 4,0";
        let board = BoardView::parse(text).unwrap();
        assert_eq!(position_text(&board), text);
    }
}

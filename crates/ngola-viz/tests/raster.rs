//! Diagrams as a renderer sees them (resvg with the built-in fonts): every
//! drawn thing, the longest captions included, lies inside the SVG's
//! viewBox, and the PNG has the SVG's size (twice over) and shows the
//! numbers.

use resvg::{tiny_skia, usvg};

use ngola_rules::Player;
use ngola_viz::svg::escape;
use ngola_viz::{board_svg, svg_to_png, BoardView, DiagramOptions, PNG_SCALE};

/// The bounding box of everything drawn, and the document's size.
fn drawn_box(svg: &str) -> (tiny_skia::Rect, usvg::Size) {
    let tree = usvg::Tree::from_str(svg, &ngola_viz::png::svg_options()).expect("valid SVG");
    (tree.root().abs_bounding_box(), tree.size())
}

const POSITIONS: [&str; 4] = [
    "mangola 0,4,0,4,0,4,0,4/4,0,4,0,4,0,4,0/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 N 1",
    "mangola 2,2/2,2/2,2/2,2 S 0",
    "kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0",
    "umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 0,0",
];

#[test]
fn long_captions_stay_inside_the_diagram() {
    let captions = [
        "ply 10: North c7 (18 laps, 1 capture (6 seeds)) · game over: North wins, 4 to 60 (immobilised)",
        "ply 131: South a3> (sows 25 counters over 3 laps; captures 4 + 2 + 4 + 2 + 4 in a chain of five houses) · game over: a draw, 25 to 25 (natural)",
        "WWWWWWWWWWWW MMMMMMMMMMMM 888888888888 WWWWWWWWWWWW 000000000000 MMMMMMMMMMMM",
    ];
    for position in POSITIONS {
        let board = BoardView::parse(position).expect("a position");
        for caption in captions {
            for viewer in [Player::South, Player::North] {
                let options = DiagramOptions {
                    viewer,
                    seed_dots: false,
                    last_move: None,
                    caption: Some(caption.to_string()),
                };
                let svg = board_svg(&board, &options);
                let (drawn, size) = drawn_box(&svg);
                assert!(
                    drawn.left() >= 0.0
                        && drawn.top() >= 0.0
                        && drawn.right() <= size.width()
                        && drawn.bottom() <= size.height(),
                    "{position}, caption `{caption}`: drawn {drawn:?} outside 0 0 {} {}",
                    size.width(),
                    size.height()
                );
                // Every word of the caption is in the document.
                for word in caption.split(' ') {
                    assert!(svg.contains(&escape(word)), "`{word}` of `{caption}` lost");
                }
            }
        }
    }
}

#[test]
fn a_png_has_the_size_of_its_svg_and_shows_the_numbers() {
    for position in POSITIONS {
        let board = BoardView::parse(position).expect("a position");
        let svg = board_svg(&board, &DiagramOptions::default());
        let png = svg_to_png(&svg).expect("a PNG");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "the PNG signature");
        let image = tiny_skia::Pixmap::decode_png(&png).expect("a PNG that decodes");
        let (_, size) = drawn_box(&svg);
        assert_eq!(
            (image.width(), image.height()),
            (
                (size.width() * PNG_SCALE).ceil() as u32,
                (size.height() * PNG_SCALE).ceil() as u32
            )
        );
        // The same diagram without its text differs from it: the numbers
        // and labels are drawn (the fonts are built in).
        let mut bare = String::new();
        let mut rest = svg.as_str();
        while let Some(start) = rest.find("<text") {
            bare.push_str(&rest[..start]);
            let end = rest[start..].find("</text>").expect("closed") + start + "</text>".len();
            rest = &rest[end..];
        }
        bare.push_str(rest);
        let without = tiny_skia::Pixmap::decode_png(&svg_to_png(&bare).unwrap()).unwrap();
        let differing = image
            .pixels()
            .iter()
            .zip(without.pixels())
            .filter(|(a, b)| a != b)
            .count();
        assert!(
            differing > 2000,
            "{position}: only {differing} pixels of text"
        );
    }
}

//! Every drawing is parsed as XML, and what it shows is read back from it
//! and compared with the data it was drawn from.

use ngola_rules::Player;
use ngola_viz::plot::{
    cross_table_svg, elo_svg, first_player_svg, CrossTable, Interval, PairScore,
};
use ngola_viz::{board_svg, replay_page, BoardView, DiagramOptions, Frame};
use roxmltree::{Document, Node};

/// Elements with `class` containing `name` (as one of its words).
fn with_class<'a>(doc: &'a Document, name: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split_whitespace().any(|w| w == name))
        })
        .collect()
}

fn text_of(node: Node) -> String {
    node.descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect()
}

/// Reads every hole of a board diagram back: name -> (count attribute,
/// count text, seed dots).
fn holes(doc: &Document) -> Vec<(String, u32, u32, usize)> {
    with_class(doc, "hole")
        .into_iter()
        .map(|g| {
            let name = g.attribute("data-hole").unwrap().to_string();
            let count = g.attribute("data-count").unwrap().parse().unwrap();
            let count_text = g
                .children()
                .find(|c| c.attribute("class") == Some("count"))
                .map(text_of)
                .unwrap();
            let dots = g
                .children()
                .filter(|c| c.attribute("class") == Some("seed"))
                .count();
            (name, count, count_text.parse().unwrap(), dots)
        })
        .collect()
}

const POSITIONS: [&str; 4] = [
    "mangola 0,4,0,4,0,4,0,4/4,0,4,0,4,0,4,0/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 N 1",
    "umelbagara 0,7,1,6,2/5,0,11,3,5 S 4 6,4",
    "kalah 0,5,5,5,5,4/4,4,4,4,4,4 N 1 1,0",
    "oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0",
];

/// Hole name -> count, read straight from a position text (rows `a`,
/// `b`, ... in the order written, columns from 1), not through the viewer.
fn text_counts(position: &str) -> Vec<(String, u32)> {
    let rows = position.split_whitespace().nth(1).unwrap();
    let mut counts = Vec::new();
    for (r, row) in rows.split('/').enumerate() {
        for (c, n) in row.split(',').enumerate() {
            counts.push((
                format!("{}{}", (b'a' + r as u8) as char, c + 1),
                n.parse().unwrap(),
            ));
        }
    }
    counts.sort();
    counts
}

#[test]
fn board_counts_in_the_svg_equal_the_position_s_counts() {
    for text in POSITIONS {
        let board = BoardView::parse(text).unwrap();
        for viewer in Player::BOTH {
            for seed_dots in [false, true] {
                let options = DiagramOptions {
                    viewer,
                    seed_dots,
                    ..DiagramOptions::default()
                };
                let svg = board_svg(&board, &options);
                let doc = Document::parse(&svg).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(doc.root_element().tag_name().name(), "svg");
                let found = holes(&doc);
                let mut shown: Vec<(String, u32)> = found
                    .iter()
                    .map(|(name, count, _, _)| (name.clone(), *count))
                    .collect();
                shown.sort();
                assert_eq!(shown, text_counts(text), "{text}");
                assert_eq!(found.len(), board.rows.len() * board.columns(), "{text}");
                for (name, count, count_text, dots) in found {
                    let (row, col) = board.hole_at(&name).unwrap();
                    assert_eq!(count, board.count(row, col), "{text} {name}");
                    assert_eq!(count_text, board.count(row, col), "{text} {name}");
                    let expected_dots = if seed_dots { count as usize } else { 0 };
                    assert_eq!(dots, expected_dots, "{text} {name}");
                }
                // The title is the position text; the heading names the mover.
                let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
                assert_eq!(text_of(title), text);
                let heading = text_of(with_class(&doc, "heading")[0]);
                assert!(heading.contains(&format!("ply {}", board.ply)));
                let mover = with_class(&doc, "to-move");
                assert_eq!(mover.len(), 1);
                assert_eq!(
                    mover[0].attribute("data-side"),
                    Some(&*board.to_move.letter().to_string())
                );
            }
        }
    }
}

#[test]
fn the_viewer_s_rows_are_drawn_at_the_bottom() {
    let board = BoardView::parse(POSITIONS[0]).unwrap();
    for (viewer, bottom_row, left_hole) in [(Player::South, 'a', "a1"), (Player::North, 'd', "d8")]
    {
        let svg = board_svg(
            &board,
            &DiagramOptions {
                viewer,
                ..DiagramOptions::default()
            },
        );
        let doc = Document::parse(&svg).unwrap();
        // The lowest, leftmost hole circle.
        let (name, _, _) = with_class(&doc, "hole")
            .into_iter()
            .map(|g| {
                let c = g.children().find(|c| c.has_tag_name("circle")).unwrap();
                let x: f64 = c.attribute("cx").unwrap().parse().unwrap();
                let y: f64 = c.attribute("cy").unwrap().parse().unwrap();
                (g.attribute("data-hole").unwrap().to_string(), x, y)
            })
            .max_by(|a, b| a.2.total_cmp(&b.2).then(b.1.total_cmp(&a.1)))
            .unwrap();
        assert_eq!(name, left_hole, "{viewer:?}");
        assert!(name.starts_with(bottom_row));
    }
}

#[test]
fn kalah_stores_are_drawn_with_their_counts() {
    let board = BoardView::parse("kalah 0,5,5,5,5,4/4,4,4,4,4,4 N 1 7,3").unwrap();
    let svg = board_svg(&board, &DiagramOptions::default());
    let doc = Document::parse(&svg).unwrap();
    let stores: Vec<(String, String)> = with_class(&doc, "store")
        .into_iter()
        .map(|g| {
            (
                g.attribute("data-side").unwrap().to_string(),
                text_of(g).trim().to_string(),
            )
        })
        .collect();
    // South's view: North's store on the left (drawn first), South's on the right.
    assert_eq!(
        stores,
        [
            ("N".to_string(), "3".to_string()),
            ("S".to_string(), "7".to_string())
        ]
    );
}

#[test]
fn the_last_move_s_hole_is_ringed() {
    let board = BoardView::parse(POSITIONS[1]).unwrap();
    let svg = board_svg(
        &board,
        &DiagramOptions {
            last_move: Some("b3<".to_string()),
            caption: Some("North b3<: captures 4 & more".to_string()),
            ..DiagramOptions::default()
        },
    );
    let doc = Document::parse(&svg).unwrap();
    let ringed = with_class(&doc, "last-move");
    assert_eq!(ringed.len(), 1);
    assert_eq!(
        ringed[0].parent().unwrap().attribute("data-hole"),
        Some("b3")
    );
    assert_eq!(
        text_of(with_class(&doc, "caption")[0]),
        "North b3<: captures 4 & more"
    );
}

#[test]
fn the_replay_page_is_xml_with_one_board_per_step() {
    let texts = [POSITIONS[3], "oware 4,4,0,5,5,5/5,4,4,4,4,4 N 1 0,0"];
    let frames: Vec<Frame> = texts
        .iter()
        .enumerate()
        .map(|(ply, text)| Frame {
            ply: ply as u32,
            mv: if ply == 0 {
                String::new()
            } else {
                "a3".to_string()
            },
            caption: format!("step {ply}"),
            svg: board_svg(&BoardView::parse(text).unwrap(), &DiagramOptions::default()),
        })
        .collect();
    let page = replay_page("Oware <test>", "random vs random", &frames);
    let doc = Document::parse_with_options(
        &page,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .unwrap();
    let svgs: Vec<Node> = doc
        .descendants()
        .filter(|n| n.has_tag_name("svg"))
        .collect();
    assert_eq!(svgs.len(), 2);
    for (svg, text) in svgs.iter().zip(texts) {
        let title = svg.children().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(text_of(title), text);
    }
    let buttons: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("button"))
        .filter_map(|n| n.attribute("id"))
        .collect();
    assert_eq!(buttons, ["first", "prev", "next", "last"]);
    assert!(doc.descendants().any(|n| n.has_tag_name("script")));
}

#[test]
fn the_cross_table_shows_each_pair_s_score() {
    let table = CrossTable {
        agents: vec!["random".into(), "greedy".into(), "alphabeta:depth=4".into()],
        scores: vec![
            vec![
                None,
                Some(PairScore {
                    points: 2.5,
                    games: 10,
                }),
                Some(PairScore {
                    points: 0.0,
                    games: 10,
                }),
            ],
            vec![
                Some(PairScore {
                    points: 7.5,
                    games: 10,
                }),
                None,
                Some(PairScore {
                    points: 3.0,
                    games: 10,
                }),
            ],
            vec![
                Some(PairScore {
                    points: 10.0,
                    games: 10,
                }),
                Some(PairScore {
                    points: 7.0,
                    games: 10,
                }),
                None,
            ],
        ],
    };
    let svg = cross_table_svg(&table, "Mangola <round robin>");
    let doc = Document::parse(&svg).unwrap();
    let cells = with_class(&doc, "cell");
    // Six pair cells plus three "all" cells.
    assert_eq!(cells.len(), 9);
    for cell in &cells {
        let row: usize = cell.attribute("data-row").unwrap().parse().unwrap();
        let points: f64 = cell.attribute("data-points").unwrap().parse().unwrap();
        let games: f64 = cell.attribute("data-games").unwrap().parse().unwrap();
        let shown: f64 = text_of(
            cell.children()
                .find(|c| c.attribute("class") == Some("cell-score"))
                .unwrap(),
        )
        .parse()
        .unwrap();
        // Two decimals shown: within half a hundredth (plus float slack).
        assert!((shown - points / games).abs() <= 0.005 + 1e-9);
        match cell.attribute("data-col").unwrap() {
            "all" => {
                // greedy: 7.5 + 3.0 of 20.
                if row == 1 {
                    assert_eq!((points, games), (10.5, 20.0));
                }
            }
            col => {
                let col: usize = col.parse().unwrap();
                let expected = table.scores[row][col].unwrap();
                assert_eq!((points, games as u32), (expected.points, expected.games));
            }
        }
    }
    assert_eq!(with_class(&doc, "cell-empty").len(), 3);
}

#[test]
fn interval_plots_carry_their_numbers() {
    let elo = vec![
        Interval {
            label: "random".into(),
            value: -240.0,
            lower: -400.0,
            upper: -120.0,
            games: 40,
        },
        Interval {
            label: "alphabeta".into(),
            value: f64::INFINITY,
            lower: 190.0,
            upper: f64::INFINITY,
            games: 40,
        },
        Interval {
            label: "greedy".into(),
            value: 35.5,
            lower: -60.0,
            upper: 130.0,
            games: 40,
        },
    ];
    let svg = elo_svg(&elo, "Elo", "95% intervals over colour-swapped pairs");
    let doc = Document::parse(&svg).unwrap();
    let rows = with_class(&doc, "interval");
    let labels: Vec<&str> = rows
        .iter()
        .map(|r| r.attribute("data-label").unwrap())
        .collect();
    assert_eq!(labels, ["alphabeta", "greedy", "random"], "best first");
    assert_eq!(rows[0].attribute("data-value"), Some("inf"));
    assert_eq!(rows[1].attribute("data-value"), Some("35.5"));
    assert!(text_of(rows[1]).contains("36 [-60, 130]  n=40"));
    // The infinite estimate and upper end become arrows at the edge.
    assert_eq!(
        rows[0]
            .descendants()
            .filter(|n| n.attribute("class").is_some_and(|c| c.contains("off-axis")))
            .count(),
        2
    );

    let first = vec![
        Interval {
            label: "random vs greedy".into(),
            value: 0.55,
            lower: 0.41,
            upper: 0.68,
            games: 40,
        },
        Interval {
            label: "all games".into(),
            value: 0.52,
            lower: 0.45,
            upper: 0.6,
            games: 120,
        },
    ];
    let svg = first_player_svg(&first, "First player", "Wilson 95%");
    let doc = Document::parse(&svg).unwrap();
    let rows = with_class(&doc, "interval");
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1].attribute("data-upper"), Some("0.6"));
    // The even-score line sits in the middle of the fixed 0..1 axis.
    let reference = with_class(&doc, "reference")[0];
    let ticks: Vec<String> = with_class(&doc, "tick").into_iter().map(text_of).collect();
    assert_eq!(ticks.first().map(String::as_str), Some("0.0"));
    assert_eq!(ticks.last().map(String::as_str), Some("1.0"));
    let x: f64 = reference.attribute("x1").unwrap().parse().unwrap();
    let tick_x = |label: &str| -> f64 {
        with_class(&doc, "tick")
            .into_iter()
            .find(|t| text_of(*t) == label)
            .and_then(|t| t.attribute("x"))
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!((x - tick_x("0.5")).abs() < 0.01);
}

//! `ngola render`: the diagrams and the replay page are parsed as XML and
//! their counts compared with the positions they draw.

use crate::common;
use common::*;

use roxmltree::{Document, Node, ParsingOptions};

fn run(args: &[&str]) -> (String, String, Option<i32>) {
    let out = ngola_command().args(args).output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

fn text_of(node: Node) -> String {
    node.descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect()
}

/// The counts a board SVG shows, hole name -> count (from the count
/// texts), and its title (the position text).
fn shown_counts(svg: Node) -> (Vec<(String, u32)>, String) {
    let holes = svg
        .descendants()
        .filter(|n| n.attribute("class") == Some("hole"))
        .map(|g| {
            let count = g
                .children()
                .find(|c| c.attribute("class") == Some("count"))
                .map(text_of)
                .unwrap();
            (
                g.attribute("data-hole").unwrap().to_string(),
                count.parse().unwrap(),
            )
        })
        .collect();
    let title = svg
        .children()
        .find(|n| n.has_tag_name("title"))
        .map(text_of)
        .unwrap();
    (holes, title)
}

/// The counts of a position text, hole name -> count.
fn position_counts(position: &str) -> Vec<(String, u32)> {
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

fn assert_board_shows(svg: Node, position: &str) {
    let (mut holes, title) = shown_counts(svg);
    holes.sort();
    assert_eq!(title, position);
    assert_eq!(holes, position_counts(position), "{position}");
}

#[test]
fn a_position_of_each_game_is_drawn_with_its_counts() {
    let dir = scratch("positions");
    let positions = [
        (
            "mangola",
            "mangola 4,0,4,0,4,0,4,0/0,4,0,4,0,4,0,4/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 N 1",
        ),
        ("umelbagara", "umelbagara 0,7,1,6,2/5,0,11,3,5 S 4 6,4"),
        ("kalah", "kalah 0,5,5,5,5,4/4,4,4,4,4,4 N 1 1,0"),
        ("oware", "oware 4,4,4,4,4,0/5,5,5,5,4,4 N 1 0,0"),
    ];
    for (game, position) in positions {
        for extra in [&[][..], &["--view", "N", "--dots"][..]] {
            let path = dir.join(format!("{game}.svg"));
            let mut args = vec![
                "render",
                game,
                "--position",
                position,
                "-o",
                path.to_str().unwrap(),
            ];
            args.extend_from_slice(extra);
            let (_, err, code) = run(&args);
            assert_eq!(code, Some(0), "{err}");
            let svg = std::fs::read_to_string(&path).unwrap();
            let doc = Document::parse(&svg).unwrap();
            assert_board_shows(doc.root_element(), position);
        }
    }
}

#[test]
fn the_start_position_goes_to_stdout_without_o() {
    let (svg, err, code) = run(&["render", "kalah"]);
    assert_eq!(code, Some(0), "{err}");
    let doc = Document::parse(&svg).unwrap();
    assert_board_shows(doc.root_element(), "kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0");
    let stores: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("store"))
        .filter_map(|n| n.attribute("data-count"))
        .collect();
    assert_eq!(stores, ["0", "0"]);
}

#[test]
fn bad_positions_name_the_field() {
    let (_, err, code) = run(&args![
        "render kalah --position",
        whole("kalah 4,4,4,4,4,4/4,4,4,4,4 S 0 0,0")
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("rows") || err.contains("field"), "{err}");
    let (_, err, code) = run(&["render"]);
    assert_eq!(code, Some(2), "{err}");
}

/// The position after each ply of `moves`, as `ngola replay` prints them.
fn replayed(game: &str, moves: &[&str]) -> Vec<String> {
    let mut args = vec!["replay", game];
    args.extend_from_slice(moves);
    let (out, err, code) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    out.lines()
        .filter(|l| !l.starts_with("result"))
        .map(|l| l.splitn(3, ' ').nth(2).unwrap().to_string())
        .collect()
}

#[test]
fn a_record_becomes_a_page_of_boards_and_a_folder_of_svgs() {
    let dir = scratch("record");
    let moves = ["a3>", "b1", "a1", "b3<", "a5"];
    let record = format!(
        "game umelbagara\nsouth alice\nnorth bob\nmoves\n{}\n",
        moves.join("\n")
    );
    let record_path = dir.join("game.txt");
    std::fs::write(&record_path, record).unwrap();
    let mut positions = vec!["umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 0,0".to_string()];
    positions.extend(replayed("umelbagara", &moves));

    let page_path = dir.join("game.html");
    let (out, err, code) = run(&args!["render --record", record_path, "-o", page_path]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("6 steps"), "{out}");
    let page = std::fs::read_to_string(&page_path).unwrap();
    let doc = Document::parse_with_options(
        &page,
        ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .unwrap();
    let svgs: Vec<Node> = doc
        .descendants()
        .filter(|n| n.has_tag_name("svg"))
        .collect();
    assert_eq!(svgs.len(), positions.len());
    for (svg, position) in svgs.iter().zip(&positions) {
        assert_board_shows(*svg, position);
    }
    // Each step after the start rings the hole its move started from.
    for (svg, mv) in svgs.iter().skip(1).zip(moves) {
        let ringed = svg
            .descendants()
            .find(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.contains("last-move"))
            })
            .and_then(|n| n.parent())
            .and_then(|g| g.attribute("data-hole"))
            .unwrap();
        assert_eq!(ringed, &mv[..2]);
    }
    assert!(text_of(doc.root_element()).contains("South: alice · North: bob"));

    let svg_dir = dir.join("plies");
    let (_, err, code) = run(&args![
        "render umelbagara --record",
        record_path,
        "-o",
        svg_dir
    ]);
    assert_eq!(code, Some(0), "{err}");
    for (ply, position) in positions.iter().enumerate() {
        let svg = std::fs::read_to_string(svg_dir.join(format!("ply-{ply:03}.svg"))).unwrap();
        let doc = Document::parse(&svg).unwrap();
        assert_board_shows(doc.root_element(), position);
    }

    let (_, err, code) = run(&args!["render kalah --record", record_path, "-o x.html"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("record is a game of umelbagara"), "{err}");
}

#[test]
fn a_png_is_a_png_of_twice_the_svg_size() {
    let dir = scratch("png");
    let png_path = dir.join("board.PNG");
    let (_, err, code) = run(&["render", "kalah", "-o", png_path.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    let png = std::fs::read(&png_path).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG, not SVG text");
    // IHDR: width and height, big-endian, after the signature and the
    // chunk's length and type.
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
    let (svg, _, _) = run(&["render", "kalah"]);
    let doc = Document::parse(&svg).unwrap();
    let size = |name: &str| -> u32 {
        let v: f64 = doc.root_element().attribute(name).unwrap().parse().unwrap();
        (v * 2.0).ceil() as u32
    };
    assert_eq!((width, height), (size("width"), size("height")));
}

#[test]
fn a_record_to_an_svg_file_is_its_last_position_with_the_result() {
    let dir = scratch("last");
    // A Kalah game to its end: South's last seeds leave the row.
    let record_path = dir.join("game.txt");
    std::fs::write(
        &record_path,
        "game kalah\nstart kalah 0,0,0,0,0,1/1,0,0,0,0,0 S 40 23,23\nmoves\na6\n",
    )
    .unwrap();
    for name in ["last.svg", "last.png"] {
        let out = dir.join(name);
        let (text, err, code) = run(&args!["render --record", record_path, "-o", out]);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.is_file(), "{name}: a file, not a folder ({text})");
    }
    let svg = std::fs::read_to_string(dir.join("last.svg")).unwrap();
    let doc = Document::parse(&svg).unwrap();
    let caption: String = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("caption"))
        .map(|n| text_of(n) + " ")
        .collect();
    assert!(caption.contains("ply 41: South a6"), "{caption}");
    assert!(caption.contains("game over:"), "{caption}");
}

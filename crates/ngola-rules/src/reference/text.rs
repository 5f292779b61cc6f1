//! Position text for the reference implementations, read and written here
//! without the fast engine's parsers: `NAME ROWS SIDE PLY [SOUTH,NORTH]`
//! (docs/src/rules.md, "Position text"), rows separated by `/`, counts by `,`.

use crate::error::PositionError;
use crate::game::Player;

/// The fields of a position text.
pub(crate) struct Fields {
    /// Counts by row, each row in column order.
    pub rows: Vec<Vec<u32>>,
    /// The side to move.
    pub side: Player,
    /// Plies played.
    pub ply: u32,
    /// The last field (stores, scores or counters taken), when the game has one.
    pub pair: Option<[u32; 2]>,
}

/// Reads `text` as a position of game `name` with `rows` rows of `width`
/// counts each, and a last `South,North` field when `pair` names it.
pub(crate) fn parse(
    text: &str,
    name: &str,
    rows: usize,
    width: usize,
    pair: Option<&str>,
) -> Result<Fields, PositionError> {
    // Single spaces, as the engines of Mangola and Um el-Bagara read them
    // (a tab or a double space is not a separator).
    let fields: Vec<&str> = text.trim().split(' ').collect();
    let expected = if pair.is_some() { 5 } else { 4 };
    let game = fields.first().copied().unwrap_or("");
    if game != name {
        return Err(PositionError::new(
            "game",
            format!("`{game}` is not `{name}`"),
        ));
    }
    if fields.len() != expected {
        return Err(PositionError::new(
            "fields",
            format!(
                "expected {expected} fields separated by spaces, found {}",
                fields.len()
            ),
        ));
    }
    let row_texts: Vec<&str> = fields[1].split('/').collect();
    if row_texts.len() != rows {
        return Err(PositionError::new(
            "rows",
            format!(
                "expected {rows} rows separated by `/`, found {}",
                row_texts.len()
            ),
        ));
    }
    let mut counts = Vec::with_capacity(rows);
    for (r, row) in row_texts.iter().enumerate() {
        let letter = (b'a' + r as u8) as char;
        let row: Vec<u32> = row
            .split(',')
            .map(|n| {
                n.parse::<u32>().map_err(|_| {
                    PositionError::new("rows", format!("row {letter}: `{n}` is not a count"))
                })
            })
            .collect::<Result<_, _>>()?;
        if row.len() != width {
            return Err(PositionError::new(
                "rows",
                format!(
                    "row {letter} has {} counts; the rules say {width}",
                    row.len()
                ),
            ));
        }
        counts.push(row);
    }
    let side = Player::from_letter(fields[2])?;
    let ply = fields[3]
        .parse::<u32>()
        .map_err(|_| PositionError::new("ply", format!("`{}` is not a ply number", fields[3])))?;
    let pair = match pair {
        None => None,
        Some(field) => {
            let bad = || PositionError::new(field, format!("`{}` is not `SOUTH,NORTH`", fields[4]));
            let (south, north) = fields[4].split_once(',').ok_or_else(bad)?;
            Some([
                south.parse::<u32>().map_err(|_| bad())?,
                north.parse::<u32>().map_err(|_| bad())?,
            ])
        }
    };
    Ok(Fields {
        rows: counts,
        side,
        ply,
        pair,
    })
}

/// `r1/r2/..`, each row's counts separated by commas.
pub(crate) fn rows_text<R: AsRef<[u32]>>(rows: &[R]) -> String {
    rows.iter()
        .map(|row| {
            row.as_ref()
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The whole position text.
pub(crate) fn position_text<R: AsRef<[u32]>>(
    name: &str,
    rows: &[R],
    side: Player,
    ply: u32,
    pair: Option<[u32; 2]>,
) -> String {
    let mut text = format!("{name} {} {} {ply}", rows_text(rows), side.letter());
    if let Some([south, north]) = pair {
        text += &format!(" {south},{north}");
    }
    text
}

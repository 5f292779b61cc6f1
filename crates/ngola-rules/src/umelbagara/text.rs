//! Position text: `umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 0,0` (docs/src/rules.md,
//! "Position text").

use crate::error::PositionError;
use crate::game::Player;
use crate::swap::SwapStatus;

/// The game's name, the first word of its position text.
pub(crate) const NAME: &str = "umelbagara";

/// The fields of a position text, in order (for error messages).
const FIELDS: [&str; 5] = ["game", "rows", "side", "ply", "taken"];

/// The fields of a position text, read: the position builds itself from
/// them (checking the rows against its rules) and then reads the swap
/// field, in that order.
pub(crate) struct Fields {
    /// Row a's counts, then row b's.
    pub counts: [Vec<u32>; 2],
    /// The side to move.
    pub side: Player,
    /// The ply.
    pub ply: u32,
    /// The counters each side has taken.
    pub taken: [u32; 2],
    /// The swap field, if the text has one.
    pub swap: Option<String>,
}

/// Reads the fields of a position text.
pub(crate) fn parse(text: &str) -> Result<Fields, PositionError> {
    let mut fields: Vec<&str> = text.trim().split(' ').collect();
    let swap_field = SwapStatus::split_field(&mut fields, FIELDS.len());
    let field = |i: usize| -> Result<&str, PositionError> {
        match fields.get(i) {
            Some(f) if !f.is_empty() => Ok(f),
            _ => Err(PositionError::new(
                FIELDS[i],
                format!(
                    "missing (or an extra space before it); a position has the fields {}, \
                     separated by single spaces",
                    FIELDS.join(" ")
                ),
            )),
        }
    };

    let game = field(0)?;
    if game != NAME {
        return Err(PositionError::new(
            "game",
            format!("`{game}` is not `{NAME}`"),
        ));
    }

    let rows_text = field(1)?;
    let rows: Vec<&str> = rows_text.split('/').collect();
    if rows.len() != 2 {
        return Err(PositionError::new(
            "rows",
            format!(
                "`{rows_text}` has {} rows; expected 2 (a/b), separated by `/`",
                rows.len()
            ),
        ));
    }
    let mut counts: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    for ((row, letter), out) in rows.iter().zip(['a', 'b']).zip(counts.iter_mut()) {
        for number in row.split(',') {
            let count = number.parse::<u32>().map_err(|_| {
                PositionError::new(
                    "rows",
                    format!(
                        "row {letter}: `{number}` is not a count of counters \
                         (expected comma-separated whole numbers)"
                    ),
                )
            })?;
            out.push(count);
        }
    }

    let side = Player::from_letter(field(2)?)?;

    let ply_text = field(3)?;
    let ply = ply_text.parse::<u32>().map_err(|_| {
        PositionError::new(
            "ply",
            format!("`{ply_text}` is not a ply number (a whole number from 0)"),
        )
    })?;

    let taken_text = field(4)?;
    let taken_error = || {
        PositionError::new(
            "taken",
            format!("`{taken_text}` is not two counts `South,North` (e.g. 0,0)"),
        )
    };
    let (south, north) = taken_text.split_once(',').ok_or_else(taken_error)?;
    let taken = [
        south.parse::<u32>().map_err(|_| taken_error())?,
        north.parse::<u32>().map_err(|_| taken_error())?,
    ];

    if fields.len() > FIELDS.len() {
        return Err(PositionError::new(
            "taken",
            format!(
                "unexpected text after it: `{}`; a position has the fields {}, \
                 separated by single spaces (then `swapped` or `swap-open` where the swap rule needs it)",
                fields[FIELDS.len()..].join(" "),
                FIELDS.join(" ")
            ),
        ));
    }

    Ok(Fields {
        counts,
        side,
        ply,
        taken,
        swap: swap_field.map(str::to_string),
    })
}

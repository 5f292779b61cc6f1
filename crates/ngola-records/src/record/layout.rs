//! The columns of `games.csv`, and where an older file's later columns are.

/// The header of `games.csv`.
pub const COLUMNS: [&str; 19] = [
    "game",
    "pair",
    "pairing",
    "south_id",
    "north_id",
    "south",
    "north",
    "seed",
    "result",
    "plies",
    "south_total",
    "north_total",
    "reason",
    "time_s",
    "opening",
    "moves",
    "seed_hi",
    "seed_lo",
    "fault",
];

/// The columns of the oldest `games.csv` still read (up to `opening`).
pub const BASE_COLUMNS: usize = 15;

/// The header line of `games.csv`, with its line end.
pub(crate) fn header_line() -> String {
    format!("{}\n", COLUMNS.join(","))
}

/// Where a `games.csv`'s columns after `opening` are: files of this
/// version have them all, older ones some (or none), in any order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The number of columns.
    pub columns: usize,
    /// The `moves` column.
    pub moves: Option<usize>,
    /// The `seed_hi` column.
    pub seed_hi: Option<usize>,
    /// The `seed_lo` column.
    pub seed_lo: Option<usize>,
    /// The `fault` column.
    pub fault: Option<usize>,
}

impl Default for Layout {
    fn default() -> Layout {
        Layout::current()
    }
}

impl Layout {
    /// The layout of this version's files: every column of [`COLUMNS`].
    pub fn current() -> Layout {
        Layout::of(&COLUMNS).unwrap_or(Layout {
            columns: COLUMNS.len(),
            moves: None,
            seed_hi: None,
            seed_lo: None,
            fault: None,
        })
    }

    /// The layout of a header: the base columns in order, then later
    /// columns of [`COLUMNS`], each at most once; `None` otherwise.
    pub fn of(header: &[&str]) -> Option<Layout> {
        if header.len() < BASE_COLUMNS || header[..BASE_COLUMNS] != COLUMNS[..BASE_COLUMNS] {
            return None;
        }
        let mut layout = Layout {
            columns: header.len(),
            moves: None,
            seed_hi: None,
            seed_lo: None,
            fault: None,
        };
        for (i, name) in header.iter().enumerate().skip(BASE_COLUMNS) {
            let slot = match *name {
                "moves" => &mut layout.moves,
                "seed_hi" => &mut layout.seed_hi,
                "seed_lo" => &mut layout.seed_lo,
                "fault" => &mut layout.fault,
                _ => return None,
            };
            if slot.replace(i).is_some() {
                return None;
            }
        }
        Some(layout)
    }
}

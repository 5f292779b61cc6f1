//! Reading the JSON-lines game records of the differential tests (copies of
//! shared/fixtures in `tests/data/`, each folder's README explains the
//! format).
//!
//! Included with `#[path]` by the OpenSpiel and Ludii tests, so some items
//! are unused in some of them.
#![allow(dead_code)]

use serde_json::Value;

/// The records of `tests/data/<relative>`, one JSON value a line (blank
/// lines skipped).
pub fn records(relative: &str) -> Vec<Value> {
    let path = format!("{}/tests/data/{relative}", env!("CARGO_MANIFEST_DIR"));
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("fixture file {path}: {e}"));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{path}: one JSON record per line: {e}"))
        })
        .collect()
}

/// A JSON array of counts.
pub fn numbers(value: &Value) -> Vec<u32> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|v| v.as_u64().expect("a number") as u32)
        .collect()
}

/// A record's `returns`: one signed result per player.
pub fn returns(record: &Value) -> Vec<i32> {
    record["returns"]
        .as_array()
        .expect("returns")
        .iter()
        .map(|v| v.as_i64().expect("a return") as i32)
        .collect()
}

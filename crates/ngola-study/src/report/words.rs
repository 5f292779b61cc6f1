//! The sentences of a report: every word that states a direction or a
//! size is chosen here from the numbers, never written by hand. A side
//! "is favoured" only when the whole 95% interval lies on its side of one
//! half; otherwise the score "is even within its interval".

use ngola_rules::GameKind;

use super::exact::{Exact, Source, Value, Verdict};

/// A fraction as a percentage with one decimal (`-` for none).
pub fn pct(x: f64) -> String {
    if x.is_nan() {
        "-".to_string()
    } else {
        format!("{:.1}%", 100.0 * x)
    }
}

/// A number with `decimals` decimals (`-` for none).
pub fn num(x: f64, decimals: usize) -> String {
    if x.is_nan() {
        "-".to_string()
    } else {
        format!("{x:.decimals$}")
    }
}

/// A count with thousands separators: 10,000.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1 step`, `2 steps`: a count and its noun.
pub fn plural(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{} {noun}s", count(n))
    }
}

/// `score [low, high]` as percentages (`-` without a score).
pub fn interval(score: f64, low: f64, high: f64) -> String {
    if score.is_nan() {
        return "-".to_string();
    }
    format!("{} [{}, {}]", pct(score), pct(low), pct(high))
}

/// The side an interval favours: `Some("South")` if it lies wholly above
/// one half, `Some("North")` wholly below, `None` if it holds one half.
pub fn side(low: f64, high: f64) -> Option<&'static str> {
    if low > 0.5 {
        Some("South")
    } else if high < 0.5 {
        Some("North")
    } else {
        None
    }
}

/// A board's name: its size and game, then its rule options that are not
/// the defaults (`defaults` and `rules` as `to_pairs` writes them).
pub fn board(game: GameKind, rules: &[(String, String)], defaults: &[(String, String)]) -> String {
    let get = |key: &str| {
        rules
            .iter()
            .find(|(k, _)| k == key)
            .map_or("?", |(_, v)| v.as_str())
    };
    let (name, size_keys): (String, &[&str]) = match game {
        GameKind::Mangola => (format!("4 x {} Mangola", get("columns")), &["columns"]),
        GameKind::UmElBagara => (
            format!(
                "2 x {} Um el-Bagara, {} a house",
                get("houses"),
                match get("counters") {
                    "1" => "1 counter".to_string(),
                    n => format!("{n} counters"),
                }
            ),
            &["houses", "counters"],
        ),
        GameKind::Kalah => ("Kalah".to_string(), &[]),
        GameKind::Oware => ("Oware".to_string(), &[]),
    };
    let others: Vec<String> = rules
        .iter()
        .filter(|(k, v)| {
            !size_keys.contains(&k.as_str()) && !defaults.iter().any(|(dk, dv)| dk == k && dv == v)
        })
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    if others.is_empty() {
        name
    } else {
        format!("{name} ({})", others.join(", "))
    }
}

/// What best play gives: "South wins", "North wins by 2", "a draw".
pub fn best_play(exact: &Exact) -> String {
    let by = |m: i64| {
        if m == 0 {
            String::new()
        } else {
            format!(" by {}", m.abs())
        }
    };
    match exact.value {
        Value::Win => format!("South wins{}", by(exact.margin)),
        Value::Loss => format!("North wins{}", by(exact.margin)),
        Value::Draw => "a draw".to_string(),
    }
}

/// The headline line of a board the prover has judged.
pub fn exact_line(board: &str, verdict: &Verdict) -> String {
    match verdict {
        Verdict::Decided(exact) => {
            let checked = exact.checked.is_checked();
            let proof = match &exact.source {
                Source::Prover {
                    certificate: Some(path),
                } if checked => format!("proved, certificate `{}`", path.display()),
                Source::Prover {
                    certificate: Some(path),
                } => format!("claimed, not checked: certificate `{}`", path.display()),
                Source::Prover { certificate: None } => {
                    "claimed by the prover, not checked: no certificate".to_string()
                }
                Source::Tablebase { id, record } => format!(
                    "claimed, not checked: endgame database `{}`, probe `{}`",
                    short_id(id),
                    record.display()
                ),
            };
            format!("{board}: {} under best play ({proof})", best_play(exact))
        }
        Verdict::Open => format!("{board}: open (the prover stopped without a value)"),
    }
}

/// The first 12 hex digits of a database's identity.
pub fn short_id(id: &str) -> &str {
    id.get(..12).unwrap_or(id)
}

/// A table's number, NaN where it is empty.
pub fn or_nan(x: Option<f64>) -> f64 {
    x.unwrap_or(f64::NAN)
}

//! The command line `[COUNT] [key=value ...]` shared by the Mangola examples.

use ngola_rules::mangola::MangolaRules;
use ngola_rules::RuleOptions;

/// The count given first (`default` when absent or not a number) and the
/// Mangola rules set by the `key=value` assignments after it; prints the
/// error and exits with status 2 on a bad assignment.
pub fn count_and_rules(default: u64) -> (u64, MangolaRules) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(default);
    let assignments: Vec<&String> = args.iter().skip(1).collect();
    match MangolaRules::from_assignments(&assignments) {
        Ok(rules) => (count, rules),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}

//! Perft of Mangola from the start with the default rule options.

use ngola_rules::mangola::{Mangola, MangolaRules};
use ngola_rules::perft::perft;
use ngola_rules::Game;

#[test]
fn perft_from_the_start_with_default_options() {
    let start = Mangola::start(MangolaRules::default());
    let counts: Vec<u64> = (1..=6).map(|depth| perft(&start, depth)).collect();
    // Two openings each, then two end holes each holding 4 seeds after the
    // checkering, then free play.
    assert_eq!(counts, [2, 4, 8, 16, 92, 564]);
}

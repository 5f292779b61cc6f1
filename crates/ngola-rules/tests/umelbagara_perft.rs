//! Perft of Um el-Bagara from the start (passes count as plies).

use ngola_rules::perft::perft;
use ngola_rules::umelbagara::{UmElBagara, UmElBagaraRules};
use ngola_rules::Game;

#[test]
fn perft_from_the_start_with_default_options() {
    let start = UmElBagara::start(UmElBagaraRules::default());
    let counts: Vec<u64> = (1..=5).map(|depth| perft(&start, depth)).collect();
    assert_eq!(counts, [6, 36, 168, 784, 3664]);
}

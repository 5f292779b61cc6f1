//! The encoding (defined in `ngola-nn` over the rules alone) divides the
//! ply by the same cap as the agents' solver sees, for every game and
//! with or without a cap.

use ngola_agents::Evaluate;
use ngola_learn::Encode;
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::RuleOptions;

fn same_cap<G: Encode + Evaluate>(rules: &[&str]) {
    let rules = G::Rules::from_assignments(rules).expect("rules");
    let game = G::start(rules);
    assert_eq!(game.ply_limit(), Evaluate::ply_cap(&game), "{}", G::NAME);
}

#[test]
fn the_ply_feature_uses_the_solver_s_cap() {
    for rules in [&[][..], &["max_plies=0"], &["max_plies=37"]] {
        same_cap::<Kalah>(rules);
        same_cap::<Oware>(rules);
        same_cap::<Mangola>(rules);
        same_cap::<UmElBagara>(rules);
    }
}

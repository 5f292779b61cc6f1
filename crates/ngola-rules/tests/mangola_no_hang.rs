//! Random games under every combination of Mangola's rule options: every
//! move returns (the engine never hangs, whatever the options), and every
//! game with a ply cap ends by it at the latest. Without a cap
//! (`max_plies=0`) a game may go on for ever (seeds never leave the board;
//! e.g. `endless_sowing=stop` with `lap_limit=1` cuts every move after one
//! lap), so those games are followed for a bounded number of plies.

use ngola_rules::mangola::{CaptureSowing, EndlessSowing, Mangola, MangolaRules};
use ngola_rules::{EndReason, Game, MoveList};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Plies an uncapped game is followed for.
const UNCAPPED_PLY_BOUND: u32 = 20_000;

#[test]
fn random_games_under_every_option_combination_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut reasons = std::collections::BTreeMap::new();
    let mut combinations = 0;
    for capture_sowing in CaptureSowing::ALL {
        for endless_sowing in EndlessSowing::ALL {
            for lap_limit in [1, 50, 10_000, 0] {
                for columns in [2, 3, 5, 8] {
                    for max_plies in [300, 0] {
                        let rules = MangolaRules {
                            capture_sowing,
                            endless_sowing,
                            lap_limit,
                            max_plies,
                            columns,
                            swap: false,
                        };
                        combinations += 1;
                        for _ in 0..4 {
                            let reason =
                                play_out(rules, &mut rng).map_or("still going", |r| r.as_str());
                            *reasons.entry(reason).or_insert(0) += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(combinations, 3 * 2 * 4 * 4 * 2);
    println!("{reasons:?}");
    // Every way a game can end shows up somewhere in the mix.
    for reason in ["immobilised", "endless-sowing", "ply-cap"] {
        assert!(reasons.contains_key(reason), "{reason}: {reasons:?}");
    }
}

/// Plays a random game; its end reason, or `None` if an uncapped game was
/// still going after [`UNCAPPED_PLY_BOUND`] plies.
fn play_out(rules: MangolaRules, rng: &mut ChaCha8Rng) -> Option<EndReason> {
    let mut game = Mangola::start(rules);
    let seeds = game.totals()[0] + game.totals()[1];
    while game.play_random(rng).is_some() {
        assert_eq!(game.totals()[0] + game.totals()[1], seeds, "{game}");
        if rules.max_plies != 0 {
            assert!(
                game.ply() <= rules.max_plies,
                "a capped game went past its cap"
            );
        }
        if game.ply() >= UNCAPPED_PLY_BOUND {
            assert_eq!(rules.max_plies, 0, "a capped game went past its cap");
            assert_eq!(game.outcome(), None);
            return None;
        }
    }
    let outcome = game.outcome().expect("play_random stops only at the end");
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    assert!(
        moves.is_empty(),
        "{game} under {rules:?}: over but has moves"
    );
    if outcome.reason == EndReason::PlyCap {
        assert_eq!(game.ply(), rules.max_plies);
    }
    Some(outcome.reason)
}

//! The reference implementations as the certificate checker uses them
//! (`RefGame`): on positions from random play, reading the engine's
//! position text gives the same text back, the same legal moves in the
//! same notation, the same positions after each, and the same end.

use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::reference::kalah::RefKalah;
use ngola_rules::reference::mangola::RefMangola;
use ngola_rules::reference::oware::RefOware;
use ngola_rules::reference::umelbagara::Reference;
use ngola_rules::reference::RefGame;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, MoveList, RuleOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Walks `games` random games; at each position compares the engine and
/// the reference read from the engine's text. The reference keeps playing
/// alongside the engine (so that Oware's history is the game's).
fn agree<G: Game, R: RefGame<Rules = G::Rules>>(assignments: &[&str], games: u32, max_len: u32) {
    let rules = G::Rules::from_assignments(assignments).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for _ in 0..games {
        let mut game = G::start(rules);
        let mut reference =
            R::from_text(&game.to_string(), rules).unwrap_or_else(|e| panic!("{e}"));
        for _ in 0..max_len {
            let text = game.to_string();
            let fresh = R::from_text(&text, rules).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(fresh.key_text(), text, "{} read back", G::NAME);
            // The reference played along shows the history too (Oware).
            assert!(
                reference.key_text().starts_with(&text),
                "{} {text}",
                G::NAME
            );
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            let successors = reference.successors();
            let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            let mut ref_names: Vec<String> = successors.iter().map(|(m, _)| m.clone()).collect();
            let mut sorted = names.clone();
            sorted.sort();
            ref_names.sort();
            assert_eq!(sorted, ref_names, "{} legal moves at {text}", G::NAME);
            match (game.outcome(), reference.result()) {
                (None, None) => {}
                (Some(o), Some(r)) => {
                    assert_eq!(o.winner, r.winner, "{} end at {text}", G::NAME);
                    break;
                }
                (o, r) => panic!("{} at {text}: engine {o:?}, reference {r:?}", G::NAME),
            }
            let k = rng.random_range(0..moves.len());
            let mv = moves[k];
            game.play(mv);
            let next = successors
                .into_iter()
                .find(|(m, _)| *m == mv.to_string())
                .map(|(_, r)| r)
                .unwrap_or_else(|| panic!("{} {mv} missing", G::NAME));
            reference = next;
            if game.outcome().is_none() {
                assert!(
                    reference.key_text().starts_with(&game.to_string()),
                    "{} after {mv}: {} vs {}",
                    G::NAME,
                    reference.key_text(),
                    game
                );
            }
        }
    }
}

#[test]
fn mangola_reference_reads_and_plays_like_the_engine() {
    agree::<Mangola, RefMangola>(&[], 30, 120);
    agree::<Mangola, RefMangola>(&["columns=5", "capture_sowing=ludii"], 30, 120);
    agree::<Mangola, RefMangola>(
        &["columns=3", "endless_sowing=stop", "lap_limit=50"],
        30,
        120,
    );
}

#[test]
fn kalah_reference_reads_and_plays_like_the_engine() {
    agree::<Kalah, RefKalah>(&[], 30, 200);
    agree::<Kalah, RefKalah>(
        &["pits=4", "seeds=3", "empty_capture=true", "max_plies=20"],
        30,
        200,
    );
}

#[test]
fn oware_reference_reads_and_plays_like_the_engine() {
    agree::<Oware, RefOware>(&[], 30, 300);
    agree::<Oware, RefOware>(&["houses=3", "seeds=2", "max_plies=40"], 60, 300);
}

#[test]
fn um_el_bagara_reference_reads_and_plays_like_the_engine() {
    agree::<UmElBagara, Reference>(&[], 30, 300);
    agree::<UmElBagara, Reference>(&["houses=3", "counters=3", "skip_origin=true"], 30, 300);
}

/// A position whose counters are not the rules' (counters made or lost) is
/// refused by the reference as by the engine, naming the same field; the
/// certificate checker reads its root through the reference.
#[test]
fn an_um_el_bagara_position_with_other_counters_than_its_rules_is_refused_by_both() {
    let rules = <UmElBagara as Game>::Rules::from_assignments(&["houses=3", "counters=4"])
        .unwrap_or_else(|e| panic!("{e}"));
    for (text, field) in [
        ("umelbagara 3,3,3/3,3,3 S 0 0,0", "rows"),
        ("umelbagara 0,0,0/0,0,0 S 0 20,5", "taken"),
    ] {
        let engine = UmElBagara::from_position(text, rules).expect_err(text);
        let reference = Reference::from_text(text, rules).expect_err(text);
        assert_eq!(
            (engine.field.as_str(), reference.field.as_str()),
            (field, field),
            "{text}"
        );
        assert_eq!(engine.reason, reference.reason, "{text}");
    }
    // The rules' own total reads in both.
    let whole = "umelbagara 4,4,4/4,4,4 S 0 0,0";
    assert!(UmElBagara::from_position(whole, rules).is_ok());
    assert!(Reference::from_text(whole, rules).is_ok());
}

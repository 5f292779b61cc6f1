//! The canonical side to move: every arrangement of small boards, built
//! with South to move and with North to move (the board turned), has the
//! same moves leading to the same entries, and its counts read back.

use crate::common;

use ngola_rules::kalah::Kalah;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::Game;
use ngola_tablebase::games::{for_each_step, Node, To};
use ngola_tablebase::index::{Arrangements, Binomials, MAX_HOLES};
use ngola_tablebase::{Endgame, KalahEndgame, OwareEndgame, UmElBagaraEndgame};

/// The position text of `game` with the sides exchanged: North to move
/// with South's counts and banked seeds, and the other way round.
fn turned(text: &str) -> String {
    // NAME a1,..,an/b1,..,bn SIDE PLY x,y -> b reversed becomes a, a reversed b.
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (a, b) = fields[1].split_once('/').unwrap();
    let rev = |row: &str| row.split(',').rev().collect::<Vec<_>>().join(",");
    let side = if fields[2] == "S" { "N" } else { "S" };
    let (x, y) = fields[4].split_once(',').unwrap();
    format!(
        "{} {}/{} {side} {} {y},{x}",
        fields[0],
        rev(b),
        rev(a),
        fields[3]
    )
}

/// Every arrangement up to `seeds`: the turned position has the same
/// counts and the same steps.
fn check<E: Endgame>(endgame: &E, seeds: usize) -> usize {
    let binomials = Binomials::new();
    let holes = endgame.holes();
    let mut checked = 0;
    for level in 0..=seeds {
        let arrangements = Arrangements::new(holes, level).unwrap();
        let mut counts = [0u8; MAX_HOLES];
        for slice in 0..endgame.slices(level) {
            arrangements.unrank(0, &mut counts[..holes]);
            loop {
                if let Node::Play(game) = endgame.position(&counts[..holes], slice) {
                    let text = game.to_string();
                    let north = E::G::from_position(&turned(&text), endgame.position_rules())
                        .unwrap_or_else(|e| panic!("{text}: {e}"));
                    let mut back = [0u8; MAX_HOLES];
                    endgame.counts(&north, &mut back[..holes]);
                    assert_eq!(back[..holes], counts[..holes], "{text}");
                    let mut south_steps: Vec<To> = Vec::new();
                    for_each_step(endgame, &binomials, &game, |_, to, _| south_steps.push(to));
                    let mut north_steps: Vec<To> = Vec::new();
                    for_each_step(endgame, &binomials, &north, |_, to, _| north_steps.push(to));
                    south_steps.sort_by_key(|t| format!("{t:?}"));
                    north_steps.sort_by_key(|t| format!("{t:?}"));
                    assert_eq!(south_steps, north_steps, "{text}");
                    checked += 1;
                }
                if !Arrangements::next(&mut counts[..holes]) {
                    break;
                }
            }
        }
    }
    checked
}

#[test]
fn kalah_is_the_same_for_both_sides() {
    for pits in 1..=4 {
        for capture in ["empty_capture=true", "empty_capture=false"] {
            let p = format!("pits={pits}");
            let rules = common::rules::<Kalah>(&[&p, capture, "max_plies=0"]);
            assert!(check(&KalahEndgame::new(rules).unwrap(), 7) > 0);
        }
    }
}

#[test]
fn oware_is_the_same_for_both_sides() {
    for houses in 2..=4 {
        let h = format!("houses={houses}");
        let rules = common::rules::<Oware>(&[&h, "max_plies=0"]);
        assert!(check(&OwareEndgame::new(rules).unwrap(), 6) > 0);
    }
}

#[test]
fn umelbagara_is_the_same_for_both_sides() {
    for (houses, skip) in [(3, "false"), (3, "true"), (5, "false"), (5, "true")] {
        let h = format!("houses={houses}");
        let s = format!("skip_origin={skip}");
        let rules = common::rules::<UmElBagara>(&[&h, &s, "max_plies=0"]);
        let seeds = if houses == 3 { 9 } else { 6 };
        assert!(check(&UmElBagaraEndgame::new(rules).unwrap(), seeds) > 0);
    }
}

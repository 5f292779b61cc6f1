//! Action ids and observations on random positions of every game under
//! several rule sets:
//! - every legal move's id is in range, distinct, and maps back to the move;
//!   an id is legal exactly when the move it names passes `check_move`;
//! - turning the board round and swapping the sides (a position text built
//!   by hand) gives the mover the same observation and, for the games whose
//!   ids are relative to the mover, the same legal ids (Kalah's ids are
//!   OpenSpiel's absolute ones: `k` and `2p + 2 - k` swap);
//! - `board` agrees with the position text.

use std::collections::HashSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use ngola_nn::Encode;
use ngola_rules::kalah::Kalah;
use ngola_rules::mangola::Mangola;
use ngola_rules::oware::Oware;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{Game, MoveList, RuleOptions};

/// Positions of random games (every ply of each game) under `rules`.
fn positions<G: Encode>(rules: &[&str], games: usize, seed: u64) -> Vec<G> {
    let rules = G::Rules::from_assignments(rules).expect("rules");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut game = G::start(rules);
        loop {
            out.push(game.clone());
            if game.play_random(&mut rng).is_none() {
                break;
            }
            // Skip ahead now and then, so that long games do not dominate.
            if rng.random_range(0..4) == 0 && game.play_random(&mut rng).is_none() {
                out.push(game.clone());
                break;
            }
        }
    }
    out
}

/// The board's rows as the position text writes them (rows in text order).
fn text_rows<G: Encode>(game: &G) -> Vec<Vec<u32>> {
    let (rows, columns) = G::board_shape(game.rules());
    let mut cells = vec![0; rows * columns];
    game.board(&mut cells);
    cells.chunks(columns).map(|r| r.to_vec()).collect()
}

/// The position turned round with the sides swapped, as text.
fn turned_round<G: Encode>(game: &G) -> String {
    let rows = text_rows(game);
    let turned: Vec<String> = rows
        .iter()
        .rev()
        .map(|row| {
            row.iter()
                .rev()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let side = game.to_move().opponent().letter();
    let mut text = format!("{} {} {side} {}", G::NAME, turned.join("/"), game.ply());
    if G::BANKED {
        let [south, north] = game.banked();
        text += &format!(" {north},{south}");
    }
    text
}

/// `symmetric`: the rules treat both sides alike, so that the turned
/// position is checked too.
fn check_positions<G: Encode>(rules: &[&str], games: usize, absolute_ids: bool, symmetric: bool) {
    let positions = positions::<G>(rules, games, 7);
    assert!(positions.len() > 100, "{} positions", positions.len());
    let mut checked_turned = 0;
    for game in &positions {
        let n = G::num_actions(game.rules());
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let ids: Vec<usize> = moves.iter().map(|&m| game.action(m)).collect();
        let distinct: HashSet<usize> = ids.iter().copied().collect();
        assert_eq!(distinct.len(), ids.len(), "{game}: ids {ids:?}");
        for (&mv, &id) in moves.iter().zip(&ids) {
            assert!(id < n, "{game}: {mv} has id {id} of {n}");
            assert_eq!(game.move_of(id), Some(mv), "{game}: id {id}");
        }
        for id in 0..n {
            let legal = game.move_of(id).is_some_and(|m| game.check_move(m).is_ok());
            assert_eq!(legal, distinct.contains(&id), "{game}: id {id}");
        }
        assert_eq!(game.move_of(n), None);
        let mut sorted = Vec::new();
        game.legal_actions(&mut sorted);
        let mut expected = ids.clone();
        expected.sort_unstable();
        assert_eq!(sorted, expected);

        // The board is the position text's rows.
        let text = game.to_string();
        let rows_field = text.split(' ').nth(1).expect("rows");
        let rows: Vec<String> = text_rows(game)
            .iter()
            .map(|r| {
                r.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        assert_eq!(rows.join("/"), rows_field);

        if !symmetric || game.outcome().is_some() {
            continue;
        }
        let turned = G::from_position(&turned_round(game), *game.rules())
            .unwrap_or_else(|e| panic!("{game} turned round: {e}"));
        if turned.outcome().is_some() {
            continue;
        }
        let len = G::observation_len(game.rules());
        let (mut a, mut b) = (vec![0.0; len], vec![0.0; len]);
        game.observe(game.to_move(), &mut a);
        turned.observe(turned.to_move(), &mut b);
        assert_eq!(a, b, "{game} and {turned}");
        let mut turned_ids = Vec::new();
        turned.legal_actions(&mut turned_ids);
        let mut own_ids = sorted.clone();
        if absolute_ids {
            // Kalah: turning the board round moves each pit p + 1 places
            // along OpenSpiel's board (a_k <-> b_(p+1-k), id k <-> k + p + 1).
            let p = (n - 2) / 2;
            own_ids = own_ids
                .iter()
                .map(|&k| if k <= p { k + p + 1 } else { k - p - 1 })
                .collect();
            own_ids.sort_unstable();
        }
        assert_eq!(own_ids, turned_ids, "{game} and {turned}");
        // The opponent's view of the turned position is the mover's view of
        // the original from the other side.
        game.observe(game.to_move().opponent(), &mut a);
        turned.observe(turned.to_move().opponent(), &mut b);
        assert_eq!(a, b, "{game} and {turned}, other side");
        checked_turned += 1;
    }
    assert!(
        !symmetric || checked_turned > 50,
        "{checked_turned} turned positions"
    );
}

#[test]
fn mangola_ids_and_views() {
    for rules in [
        &[][..],
        &["columns=4"],
        &["columns=2", "lap_limit=0"],
        &[
            "columns=6",
            "capture_sowing=after-capture",
            "endless_sowing=stop",
        ],
    ] {
        check_positions::<Mangola>(rules, 40, false, true);
    }
    // Ludii's capture sowing is not the same for both sides (e.g. in
    // `mangola 5,0/1,6/1,0/1,2 S 20`, columns=2, South's b2 never ends while
    // North's c1 in the position turned round does), so only the ids are
    // checked under it.
    check_positions::<Mangola>(&["columns=3", "capture_sowing=ludii"], 40, false, false);
}

#[test]
fn umelbagara_ids_and_views() {
    for rules in [
        &[][..],
        &["houses=3", "counters=2"],
        &["houses=7", "skip_origin=true"],
        &["houses=9", "counters=3"],
    ] {
        check_positions::<UmElBagara>(rules, 40, false, true);
    }
}

#[test]
fn kalah_ids_and_views() {
    for rules in [
        &[][..],
        &["pits=3", "seeds=2"],
        &["pits=8", "empty_capture=true"],
    ] {
        check_positions::<Kalah>(rules, 40, true, true);
    }
}

#[test]
fn oware_ids_and_views() {
    for rules in [&[][..], &["houses=4", "seeds=3"], &["houses=8"]] {
        check_positions::<Oware>(rules, 40, false, true);
    }
}

#[test]
fn mangola_ids_by_hand() {
    let game = Mangola::start(Default::default());
    let id = |text: &str| game.action(game.parse_move(text).expect("a move"));
    // South: a1..a8 are 0..7, b1..b8 are 8..15.
    assert_eq!((id("a1"), id("a8"), id("b1"), id("b8")), (0, 7, 8, 15));
    // North sees d8 as his outer row's left hole, c8 as his inner row's.
    assert_eq!((id("d8"), id("d1"), id("c8"), id("c1")), (0, 7, 8, 15));
}

#[test]
fn umelbagara_ids_by_hand() {
    let game = UmElBagara::start(Default::default());
    let id = |text: &str| game.action(game.parse_move(text).expect("a move"));
    assert_eq!(
        ["a1", "a2", "a3<", "a3>", "a4", "a5", "pass"].map(id),
        [0, 1, 2, 3, 4, 5, 6]
    );
    let north =
        UmElBagara::from_position("umelbagara 5,5,5,5,5/5,5,5,5,5 N 1 0,0", Default::default())
            .expect("position");
    let id = |text: &str| north.action(north.parse_move(text).expect("a move"));
    assert_eq!(
        ["b5", "b4", "b3<", "b3>", "b2", "b1", "pass"].map(id),
        [0, 1, 2, 3, 4, 5, 6]
    );
}

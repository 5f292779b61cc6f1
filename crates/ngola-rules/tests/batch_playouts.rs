//! Interleaved playouts (several games in flight on one core) play exactly
//! the games of the one-game-at-a-time path from the same seeds, in all
//! four games under several rule options and lane counts; and the games
//! they end in are ends by the per-seed reference implementations'
//! reckoning (Mangola: no legal move or the ply cap; Um el-Bagara: the
//! reference's game over, scored alike).

use ngola_rules::batch::{interleaved_playouts, single_playouts, Playout};
use ngola_rules::mangola::Mangola;
use ngola_rules::reference::mangola::RefMangola;
use ngola_rules::reference::umelbagara::Reference as UmReference;
use ngola_rules::umelbagara::UmElBagara;
use ngola_rules::{with_game, Game, GameKind, MoveList, RuleOptions};
use rand_chacha::ChaCha8Rng;

const GAMES: u64 = 300;
const MAX_PLIES: u32 = 400;

fn seed(i: u64) -> u64 {
    i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 17
}

/// Each game's end position text and plies, by index.
fn ends<G: Game>(playouts: Vec<Playout<G>>) -> Vec<(String, u32)> {
    let mut by_index: Vec<Option<(String, u32)>> = vec![None; playouts.len()];
    for p in playouts {
        by_index[p.index as usize] = Some((p.game.to_string(), p.plies));
    }
    by_index
        .into_iter()
        .map(|e| e.expect("every game once"))
        .collect()
}

fn batch<G: Game, const LANES: usize>(start: &G) -> Vec<Playout<G>> {
    let mut out = Vec::new();
    interleaved_playouts::<G, ChaCha8Rng, LANES>(start, GAMES, MAX_PLIES, seed, |p| out.push(p));
    out
}

fn check<G: Game>(rules: &[&str]) -> Vec<Playout<G>> {
    let start = G::start(G::Rules::from_assignments(rules).expect("valid rules"));
    let mut single = Vec::new();
    single_playouts::<G, ChaCha8Rng>(&start, GAMES, MAX_PLIES, seed, |p| single.push(p));
    let (b1, b3, b8) = (
        batch::<G, 1>(&start),
        batch::<G, 3>(&start),
        batch::<G, 8>(&start),
    );
    // Eight lanes finish games out of order; the games are the same.
    assert!(b8.iter().enumerate().any(|(k, p)| p.index != k as u64));
    let expected = ends(single.clone());
    assert!(expected.iter().any(|(_, plies)| *plies > 10));
    for (lanes, got) in [(1, b1), (3, b3), (8, b8)] {
        assert_eq!(ends(got), expected, "{} {rules:?}, {lanes} lanes", G::NAME);
    }
    single
}

#[test]
fn interleaved_games_are_the_single_path_games_in_all_four_games() {
    for kind in [
        GameKind::Mangola,
        GameKind::UmElBagara,
        GameKind::Kalah,
        GameKind::Oware,
    ] {
        with_game!(kind, G => { check::<G>(&[]); });
    }
    check::<Mangola>(&["capture_sowing=after-capture", "columns=5"]);
    check::<Mangola>(&["capture_sowing=ludii", "endless_sowing=stop"]);
    check::<UmElBagara>(&["houses=7", "counters=3", "skip_origin=true"]);
}

#[test]
fn interleaved_games_end_where_the_references_say() {
    for p in check::<Mangola>(&[]) {
        let reference = RefMangola {
            board: p.game.rows(),
            side: p.game.to_move(),
            ply: p.game.ply(),
            rules: *p.game.rules(),
        };
        assert_eq!(reference.total(), 64, "{}: seeds conserved", p.game);
        let mut moves = MoveList::new();
        p.game.legal_moves(&mut moves);
        // Ended: no legal move (the reference agrees), or cut by the cap.
        if p.plies < MAX_PLIES {
            assert!(moves.is_empty(), "{}", p.game);
            assert!(reference.legal_moves().is_empty(), "{}", p.game);
        }
    }
    for p in check::<UmElBagara>(&[]) {
        let reference = UmReference::from_engine(&p.game);
        assert_eq!(reference.totals(), p.game.totals(), "{}", p.game);
        if p.plies < MAX_PLIES {
            assert!(reference.game_over(), "{}", p.game);
        }
    }
}

//! The statistics of a small hand-made games.csv, checked against values
//! worked out by hand (tests/data/small_games.csv: a gauntlet of alpha
//! (id 0) against beta (1) and gamma (2), 4 games per pairing).
//!
//! The games, from alpha's side: pair 0 (vs beta) W as South, D as North;
//! pair 1 (vs gamma) W as South, L as North; pair 2 (vs beta) L as South,
//! W as North; pair 3 (vs gamma) W, W.

use std::path::PathBuf;

use ngola_arena::output::write_statistics;
use ngola_arena::record::{read_games, Reason};
use ngola_arena::Statistics;
use ngola_rules::EndReason;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6 || (a.is_infinite() && a == b)
}

fn stats() -> Statistics {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/small_games.csv");
    let records = read_games(&path).unwrap().records;
    assert_eq!(records.len(), 8);
    let names = ["alpha", "beta", "gamma"].map(String::from);
    Statistics::from_games(&names, &records)
}

#[test]
fn standings_by_hand() {
    let s = stats();
    let order: Vec<u32> = s.standings.iter().map(|s| s.id).collect();
    assert_eq!(order, vec![0, 1, 2]);

    // alpha: 5 wins, 1 draw, 2 losses = 5.5 / 8 = 0.6875. Its pairs score
    // 0.75, 0.5, 0.5, 1 (mean 0.6875); squared deviations 0.00390625,
    // 0.03515625, 0.03515625, 0.09765625 sum to 0.171875, var = 0.04296875,
    // se = sqrt(0.04296875 / 4) = 0.1036445; interval 0.6875 ± 0.2031395 =
    // [0.4843605, 0.8906395]; Elo 400 log10(0.6875 / 0.3125) = +136.969,
    // interval [-10.871, +364.337].
    let alpha = &s.standings[0];
    assert_eq!(
        (alpha.wdl.wins, alpha.wdl.draws, alpha.wdl.losses),
        (5, 1, 2)
    );
    let e = alpha.estimate;
    assert_eq!(e.units, 4);
    assert!(close(e.score, 0.6875));
    assert!(close(e.std_error, 0.103_644_524_7));
    assert!(close(e.score_low, 0.484_360_464) && close(e.score_high, 0.890_639_536));
    assert!(close(e.elo, 136.969_072_3));
    assert!(close(e.elo_low, -10.871_008_67) && close(e.elo_high, 364.336_649_5));

    // beta: L, D (pair 0: 0.25), W, L (pair 2: 0.5): 1.5 / 4 = 0.375;
    // var = 0.125^2 = 0.015625, se = sqrt(0.015625 / 2) = 0.0883883,
    // interval [0.2017620, 0.5482380], Elo -88.739 [-238.917, +33.624].
    let beta = &s.standings[1];
    assert_eq!((beta.wdl.wins, beta.wdl.draws, beta.wdl.losses), (1, 1, 2));
    let e = beta.estimate;
    assert!(close(e.score, 0.375) && close(e.std_error, 0.088_388_347_6));
    assert!(close(e.elo, -88.739_499_85));
    assert!(close(e.elo_low, -238.917_186_0) && close(e.elo_high, 33.623_759_43));

    // gamma: pairs 0.5 and 0: 0.25, se = 0.25 / sqrt(2) = 0.1767767; the
    // interval 0.25 ± 0.3464760 is clipped at 0, so its Elo starts at -inf.
    let gamma = &s.standings[2];
    let e = gamma.estimate;
    assert!(close(e.score, 0.25) && close(e.score_low, 0.0) && close(e.score_high, 0.596_475_956));
    assert_eq!(e.elo_low, f64::NEG_INFINITY);
    assert!(close(e.elo, -190.848_501_9) && close(e.elo_high, 67.889_409_91));
}

#[test]
fn pairings_by_hand() {
    let s = stats();
    assert_eq!(s.pairings.len(), 2);
    // alpha vs beta: W (S), D (N), L (S), W (N); pairs score 1.5 and 1
    // points, so the pentanomial is [0, 0, 1, 1, 0]; units 0.75 and 0.5:
    // 0.625, se 0.0883883, Elo +88.739 [-33.624, +238.917];
    // LOS = Phi(0.125 / 0.0883883) = Phi(1.4142136) = 0.9213504.
    let p = &s.pairings[0];
    assert_eq!((p.a_id, p.b_id), (0, 1));
    assert_eq!(
        (p.a_total.wins, p.a_total.draws, p.a_total.losses),
        (2, 1, 1)
    );
    assert_eq!(
        (p.a_south.wins, p.a_south.draws, p.a_south.losses),
        (1, 0, 1)
    );
    assert_eq!(
        (p.a_north.wins, p.a_north.draws, p.a_north.losses),
        (1, 1, 0)
    );
    assert_eq!(p.pentanomial, [0, 0, 1, 1, 0]);
    assert!(close(p.estimate.score, 0.625) && close(p.estimate.elo, 88.739_499_85));
    assert!(close(p.estimate.elo_low, -33.623_759_43) && close(p.estimate.elo_high, 238.917_186_0));
    assert!((p.estimate.los() - 0.921_350_396).abs() < 1e-6);
    // alpha vs gamma: W, L, W, W: pairs 1 and 2 points.
    let p = &s.pairings[1];
    assert_eq!((p.a_id, p.b_id), (0, 2));
    assert_eq!((p.a_south.wins, p.a_south.losses), (2, 0));
    assert_eq!((p.a_north.wins, p.a_north.losses), (1, 1));
    assert_eq!(p.pentanomial, [0, 0, 1, 0, 1]);
    assert!(close(p.estimate.score, 0.75) && p.estimate.elo_high == f64::INFINITY);
}

#[test]
fn first_player_by_hand() {
    let s = stats();
    // Pairing 0: South won game 0, drew game 1, lost games 4 and 5:
    // 1.5 / 4 = 0.375, Wilson [0.0918992, 0.7805735].
    let f = &s.first_player[0];
    assert_eq!(f.pairing, Some(0));
    assert_eq!((f.south.wins, f.south.draws, f.south.losses), (1, 1, 2));
    assert!(close(f.score, 0.375));
    assert!(close(f.wilson.0, 0.091_899_229) && close(f.wilson.1, 0.780_573_480));
    // Pairing 1: South won 2, 3, 6 and lost 7: 0.75, Wilson [0.3006418, 0.9544127].
    let f = &s.first_player[1];
    assert!(
        close(f.score, 0.75)
            && close(f.wilson.0, 0.300_641_843)
            && close(f.wilson.1, 0.954_412_739)
    );
    // All 8: 4 South wins, 1 draw, 3 North wins: 4.5 / 8 = 0.5625,
    // Wilson [0.2589477, 0.8255014].
    let f = s.overall_first_player().unwrap();
    assert_eq!(f.pairing, None);
    assert_eq!((f.south.wins, f.south.draws, f.south.losses), (4, 1, 3));
    assert!(
        close(f.score, 0.5625)
            && close(f.wilson.0, 0.258_947_686)
            && close(f.wilson.1, 0.825_501_369)
    );
}

#[test]
fn endings_and_files() {
    let s = stats();
    assert_eq!(s.games, 8);
    // Plies 40 + 100 + 30 + 50 + 20 + 60 + 40 + 60 = 400.
    assert!(close(s.mean_plies, 50.0));
    let count = |r: Reason| {
        s.terminations
            .iter()
            .find(|(x, _)| *x == r)
            .map(|(_, n)| *n)
    };
    assert_eq!(count(Reason::Rules(EndReason::Natural)), Some(6));
    assert_eq!(count(Reason::Rules(EndReason::PlyCap)), Some(1));
    assert_eq!(count(Reason::Rules(EndReason::Immobilised)), Some(1));
    assert_eq!(count(Reason::Rules(EndReason::Repetition)), Some(0));

    let dir = std::env::temp_dir().join(format!("ngola-arena-stats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    write_statistics(&dir, &s).unwrap();
    let standings = std::fs::read_to_string(dir.join("standings.csv")).unwrap();
    assert_eq!(
        standings,
        "rank,id,agent,games,wins,draws,losses,points,score,score_low,score_high,elo,elo_low,elo_high,pairs\n\
         1,0,alpha,8,5,1,2,5.5,0.6875,0.4844,0.8906,137.0,-10.9,364.3,4\n\
         2,1,beta,4,1,1,2,1.5,0.3750,0.2018,0.5482,-88.7,-238.9,33.6,2\n\
         3,2,gamma,4,1,0,3,1.0,0.2500,0.0000,0.5965,-190.8,-inf,67.9,2\n"
    );
    let pairs = std::fs::read_to_string(dir.join("pairs.csv")).unwrap();
    let line = pairs.lines().nth(1).unwrap();
    assert_eq!(
        line,
        "0,0,alpha,1,beta,4,2,1,1,2.5,0.6250,88.7,-33.6,238.9,0.9214,1,0,1,1,1,0,2,0,0,1,1,0"
    );
    let first = std::fs::read_to_string(dir.join("first_player.csv")).unwrap();
    assert_eq!(
        first.lines().last().unwrap(),
        ",,,8,4,1,3,4.5,0.5625,0.2589,0.8255"
    );
    // The joint fit of a gauntlet: beta and gamma meet only alpha (0), so
    // each is rated by its own pairs. Beta's pair scores 0.25, 0.5: mean
    // 0.375, Elo 400 log10(0.375 / 0.625) = -88.74; H = 2 * 0.375 * 0.625
    // = 0.46875, J = 0.125^2 * 2 = 0.03125, se = sqrt(J) / H = 0.377124
    // nats = 65.51 Elo. The interval is taken on the score scale: se_E =
    // se E (1 - E) = 0.088388, 0.375 ± 0.173237 = [0.201763, 0.548237],
    // Elo [-238.9, 33.6], the alpha-beta pairing's seen from beta's side.
    // Gamma's 0.5, 0: mean 0.25, -190.85; H = 0.375, J = 0.125, se =
    // 0.942809 nats = 163.78 Elo; se_E = 0.176777, 0.25 ± 0.346476 =
    // [0 (clipped), 0.596476], Elo [-inf, 67.9].
    let ratings = std::fs::read_to_string(dir.join("ratings.csv")).unwrap();
    assert_eq!(
        ratings,
        "rank,id,agent,elo,elo_low,elo_high,se,pairs,games\n\
         1,0,alpha,0.0,0.0,0.0,0.0,4,8\n\
         2,1,beta,-88.7,-238.9,33.6,65.5,2,4\n\
         3,2,gamma,-190.8,-inf,67.9,163.8,2,4\n"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn repeated_games_are_flagged() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/small_games.csv");
    let mut records = read_games(&path).unwrap().records;
    let names = ["alpha", "beta", "gamma"].map(String::from);
    assert!(Statistics::from_games(&names, &records)
        .pairings
        .iter()
        .all(|p| !p.repeated));
    // Make pair 2 replay pair 0 (alpha vs beta): same results, plies, totals.
    for (from, to) in [(0, 4), (1, 5)] {
        let source = records[from].clone();
        records[to] = ngola_arena::GameRecord {
            game: to as u64,
            pair: 2,
            seed: 99,
            ..source
        };
    }
    let stats = Statistics::from_games(&names, &records);
    assert!(stats.pairings[0].repeated && !stats.pairings[1].repeated);
}

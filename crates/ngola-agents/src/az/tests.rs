use std::sync::Arc;

use ngola_nn::{Encode, Evaluator, NnError, Uniform};
use ngola_rules::kalah::{Kalah, KalahRules};
use ngola_rules::{Game, MoveList};
use rand::Rng;

use super::*;
use crate::rng::FastRng;

fn tiny() -> KalahRules {
    KalahRules {
        pits: 3,
        seeds: 2,
        ..KalahRules::default()
    }
}

/// Logits from the position's hash, value from the seed margin: a
/// deterministic evaluator that knows something and differs per position.
struct Hashed;

impl Evaluator<Kalah> for Hashed {
    fn evaluate(
        &self,
        positions: &[Kalah],
        policy: &mut Vec<f32>,
        values: &mut Vec<f32>,
    ) -> Result<(), NnError> {
        policy.clear();
        values.clear();
        for game in positions {
            let actions = Kalah::num_actions(game.rules());
            let mut h = game.zobrist();
            for _ in 0..actions {
                h = h.rotate_left(7).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                policy.push((h >> 40) as f32 / (1u64 << 24) as f32 * 4.0 - 2.0);
            }
            values.push(margin_value(game));
        }
        Ok(())
    }
}

/// The side to move's seed margin, squashed into (-1, 1).
fn margin_value(game: &Kalah) -> f32 {
    let totals = game.totals();
    let me = game.to_move().index();
    ((totals[me] as f32 - totals[1 - me] as f32) / 4.0).tanh()
}

/// Equal logits, the seed margin as the value.
struct MarginOnly;

impl Evaluator<Kalah> for MarginOnly {
    fn evaluate(
        &self,
        positions: &[Kalah],
        policy: &mut Vec<f32>,
        values: &mut Vec<f32>,
    ) -> Result<(), NnError> {
        Uniform.evaluate(positions, policy, values)?;
        values.clear();
        values.extend(positions.iter().map(margin_value));
        Ok(())
    }
}

/// A strong logit (prior e^2 times the others') on the first legal move, whatever it is worth.
struct FirstMove;

impl Evaluator<Kalah> for FirstMove {
    fn evaluate(
        &self,
        positions: &[Kalah],
        policy: &mut Vec<f32>,
        values: &mut Vec<f32>,
    ) -> Result<(), NnError> {
        Uniform.evaluate(positions, policy, values)?;
        for (k, game) in positions.iter().enumerate() {
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            let actions = Kalah::num_actions(game.rules());
            policy[k * actions + game.action(moves[0])] = 2.0;
        }
        Ok(())
    }
}

/// Answers with one logit too few.
struct Short;

impl Evaluator<Kalah> for Short {
    fn evaluate(
        &self,
        positions: &[Kalah],
        policy: &mut Vec<f32>,
        values: &mut Vec<f32>,
    ) -> Result<(), NnError> {
        Uniform.evaluate(positions, policy, values)?;
        policy.pop();
        Ok(())
    }
}

/// Positions of random games of `rules`, none finished.
fn random_positions(rules: KalahRules, seed: u64, count: usize, max_plies: u32) -> Vec<Kalah> {
    let mut rng = FastRng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Kalah::start(rules);
        let plies = rng.random_range(0..max_plies);
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            game.play_random(&mut rng);
        }
        if game.outcome().is_none() {
            out.push(game);
        }
    }
    out
}

fn agent(evaluator: impl Evaluator<Kalah> + 'static, sims: u32, c: f64) -> AzAgent<Kalah> {
    AzAgent::new(Arc::new(evaluator), sims, c, "az".to_string())
}

#[test]
fn plays_legal_moves_to_the_end_of_games() {
    for (seed, rules) in [(1, tiny()), (2, KalahRules::default())] {
        let mut players = [agent(Uniform, 30, DEFAULT_C), agent(Hashed, 30, DEFAULT_C)];
        let mut game = Kalah::start(rules);
        let mut rng = FastRng::new(seed);
        game.play_random(&mut rng);
        while game.outcome().is_none() {
            let side = game.to_move().index();
            let mv = players[side].select(&game);
            assert!(game.check_move(mv).is_ok(), "{game}: {mv}");
            game.play(mv);
        }
    }
}

/// Positions with a move that wins at once where no other move wins at
/// all under perfect play (by the solver) and the first legal move does
/// not win: the win in one is the only way to win.
fn win_in_one_positions() -> Vec<(Kalah, Vec<<Kalah as Game>::Move>)> {
    let mut solver = crate::solver::Solver::<Kalah>::new(&crate::solver::SolverConfig::default());
    let mut found = Vec::new();
    for game in random_positions(tiny(), 5, 4000, 30) {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mover = game.to_move();
        let (wins, others): (Vec<_>, Vec<_>) = moves.iter().copied().partition(|&mv| {
            let mut next = game;
            next.play(mv);
            next.outcome().is_some_and(|o| o.sign_for(mover) == 1)
        });
        if wins.is_empty() || wins.contains(&moves[0]) {
            continue;
        }
        let another_wins = others.iter().any(|&mv| {
            let mut next = game;
            next.play(mv);
            let value = match next.outcome() {
                Some(o) => o.sign_for(mover),
                None => {
                    let r = solver.solve(&next).result;
                    if next.to_move() == mover {
                        r
                    } else {
                        -r
                    }
                }
            };
            value == 1
        });
        if !another_wins {
            found.push((game, wins));
        }
    }
    found
}

#[test]
fn finds_a_win_in_one_against_misleading_priors() {
    let positions = win_in_one_positions();
    assert!(positions.len() >= 5, "only {} positions", positions.len());
    for (game, wins) in positions.iter().take(20) {
        for mut player in [
            agent(Uniform, 64, DEFAULT_C),
            agent(FirstMove, 200, DEFAULT_C),
        ] {
            let mv = player.select(game);
            assert!(wins.contains(&mv), "{game}: played {mv}, wins {wins:?}");
        }
    }
}

#[test]
fn a_child_visited_once_holds_its_value_for_the_mover() {
    // With equal priors and a huge c every child is visited once before any twice: each
    // child's mean is then exactly its position's value for the root's
    // side to move (a finished game its result, an extra turn kept, the
    // opponent's value negated).
    for game in random_positions(KalahRules::default(), 9, 60, 12) {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mut tree = Tree::new(game, 1e6);
        tree.add_budget(1 + moves.len() as u32);
        run_batched(
            std::slice::from_mut(&mut tree),
            &MarginOnly,
            &mut BatchScratch::default(),
        )
        .unwrap();
        let mover = game.to_move();
        for child in tree.root_children() {
            assert_eq!(child.visits, 1, "{game}");
            let mut next = game;
            next.play(child.mv);
            let expected = match next.outcome() {
                Some(o) => o.sign_for(mover) as f32,
                None if next.to_move() == mover => margin_value(&next),
                None => -margin_value(&next),
            };
            assert_eq!(child.q, expected, "{game} {}", child.mv);
        }
        assert_eq!(tree.root_visits(), 1 + moves.len() as u32);
    }
}

#[test]
fn priors_are_the_softmax_over_legal_moves() {
    let game = Kalah::from_position("kalah 0,3,1/2,0,1 S 4 2,3", tiny()).unwrap();
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut tree = Tree::new(game, DEFAULT_C as f32);
    tree.add_budget(1);
    run_batched(
        std::slice::from_mut(&mut tree),
        &Hashed,
        &mut BatchScratch::default(),
    )
    .unwrap();
    let mut policy = Vec::new();
    let mut values = Vec::new();
    Hashed
        .evaluate(std::slice::from_ref(&game), &mut policy, &mut values)
        .unwrap();
    let legal: Vec<f32> = moves
        .iter()
        .map(|&m| policy[game.action(m)].exp())
        .collect();
    let sum: f32 = legal.iter().sum();
    let priors: Vec<f32> = tree.root_children().map(|c| c.prior).collect();
    assert_eq!(priors.len(), moves.len());
    for (p, l) in priors.iter().zip(&legal) {
        assert!((p - l / sum).abs() < 1e-6, "{priors:?}");
    }
}

#[test]
fn batched_trees_end_as_trees_searched_alone() {
    let positions = random_positions(KalahRules::default(), 3, 12, 12);
    let budgets: Vec<u32> = (0..positions.len() as u32).map(|i| 20 + 7 * i).collect();
    let alone: Vec<Vec<RootChild<_>>> = positions
        .iter()
        .zip(&budgets)
        .map(|(game, &sims)| {
            let mut tree = Tree::new(*game, 1.25);
            tree.add_budget(sims);
            run_batched(
                std::slice::from_mut(&mut tree),
                &Hashed,
                &mut BatchScratch::default(),
            )
            .unwrap();
            tree.root_children().collect()
        })
        .collect();
    let mut trees: Vec<Tree<Kalah>> = positions.iter().map(|g| Tree::new(*g, 1.25)).collect();
    for (tree, &sims) in trees.iter_mut().zip(&budgets) {
        tree.add_budget(sims);
    }
    let evaluated = run_batched(&mut trees, &Hashed, &mut BatchScratch::default()).unwrap();
    assert!(evaluated > 0);
    for ((tree, one), &sims) in trees.iter().zip(&alone).zip(&budgets) {
        let together: Vec<_> = tree.root_children().collect();
        assert_eq!(&together, one);
        assert_eq!(tree.root_visits(), sims);
    }
}

#[test]
fn the_agent_is_deterministic_and_follows_the_network() {
    let positions = random_positions(KalahRules::default(), 4, 10, 12);
    for game in &positions {
        let a = agent(Hashed, 50, DEFAULT_C).select(game);
        let b = agent(Hashed, 50, DEFAULT_C).select(game);
        assert_eq!(a, b);
        // One simulation expands the root only: the move is the prior's argmax.
        let mv = agent(FirstMove, 1, DEFAULT_C).select(game);
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        assert_eq!(mv, moves[0]);
    }
}

#[test]
fn a_wrong_sized_answer_is_an_error() {
    let mut tree = Tree::new(Kalah::start(tiny()), 1.0);
    tree.add_budget(3);
    let error = run_batched(
        std::slice::from_mut(&mut tree),
        &Short,
        &mut BatchScratch::default(),
    )
    .unwrap_err();
    assert!(
        matches!(error, NnError::Shape { ref name, .. } if name == "policy"),
        "{error}"
    );
}

#[test]
fn advancing_keeps_the_subtree() {
    let game = Kalah::start(KalahRules::default());
    let mut tree = Tree::new(game, DEFAULT_C as f32);
    tree.add_budget(300);
    run_batched(
        std::slice::from_mut(&mut tree),
        &Hashed,
        &mut BatchScratch::default(),
    )
    .unwrap();
    let best = tree.root_children().max_by_key(|c| c.visits).unwrap();
    assert!(tree.advance(best.mv));
    assert_eq!(tree.root_visits(), best.visits);
    let mut next = game;
    next.play(best.mv);
    assert_eq!(tree.root().to_string(), next.to_string());
    let sum: u32 = tree.root_children().map(|c| c.visits).sum();
    assert_eq!(sum + 1, best.visits);
}

//! Self-play for training: a worker plays a fixed group of games at once,
//! each with its own PUCT tree, and sends the waiting leaves of all of
//! them to the network in one batch per round ([`ngola_agents::az`]).
//!
//! Per move, a game draws whether its search is full (`full_sims`, Dirichlet
//! noise at the root, recorded as a policy target) or fast (`fast_sims`,
//! no noise, not recorded): playout-cap randomisation, which buys many
//! games for the value target at the price of few full searches. Within
//! `temperature_plies` of its start a game plays a move drawn in
//! proportion to its visits, later the most visited one. The tree is kept
//! from move to move (the subtree of the move played).
//!
//! Every draw of a game comes from its own generator, seeded by the master
//! seed, the generation and the game's index; the groups are fixed by the
//! settings, not by the threads, so a generation's games are the same
//! whatever the number of threads.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Gamma};

use ngola_agents::az::{run_batched, BatchScratch, RootChild, Tree};
use ngola_agents::limit::SearchLimit;
use ngola_agents::play::last_ply;
use ngola_agents::solver::{Solver, SolverConfig};
use ngola_agents::Evaluate;
use ngola_nn::Evaluator;
use ngola_rules::opening::random_opening;
use ngola_rules::Player;

use super::replay::Example;
use super::{PolicyTarget, TrainError, TrainSettings};

/// The solver's table for exact labels, per group of games (MiB).
const EXACT_TT_MB: u32 = 8;

/// Counters a caller may read while a generation is played.
#[derive(Debug, Default)]
pub struct Progress {
    /// Games finished in this invocation.
    pub games: AtomicU64,
    /// Moves played in this invocation.
    pub positions: AtomicU64,
}

/// What one group of games gave.
#[derive(Debug, Default)]
pub struct Played {
    /// Examples of the group's games, game by game in index order.
    pub examples: Vec<Example>,
    /// Games played.
    pub games: u64,
    /// Moves played (full and fast searches).
    pub positions: u64,
    /// Examples whose value is the solver's exact one.
    pub exact: u64,
    /// Positions the network evaluated.
    pub evaluated: u64,
}

impl Played {
    /// Adds `other`'s games after these.
    pub fn append(&mut self, mut other: Played) {
        self.examples.append(&mut other.examples);
        self.games += other.games;
        self.positions += other.positions;
        self.exact += other.exact;
        self.evaluated += other.evaluated;
    }
}

/// The seed of game `index` of `generation`.
pub fn game_seed(seed: u64, generation: u64, index: u64) -> u64 {
    // SplitMix64's finaliser over the three numbers.
    let mut z = seed
        ^ generation.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One record waiting for its game's end.
struct Pending<G> {
    position: G,
    observation: Vec<f32>,
    legal: Vec<usize>,
    policy: Vec<f32>,
    mover: Player,
}

/// One game under way.
struct Slot<G: Evaluate> {
    rng: ChaCha8Rng,
    game: G,
    start_ply: u32,
    full: bool,
    records: Vec<Pending<G>>,
    /// The network's priors at the root before any noise, in the order of
    /// the root's children (the completed-Q target's prior).
    priors: Vec<f32>,
    moves: u64,
    done: Option<Vec<Example>>,
    exact: u64,
}

/// What every group of a generation's self-play shares.
pub struct Generation<'a, G: Evaluate> {
    /// The position every game starts from (before its random opening).
    pub start: &'a G,
    /// The network that plays.
    pub net: &'a dyn Evaluator<G>,
    /// The run's settings.
    pub settings: &'a TrainSettings,
    /// The generation's number (counted from 1).
    pub number: u64,
    /// Raised to stop at once.
    pub stop: &'a AtomicBool,
    /// Counters a caller may read while the games go on.
    pub progress: &'a Progress,
    /// The memory the exact labels' solver may take.
    pub memory: Option<ngola_agents::memory::MemoryLimit>,
}

/// Plays the games `indices` of the generation.
pub fn play_group<G: Evaluate>(
    generation: &Generation<'_, G>,
    indices: Range<u64>,
) -> Result<Played, TrainError> {
    let Generation {
        start,
        net,
        settings,
        number: generation,
        stop,
        progress,
        memory,
    } = *generation;
    let mut slots = Vec::with_capacity((indices.end - indices.start) as usize);
    // One tree per game, beside its slot: a finished game's tree has no
    // budget left, so every round runs over all of them.
    let mut trees: Vec<Tree<G>> = Vec::with_capacity(slots.capacity());
    for index in indices.clone() {
        let mut rng = ChaCha8Rng::seed_from_u64(game_seed(settings.seed, generation, index));
        let (game, _) =
            random_opening(start, settings.opening_plies, rng.next_u64()).map_err(|e| {
                TrainError::Game {
                    message: e.to_string(),
                }
            })?;
        trees.push(Tree::new(game.clone(), settings.c_puct as f32));
        slots.push(Slot {
            rng,
            start_ply: game.ply(),
            game,
            full: false,
            records: Vec::new(),
            priors: Vec::new(),
            moves: 0,
            done: None,
            exact: 0,
        });
    }
    let mut solver = match settings.exact_nodes {
        0 => None,
        _ => Some(
            Solver::<G>::try_new(
                &SolverConfig {
                    tt_mb: EXACT_TT_MB,
                    tb: None,
                },
                memory,
            )
            .map_err(|e| TrainError::Setting {
                field: "exact_nodes",
                message: format!("the solver's table: {e}"),
            })?,
        ),
    };
    let mut scratch = BatchScratch::default();
    let mut played = Played::default();
    let gamma = Gamma::new(settings.dirichlet_alpha, 1.0).map_err(|e| TrainError::Setting {
        field: "dirichlet_alpha",
        message: e.to_string(),
    })?;
    while slots.iter().any(|s| s.done.is_none()) {
        if stop.load(Ordering::Relaxed) {
            return Err(TrainError::Interrupted);
        }
        // The roots that need the network first, then the searches proper.
        let live: Vec<usize> = (0..slots.len())
            .filter(|&i| slots[i].done.is_none())
            .collect();
        let mut expanded_now = vec![false; slots.len()];
        for &i in &live {
            if !trees[i].root_expanded() {
                trees[i].add_budget(1);
                expanded_now[i] = true;
            }
        }
        played.evaluated += search(&mut trees, net, &mut scratch)?;
        for &i in &live {
            let (s, tree) = (&mut slots[i], &mut trees[i]);
            s.full = settings.full_share >= 1.0 || s.rng.random_bool(settings.full_share);
            let sims = if s.full {
                settings.full_sims
            } else {
                settings.fast_sims
            };
            if s.full && settings.policy_target == PolicyTarget::CompletedQ {
                s.priors.clear();
                s.priors.extend(tree.root_children().map(|c| c.prior));
            }
            if s.full && settings.dirichlet_weight > 0.0 {
                let mut noise: Vec<f32> = (0..tree.root_degree())
                    .map(|_| gamma.sample(&mut s.rng) as f32)
                    .collect();
                let sum: f32 = noise.iter().sum();
                if sum > 0.0 && sum.is_finite() {
                    noise.iter_mut().for_each(|n| *n /= sum);
                    tree.mix_root_noise(&noise, settings.dirichlet_weight as f32);
                }
            }
            tree.add_budget(sims.saturating_sub(u32::from(expanded_now[i])).max(1));
        }
        played.evaluated += search(&mut trees, net, &mut scratch)?;
        for &i in &live {
            let (s, tree) = (&mut slots[i], &mut trees[i]);
            let mv = choose(s, tree, settings);
            if s.full {
                record(s, tree, settings.policy_target);
            }
            s.game.play(mv);
            s.moves += 1;
            progress.positions.fetch_add(1, Ordering::Relaxed);
            let capped = s.game.ply() >= last_ply(s.start_ply);
            let over = s.game.outcome();
            if over.is_some() || capped {
                finish(s, over, solver.as_mut(), settings.exact_nodes);
                played.games += 1;
                progress.games.fetch_add(1, Ordering::Relaxed);
            } else {
                tree.advance(mv);
            }
        }
    }
    for s in slots {
        played.positions += s.moves;
        played.exact += s.exact;
        played.examples.extend(s.done.unwrap_or_default());
    }
    Ok(played)
}

/// Runs every tree's budget, the leaves of all of them batched.
fn search<G: Evaluate>(
    trees: &mut [Tree<G>],
    net: &dyn Evaluator<G>,
    scratch: &mut BatchScratch<G>,
) -> Result<u64, TrainError> {
    run_batched(trees, net, scratch).map_err(|source| TrainError::Network { source })
}

/// The move of a game whose search is done.
fn choose<G: Evaluate>(s: &mut Slot<G>, tree: &Tree<G>, settings: &TrainSettings) -> G::Move {
    if s.game.ply() - s.start_ply < settings.temperature_plies {
        let children: Vec<_> = tree.root_children().collect();
        let total: u64 = children.iter().map(|c| u64::from(c.visits)).sum();
        if total > 0 {
            let mut pick = s.rng.random_range(0..total);
            for c in &children {
                if pick < u64::from(c.visits) {
                    return c.mv;
                }
                pick -= u64::from(c.visits);
            }
        }
    }
    tree.best_move()
}

/// Records the position at the root with its policy target.
fn record<G: Evaluate>(s: &mut Slot<G>, tree: &Tree<G>, target: PolicyTarget) {
    let game = &s.game;
    let children: Vec<_> = tree.root_children().collect();
    let weights = match target {
        PolicyTarget::Visits => children.iter().map(|c| c.visits as f32).collect(),
        PolicyTarget::CompletedQ => completed_q_target(&children, &s.priors, tree.root_value()),
    };
    let mut policy = vec![0.0f32; G::num_actions(game.rules())];
    let mut total = 0.0f32;
    for (c, w) in children.iter().zip(weights) {
        policy[game.action(c.mv)] += w;
        total += w;
    }
    if !(total > 0.0 && total.is_finite()) {
        return;
    }
    policy.iter_mut().for_each(|p| *p /= total);
    let mut observation = vec![0.0f32; G::observation_len(game.rules())];
    game.observe(game.to_move(), &mut observation);
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    s.records.push(Pending {
        position: game.clone(),
        observation,
        legal,
        policy,
        mover: game.to_move(),
    });
}

/// `c_visit` of the completed-Q target's scale (Danihelka et al.'s value).
const C_VISIT: f32 = 50.0;
/// `c_scale` of the completed-Q target's scale (their value with values
/// rescaled to [0, 1]).
const C_SCALE: f32 = 0.1;

/// The improved policy of Gumbel AlphaZero (Danihelka, Guez, Schrittwieser
/// and Silver, "Policy improvement by planning with Gumbel", 2022):
/// `softmax(log prior + sigma(q))`, where `q` is each move's mean value
/// for the side to move, an unvisited move's replaced by the root's mean
/// value, rescaled to [0, 1] over the moves, and `sigma(q) = (C_VISIT +
/// most visits) * C_SCALE * q`. Visit counts of a shallow search with
/// root noise are a flat target whose most visited move is often the
/// noise's; this one leans on the values the search found, and sharpens
/// towards the move of highest value as the visits grow. Weights in
/// the order of `children`; `priors` are the network's, before noise.
pub fn completed_q_target<M>(
    children: &[RootChild<M>],
    priors: &[f32],
    root_value: f32,
) -> Vec<f32> {
    let completed: Vec<f32> = children
        .iter()
        .map(|c| if c.visits > 0 { c.q } else { root_value })
        .collect();
    let (low, high) = completed
        .iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(l, h), &q| {
            (l.min(q), h.max(q))
        });
    let most = children.iter().map(|c| c.visits).max().unwrap_or(0) as f32;
    let scale = (C_VISIT + most) * C_SCALE / (high - low).max(1e-6);
    let logits: Vec<f32> = completed
        .iter()
        .enumerate()
        .map(|(i, &q)| {
            let prior = priors.get(i).copied().unwrap_or(0.0).max(1e-12);
            prior.ln() + scale * (q - low)
        })
        .collect();
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    logits.iter().map(|&l| (l - top).exp()).collect()
}

/// Gives the records of a finished game their value targets: the result
/// for the player to move, or the solver's exact value for the positions
/// near the end that it decides within `exact_nodes` nodes.
fn finish<G: Evaluate>(
    s: &mut Slot<G>,
    outcome: Option<ngola_rules::Outcome>,
    solver: Option<&mut Solver<G>>,
    exact_nodes: u64,
) {
    let records = std::mem::take(&mut s.records);
    let mut values: Vec<f32> = records
        .iter()
        .map(|r| outcome.as_ref().map_or(0.0, |o| o.sign_for(r.mover) as f32))
        .collect();
    if let (Some(solver), Some(_)) = (solver, outcome.as_ref()) {
        let limit = SearchLimit {
            nodes: Some(exact_nodes),
            ..SearchLimit::NONE
        };
        for (k, r) in records.iter().enumerate().rev() {
            let solution = solver.solve_limited(&r.position, &limit);
            if solution.stopped || solution.too_deep {
                break;
            }
            values[k] = solution.result as f32;
            s.exact += 1;
        }
    }
    s.done = Some(
        records
            .into_iter()
            .zip(values)
            .map(|(r, value)| Example {
                observation: r.observation,
                legal: r.legal,
                policy: r.policy,
                value,
            })
            .collect(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn child(visits: u32, q: f32) -> RootChild<u8> {
        RootChild {
            mv: 0,
            visits,
            prior: 0.0,
            q,
        }
    }

    fn normalised(weights: Vec<f32>) -> Vec<f32> {
        let total: f32 = weights.iter().sum();
        weights.iter().map(|w| w / total).collect()
    }

    #[test]
    fn equal_values_give_the_prior_back() {
        let children = [child(10, 0.2), child(3, 0.2), child(0, 0.0)];
        let target = normalised(completed_q_target(&children, &[0.5, 0.3, 0.2], 0.2));
        for (t, p) in target.iter().zip([0.5, 0.3, 0.2]) {
            assert!((t - p).abs() < 1e-5, "{target:?}");
        }
    }

    #[test]
    fn the_best_value_takes_the_weight_and_more_so_with_more_visits() {
        // The prior prefers the first move; the search found the second
        // better. An unvisited third move counts at the root's value.
        let priors = [0.6, 0.3, 0.1];
        let few = [child(4, -0.2), child(4, 0.4), child(0, 0.0)];
        let shallow = normalised(completed_q_target(&few, &priors, 0.1));
        assert!(
            shallow[1] > shallow[0] && shallow[1] > shallow[2],
            "{shallow:?}"
        );
        let many = [child(40, -0.2), child(40, 0.4), child(0, 0.0)];
        let deep = normalised(completed_q_target(&many, &priors, 0.1));
        assert!(deep[1] > shallow[1], "{deep:?} {shallow:?}");
        // The unvisited move at the root's value, between the two.
        assert!(deep[2] > 0.0 && deep[2] < deep[1]);
        assert!(completed_q_target(&many, &priors, 0.1)
            .iter()
            .all(|w| w.is_finite() && *w >= 0.0));
    }
}

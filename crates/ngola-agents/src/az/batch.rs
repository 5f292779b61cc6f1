//! Many trees searched at once: each round, every tree with budget left
//! walks to its next leaf, and the leaves of all of them go to the
//! evaluator as one batch. A tree's simulations depend only on its own
//! leaves' answers, so each tree ends exactly as it would searched alone.

use ngola_nn::{Encode, Evaluator, NnError};

use super::tree::{Descent, Tree};

/// The buffers of [`run_batched`], kept between calls.
#[derive(Debug)]
pub struct BatchScratch<G: Encode> {
    positions: Vec<G>,
    owners: Vec<usize>,
    policy: Vec<f32>,
    values: Vec<f32>,
}

impl<G: Encode> Default for BatchScratch<G> {
    fn default() -> Self {
        BatchScratch {
            positions: Vec::new(),
            owners: Vec::new(),
            policy: Vec::new(),
            values: Vec::new(),
        }
    }
}

/// Runs every tree's budget ([`Tree::add_budget`]) to its end, sending the
/// waiting leaves of all trees to `evaluator` in one batch per round.
/// Returns the positions evaluated.
///
/// An evaluator's error stops the search (the trees keep what they have,
/// with their leaves still waiting); so does an answer of the wrong size
/// ([`NnError::Shape`]).
pub fn run_batched<G: Encode, E: Evaluator<G> + ?Sized>(
    trees: &mut [Tree<G>],
    evaluator: &E,
    scratch: &mut BatchScratch<G>,
) -> Result<u64, NnError> {
    let mut evaluated = 0u64;
    loop {
        let mut waiting: Vec<&mut Tree<G>> = trees
            .iter_mut()
            .filter_map(|t| (t.descend() == Descent::Leaf).then_some(t))
            .collect();
        if waiting.is_empty() {
            return Ok(evaluated);
        }
        evaluated += evaluate_leaves(&mut waiting, evaluator, scratch)?;
    }
}

/// Sends the waiting leaf ([`Tree::leaf`]) of every tree that has one to
/// `evaluator` in one batch and expands each with its answer. Returns the
/// positions evaluated.
pub fn evaluate_leaves<G: Encode, E: Evaluator<G> + ?Sized>(
    trees: &mut [&mut Tree<G>],
    evaluator: &E,
    scratch: &mut BatchScratch<G>,
) -> Result<u64, NnError> {
    scratch.positions.clear();
    scratch.owners.clear();
    for (i, tree) in trees.iter().enumerate() {
        if let Some(leaf) = tree.leaf() {
            scratch.positions.push(leaf.clone());
            scratch.owners.push(i);
        }
    }
    if scratch.owners.is_empty() {
        return Ok(0);
    }
    evaluate_checked(evaluator, scratch)?;
    let mut at = 0;
    for (k, &i) in scratch.owners.iter().enumerate() {
        let actions = G::num_actions(scratch.positions[k].rules());
        trees[i].expand(&scratch.policy[at..at + actions], scratch.values[k]);
        at += actions;
    }
    Ok(scratch.owners.len() as u64)
}

/// Evaluates `scratch.positions`, checking the sizes of the answer.
fn evaluate_checked<G: Encode, E: Evaluator<G> + ?Sized>(
    evaluator: &E,
    scratch: &mut BatchScratch<G>,
) -> Result<(), NnError> {
    evaluator.evaluate(&scratch.positions, &mut scratch.policy, &mut scratch.values)?;
    let n = scratch.positions.len();
    let logits: usize = scratch
        .positions
        .iter()
        .map(|p| G::num_actions(p.rules()))
        .sum();
    if scratch.policy.len() != logits {
        return Err(NnError::Shape {
            name: "policy".to_string(),
            expected: format!("[{logits}]"),
            found: format!("[{}]", scratch.policy.len()),
        });
    }
    if scratch.values.len() != n {
        return Err(NnError::Shape {
            name: "values".to_string(),
            expected: format!("[{n}]"),
            found: format!("[{}]", scratch.values.len()),
        });
    }
    Ok(())
}

//! [`Evaluator`]: a policy-and-value function evaluated a batch at a time,
//! and [`Uniform`], the one that knows nothing.

use crate::{Encode, NnError};

/// A policy-and-value function over positions of `G`, evaluated a batch at a time.
pub trait Evaluator<G: Encode>: Send + Sync {
    /// For every position in `positions` (none over): writes `G::num_actions` policy logits per
    /// position into `policy` (cleared first; action ids of `Encode`) and one value in [-1, 1] for
    /// the side to move into `values` (cleared first).
    fn evaluate(
        &self,
        positions: &[G],
        policy: &mut Vec<f32>,
        values: &mut Vec<f32>,
    ) -> Result<(), NnError>;
}

/// The evaluator that knows nothing: zero logits (a uniform policy) and
/// value 0 for every position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Uniform;

impl<G: Encode> Evaluator<G> for Uniform {
    fn evaluate(
        &self,
        positions: &[G],
        policy: &mut Vec<f32>,
        values: &mut Vec<f32>,
    ) -> Result<(), NnError> {
        policy.clear();
        values.clear();
        for game in positions {
            policy.extend(std::iter::repeat_n(0.0, G::num_actions(game.rules())));
            values.push(0.0);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ngola_rules::kalah::{Kalah, KalahRules};
    use ngola_rules::Game;

    #[test]
    fn uniform_clears_and_fills_one_row_per_position() {
        let rules = KalahRules::default();
        let positions = vec![Kalah::start(rules); 3];
        let mut policy = vec![9.0; 5];
        let mut values = vec![9.0; 7];
        Uniform
            .evaluate(&positions, &mut policy, &mut values)
            .unwrap();
        assert_eq!(policy, vec![0.0; 3 * Kalah::num_actions(&rules)]);
        assert_eq!(values, vec![0.0; 3]);
        Uniform
            .evaluate(&positions[..0], &mut policy, &mut values)
            .unwrap();
        assert!(policy.is_empty() && values.is_empty());
    }
}

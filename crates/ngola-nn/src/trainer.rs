//! [`Trainer`]: AdamW steps on a [`Network`] from batches of positions
//! with target policies and values ([`TrainBatch`]).

use candle_core::{Device, Tensor, D};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};

use crate::network::backend;
use crate::{Encode, Network, NnError};

/// A logit far below any real one: an illegal action's probability is 0.
const MASKED: f32 = -1.0e9;

/// Training examples, each an observation, its legal actions, a target
/// distribution over them and a target value for the side to move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrainBatch {
    input: usize,
    actions: usize,
    inputs: Vec<f32>,
    /// 0 for a legal action, [`MASKED`] for an illegal one.
    mask: Vec<f32>,
    policy: Vec<f32>,
    values: Vec<f32>,
}

impl TrainBatch {
    /// An empty batch for observations of length `input` over `actions` ids.
    pub fn new(input: usize, actions: usize) -> Self {
        Self {
            input,
            actions,
            ..Self::default()
        }
    }

    /// An empty batch for positions of `G` under `rules`.
    pub fn for_game<G: Encode>(rules: &G::Rules) -> Self {
        Self::new(G::observation_len(rules), G::num_actions(rules))
    }

    /// The number of examples.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when the batch holds no example.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Adds `game` (observed from its mover's side) with a target `policy`
    /// over every action id (0 on illegal ones) and a target `value` in
    /// [-1, 1] for the side to move.
    pub fn push<G: Encode>(&mut self, game: &G, policy: &[f32], value: f32) -> Result<(), NnError> {
        let mut observation = vec![0.0; G::observation_len(game.rules())];
        game.observe(game.to_move(), &mut observation);
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        self.push_observed(&observation, &legal, policy, value)
    }

    /// Adds an observation already made, with its legal action ids.
    pub fn push_observed(
        &mut self,
        observation: &[f32],
        legal: &[usize],
        policy: &[f32],
        value: f32,
    ) -> Result<(), NnError> {
        let shape = |name: &str, expected: usize, found: usize| NnError::Shape {
            name: name.to_string(),
            expected: expected.to_string(),
            found: found.to_string(),
        };
        if observation.len() != self.input {
            return Err(shape("observation", self.input, observation.len()));
        }
        if policy.len() != self.actions {
            return Err(shape("policy", self.actions, policy.len()));
        }
        if let Some(&a) = legal.iter().find(|&&a| a >= self.actions) {
            return Err(shape("legal action", self.actions, a));
        }
        let start = self.mask.len();
        self.mask.resize(start + self.actions, MASKED);
        for &a in legal {
            self.mask[start + a] = 0.0;
        }
        self.inputs.extend_from_slice(observation);
        self.policy.extend_from_slice(policy);
        self.values.push(value);
        Ok(())
    }

    /// Empties the batch, keeping its shape.
    pub fn clear(&mut self) {
        self.inputs.clear();
        self.mask.clear();
        self.policy.clear();
        self.values.clear();
    }
}

/// The loss terms of one training step (before the step).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Loss {
    /// Cross-entropy of the network's policy (over legal actions) against
    /// the target distribution, averaged over the batch.
    pub policy: f32,
    /// Mean squared error of the value.
    pub value: f32,
    /// `policy + value_weight * value`, the quantity minimised.
    pub total: f32,
}

/// The optimiser's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    /// AdamW's learning rate.
    pub learning_rate: f64,
    /// AdamW's decoupled weight decay.
    pub weight_decay: f64,
    /// The weight of the value term in the total loss.
    pub value_weight: f32,
}

impl Default for TrainConfig {
    fn default() -> Self {
        Self {
            learning_rate: 1e-3,
            weight_decay: 1e-4,
            value_weight: 1.0,
        }
    }
}

/// Updates a network by AdamW (candle-nn's) on the policy cross-entropy
/// plus the value's squared error. Deterministic: the same network, the
/// same batches, the same weights after every step.
pub struct Trainer<G: Encode> {
    net: Network<G>,
    optimizer: AdamW,
    config: TrainConfig,
    steps: u64,
}

impl<G: Encode> Trainer<G> {
    /// A trainer that updates `net` in place.
    pub fn new(net: Network<G>, config: TrainConfig) -> Result<Self, NnError> {
        let params = ParamsAdamW {
            lr: config.learning_rate,
            weight_decay: config.weight_decay,
            ..ParamsAdamW::default()
        };
        let optimizer = AdamW::new(net.vars(), params).map_err(backend)?;
        Ok(Self {
            net,
            optimizer,
            config,
            steps: 0,
        })
    }

    /// The network as trained so far (its weights change with every step:
    /// [`Network::snapshot`] for a copy that does not).
    pub fn network(&self) -> &Network<G> {
        &self.net
    }

    /// The network, the trainer given up.
    pub fn into_network(self) -> Network<G> {
        self.net
    }

    /// Steps taken (counted from [`Trainer::counting_from`]'s start).
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The trainer of a resumed run: its step count goes on from `steps`,
    /// those its network was trained with before (the optimiser's moments
    /// start afresh).
    pub fn counting_from(mut self, steps: u64) -> Self {
        self.steps = steps;
        self
    }

    /// The loss terms of `batch` under the current weights, no update.
    pub fn loss(&self, batch: &TrainBatch) -> Result<Loss, NnError> {
        let (_, loss) = self.losses(batch, false)?;
        Ok(loss)
    }

    /// One optimiser step on `batch`; returns the loss terms before it.
    pub fn step(&mut self, batch: &TrainBatch) -> Result<Loss, NnError> {
        let (total, loss) = self.losses(batch, true)?;
        self.optimizer.backward_step(&total).map_err(backend)?;
        self.steps += 1;
        Ok(loss)
    }

    fn losses(&self, batch: &TrainBatch, track: bool) -> Result<(Tensor, Loss), NnError> {
        let (input, actions) = (self.net.input_len(), G::num_actions(self.net.rules()));
        if (batch.input, batch.actions) != (input, actions) {
            return Err(NnError::Shape {
                name: "batch".into(),
                expected: format!("[{input}] observations over {actions} actions"),
                found: format!("[{}] over {}", batch.input, batch.actions),
            });
        }
        if batch.is_empty() {
            return Err(NnError::Shape {
                name: "batch".into(),
                expected: "at least one example".into(),
                found: "0".into(),
            });
        }
        let n = batch.len();
        let t = |data: &[f32], cols: usize| {
            Tensor::from_slice(data, (n, cols), &Device::Cpu).map_err(backend)
        };
        let x = self
            .net
            .feature_tensor(batch.inputs.clone(), n)
            .map_err(backend)?;
        let mask = t(&batch.mask, actions)?;
        let target = t(&batch.policy, actions)?;
        let z = Tensor::from_slice(&batch.values, n, &Device::Cpu).map_err(backend)?;
        let compute = || -> candle_core::Result<(Tensor, Tensor, Tensor)> {
            let (logits, value) = self.net.forward_features(&x, track)?;
            let log_p = candle_nn::ops::log_softmax(&(logits + mask)?, D::Minus1)?;
            let policy = (target * log_p)?.sum(1)?.mean_all()?.neg()?;
            let value = (value - z)?.sqr()?.mean_all()?;
            let total = (&policy + (&value * f64::from(self.config.value_weight))?)?;
            Ok((policy, value, total))
        };
        let (policy, value, total) = compute().map_err(backend)?;
        let scalar = |t: &Tensor| t.to_scalar::<f32>().map_err(backend);
        let loss = Loss {
            policy: scalar(&policy)?,
            value: scalar(&value)?,
            total: scalar(&total)?,
        };
        Ok((total, loss))
    }
}

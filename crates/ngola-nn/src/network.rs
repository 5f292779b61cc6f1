//! [`Network`]: a small multilayer perceptron with a policy head and a
//! value head, on candle, saved as safetensors (layout in
//! [`crate::format`]).

use std::marker::PhantomData;

use candle_core::{DType, Device, Tensor, Var};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::encode::describe;
use crate::inputs::InputLayout;
use crate::{Encode, Evaluator, Inputs, NnError};

/// The tensor backend's error as ours.
pub(crate) fn backend(e: candle_core::Error) -> NnError {
    NnError::Backend(e.to_string())
}

/// One fully connected layer: `y = x W^T + b` (PyTorch's `nn.Linear`).
#[derive(Debug)]
pub(crate) struct Linear {
    /// `[out, in]`.
    pub(crate) weight: Var,
    /// `[out]`.
    pub(crate) bias: Var,
}

impl Linear {
    /// PyTorch's default initialisation: both uniform in `±1/sqrt(in)`.
    fn init(rng: &mut ChaCha8Rng, inputs: usize, outputs: usize) -> Result<Self, NnError> {
        let bound = 1.0 / (inputs.max(1) as f32).sqrt();
        let mut draw =
            |n: usize| -> Vec<f32> { (0..n).map(|_| rng.random_range(-bound..=bound)).collect() };
        let weight = draw(outputs * inputs);
        let bias = draw(outputs);
        Self::from_values(weight, bias, inputs, outputs)
    }

    /// A layer from its values, row-major `[out, in]` and `[out]`.
    pub(crate) fn from_values(
        weight: Vec<f32>,
        bias: Vec<f32>,
        inputs: usize,
        outputs: usize,
    ) -> Result<Self, NnError> {
        let weight = Tensor::from_vec(weight, (outputs, inputs), &Device::Cpu).map_err(backend)?;
        let bias = Tensor::from_vec(bias, outputs, &Device::Cpu).map_err(backend)?;
        Ok(Self {
            weight: Var::from_tensor(&weight).map_err(backend)?,
            bias: Var::from_tensor(&bias).map_err(backend)?,
        })
    }

    /// A copy that shares no storage with `self`.
    fn snapshot(&self) -> Result<Self, NnError> {
        let copy = |v: &Var| Var::from_tensor(&v.as_tensor().detach()).map_err(backend);
        Ok(Self {
            weight: copy(&self.weight)?,
            bias: copy(&self.bias)?,
        })
    }

    /// `x W^T + b`; with `track`, recording the operations for gradients.
    fn forward(&self, x: &Tensor, track: bool) -> candle_core::Result<Tensor> {
        let (w, b) = (self.weight.as_tensor(), self.bias.as_tensor());
        if track {
            x.matmul(&w.t()?)?.broadcast_add(b)
        } else {
            x.matmul(&w.detach().t()?)?.broadcast_add(&b.detach())
        }
    }
}

/// A policy-and-value network for `G` under one rule set: the observation
/// of [`Encode::observe`] (from the side to move), read as its [`Inputs`]
/// say, through hidden layers with ReLU, then a policy head of
/// [`Encode::num_actions`] logits and a value head with `tanh`.
///
/// The weights are shared by a network and the [`crate::Trainer`] that
/// updates it; [`Network::snapshot`] makes an independent copy (for
/// self-play workers while the learner goes on).
#[derive(Debug)]
pub struct Network<G: Encode> {
    pub(crate) rules: G::Rules,
    pub(crate) layout: InputLayout,
    pub(crate) hidden: Vec<Linear>,
    pub(crate) policy: Linear,
    pub(crate) value: Linear,
    game: PhantomData<fn() -> G>,
}

impl<G: Encode> Network<G> {
    /// A network for `rules` reading raw counts ([`Inputs::Counts`]) with
    /// hidden layers of the given widths, initialised from `seed` (same
    /// seed, same weights).
    pub fn new(rules: G::Rules, hidden: &[usize], seed: u64) -> Result<Self, NnError> {
        Self::with_inputs(rules, Inputs::Counts, hidden, seed)
    }

    /// A network for `rules` that reads observations as `inputs` say, with
    /// hidden layers of the given widths, initialised from `seed`.
    pub fn with_inputs(
        rules: G::Rules,
        inputs: Inputs,
        hidden: &[usize],
        seed: u64,
    ) -> Result<Self, NnError> {
        if let Some(i) = hidden.iter().position(|&w| w == 0) {
            return Err(NnError::Shape {
                name: format!("hidden layer {i}"),
                expected: "a width of at least 1".into(),
                found: "0".into(),
            });
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let layout = InputLayout::of::<G>(inputs, &rules);
        let mut width = layout.len();
        let mut layers = Vec::with_capacity(hidden.len());
        for &w in hidden {
            layers.push(Linear::init(&mut rng, width, w)?);
            width = w;
        }
        let policy = Linear::init(&mut rng, width, G::num_actions(&rules))?;
        let value = Linear::init(&mut rng, width, 1)?;
        Ok(Self::from_layers(rules, inputs, layers, policy, value))
    }

    pub(crate) fn from_layers(
        rules: G::Rules,
        inputs: Inputs,
        hidden: Vec<Linear>,
        policy: Linear,
        value: Linear,
    ) -> Self {
        Self {
            layout: InputLayout::of::<G>(inputs, &rules),
            rules,
            hidden,
            policy,
            value,
            game: PhantomData,
        }
    }

    /// The rules the network was made for.
    pub fn rules(&self) -> &G::Rules {
        &self.rules
    }

    /// The widths of the hidden layers.
    pub fn hidden_widths(&self) -> Vec<usize> {
        self.hidden.iter().map(|l| l.bias.dims()[0]).collect()
    }

    /// The length of the observation vector it reads.
    pub fn input_len(&self) -> usize {
        self.layout.observation_len()
    }

    /// How it reads an observation.
    pub fn inputs(&self) -> Inputs {
        self.layout.inputs()
    }

    /// The width of its first layer's input (the observation's length for
    /// [`Inputs::Counts`]).
    pub fn feature_len(&self) -> usize {
        self.layout.len()
    }

    /// Every trainable tensor, in the order of [`crate::format`]'s table.
    pub fn vars(&self) -> Vec<Var> {
        self.hidden
            .iter()
            .chain([&self.policy, &self.value])
            .flat_map(|l| [l.weight.clone(), l.bias.clone()])
            .collect()
    }

    /// A copy of the network that shares no weights with this one.
    pub fn snapshot(&self) -> Result<Self, NnError> {
        Ok(Self::from_layers(
            self.rules,
            self.inputs(),
            self.hidden
                .iter()
                .map(Linear::snapshot)
                .collect::<Result<_, _>>()?,
            self.policy.snapshot()?,
            self.value.snapshot()?,
        ))
    }

    /// The forward pass on a batch of observations `[B, input]`: policy
    /// logits `[B, actions]` and values `[B]` in [-1, 1]. With `track`,
    /// the operations are recorded for a backward pass (training).
    pub fn forward(&self, x: &Tensor, track: bool) -> candle_core::Result<(Tensor, Tensor)> {
        if self.inputs() == Inputs::Counts {
            return self.forward_features(x, track);
        }
        let n = x.dim(0)?;
        let observations = x.to_dtype(DType::F32)?.flatten_all()?.to_vec1::<f32>()?;
        self.forward_features(&self.feature_tensor(observations, n)?, track)
    }

    /// The first-layer inputs of `n` observations laid one after the other
    /// in `observations`, as one `[n, features]` tensor (the observations
    /// themselves under [`Inputs::Counts`]).
    pub(crate) fn feature_tensor(
        &self,
        observations: Vec<f32>,
        n: usize,
    ) -> candle_core::Result<Tensor> {
        let data = match self.inputs() {
            Inputs::Counts => observations,
            Inputs::OneHot => {
                let len = self.feature_len();
                let mut out = vec![0.0f32; n * len];
                let rows = observations.chunks_exact(self.input_len().max(1));
                for (observation, row) in rows.zip(out.chunks_exact_mut(len)) {
                    self.layout.write(observation, row);
                }
                out
            }
        };
        Tensor::from_vec(data, (n, self.feature_len()), &Device::Cpu)
    }

    /// The forward pass on a batch of first-layer inputs `[B, features]`.
    pub(crate) fn forward_features(
        &self,
        x: &Tensor,
        track: bool,
    ) -> candle_core::Result<(Tensor, Tensor)> {
        let mut h = x.clone();
        for layer in &self.hidden {
            h = layer.forward(&h, track)?.relu()?;
        }
        let policy = self.policy.forward(&h, track)?;
        let value = self.value.forward(&h, track)?.tanh()?.squeeze(1)?;
        Ok((policy, value))
    }

    /// The observations of `positions` (each from its mover's side) as one
    /// `[B, input]` tensor; an error for a position under other rules.
    pub fn observations(&self, positions: &[G]) -> Result<Tensor, NnError> {
        let data = self.observation_values(positions)?;
        Tensor::from_vec(data, (positions.len(), self.input_len()), &Device::Cpu).map_err(backend)
    }

    /// The observations of `positions`, one after the other.
    fn observation_values(&self, positions: &[G]) -> Result<Vec<f32>, NnError> {
        let len = self.input_len();
        let mut data = vec![0.0f32; positions.len() * len];
        for (i, game) in positions.iter().enumerate() {
            if game.rules() != &self.rules {
                return Err(NnError::WrongGame {
                    expected: describe::<G>(&self.rules),
                    found: describe::<G>(game.rules()),
                });
            }
            game.observe(game.to_move(), &mut data[i * len..(i + 1) * len]);
        }
        Ok(data)
    }
}

impl<G: Encode> Evaluator<G> for Network<G> {
    fn evaluate(
        &self,
        positions: &[G],
        policy: &mut Vec<f32>,
        values: &mut Vec<f32>,
    ) -> Result<(), NnError> {
        policy.clear();
        values.clear();
        if positions.is_empty() {
            return Ok(());
        }
        let observations = self.observation_values(positions)?;
        let x = self
            .feature_tensor(observations, positions.len())
            .map_err(backend)?;
        let (p, v) = self.forward_features(&x, false).map_err(backend)?;
        let to_vec = |t: Tensor| t.flatten_all()?.to_dtype(DType::F32)?.to_vec1::<f32>();
        policy.extend(to_vec(p).map_err(backend)?);
        values.extend(to_vec(v).map_err(backend)?);
        Ok(())
    }
}

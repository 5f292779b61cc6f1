//! The network file: safetensors with a fixed layout, so that a network
//! trained elsewhere (PyTorch, JAX, NumPy) loads here and one trained here
//! loads there.
//!
//! # Layout
//! A safetensors file (8-byte little-endian header length, a JSON header,
//! the raw tensor bytes). Every tensor is `F32`, little-endian, row-major.
//! With `I` the observation length ([`Encode::observation_len`]), `H0 ..
//! Hn-1` the hidden widths and `A` the number of actions
//! ([`Encode::num_actions`]):
//!
//! | tensor | shape |
//! | --- | --- |
//! | `hidden.0.weight` | `[H0, I]` |
//! | `hidden.0.bias` | `[H0]` |
//! | `hidden.k.weight` | `[Hk, Hk-1]` |
//! | `hidden.k.bias` | `[Hk]` |
//! | `policy.weight` | `[A, Hn-1]` (`[A, I]` with no hidden layer) |
//! | `policy.bias` | `[A]` |
//! | `value.weight` | `[1, Hn-1]` |
//! | `value.bias` | `[1]` |
//!
//! Each layer computes `y = x W^T + b` (PyTorch's `nn.Linear`); the hidden
//! layers apply ReLU, the policy head gives one logit per action id of
//! [`Encode`], the value head applies `tanh` and gives the value for the
//! side to move. The input is the observation from the side to move's
//! view, unscaled.
//!
//! The header's `__metadata__` (all values strings):
//!
//! | key | value |
//! | --- | --- |
//! | `format` | `ngola-network` |
//! | `game` | the game's name (`kalah`, `oware`, `mangola`, `umelbagara`) |
//! | `rules` | the rule options as `key=value` joined by `,` (options left out take their defaults) |
//! | `encoding` | how the observation is read: `1` raw counts, `2` one-hot counts ([`Inputs::encoding`]) |
//! | `input` | `I` |
//! | `hidden` | `H0,H1,...` (empty for none) |
//! | `actions` | `A` |

use std::path::Path;

use ngola_rules::{Game, RuleOptions};
use safetensors::{Dtype, SafeTensors};
use serde_json::json;

use crate::encode::describe;
pub use crate::encode::rules_text;
use crate::inputs::{InputLayout, Inputs};
use crate::network::{backend, Linear, Network};
use crate::{Encode, NnError};

/// The value of the `format` metadata entry.
pub const FORMAT: &str = "ngola-network";

/// What a network file's metadata says, read without knowing the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game's name ([`Game::NAME`]).
    pub game: String,
    /// The rule options, `key=value` joined by `,`.
    pub rules: String,
    /// How the network reads an observation ([`Inputs::encoding`]).
    pub encoding: u32,
    /// The width of the first layer's input.
    pub input: usize,
    /// The hidden widths.
    pub hidden: Vec<usize>,
    /// The number of actions.
    pub actions: usize,
}

impl Header {
    /// The header of a network for `G` under `rules` that reads `inputs`,
    /// with these hidden widths.
    pub fn of<G: Encode>(rules: &G::Rules, inputs: Inputs, hidden: Vec<usize>) -> Self {
        Self {
            game: G::NAME.to_string(),
            rules: rules_text::<G>(rules),
            encoding: inputs.encoding(),
            input: InputLayout::of::<G>(inputs, rules).len(),
            hidden,
            actions: G::num_actions(rules),
        }
    }

    /// Reads the header of a network file's bytes.
    pub fn parse(bytes: &[u8]) -> Result<Self, NnError> {
        let (_, meta) = SafeTensors::read_metadata(bytes).map_err(|e| bad("header", e))?;
        let map = meta
            .metadata()
            .as_ref()
            .ok_or_else(|| bad("__metadata__", "missing"))?;
        let get = |key: &str| {
            map.get(key)
                .map(String::as_str)
                .ok_or_else(|| bad(key, "missing"))
        };
        let number = |key: &str| -> Result<usize, NnError> {
            let text = get(key)?;
            text.parse()
                .map_err(|_| bad(key, format!("not a number: {text:?}")))
        };
        let format = get("format")?;
        if format != FORMAT {
            return Err(bad("format", format!("{format:?}, expected {FORMAT:?}")));
        }
        let hidden = get("hidden")?;
        let hidden = hidden
            .split(',')
            .filter(|w| !w.trim().is_empty())
            .map(|w| w.trim().parse::<usize>().ok().filter(|&w| w > 0))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| bad("hidden", format!("not a list of widths: {hidden:?}")))?;
        Ok(Self {
            game: get("game")?.to_string(),
            rules: get("rules")?.to_string(),
            encoding: u32::try_from(number("encoding")?)
                .map_err(|_| bad("encoding", "too large"))?,
            input: number("input")?,
            hidden,
            actions: number("actions")?,
        })
    }

    /// Reads the header of the network file at `path`.
    pub fn read(path: &std::path::Path) -> Result<Self, NnError> {
        let bytes = std::fs::read(path).map_err(|source| NnError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Self::parse(&bytes)
    }

    fn metadata(&self) -> Vec<(String, String)> {
        let hidden: Vec<String> = self.hidden.iter().map(usize::to_string).collect();
        [
            ("format", FORMAT.to_string()),
            ("game", self.game.clone()),
            ("rules", self.rules.clone()),
            ("encoding", self.encoding.to_string()),
            ("input", self.input.to_string()),
            ("hidden", hidden.join(",")),
            ("actions", self.actions.to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
    }
}

fn bad(field: &str, reason: impl ToString) -> NnError {
    NnError::Format {
        field: field.to_string(),
        reason: reason.to_string(),
    }
}

/// The rules a header's `rules` entry names, for `G`.
pub fn parse_rules<G: Game>(text: &str) -> Result<G::Rules, NnError> {
    let assignments: Vec<&str> = text.split(',').filter(|a| !a.trim().is_empty()).collect();
    G::Rules::from_assignments(&assignments).map_err(|e| bad("rules", e))
}

/// The tensor names and shapes of a network, in file order.
fn tensor_shapes(header: &Header) -> Vec<(String, Vec<usize>)> {
    let mut out = Vec::new();
    let mut width = header.input;
    for (i, &w) in header.hidden.iter().enumerate() {
        out.push((format!("hidden.{i}.weight"), vec![w, width]));
        out.push((format!("hidden.{i}.bias"), vec![w]));
        width = w;
    }
    out.push(("policy.weight".into(), vec![header.actions, width]));
    out.push(("policy.bias".into(), vec![header.actions]));
    out.push(("value.weight".into(), vec![1, width]));
    out.push(("value.bias".into(), vec![1]));
    out
}

/// The safetensors bytes of `net`: the header's keys in sorted order and
/// the tensors in table order, so that the same weights give the same
/// bytes (the safetensors crate's writer orders the metadata by hash).
pub(crate) fn encode<G: Encode>(net: &Network<G>) -> Result<Vec<u8>, NnError> {
    let header = net.header();
    let mut json = serde_json::Map::new();
    let metadata: serde_json::Map<String, serde_json::Value> = header
        .metadata()
        .into_iter()
        .map(|(k, v)| (k, v.into()))
        .collect();
    json.insert("__metadata__".into(), metadata.into());
    let mut data = Vec::new();
    for ((name, shape), var) in tensor_shapes(&header).into_iter().zip(net.vars()) {
        let values = var
            .as_tensor()
            .flatten_all()
            .and_then(|t| t.to_vec1::<f32>())
            .map_err(backend)?;
        check_finite(&name, &values)?;
        let start = data.len();
        data.extend(values.iter().flat_map(|v| v.to_le_bytes()));
        json.insert(
            name,
            json!({"dtype": "F32", "shape": shape, "data_offsets": [start, data.len()]}),
        );
    }
    let mut text = serde_json::to_vec(&json).map_err(|e| NnError::Backend(e.to_string()))?;
    // The format pads the header with spaces to a multiple of 8 bytes.
    text.resize(text.len().next_multiple_of(8), b' ');
    let mut out = Vec::with_capacity(8 + text.len() + data.len());
    out.extend((text.len() as u64).to_le_bytes());
    out.extend(text);
    out.extend(data);
    Ok(out)
}

/// A network of `G` from safetensors bytes, under the rules they name.
pub(crate) fn decode<G: Encode>(bytes: &[u8]) -> Result<Network<G>, NnError> {
    let header = Header::parse(bytes)?;
    if header.game != G::NAME {
        return Err(NnError::WrongGame {
            expected: G::NAME.to_string(),
            found: header.game,
        });
    }
    let inputs = Inputs::from_encoding(header.encoding).ok_or_else(|| {
        bad(
            "encoding",
            format!("version {}, expected 1 or 2", header.encoding),
        )
    })?;
    let rules = parse_rules::<G>(&header.rules)?;
    for (name, expected, found) in [
        (
            "input",
            InputLayout::of::<G>(inputs, &rules).len(),
            header.input,
        ),
        ("actions", G::num_actions(&rules), header.actions),
    ] {
        if expected != found {
            return Err(NnError::Shape {
                name: name.into(),
                expected: expected.to_string(),
                found: found.to_string(),
            });
        }
    }
    let file = SafeTensors::deserialize(bytes).map_err(|e| bad("header", e))?;
    let shapes = tensor_shapes(&header);
    if let Some(extra) = file
        .names()
        .into_iter()
        .find(|n| !shapes.iter().any(|(s, _)| s == n))
    {
        return Err(bad(extra, "not a tensor of this layout"));
    }
    let mut layers = Vec::new();
    // The shapes come in (weight, bias) pairs.
    for i in (0..shapes.len()).step_by(2) {
        let ((w_name, w_shape), (b_name, b_shape)) = (&shapes[i], &shapes[i + 1]);
        let weight = read_tensor(&file, w_name, w_shape)?;
        let bias = read_tensor(&file, b_name, b_shape)?;
        layers.push(Linear::from_values(weight, bias, w_shape[1], w_shape[0])?);
    }
    let value = layers.pop().ok_or_else(|| bad("value.weight", "missing"))?;
    let policy = layers
        .pop()
        .ok_or_else(|| bad("policy.weight", "missing"))?;
    Ok(Network::from_layers(rules, inputs, layers, policy, value))
}

fn read_tensor(file: &SafeTensors<'_>, name: &str, shape: &[usize]) -> Result<Vec<f32>, NnError> {
    let view = file.tensor(name).map_err(|_| bad(name, "missing"))?;
    if view.dtype() != Dtype::F32 {
        return Err(bad(name, format!("dtype {:?}, expected F32", view.dtype())));
    }
    if view.shape() != shape {
        return Err(NnError::Shape {
            name: name.to_string(),
            expected: format!("{shape:?}"),
            found: format!("{:?}", view.shape()),
        });
    }
    let values: Vec<f32> = view
        .data()
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    check_finite(name, &values)?;
    Ok(values)
}

/// Refuses a tensor holding a NaN or an infinity: such a network answers
/// NaN for every position (and a search over it plays its first legal
/// move), so it is never written and never read. Training that diverged
/// is the usual cause.
pub(crate) fn check_finite(name: &str, values: &[f32]) -> Result<(), NnError> {
    match values.iter().position(|v| !v.is_finite()) {
        None => Ok(()),
        Some(i) => Err(bad(
            name,
            format!(
                "value {i} is {}: a network's weights must be finite numbers (did its training diverge?)",
                values[i]
            ),
        )),
    }
}

/// A network's file: its header, reading and writing.
impl<G: Encode> Network<G> {
    /// What the file of this network says of it.
    pub fn header(&self) -> Header {
        Header::of::<G>(&self.rules, self.inputs(), self.hidden_widths())
    }

    /// Reads a network for `G` under `rules` from a safetensors file; an
    /// error naming the field for another game, other rules or a tensor of
    /// the wrong shape.
    pub fn load(path: &Path, rules: &G::Rules) -> Result<Self, NnError> {
        let net = Self::load_any_rules(path)?;
        if net.rules != *rules {
            return Err(NnError::WrongGame {
                expected: describe::<G>(rules),
                found: describe::<G>(&net.rules),
            });
        }
        Ok(net)
    }

    /// Reads a network for `G` under whatever rules the file names.
    pub fn load_any_rules(path: &Path) -> Result<Self, NnError> {
        let bytes = std::fs::read(path).map_err(|source| NnError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        decode(&bytes)
    }

    /// Writes the network to `path` as safetensors (through a temporary
    /// file synced to the disk and renamed into place, so a crash or a
    /// power cut never leaves half a file).
    pub fn save(&self, path: &Path) -> Result<(), NnError> {
        let bytes = encode(self)?;
        ngola_files::write_atomically(path, &bytes).map_err(|source| NnError::Io {
            path: path.to_path_buf(),
            source,
        })
    }
}

//! Agents on a policy-and-value network ([`ngola_nn::Network`]):
//! [`PolicyAgent`] plays the network's most likely legal move (no search,
//! `policy:net=PATH`), and [`value`] is the network's value as an
//! evaluation for alpha-beta (`alphabeta:eval=net:PATH`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ngola_nn::{Evaluator, Network, NnError};
use ngola_rules::MoveList;

use crate::agent::Agent;
use crate::build_error::BuildError;
use crate::eval::Evaluate;

/// Evaluation points per unit of network value: a value of 1 (a sure win)
/// is worth 100 seeds, inside the band of evaluations ([`crate::score`]).
pub const NET_SCALE: f32 = 10_000.0;

/// Opens the network file at `path` for `G` (under the rules it names);
/// an error naming the file for a missing or bad one.
pub fn open<G: Evaluate>(path: &Path) -> Result<Arc<Network<G>>, BuildError> {
    Network::<G>::load_any_rules(path)
        .map(Arc::new)
        .map_err(|source| BuildError::Network {
            path: path.to_path_buf(),
            source,
        })
}

/// Checks that the network file at `path` is one of `G` under `rules`.
pub fn check<G: Evaluate>(path: &Path, rules: &G::Rules) -> Result<(), BuildError> {
    Network::<G>::load(path, rules)
        .map(drop)
        .map_err(|source| BuildError::Network {
            path: path.to_path_buf(),
            source,
        })
}

/// The network's evaluation of `game` (not over) for its side to move, in
/// evaluation points; `None` when the network cannot evaluate it (a
/// position under other rules than the network's).
pub fn value<G: Evaluate>(net: &Network<G>, game: &G) -> Option<i32> {
    let (mut policy, mut values) = (Vec::new(), Vec::new());
    net.evaluate(std::slice::from_ref(game), &mut policy, &mut values)
        .ok()?;
    values.first().map(|v| (v * NET_SCALE).round() as i32)
}

/// The legal move of `game` with the highest logit under `net` (the lowest
/// action id among equals), or the error of the network.
pub fn best_move<G: Evaluate>(net: &Network<G>, game: &G) -> Result<G::Move, NnError> {
    let (mut logits, mut values) = (Vec::new(), Vec::new());
    net.evaluate(std::slice::from_ref(game), &mut logits, &mut values)?;
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut best: Option<(usize, f32, G::Move)> = None;
    for &mv in moves.iter() {
        let id = game.action(mv);
        let logit = logits.get(id).copied().unwrap_or(f32::NEG_INFINITY);
        let better = match best {
            None => true,
            Some((best_id, best_logit, _)) => {
                logit > best_logit || (logit == best_logit && id < best_id)
            }
        };
        if better {
            best = Some((id, logit, mv));
        }
    }
    best.map(|(_, _, mv)| mv).ok_or_else(|| NnError::Shape {
        name: "legal moves".into(),
        expected: "at least one".into(),
        found: "0".into(),
    })
}

/// Plays the network's most likely legal move: no search, no chance
/// (`policy:net=PATH`).
pub struct PolicyAgent<G: Evaluate> {
    net: Arc<Network<G>>,
    name: String,
}

impl<G: Evaluate> PolicyAgent<G> {
    /// The agent of `net`; `name` is its canonical spec.
    pub fn new(net: Arc<Network<G>>, name: String) -> Self {
        Self { net, name }
    }
}

impl<G: Evaluate> Agent<G> for PolicyAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn select(&mut self, game: &G) -> G::Move {
        // The callers check the network's rules before play
        // (`AgentSpec::check_network`); a position it cannot evaluate
        // gets the first legal move.
        best_move(&self.net, game).unwrap_or_else(|_| {
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            moves[0]
        })
    }
}

/// The spec value of a network file: `net:PATH`.
pub fn spec_value(path: &Path) -> String {
    format!("net:{}", path.display())
}

/// The file of a spec value `net:PATH`, if it is one.
pub fn parse_spec_value(value: &str) -> Option<PathBuf> {
    value
        .strip_prefix("net:")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
}

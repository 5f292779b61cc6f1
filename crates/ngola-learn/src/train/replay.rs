//! [`Replay`]: the newest self-play positions, each with its observation,
//! legal actions, search policy and value target, kept in a ring and
//! sampled uniformly; saved with the checkpoint in a small binary file.

use std::path::Path;

use rand::Rng;

use ngola_nn::{NnError, TrainBatch};

use super::TrainError;

/// The file's first bytes.
const MAGIC: &[u8; 16] = b"ngola-replay-v1\n";

/// One training example.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    /// The observation from the side to move's view.
    pub observation: Vec<f32>,
    /// The legal action ids.
    pub legal: Vec<usize>,
    /// The search's visit distribution over every action id.
    pub policy: Vec<f32>,
    /// The value target for the side to move, in [-1, 1].
    pub value: f32,
}

/// A ring of at most `capacity` examples of one shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    input: usize,
    actions: usize,
    capacity: usize,
    examples: Vec<Example>,
    /// Where the next example goes once the ring is full.
    next: usize,
}

impl Replay {
    /// An empty buffer of observations of length `input` over `actions` ids.
    pub fn new(input: usize, actions: usize, capacity: usize) -> Self {
        Replay {
            input,
            actions,
            capacity: capacity.max(1),
            examples: Vec::new(),
            next: 0,
        }
    }

    /// Examples held.
    pub fn len(&self) -> usize {
        self.examples.len()
    }

    /// True when it holds none.
    pub fn is_empty(&self) -> bool {
        self.examples.is_empty()
    }

    /// Adds `example`, dropping the oldest when full.
    pub fn push(&mut self, example: Example) {
        if self.examples.len() < self.capacity {
            self.examples.push(example);
        } else {
            self.examples[self.next] = example;
            self.next = (self.next + 1) % self.capacity;
        }
    }

    /// A batch of `size` examples drawn uniformly (with replacement) by `rng`.
    pub fn sample<R: Rng>(&self, size: usize, rng: &mut R) -> Result<TrainBatch, NnError> {
        let mut batch = TrainBatch::new(self.input, self.actions);
        if self.examples.is_empty() {
            return Ok(batch);
        }
        for _ in 0..size {
            let e = &self.examples[rng.random_range(0..self.examples.len())];
            batch.push_observed(&e.observation, &e.legal, &e.policy, e.value)?;
        }
        Ok(batch)
    }

    /// Writes the buffer to `path` (through a temporary file, so that a
    /// killed run leaves the last complete one).
    pub fn save(&self, path: &Path) -> Result<(), TrainError> {
        let mut bytes =
            Vec::with_capacity(64 + self.examples.len() * 4 * (self.input + self.actions + 2));
        bytes.extend_from_slice(MAGIC);
        for n in [
            self.input,
            self.actions,
            self.capacity,
            self.examples.len(),
            self.next,
        ] {
            bytes.extend_from_slice(&(n as u64).to_le_bytes());
        }
        for e in &self.examples {
            let mut mask = vec![0u8; self.actions];
            for &a in &e.legal {
                mask[a] = 1;
            }
            bytes.extend_from_slice(&mask);
            for x in e
                .observation
                .iter()
                .chain(&e.policy)
                .chain(std::iter::once(&e.value))
            {
                bytes.extend_from_slice(&x.to_le_bytes());
            }
        }
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        super::checkpoint::write_atomically(path, &bytes)
    }

    /// Reads a buffer saved by [`Replay::save`] for observations of length
    /// `input` over `actions` ids.
    pub fn load(path: &Path, input: usize, actions: usize) -> Result<Replay, TrainError> {
        let corrupt = |message: &str| TrainError::Corrupt {
            file: path.display().to_string(),
            message: message.to_string(),
        };
        let bytes = std::fs::read(path).map_err(|source| TrainError::Io {
            path: path.display().to_string(),
            source,
        })?;
        if bytes.len() < MAGIC.len() + 44 || &bytes[..MAGIC.len()] != MAGIC {
            return Err(corrupt("not a replay buffer of ngola"));
        }
        let (body, crc) = bytes.split_at(bytes.len() - 4);
        let crc = u32::from_le_bytes([crc[0], crc[1], crc[2], crc[3]]);
        if crc32fast::hash(body) != crc {
            return Err(corrupt("checksum mismatch (a truncated or altered file)"));
        }
        let mut at = MAGIC.len();
        let mut word = || {
            let n = u64::from_le_bytes(body[at..at + 8].try_into().unwrap_or([0; 8]));
            at += 8;
            n as usize
        };
        let (file_input, file_actions, capacity, len, next) =
            (word(), word(), word(), word(), word());
        if (file_input, file_actions) != (input, actions) {
            return Err(corrupt(&format!(
                "examples of {file_input} inputs over {file_actions} actions, expected {input} over {actions}"
            )));
        }
        let record = actions + 4 * (input + actions + 1);
        if body.len() != at + len * record || len > capacity || (next > 0 && next >= capacity) {
            return Err(corrupt("its length disagrees with its header"));
        }
        let mut replay = Replay::new(input, actions, capacity);
        replay.next = next;
        let float = |b: &[u8]| f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        for (i, chunk) in body[at..].chunks_exact(record).enumerate() {
            let (mask, floats) = chunk.split_at(actions);
            let floats: Vec<f32> = floats.chunks_exact(4).map(float).collect();
            let example = Example {
                legal: (0..actions).filter(|&a| mask[a] == 1).collect(),
                observation: floats[..input].to_vec(),
                policy: floats[input..input + actions].to_vec(),
                value: floats[input + actions],
            };
            // The checksum finds damage, not examples that were written
            // wrong: each is checked before the learner trusts it.
            if let Some(fault) = fault(&example, mask) {
                return Err(corrupt(&format!("example {i}: {fault}")));
            }
            replay.examples.push(example);
        }
        Ok(replay)
    }
}

/// What is wrong with a stored example, if anything: a legality mask of
/// other bytes than 0 and 1, no legal action, a number that is not finite,
/// a value outside [-1, 1] or a policy that is not a distribution over
/// legal actions.
fn fault(example: &Example, mask: &[u8]) -> Option<String> {
    if mask.iter().any(|&b| b > 1) {
        return Some("its legality mask holds other bytes than 0 and 1".into());
    }
    if example.legal.is_empty() {
        return Some("no legal action".into());
    }
    let numbers = example.observation.iter().chain(&example.policy);
    if let Some(x) = numbers.chain([&example.value]).find(|x| !x.is_finite()) {
        return Some(format!("a number that is not finite ({x})"));
    }
    if !(-1.0..=1.0).contains(&example.value) {
        return Some(format!("value {} outside [-1, 1]", example.value));
    }
    let off_legal = example
        .policy
        .iter()
        .enumerate()
        .any(|(a, &p)| p < 0.0 || (p > 0.0 && mask[a] == 0));
    if off_legal {
        return Some("its policy gives weight to an illegal action or below 0".into());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn example(k: usize) -> Example {
        Example {
            observation: vec![k as f32, 1.0],
            legal: vec![0, 2],
            policy: vec![0.25, 0.0, 0.75],
            value: -0.5,
        }
    }

    #[test]
    fn the_ring_keeps_the_newest() {
        let mut r = Replay::new(2, 3, 3);
        for k in 0..5 {
            r.push(example(k));
        }
        let mut kept: Vec<f32> = r.examples.iter().map(|e| e.observation[0]).collect();
        kept.sort_by(f32::total_cmp);
        assert_eq!(kept, vec![2.0, 3.0, 4.0]);
    }

    #[test]
    fn a_saved_buffer_loads_the_same_and_a_damaged_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("ngola-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("replay.bin");
        let mut r = Replay::new(2, 3, 4);
        for k in 0..6 {
            r.push(example(k));
        }
        r.save(&path).unwrap();
        assert_eq!(Replay::load(&path, 2, 3).unwrap(), r);
        assert!(matches!(
            Replay::load(&path, 3, 3),
            Err(TrainError::Corrupt { .. })
        ));
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 9;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(matches!(
            Replay::load(&path, 2, 3),
            Err(TrainError::Corrupt { .. })
        ));
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(r.sample(5, &mut rng).unwrap().len(), 5);
        // Examples written wrong, with a checksum that matches: refused,
        // naming the example.
        for (bad, says) in [
            (
                Example {
                    value: f32::NAN,
                    ..example(0)
                },
                "not finite",
            ),
            (
                Example {
                    value: 2.0,
                    ..example(0)
                },
                "outside [-1, 1]",
            ),
            (
                Example {
                    legal: vec![],
                    ..example(0)
                },
                "no legal action",
            ),
            (
                Example {
                    policy: vec![0.5, 0.5, 0.0],
                    ..example(0)
                },
                "illegal action",
            ),
        ] {
            let mut r = Replay::new(2, 3, 4);
            r.push(example(1));
            r.push(bad);
            r.save(&path).unwrap();
            let err = Replay::load(&path, 2, 3).unwrap_err().to_string();
            assert!(err.contains("example 1: ") && err.contains(says), "{err}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

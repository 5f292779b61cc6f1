//! [`Inputs`]: how a network turns an observation ([`Encode::observe`])
//! into the input of its first layer.
//!
//! The observation gives each hole's seed count as a number. Whether a
//! sowing reaches a hole, ends in an empty one or makes a capturable 2 or
//! 3 depends on the exact count, a function of the number that a small
//! network with ReLU learns slowly; given one input per count, the same
//! fact is a single weight. [`Inputs::OneHot`] gives every hole
//! [`ONE_HOT_SLOTS`] indicator inputs (counts `0 ..= 11`, then one for 12
//! or more) and its count over the seeds in play, so that large counts
//! stay apart.

use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::Encode;

/// The indicator inputs of one hole: counts `0 ..= ONE_HOT_SLOTS - 2`, and
/// the last for `ONE_HOT_SLOTS - 1` seeds or more. Twelve counts cover a
/// sowing of one lap round the two-row boards.
pub const ONE_HOT_SLOTS: usize = 13;

/// The inputs of one hole under [`Inputs::OneHot`]: its indicators and its
/// share of the seeds in play.
pub const ONE_HOT_PER_HOLE: usize = ONE_HOT_SLOTS + 1;

/// How a network reads an observation: the file's `encoding` entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Inputs {
    /// The observation as it is, raw counts (encoding 1).
    #[default]
    Counts,
    /// Per hole, in the observation's board order: [`ONE_HOT_SLOTS`]
    /// indicators of its count (the last for that many or more), then the
    /// count over the seeds in play; then the rest of the observation in
    /// order, the banked seeds over the seeds in play (encoding 2).
    OneHot,
}

impl Inputs {
    /// Both, in the order of their encoding numbers.
    pub const ALL: [Inputs; 2] = [Inputs::Counts, Inputs::OneHot];

    /// The file's `encoding` number.
    pub fn encoding(self) -> u32 {
        match self {
            Inputs::Counts => 1,
            Inputs::OneHot => 2,
        }
    }

    /// The inputs of an `encoding` number, if it names one.
    pub fn from_encoding(encoding: u32) -> Option<Self> {
        Self::ALL.into_iter().find(|i| i.encoding() == encoding)
    }

    /// The name the settings and the command line give it.
    pub fn name(self) -> &'static str {
        match self {
            Inputs::Counts => "counts",
            Inputs::OneHot => "one-hot",
        }
    }
}

impl std::fmt::Display for Inputs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Inputs {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|i| i.name() == text)
            .ok_or_else(|| format!("{text:?} is not counts or one-hot"))
    }
}

/// Where the parts of one game's observation are, for [`Inputs::write`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct InputLayout {
    inputs: Inputs,
    observation: usize,
    holes: usize,
    banked: Option<Range<usize>>,
}

impl InputLayout {
    /// The layout of `G`'s observations under `rules`.
    pub(crate) fn of<G: Encode>(inputs: Inputs, rules: &G::Rules) -> Self {
        let fields = G::observation_fields(rules);
        let field = |name: &str| {
            fields
                .iter()
                .find(|f| f.name == name)
                .map(|f| f.range.clone())
        };
        InputLayout {
            inputs,
            observation: G::observation_len(rules),
            holes: field("board").map_or(0, |r| r.len()),
            banked: field("banked"),
        }
    }

    /// How the observation is read.
    pub(crate) fn inputs(&self) -> Inputs {
        self.inputs
    }

    /// The length of the observation.
    pub(crate) fn observation_len(&self) -> usize {
        self.observation
    }

    /// The length of the first layer's input.
    pub(crate) fn len(&self) -> usize {
        match self.inputs {
            Inputs::Counts => self.observation,
            Inputs::OneHot => self.observation + self.holes * (ONE_HOT_PER_HOLE - 1),
        }
    }

    /// Writes the input of `observation` into `out` (length [`Self::len`]).
    pub(crate) fn write(&self, observation: &[f32], out: &mut [f32]) {
        if self.inputs == Inputs::Counts {
            out.copy_from_slice(observation);
            return;
        }
        let (board, rest) = observation.split_at(self.holes);
        let banked = self
            .banked
            .clone()
            .map_or(0.0, |r| observation[r].iter().sum());
        let in_play: f32 = board.iter().sum::<f32>() + banked;
        let share = |x: f32| if in_play > 0.0 { x / in_play } else { 0.0 };
        let (holes, tail) = out.split_at_mut(self.holes * ONE_HOT_PER_HOLE);
        holes.fill(0.0);
        for (hole, &count) in holes.chunks_exact_mut(ONE_HOT_PER_HOLE).zip(board) {
            // Counts are whole numbers; a fraction (an observation made by
            // hand) falls in the slot below it.
            let slot = (count.max(0.0) as usize).min(ONE_HOT_SLOTS - 1);
            hole[slot] = 1.0;
            hole[ONE_HOT_SLOTS] = share(count);
        }
        tail.copy_from_slice(rest);
        if let Some(range) = &self.banked {
            for k in range.clone() {
                tail[k - self.holes] = share(observation[k]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ngola_rules::kalah::{Kalah, KalahRules};
    use ngola_rules::Game;

    #[test]
    fn names_and_numbers_read_back() {
        for inputs in Inputs::ALL {
            assert_eq!(Inputs::from_encoding(inputs.encoding()), Some(inputs));
            assert_eq!(inputs.name().parse::<Inputs>(), Ok(inputs));
        }
        assert_eq!(Inputs::from_encoding(3), None);
        assert!("onehot".parse::<Inputs>().is_err());
    }

    #[test]
    fn one_hot_kalah_by_hand() {
        let rules = KalahRules::default();
        let text = "kalah 0,1,2,3,4,20/0,0,0,0,0,12 S 10 3,3";
        let game = Kalah::from_position(text, rules).unwrap();
        let mut observation = vec![0.0; Kalah::observation_len(&rules)];
        game.observe(game.to_move(), &mut observation);
        let layout = InputLayout::of::<Kalah>(Inputs::OneHot, &rules);
        assert_eq!(layout.len(), 12 * ONE_HOT_PER_HOLE + 3);
        let mut out = vec![f32::NAN; layout.len()];
        layout.write(&observation, &mut out);
        // South's view: North's row (0,0,0,0,0,12 as text b) first, then
        // South's own row 0,1,2,3,4,20; 48 seeds in play.
        let hole = |k: usize| &out[k * ONE_HOT_PER_HOLE..(k + 1) * ONE_HOT_PER_HOLE];
        let counts = [0, 0, 0, 0, 0, 12, 0, 1, 2, 3, 4, 20];
        for (k, &count) in counts.iter().enumerate() {
            let h = hole(k);
            let hot: Vec<usize> = (0..ONE_HOT_SLOTS).filter(|&s| h[s] == 1.0).collect();
            assert_eq!(hot, vec![count.min(ONE_HOT_SLOTS - 1)], "hole {k}");
            assert_eq!(h[ONE_HOT_SLOTS], count as f32 / 48.0, "hole {k}");
        }
        let tail = &out[12 * ONE_HOT_PER_HOLE..];
        assert_eq!(tail, [3.0 / 48.0, 3.0 / 48.0, observation[14]]);
        // Counts: the observation itself.
        let counts = InputLayout::of::<Kalah>(Inputs::Counts, &rules);
        let mut same = vec![0.0; counts.len()];
        counts.write(&observation, &mut same);
        assert_eq!(same, observation);
    }
}

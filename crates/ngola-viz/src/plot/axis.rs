//! Axis ticks: a few round numbers spanning a range.

/// The round tick step (1, 2 or 5 times a power of ten) giving about
/// `target` intervals over `span`.
pub fn nice_step(span: f64, target: usize) -> f64 {
    let raw = span.abs().max(f64::MIN_POSITIVE) / target.max(1) as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    let fraction = raw / magnitude;
    let nice = if fraction <= 1.0 {
        1.0
    } else if fraction <= 2.0 {
        2.0
    } else if fraction <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * magnitude
}

/// An axis range widened to whole tick steps, and its ticks.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// The lowest value drawn.
    pub min: f64,
    /// The highest value drawn.
    pub max: f64,
    /// The tick values, from `min` to `max`.
    pub ticks: Vec<f64>,
    /// The step between ticks.
    pub step: f64,
}

impl Axis {
    /// An axis covering `lo..=hi` (widened to round ticks; a zero-width
    /// range is widened around its value).
    pub fn covering(lo: f64, hi: f64, target: usize) -> Axis {
        let (mut lo, mut hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
        if !lo.is_finite() || !hi.is_finite() {
            (lo, hi) = (0.0, 1.0);
        }
        if hi - lo < 1e-9 {
            let pad = if lo.abs() > 1.0 { lo.abs() * 0.1 } else { 1.0 };
            lo -= pad;
            hi += pad;
        }
        let step = nice_step(hi - lo, target);
        let min = (lo / step).floor() * step;
        let max = (hi / step).ceil() * step;
        let count = ((max - min) / step).round() as usize;
        let ticks = (0..=count).map(|i| min + i as f64 * step).collect();
        Axis {
            min,
            max,
            ticks,
            step,
        }
    }

    /// A fixed axis from `min` to `max` with ticks every `step`.
    pub fn fixed(min: f64, max: f64, step: f64) -> Axis {
        let count = ((max - min) / step).round() as usize;
        Axis {
            min,
            max,
            ticks: (0..=count).map(|i| min + i as f64 * step).collect(),
            step,
        }
    }

    /// Where `value` falls between `from` (at `min`) and `to` (at `max`),
    /// clamped to the axis.
    pub fn map(&self, value: f64, from: f64, to: f64) -> f64 {
        let t = ((value - self.min) / (self.max - self.min)).clamp(0.0, 1.0);
        from + t * (to - from)
    }

    /// A tick label with as many decimals as the step needs.
    pub fn label(&self, value: f64) -> String {
        let decimals = if self.step >= 1.0 {
            0
        } else {
            (-self.step.log10()).ceil() as usize
        };
        let text = format!("{value:.decimals$}");
        if text.starts_with('-') && text.trim_start_matches(['-', '0', '.']).is_empty() {
            text[1..].to_string()
        } else {
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_round() {
        assert_eq!(nice_step(100.0, 5), 20.0);
        assert_eq!(nice_step(1.0, 5), 0.2);
        assert_eq!(nice_step(730.0, 6), 200.0);
        assert_eq!(nice_step(3.0, 6), 0.5);
    }

    #[test]
    fn axes_cover_the_range_with_round_ticks() {
        let axis = Axis::covering(-213.0, 488.0, 6);
        assert_eq!((axis.min, axis.max, axis.step), (-400.0, 600.0, 200.0));
        assert_eq!(axis.ticks, vec![-400.0, -200.0, 0.0, 200.0, 400.0, 600.0]);
        assert_eq!(axis.label(-200.0), "-200");
        let flat = Axis::covering(5.0, 5.0, 4);
        assert!(flat.min < 5.0 && flat.max > 5.0);
        let bad = Axis::covering(f64::NEG_INFINITY, 3.0, 4);
        assert_eq!((bad.min, bad.max), (0.0, 1.0));
    }

    #[test]
    fn maps_and_labels() {
        let axis = Axis::fixed(0.0, 1.0, 0.1);
        assert_eq!(axis.ticks.len(), 11);
        assert_eq!(axis.map(0.25, 100.0, 500.0), 200.0);
        assert_eq!(axis.map(7.0, 100.0, 500.0), 500.0);
        assert_eq!(axis.label(0.5), "0.5");
        assert_eq!(axis.label(-0.0), "0.0");
    }
}

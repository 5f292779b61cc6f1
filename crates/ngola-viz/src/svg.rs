//! A very small SVG writer: just the elements the drawings use, with text
//! escaped and numbers written compactly, so every document is
//! well-formed XML.

use std::fmt::Write;

/// Escapes text for XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A coordinate or length with at most two decimals and no trailing zeros.
pub fn num(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    let text = format!("{rounded:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// Horizontal anchoring of a text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The text starts at x.
    Start,
    /// The text is centred on x.
    Middle,
    /// The text ends at x.
    End,
}

impl Anchor {
    fn as_str(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// An SVG document being written. Attributes given as `extra` are
/// written verbatim (`name="value"` pairs built by the caller with
/// [`escape`]d values).
pub struct Svg {
    out: String,
    open: Vec<&'static str>,
}

impl Svg {
    /// Starts a document of the given size (in px, also the view box).
    /// `class` names the kind of drawing (e.g. `board`, `elo-plot`).
    pub fn new(width: f64, height: f64, class: &str) -> Svg {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"{}\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"Helvetica, Arial, sans-serif\">",
            escape(class),
            w = num(width),
            h = num(height),
        );
        Svg {
            out,
            open: Vec::new(),
        }
    }

    /// Writes `<title>` (the tooltip and accessible name).
    pub fn title(&mut self, text: &str) {
        let _ = writeln!(self.out, "<title>{}</title>", escape(text));
    }

    /// Opens a `<g>` with the given attributes; close it with [`Svg::end_group`].
    pub fn group(&mut self, attributes: &str) {
        let _ = writeln!(self.out, "<g {attributes}>");
        self.open.push("g");
    }

    /// Closes the innermost open group.
    pub fn end_group(&mut self) {
        if let Some(tag) = self.open.pop() {
            let _ = writeln!(self.out, "</{tag}>");
        }
    }

    /// A rectangle with rounded corners `radius`.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, radius: f64, extra: &str) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" {extra}/>",
            num(x),
            num(y),
            num(w.max(0.0)),
            num(h.max(0.0)),
            num(radius)
        );
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, extra: &str) {
        let _ = writeln!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {extra}/>",
            num(cx),
            num(cy),
            num(r)
        );
    }

    /// A straight line.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, extra: &str) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {extra}/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], extra: &str) {
        let list = points
            .iter()
            .map(|&(x, y)| format!("{},{}", num(x), num(y)))
            .collect::<Vec<_>>()
            .join(" ");
        let _ = writeln!(self.out, "<polygon points=\"{list}\" {extra}/>");
    }

    /// A text of `size` px whose baseline sits at `y`, or, when `middle`
    /// is set, whose digits and capitals are centred vertically on `y`
    /// (by shifting the baseline a third of the size down, which every
    /// renderer honours, unlike `dominant-baseline`).
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        anchor: Anchor,
        middle: bool,
        content: &str,
        extra: &str,
    ) {
        let baseline = if middle { y + size * 0.35 } else { y };
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{}\" {extra}>{}</text>",
            num(x),
            num(baseline),
            num(size),
            anchor.as_str(),
            escape(content)
        );
    }

    /// Closes every open element and returns the document.
    pub fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.end_group();
        }
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// A rough width in px of `text` at `size` px in a sans-serif font, for
/// laying out labels without font metrics.
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.56
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            escape("a<b & \"c\">'"),
            "a&lt;b &amp; &quot;c&quot;&gt;&apos;"
        );
    }

    #[test]
    fn numbers_are_compact() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.23456), "1.23");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-12.1), "-12.1");
    }

    #[test]
    fn groups_are_closed_on_finish() {
        let mut svg = Svg::new(10.0, 10.0, "t");
        svg.group("class=\"x\"");
        svg.text(1.0, 2.0, 3.0, Anchor::Middle, true, "<&>", "");
        let doc = svg.finish();
        assert!(doc.ends_with("</g>\n</svg>\n"));
        assert!(doc.contains(">&lt;&amp;&gt;</text>"));
    }
}

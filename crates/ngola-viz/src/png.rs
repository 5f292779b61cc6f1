//! SVG diagrams rasterised to PNG (resvg), with the fonts the text needs
//! built in: a subset of DejaVu Sans and DejaVu Sans Bold (Latin letters,
//! digits, the punctuation the diagrams use; `fonts/LICENSE.txt`), so a
//! PNG shows its numbers and captions the same on every machine, fonts
//! installed or not.

use std::sync::Arc;

use resvg::{tiny_skia, usvg};
use thiserror::Error;

/// The built-in fonts.
const FONTS: [&[u8]; 2] = [
    include_bytes!("../fonts/DejaVuSans.ttf"),
    include_bytes!("../fonts/DejaVuSans-Bold.ttf"),
];

/// The family every font request falls back to.
const FAMILY: &str = "DejaVu Sans";

/// Pixels per SVG unit: PNGs are drawn at twice the SVG's size, sharp on
/// high-density screens and in documents.
pub const PNG_SCALE: f32 = 2.0;

/// An SVG that could not be rasterised.
#[derive(Debug, Error)]
pub enum PngError {
    /// The SVG could not be read (a defect: the diagrams write valid SVG).
    #[error("cannot read the SVG: {0}")]
    Svg(String),
    /// The picture is empty or too large for a pixmap.
    #[error("cannot make a picture of {0} x {1} pixels")]
    Size(u32, u32),
    /// PNG encoding failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
}

/// The options usvg reads text with: the built-in fonts only (so the
/// result does not depend on the machine), every generic family mapped
/// to DejaVu Sans.
pub fn svg_options() -> usvg::Options<'static> {
    let mut db = usvg::fontdb::Database::new();
    for font in FONTS {
        db.load_font_data(font.to_vec());
    }
    db.set_sans_serif_family(FAMILY);
    db.set_serif_family(FAMILY);
    db.set_monospace_family(FAMILY);
    usvg::Options {
        font_family: FAMILY.to_string(),
        fontdb: Arc::new(db),
        ..usvg::Options::default()
    }
}

/// `svg` drawn as a PNG file's bytes, at [`PNG_SCALE`] pixels per unit.
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, PngError> {
    let tree =
        usvg::Tree::from_str(svg, &svg_options()).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size();
    let (w, h) = (
        (size.width() * PNG_SCALE).ceil() as u32,
        (size.height() * PNG_SCALE).ceil() as u32,
    );
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(PngError::Size(w, h))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(PNG_SCALE, PNG_SCALE),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}

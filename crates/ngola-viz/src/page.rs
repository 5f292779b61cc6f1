//! A self-contained HTML page that steps through a game: one inline SVG
//! diagram per ply, prev/next buttons, arrow keys and a clickable move
//! list, with a few lines of script and no outside files.
//!
//! The page is well-formed XML (XHTML syntax, served as HTML), so tools
//! can read it with any XML parser; the script avoids `<` and `&`.

use std::fmt::Write;

use crate::svg::escape;

/// One step of the page: the diagram after a ply and what happened.
/// The diagram is expected to show the caption itself (see
/// [`crate::DiagramOptions::caption`]); the page uses it as the move
/// list's tooltip.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The ply this diagram shows (0 for the start position).
    pub ply: u32,
    /// The move that led here (empty for the start).
    pub mv: String,
    /// One line on the step (e.g. `ply 3: North b2: captures 4`).
    pub caption: String,
    /// The board diagram, an SVG document (see [`crate::diagram`]).
    pub svg: String,
}

const STYLE: &str = "
body { font-family: Helvetica, Arial, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.3em; }
.controls { margin: 0.8em 0; }
.controls button { font-size: 1em; padding: 0.2em 0.7em; }
#where { display: inline-block; min-width: 8em; text-align: center; }
.frame { display: none; margin: 0; }
.frame.shown { display: block; }
.moves { columns: 4 10em; font-family: monospace; }
.moves a { color: #225; text-decoration: none; padding: 0 0.2em; }
.moves a.current { background: #f1d9a8; }
";

const SCRIPT: &str = "
(function () {
  var frames = document.querySelectorAll('.frame');
  var links = document.querySelectorAll('.moves a');
  var where = document.getElementById('where');
  var last = frames.length - 1;
  var current = 0;
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    frames[current].classList.remove('shown');
    if (current !== 0) { links[current - 1].classList.remove('current'); }
    current = i;
    frames[current].classList.add('shown');
    if (current !== 0) { links[current - 1].classList.add('current'); }
    where.textContent = 'step ' + current + ' / ' + last;
  }
  document.getElementById('first').onclick = function () { show(0); };
  document.getElementById('prev').onclick = function () { show(current - 1); };
  document.getElementById('next').onclick = function () { show(current + 1); };
  document.getElementById('last').onclick = function () { show(last); };
  for (var k = 0; k !== links.length; k++) {
    links[k].onclick = function (event) {
      event.preventDefault();
      show(Number(this.getAttribute('data-step')));
    };
  }
  document.addEventListener('keydown', function (event) {
    if (event.key === 'ArrowLeft') { show(current - 1); }
    if (event.key === 'ArrowRight') { show(current + 1); }
    if (event.key === 'Home') { show(0); }
    if (event.key === 'End') { show(last); }
  });
  show(0);
})();
";

/// The page for `frames` (in order; the first is shown at load), headed
/// by `title` and `subtitle` (e.g. the players and the result).
pub fn replay_page(title: &str, subtitle: &str, frames: &[Frame]) -> String {
    let mut page = String::new();
    page.push_str("<!DOCTYPE html>\n");
    page.push_str("<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n");
    page.push_str("<meta charset=\"utf-8\"/>\n");
    let _ = writeln!(page, "<title>{}</title>", escape(title));
    let _ = writeln!(page, "<style>{STYLE}</style>\n</head>\n<body>");
    let _ = writeln!(page, "<h1>{}</h1>", escape(title));
    if !subtitle.is_empty() {
        let _ = writeln!(page, "<p class=\"subtitle\">{}</p>", escape(subtitle));
    }
    page.push_str(
        "<div class=\"controls\">\
         <button type=\"button\" id=\"first\" title=\"start (Home)\">|&lt;</button> \
         <button type=\"button\" id=\"prev\" title=\"previous (left arrow)\">&lt; prev</button> \
         <span id=\"where\">step 0</span> \
         <button type=\"button\" id=\"next\" title=\"next (right arrow)\">next &gt;</button> \
         <button type=\"button\" id=\"last\" title=\"end (End)\">&gt;|</button>\
         </div>\n<div class=\"frames\">\n",
    );
    for (step, frame) in frames.iter().enumerate() {
        let shown = if step == 0 { " shown" } else { "" };
        let _ = writeln!(
            page,
            "<figure class=\"frame{shown}\" data-step=\"{step}\" data-ply=\"{}\">",
            frame.ply
        );
        // The caption is drawn inside the diagram; the figure only holds it.
        page.push_str(frame.svg.trim_end());
        page.push_str("\n</figure>\n");
    }
    page.push_str("</div>\n<ol class=\"moves\">\n");
    for (step, frame) in frames.iter().enumerate().skip(1) {
        let _ = writeln!(
            page,
            "<li><a href=\"#\" data-step=\"{step}\" title=\"{}\">{}</a></li>",
            escape(&frame.caption),
            escape(&frame.mv)
        );
    }
    let _ = write!(page, "</ol>\n<script>{SCRIPT}</script>\n</body>\n</html>\n");
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_needs_no_escaping() {
        // Keeps the page well-formed XML without a CDATA section.
        assert!(!SCRIPT.contains('<') && !SCRIPT.contains('&'));
        assert!(!STYLE.contains('<') && !STYLE.contains('&'));
    }

    #[test]
    fn only_the_first_frame_is_shown_at_load() {
        let frame = |ply: u32| Frame {
            ply,
            mv: format!("m{ply}"),
            caption: format!("ply {ply} <&>"),
            svg: "<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_string(),
        };
        let page = replay_page("t", "", &[frame(0), frame(1), frame(2)]);
        assert_eq!(page.matches("class=\"frame shown\"").count(), 1);
        assert_eq!(page.matches("class=\"frame\"").count(), 2);
        assert!(page.contains("ply 2 &lt;&amp;&gt;"));
        assert_eq!(page.matches("<li>").count(), 2);
    }
}

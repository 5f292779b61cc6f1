//! No two files of a crate import each other, directly or around a
//! circle: inside every crate the files form layers, each using only the
//! ones below it, so that a file can be read, tested and moved with what
//! it stands on and nothing above it.
//!
//! A file's imports are the paths it names that start with `crate::`,
//! `super::`, `self::` or one of its own child modules (in `use` items
//! and in code alike); each leads to the file of the longest module the
//! path names. A `pub use` re-exports: it is not an import, and a path
//! through it leads to the file the item comes from. Code compiled only
//! for tests (`#[cfg(test)]` items and the files they declare) is left
//! out: a test may look at everything.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// A module path inside a crate (`[]` is the crate root).
type Module = Vec<String>;

/// The circles that stand today, each as its files' modules sorted: the
/// test fails on any other circle, and on one of these once it is gone
/// (take it off the list). The Python bindings' `Game` and `State` classes
/// hand out each other (`Game.start()`, `State.game`); they go with the
/// bindings' own dispatch enums, once the rules crate has a type-erased game.
const KNOWN: &[&[&str]] = &[
    // ngola-py
    &["game", "state"],
];

/// Every `.rs` file of `src`, by the module it is.
fn modules(src: &Path) -> BTreeMap<Module, PathBuf> {
    let mut found = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).expect("below src");
            let mut module: Module = relative
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                module.pop();
            }
            found.insert(module, path);
        }
    }
    found
}

/// Whether `group` is the attribute `[cfg(test)]`.
fn is_cfg_test(group: &proc_macro2::Group) -> bool {
    group.delimiter() == Delimiter::Bracket
        && group.stream().to_string().replace(' ', "") == "cfg(test)"
}

/// The tokens of `stream` without its `#[cfg(test)]` items; the names of
/// the modules those items declare go to `test_only`.
fn without_tests(stream: TokenStream, test_only: &mut BTreeSet<String>) -> Vec<TokenTree> {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let attribute = match (&tokens[i], tokens.get(i + 1)) {
            (TokenTree::Punct(p), Some(TokenTree::Group(g))) if p.as_char() == '#' => Some(g),
            _ => None,
        };
        if attribute.is_some_and(is_cfg_test) {
            // Skip the item: to its `;` or its body's braces.
            i += 2;
            let mut words = Vec::new();
            while i < tokens.len() {
                match &tokens[i] {
                    TokenTree::Punct(p) if p.as_char() == ';' => break,
                    TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => break,
                    TokenTree::Ident(word) => words.push(word.to_string()),
                    _ => {}
                }
                i += 1;
            }
            if let Some(at) = words.iter().position(|w| w == "mod") {
                if let Some(name) = words.get(at + 1) {
                    test_only.insert(name.clone());
                }
            }
            i += 1;
            continue;
        }
        kept.push(tokens[i].clone());
        i += 1;
    }
    kept
}

/// The paths `tokens` name from `crate`, `super` or `self`, and the paths
/// of `use` items that start with one of `children`, each as written:
/// those of `pub use` items (re-exports, which are not the file's own
/// imports) to `reexports`, the others to `out`.
fn paths(
    tokens: &[TokenTree],
    children: &BTreeSet<String>,
    out: &mut Vec<Vec<String>>,
    reexports: &mut Vec<Vec<String>>,
) {
    let mut i = 0;
    let mut after_use = false;
    let mut public = false;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Group(group) => {
                let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                // `pub(crate) use`: the group belongs to the `pub`.
                if !(public && group.delimiter() == Delimiter::Parenthesis) {
                    paths(&inner, children, out, reexports);
                    public = false;
                }
                after_use = false;
            }
            TokenTree::Ident(word) => {
                let word = word.to_string();
                // A path's first segment: not after `::`, and followed by
                // `::` (a child module named in code, as `child::f()`).
                let first =
                    i < 2 || !matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == ':');
                let followed = matches!(
                    (tokens.get(i + 1), tokens.get(i + 2)),
                    (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
                        if a.as_char() == ':' && b.as_char() == ':'
                );
                let starts = matches!(word.as_str(), "crate" | "super" | "self")
                    || (children.contains(&word) && (after_use || (first && followed)));
                let reexport = after_use && public;
                after_use = word == "use";
                if word != "use" {
                    public = word == "pub";
                }
                if starts {
                    let into = if reexport { &mut *reexports } else { &mut *out };
                    i = path_at(tokens, i, Vec::new(), into);
                    public = false;
                    continue;
                }
            }
            TokenTree::Punct(_) | TokenTree::Literal(_) => {
                after_use = false;
                public = false;
            }
        }
        i += 1;
    }
}

/// Reads the path starting at `tokens[i]` (after `prefix`), expanding a
/// `{...}` group of a `use` into each of its paths; returns the index after
/// it.
fn path_at(
    tokens: &[TokenTree],
    mut i: usize,
    prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    let mut path = prefix;
    loop {
        match tokens.get(i) {
            Some(TokenTree::Ident(word)) => path.push(word.to_string()),
            Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Brace => {
                // `use a::{b, c::d}`: each member, after the prefix.
                let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                let mut j = 0;
                while j < inner.len() {
                    j = path_at(&inner, j, path.clone(), out);
                    // To the next member.
                    while j < inner.len()
                        && !matches!(&inner[j], TokenTree::Punct(p) if p.as_char() == ',')
                    {
                        j += 1;
                    }
                    j += 1;
                }
                return i + 1;
            }
            _ => break,
        }
        i += 1;
        // `::` between segments.
        match (tokens.get(i), tokens.get(i + 1)) {
            (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
                if a.as_char() == ':' && b.as_char() == ':' =>
            {
                i += 2;
            }
            _ => break,
        }
    }
    out.push(path);
    i
}

/// The module `path` (as written in `module`) names, resolved.
fn resolve(module: &Module, path: &[String]) -> Module {
    let mut at: Module = Vec::new();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => rest = &path[1..],
        Some("self") => {
            at = module.clone();
            rest = &path[1..];
        }
        Some("super") => {
            at = module.clone();
            while rest.first().map(String::as_str) == Some("super") {
                at.pop();
                rest = &rest[1..];
            }
        }
        _ => at = module.clone(),
    }
    at.extend(rest.iter().cloned());
    at
}

/// The import arrows between the files of the crate whose sources are `src`.
fn arrows(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let files = modules(src);
    let mut test_only: BTreeSet<Module> = BTreeSet::new();
    let mut read: BTreeMap<Module, Vec<TokenTree>> = BTreeMap::new();
    // Parents before children, so that a test-only declaration is known
    // before its file is read.
    let mut order: Vec<&Module> = files.keys().collect();
    order.sort_by_key(|m| m.len());
    for module in order {
        let parent_test_only = (1..=module.len()).any(|n| test_only.contains(&module[..n]));
        if parent_test_only {
            continue;
        }
        let text = std::fs::read_to_string(&files[module]).expect("a source file");
        let stream: TokenStream = text.parse().unwrap_or_else(|e| {
            panic!("{}: {e:?}", files[module].display());
        });
        let mut declared = BTreeSet::new();
        let kept = without_tests(stream, &mut declared);
        for name in declared {
            let mut child = module.clone();
            child.push(name);
            test_only.insert(child);
        }
        read.insert(module.clone(), kept);
    }
    // Each file's imports and re-exports, resolved to full paths.
    let mut imports: BTreeMap<Module, Vec<Module>> = BTreeMap::new();
    let mut reexported: BTreeMap<Module, BTreeMap<String, Module>> = BTreeMap::new();
    for (module, tokens) in &read {
        let children: BTreeSet<String> = files
            .keys()
            .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
            .map(|m| m[module.len()].clone())
            .collect();
        let (mut found, mut reexports) = (Vec::new(), Vec::new());
        paths(tokens, &children, &mut found, &mut reexports);
        imports.insert(
            module.clone(),
            found.iter().map(|p| resolve(module, p)).collect(),
        );
        let names = reexported.entry(module.clone()).or_default();
        for path in reexports {
            let full = resolve(module, &path);
            if let Some(name) = full.last() {
                names.insert(name.clone(), full.clone());
            }
        }
    }
    // The file a full path leads to: the longest module it names, or,
    // where that module re-exports the next name, the file it comes from.
    let file_of = |named: &Module| -> Option<Module> {
        let mut named = named.clone();
        for _ in 0..8 {
            let at = (0..=named.len())
                .rev()
                .map(|n| named[..n].to_vec())
                .find(|m| read.contains_key(m))?;
            let next = named.get(at.len());
            match next.and_then(|name| reexported.get(&at)?.get(name)) {
                Some(origin) if !origin.starts_with(&named) => {
                    let mut followed = origin.clone();
                    followed.extend(named[at.len() + 1..].iter().cloned());
                    named = followed;
                }
                _ => return Some(at),
            }
        }
        None
    };
    let mut arrows: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, named) in &imports {
        let targets = arrows.entry(module.clone()).or_default();
        for target in named.iter().filter_map(&file_of) {
            if target != *module {
                targets.insert(target);
            }
        }
    }
    arrows
}

/// The circles of `arrows`: its strongly connected parts of more than one
/// file, each sorted.
fn circles(arrows: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    let reach = |from: &Module| -> BTreeSet<Module> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(m) = stack.pop() {
            for next in arrows.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&Module, BTreeSet<Module>> =
        arrows.keys().map(|m| (m, reach(m))).collect();
    let mut found: BTreeSet<Vec<Module>> = BTreeSet::new();
    for (m, from_m) in &reached {
        let circle: Vec<Module> = from_m
            .iter()
            .filter(|other| reached.get(other).is_some_and(|r| r.contains(*m)))
            .cloned()
            .collect();
        if circle.len() > 1 {
            found.insert(circle);
        }
    }
    found.into_iter().collect()
}

#[test]
fn no_two_files_of_a_crate_import_each_other() {
    let mut standing = Vec::new();
    for entry in std::fs::read_dir(common::repo().join("crates")).expect("crates/") {
        let src = entry.expect("a crate folder").path().join("src");
        for circle in circles(&arrows(&src)) {
            let names: Vec<String> = circle.iter().map(|m| m.join("/")).collect();
            standing.push(names);
        }
    }
    let known: Vec<Vec<String>> = KNOWN
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    let new: Vec<&Vec<String>> = standing.iter().filter(|c| !known.contains(c)).collect();
    let gone: Vec<&Vec<String>> = known.iter().filter(|c| !standing.contains(c)).collect();
    assert!(
        new.is_empty(),
        "files that import each other (break the circle: move what both need below them): {new:?}"
    );
    assert!(
        gone.is_empty(),
        "circles gone: take them off KNOWN: {gone:?}"
    );
}

#[test]
fn the_reader_finds_a_circle_through_use_items_and_code() {
    let dir = common::temp_dir("circles");
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("a")).expect("folders");
    let write = |name: &str, text: &str| std::fs::write(src.join(name), text).expect("write");
    write(
        "lib.rs",
        "mod a;\nmod b;\nmod c;\n#[cfg(test)]\nmod tests;\n",
    );
    // A re-export is not an import: `super::a::X` leads to a/inner.
    write("a/mod.rs", "mod inner;\npub use inner::X;\n");
    write("a/inner.rs", "use crate::{b::{Y, Z}, c};\npub struct X;\n");
    write(
        "b.rs",
        "pub fn f() { let _ = super::a::X; }\n// crate::c in a comment\n",
    );
    write("c.rs", "pub const S: &str = \"crate::a\";\n");
    write("tests.rs", "use crate::a::X;\nuse crate::c::S;\n");
    let found = circles(&arrows(&src));
    let names: Vec<Vec<String>> = found
        .iter()
        .map(|c| c.iter().map(|m| m.join("/")).collect())
        .collect();
    assert_eq!(names, vec![vec!["a/inner", "b"]]);
    // A private `use` of a child is an import.
    write("a/mod.rs", "mod inner;\nuse inner::X;\n");
    write("b.rs", "use crate::a;\n");
    write("a/inner.rs", "use crate::{b::{Y, Z}, c};\n");
    let found = circles(&arrows(&src));
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].len(), 3, "{found:?}");
    // So is a child named in code, but not a path's later segment that
    // happens to share its name.
    write("a/mod.rs", "mod inner;\nfn g() { inner::h(); }\n");
    assert_eq!(circles(&arrows(&src)).len(), 1);
    write("a/mod.rs", "mod inner;\nfn g() { std::inner::h(); }\n");
    assert!(circles(&arrows(&src)).is_empty());
}

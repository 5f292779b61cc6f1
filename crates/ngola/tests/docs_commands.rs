//! Every `console` block of the README and of the book (`docs/src/*.md`)
//! runs as written, through the `trycmd` transcript tester: each `$ ngola
//! ...` line is run and what it prints (standard output and error
//! together) and its exit code (`? 2`, default 0) must be what the page
//! shows, `...` standing for any lines and `[..]` for the rest of a line.
//!
//! Each page runs in a fresh folder of its own holding a copy of the
//! repository's `experiments/` and `examples/`, so that its commands read
//! those paths as from the repository's top folder, see the files that the
//! page's earlier commands wrote, and write nothing into the checkout. To
//! see a page's commands fail, change one line of output in it and run
//! `cargo test -p ngola --test docs_commands`. After a deliberate change
//! of output, `TRYCMD=overwrite cargo test -p ngola --test docs_commands`
//! writes what the commands print back into the pages (review the diff).

use std::fs;
use std::path::{Path, PathBuf};

/// The folders of the repository a page's commands may read.
const INPUTS: &[&str] = &["experiments", "examples"];

/// The repository's top folder.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Copies the folder `from` into `to` (made), file by file.
fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The pages whose commands are tested: the README and every book page,
/// as paths relative to the repository.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![PathBuf::from("README.md")];
    let book = repo().join("docs/src");
    let mut book_pages: Vec<PathBuf> = fs::read_dir(&book)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| Path::new("docs/src").join(p.file_name().unwrap()))
        .collect();
    book_pages.sort();
    pages.extend(book_pages);
    pages
}

#[test]
fn readme_and_book_commands_print_what_the_pages_show() {
    let repo = repo();
    let work = std::env::temp_dir().join(format!("ngola-docs-{}", std::process::id()));
    let _ = fs::remove_dir_all(&work);
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("ngola", Path::new(env!("CARGO_BIN_EXE_ngola")))
        .env("NO_COLOR", "1");
    let mut tested = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(repo.join(&page)).unwrap();
        if !text.lines().any(|l| l.starts_with("```console")) {
            continue;
        }
        // trycmd runs `X.md` in a copy of `X.in/` when `X.out/` exists.
        let copy = work.join(&page);
        fs::create_dir_all(copy.parent().unwrap()).unwrap();
        fs::write(&copy, text).unwrap();
        let inputs = copy.with_extension("in");
        for input in INPUTS {
            copy_dir(&repo.join(input), &inputs.join(input));
        }
        fs::create_dir_all(copy.with_extension("out")).unwrap();
        cases.case(&copy);
        tested.push(page);
    }
    assert!(tested.len() >= 2, "the README and the book have console blocks");
    cases.run();
    // trycmd's overwrite mode rewrote the copies: bring them home.
    if std::env::var_os("TRYCMD").is_some_and(|mode| mode == "overwrite") {
        for page in &tested {
            fs::copy(work.join(page), repo.join(page)).unwrap();
        }
    }
    let _ = fs::remove_dir_all(&work);
}

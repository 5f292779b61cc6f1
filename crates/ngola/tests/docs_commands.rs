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
//! `cargo test -p ngola --test integration docs_commands`. After a deliberate change
//! of output, `TRYCMD=overwrite cargo test -p ngola --test integration docs_commands`
//! writes what the commands print back into the pages (review the diff).

use crate::common;
use common::{ngola_command, repo, temp_dir};

use std::fs;
use std::path::{Path, PathBuf};

/// The folders of the repository a page's commands may read.
const INPUTS: &[&str] = &["experiments", "examples"];

/// The other programs the pages run, looked up on `PATH`.
const TOOLS: &[&str] = &["cat"];

/// `name`'s path on `PATH`, if it is there.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
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
    let work = temp_dir("pages");
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("ngola", Path::new(env!("CARGO_BIN_EXE_ngola")))
        .env("NO_COLOR", "1");
    for tool in TOOLS {
        if let Some(path) = on_path(tool) {
            cases.register_bin(*tool, path);
        }
    }
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
    assert!(
        tested.len() >= 2,
        "the README and the book have console blocks"
    );
    cases.run();
    // trycmd's overwrite mode rewrote the copies: bring them home.
    if std::env::var_os("TRYCMD").is_some_and(|mode| mode == "overwrite") {
        for page in &tested {
            fs::copy(work.join(page), repo.join(page)).unwrap();
        }
    }
    let _ = fs::remove_dir_all(&work);
}

/// An engine session shown on a page: the command, the lines sent to the
/// engine (`> ` lines) and what it answers (the other lines, in order).
struct Session {
    page: PathBuf,
    line: usize,
    args: Vec<String>,
    input: String,
    answers: String,
}

/// The `text` blocks of the book that show an engine session: a first line
/// `$ ngola engine ...`, then `> ` lines sent and the engine's answers.
fn sessions() -> Vec<Session> {
    let mut found = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(repo().join(&page)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, window) in lines.windows(2).enumerate() {
            let Some(command) = window[1].strip_prefix("$ ngola engine ") else {
                continue;
            };
            if window[0] != "```text" {
                continue;
            }
            let mut session = Session {
                page: page.clone(),
                line: i + 2,
                args: std::iter::once("engine".to_string())
                    .chain(command.split_whitespace().map(String::from))
                    .collect(),
                input: String::new(),
                answers: String::new(),
            };
            for line in lines[i + 2..].iter().take_while(|l| !l.starts_with("```")) {
                match line.strip_prefix("> ") {
                    Some(sent) => session.input += &format!("{sent}\n"),
                    None => session.answers += &format!("{line}\n"),
                }
            }
            found.push(session);
        }
    }
    found
}

#[test]
fn engine_sessions_answer_what_the_pages_show() {
    let sessions = sessions();
    assert!(sessions.len() >= 2, "the engine pages show sessions");
    for session in sessions {
        let output = run_session(&session.args, &session.input);
        assert_eq!(
            output,
            session.answers,
            "{}:{}: the engine's answers differ from the page",
            session.page.display(),
            session.line
        );
    }
}

/// Runs `ngola ARGS` with `input` on its standard input; its standard output.
fn run_session(args: &[String], input: &str) -> String {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = ngola_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "ngola {args:?}: {}", output.status);
    String::from_utf8(output.stdout).unwrap()
}

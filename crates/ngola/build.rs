//! Records the git commit the program is built from, for the provenance
//! of every tournament folder: `NGOLA_GIT_COMMIT` from the environment if
//! set (for packagers), else the commit the source tree's `HEAD` names,
//! read from the repository's files (no `git` is run), else `unknown` (a
//! source archive). Only this crate rebuilds when `HEAD` moves.

use std::path::{Path, PathBuf};

/// The repository's git folder above `dir`, and the common folder of its
/// refs (they differ in a worktree, whose `.git` is a file naming its own
/// folder).
fn git_dirs(dir: &Path) -> Option<(PathBuf, PathBuf)> {
    let dot_git = dir
        .ancestors()
        .map(|d| d.join(".git"))
        .find(|p| p.exists())?;
    let git_dir = if dot_git.is_file() {
        let text = std::fs::read_to_string(&dot_git).ok()?;
        let named = PathBuf::from(text.trim().strip_prefix("gitdir:")?.trim());
        dot_git.parent()?.join(named)
    } else {
        dot_git
    };
    let common = match std::fs::read_to_string(git_dir.join("commondir")) {
        Ok(text) => git_dir.join(text.trim()),
        Err(_) => git_dir.clone(),
    };
    Some((git_dir, common))
}

/// The commit `HEAD` names, and the files it was read from (to rerun this
/// script when they change).
fn head_commit(git_dir: &Path, common: &Path) -> (Option<String>, Vec<PathBuf>) {
    let head = git_dir.join("HEAD");
    let mut read = vec![head.clone()];
    let Ok(text) = std::fs::read_to_string(&head) else {
        return (None, read);
    };
    let Some(name) = text.trim().strip_prefix("ref:").map(str::trim) else {
        return (Some(text.trim().to_string()), read);
    };
    for dir in [git_dir, common] {
        let loose = dir.join(name);
        if let Ok(commit) = std::fs::read_to_string(&loose) {
            read.push(loose);
            return (Some(commit.trim().to_string()), read);
        }
    }
    let packed = common.join("packed-refs");
    let commit = std::fs::read_to_string(&packed).ok().and_then(|text| {
        text.lines()
            .filter_map(|line| line.split_once(' '))
            .find(|(_, r)| *r == name)
            .map(|(commit, _)| commit.to_string())
    });
    read.push(packed);
    // A packed branch gets a file of its own when it moves: watch its folder.
    if let Some(folder) = common.join(name).parent() {
        read.push(folder.to_path_buf());
    }
    (commit, read)
}

fn main() {
    println!("cargo:rerun-if-env-changed=NGOLA_GIT_COMMIT");
    let commit = match std::env::var("NGOLA_GIT_COMMIT") {
        Ok(commit) if !commit.trim().is_empty() => commit.trim().to_string(),
        _ => {
            let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
            let (commit, read) = match git_dirs(&dir) {
                Some((git_dir, common)) => head_commit(&git_dir, &common),
                None => (None, Vec::new()),
            };
            // Only files that exist: a missing one would rerun this script
            // on every build.
            for path in read.iter().filter(|p| p.exists()) {
                println!("cargo:rerun-if-changed={}", path.display());
            }
            commit
                .filter(|c| c.len() >= 7 && c.chars().all(|c| c.is_ascii_hexdigit()))
                .unwrap_or_else(|| "unknown".to_string())
        }
    };
    println!("cargo:rustc-env=NGOLA_GIT_COMMIT={commit}");
}

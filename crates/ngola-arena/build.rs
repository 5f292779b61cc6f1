//! Records the git commit ngola is built from, for the provenance of every
//! tournament folder: `NGOLA_GIT_COMMIT` from the environment if set (for
//! packagers), else `git rev-parse HEAD` in the source tree, else `unknown`
//! (a source archive without git).

use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}

fn main() {
    println!("cargo:rerun-if-env-changed=NGOLA_GIT_COMMIT");
    let commit = match std::env::var("NGOLA_GIT_COMMIT") {
        Ok(commit) if !commit.trim().is_empty() => commit.trim().to_string(),
        _ => {
            // Rebuild when HEAD moves: HEAD itself, and the branch it names.
            // (Only files that exist: a missing one would rerun this
            // script on every build.)
            let branch = git(&["symbolic-ref", "-q", "HEAD"]);
            for what in ["HEAD", "packed-refs"].into_iter().chain(branch.as_deref()) {
                if let Some(path) = git(&["rev-parse", "--git-path", what]) {
                    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
                    if path.exists() {
                        println!("cargo:rerun-if-changed={}", path.display());
                    }
                }
            }
            git(&["rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".to_string())
        }
    };
    println!("cargo:rustc-env=NGOLA_GIT_COMMIT={commit}");
}

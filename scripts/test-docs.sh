#!/usr/bin/env bash
# The documentation stage of scripts/test.sh: the book and the API docs.
#
#   scripts/test-docs.sh
#
# Builds the book (docs/mkdocs.yml, pages in docs/src) with `mkdocs build
# --strict`, which fails on a broken link or anchor and on a page missing
# from the navigation, in a virtual environment it makes (or reuses) from
# docs/requirements.txt, kept outside the work tree and made again when
# that file changes (scripts/venv.sh); the book goes to target/book. Then
# builds the API docs of the workspace with broken intra-doc links denied.
# The commands the pages show are run by `cargo test -p ngola --test
# integration docs_commands` (the Rust stage).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh
venv=$(venv_for docs docs/requirements.txt)
echo "-- mkdocs build --strict"
"$venv/bin/mkdocs" build --strict --quiet -f docs/mkdocs.yml
echo "-- cargo doc --workspace --no-deps (broken intra-doc links denied)"
RUSTDOCFLAGS="${RUSTDOCFLAGS:-} -D rustdoc::broken_intra_doc_links" \
  cargo doc --workspace --no-deps --locked --quiet --keep-going

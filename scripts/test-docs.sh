#!/usr/bin/env bash
# The documentation stage of scripts/test.sh: the book and the API docs.
#
#   scripts/test-docs.sh
#
# Builds the book (docs/mkdocs.yml, pages in docs/src) with `mkdocs build
# --strict`, which fails on a broken link or anchor and on a page missing
# from the navigation, in a virtual environment it makes (or reuses) in
# target/docs-venv from docs/requirements.txt (made again when that file
# changes); the book goes to target/book. Then builds the API docs of the
# workspace with broken intra-doc links denied. The commands the pages show
# are run by `cargo test -p ngola --test docs_commands` (the Rust stage).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
venv=target/docs-venv
requirements=docs/requirements.txt
want=$(sha256sum "$requirements" | cut -d' ' -f1)
if [ ! -x "$venv/bin/mkdocs" ] || [ "$(cat "$venv/.requirements" 2>/dev/null)" != "$want" ]; then
  echo "-- making $venv"
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet -r "$requirements"
  echo "$want" > "$venv/.requirements"
fi
echo "-- mkdocs build --strict"
"$venv/bin/mkdocs" build --strict --quiet -f docs/mkdocs.yml
echo "-- cargo doc --workspace --no-deps (broken intra-doc links denied)"
RUSTDOCFLAGS="${RUSTDOCFLAGS:-} -D rustdoc::broken_intra_doc_links" \
  cargo doc --workspace --no-deps --locked --quiet --keep-going

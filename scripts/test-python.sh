#!/usr/bin/env bash
# The Python stage of scripts/test.sh: the `ngola` package (python/).
#
#   scripts/test-python.sh [PYTEST ARGS...]
#
# Makes (or reuses) a virtual environment with the test tools of
# python/requirements-test.txt (pytest, pandas, mypy, ruff, open-spiel for
# the comparison with OpenSpiel's own games), kept outside the work tree
# and made again when that file changes (scripts/venv.sh). Then builds and installs the package
# exactly as a user does (`pip install ./python`: a release build by
# maturin, or the profile MATURIN_PEP517_ARGS names: scripts/test.sh asks
# for `--profile dev` to reuse its Rust stage's artifacts), checks
# formatting (ruff format), lints (ruff check) and types (mypy --strict on
# the package, its stubs and the tests), and runs pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh
venv=$(venv_for python python/requirements-test.txt)
echo "-- pip install ./python"
"$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps ./python
echo "-- ruff, mypy"
(cd python && "$venv/bin/ruff" format --check --quiet . ../examples/python && "$venv/bin/ruff" check --quiet . ../examples/python)
(cd python && "$venv/bin/mypy")
echo "-- pytest"
# The tests compare with the `ngola` program (`ngola replay`); scripts/test.sh
# passes the one its Rust stage built.
if [ -z "${NGOLA_BIN:-}" ]; then
  cargo build --quiet --locked --release -p ngola
  export NGOLA_BIN=${CARGO_TARGET_DIR:-target}/release/ngola
fi
cd python && "$venv/bin/python" -m pytest -q "$@"

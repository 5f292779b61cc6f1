"""Shared fixtures of the Python tests."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ngola

REPO = Path(__file__).resolve().parents[2]
"""The repository's top folder."""

# Small, fast rule sets for every game, beside the defaults.
SMALL_RULES: dict[str, dict[str, ngola.RuleValue]] = {
    "mangola": {"columns": 4},
    "umelbagara": {"houses": 3, "counters": 3},
    "kalah": {"pits": 3, "seeds": 2},
    "oware": {"houses": 4, "seeds": 2},
}


@pytest.fixture(params=ngola.GAMES)
def game_name(request: pytest.FixtureRequest) -> str:
    """Each of the four games' names."""
    name: str = request.param
    return name


@pytest.fixture
def ngola_bin() -> Path:
    """The `ngola` program: $NGOLA_BIN, else target/{release,debug}/ngola."""
    given = os.environ.get("NGOLA_BIN")
    candidates = [Path(given)] if given else []
    candidates += [REPO / "target" / "release" / "ngola", REPO / "target" / "debug" / "ngola"]
    found = shutil.which("ngola")
    if found:
        candidates.append(Path(found))
    for path in candidates:
        if path.is_file():
            return path
    raise RuntimeError(
        "the ngola program is needed: build it (cargo build --release -p ngola) or set NGOLA_BIN"
    )


def data_rows(path: Path) -> int:
    """Rows (lines after the header) of a CSV file, 0 if it is missing."""
    if not path.exists():
        return 0
    return max(0, path.read_text(encoding="utf-8").count("\n") - 1)


def _default_sigint() -> None:
    """In the child before it runs: SIGINT back to its default action."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt_tournament(script: str, out: Path, at_least: int, total: int) -> int:
    """Runs `script` (a tournament into `out`, its argv[1], printing
    "KeyboardInterrupt" and exiting 3 when interrupted) in a child, sends it
    SIGINT once `at_least` games are written, checks that it stopped cleanly
    with whole rows and no standings, and returns the rows written."""
    child = subprocess.Popen(
        [sys.executable, "-c", script, str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A shell that starts tests in the background (`cmd &`) ignores
        # SIGINT, and a child inherits that: Python would then install no
        # KeyboardInterrupt handler and the signal would do nothing.
        preexec_fn=_default_sigint,
    )
    deadline = time.monotonic() + 60
    while data_rows(out / "games.csv") < at_least:
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.02)
    os.kill(child.pid, signal.SIGINT)
    stdout, stderr = child.communicate(timeout=60)
    assert child.returncode == 3, (stdout, stderr)
    assert stdout.strip() == "KeyboardInterrupt"
    assert "PanicException" not in stderr
    rows = data_rows(out / "games.csv")
    assert at_least <= rows < total
    assert not (out / "standings.csv").exists()
    # Every line written is a whole row.
    assert (out / "games.csv").read_text(encoding="utf-8").endswith("\n")
    return rows

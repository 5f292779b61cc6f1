"""Shared fixtures of the Python tests."""

from __future__ import annotations

import os
import shutil
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

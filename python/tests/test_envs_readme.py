"""The book's page on environments for reinforcement learning
(docs/src/environments.md): the code block of each entry point runs as
written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import REPO

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

PAGE = REPO / "docs" / "src" / "environments.md"
SUBSECTIONS = [
    "PettingZoo (two agents, turn by turn)",
    "Gymnasium (one learner against an ngola agent)",
    "VectorEnv (n games per call, stepped in Rust)",
    "OpenSpiel (`pyspiel` games)",
]


def section(text: str, heading: str) -> str:
    """The text under `heading` up to the next heading of any level."""
    match = re.search(rf"^#+ {re.escape(heading)}\n(.*?)(?=^#+ |\Z)", text, re.M | re.S)
    assert match, f"docs/src/environments.md has no section `{heading}`"
    return match.group(1)


@pytest.mark.parametrize("heading", SUBSECTIONS)
def test_readme_block_runs(
    heading: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = PAGE.read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", section(text, heading), re.M | re.S)
    assert len(blocks) == 1, f"one python block under `{heading}`"
    monkeypatch.chdir(tmp_path)
    exec(compile(blocks[0], str(PAGE), "exec"), {"__name__": "readme"})
    assert capsys.readouterr().out.strip(), "the example prints what it shows"

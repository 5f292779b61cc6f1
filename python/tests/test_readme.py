"""The README's "In Python" section: its code blocks run as written (those
of the subsections listed here; other helpers' subsections test their own)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
SUBSECTIONS = [
    "Games and positions",
    "Agents and the solver",
    "Tournaments, with Python agents",
    "Self-play data",
    "Errors",
]


def section(text: str, heading: str) -> str:
    """The text under `heading` up to the next heading of any level."""
    match = re.search(rf"^#+ {re.escape(heading)}\n(.*?)(?=^#+ |\Z)", text, re.M | re.S)
    assert match, f"README.md has no section `{heading}`"
    return match.group(1)


def python_blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    assert "\n## In Python\n" in text, "README.md has no `## In Python` section"
    blocks = []
    for heading in SUBSECTIONS:
        found = re.findall(r"^```python\n(.*?)^```", section(text, heading), re.M | re.S)
        assert found, f"no python block under `{heading}`"
        blocks.extend(found)
    return blocks


def test_readme_blocks_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pandas")
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    for block in python_blocks():
        # The examples write to /tmp; keep the test's files in its own folder.
        code = block.replace("/tmp/ngola-readme-run", str(tmp_path / "run"))
        exec(compile(code, str(README), "exec"), namespace)

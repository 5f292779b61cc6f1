"""The book's Python page (docs/src/python.md): the code blocks of the
sections listed here run as written, in order, in one namespace."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "src" / "python.md"
SUBSECTIONS = [
    "Games and positions",
    "Agents and the solver",
    "Tournaments, with Python agents",
    "Self-play data",
    "Training",
    "Errors",
]


def section(text: str, heading: str) -> str:
    """The text under `heading` up to the next heading of any level."""
    match = re.search(rf"^#+ {re.escape(heading)}\n(.*?)(?=^#+ |\Z)", text, re.M | re.S)
    assert match, f"no section `{heading}`"
    return match.group(1)


def python_blocks() -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
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
        exec(compile(code, str(PAGE), "exec"), namespace)


def test_readme_tour_block_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's five-minute tour ends with the same tournament from Python."""
    pytest.importorskip("pandas")
    readme = PAGE.parents[2] / "README.md"
    blocks = re.findall(
        r"^```python\n(.*?)^```",
        section(readme.read_text(encoding="utf-8"), "A five-minute tour"),
        re.M | re.S,
    )
    assert len(blocks) == 1, "one python block in the README's tour"
    monkeypatch.chdir(tmp_path)
    code = blocks[0].replace("/tmp/ngola-readme-tour", str(tmp_path / "run"))
    exec(compile(code, str(readme), "exec"), {"__name__": "readme"})
    assert (tmp_path / "run" / "games.csv").exists()


def test_package_readme_quickstart_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """python/README.md (the package index's page): its quickstart runs."""
    pytest.importorskip("pandas")
    readme = PAGE.parents[2] / "python" / "README.md"
    # The first python block after the heading (its comments start with `#`).
    blocks = re.findall(
        r"^## Quickstart\n.*?^```python\n(.*?)^```",
        readme.read_text(encoding="utf-8"),
        re.M | re.S,
    )
    assert len(blocks) == 1, "one python block in the package README's quickstart"
    monkeypatch.chdir(tmp_path)
    code = blocks[0].replace("/tmp/ngola-quickstart", str(tmp_path / "run"))
    exec(compile(code, str(readme), "exec"), {"__name__": "readme"})
    out = capsys.readouterr().out
    assert "['a1', 'b1']" in out and "win" in out

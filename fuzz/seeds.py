#!/usr/bin/env python3
"""Writes the fuzz targets' seed inputs from the repository's own data.

    fuzz/seeds.py OUT      (scripts/test-fuzz.sh runs it)

Makes OUT/<target>/ for each target of fuzz/Cargo.toml, from the recorded
runs and their experiment files (results/*/runs), the experiment files
(experiments/), the opening tables (results/*/openings, where a study
keeps them), the openings of the recorded runs (as suites), the proof
certificates (results/solved/certificates), the
recorded games of the tests (crates/*/tests/data) and
fuzz/regressions/<target>/ (inputs that once failed, kept as tests).
Deterministic: the same tree gives the same seeds.
"""

import csv
import gzip
import hashlib
import io
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = [
    "position",
    "moves",
    "record",
    "games_row",
    "experiment",
    "suite",
    "ugi",
    "certificate",
]
# Rows taken from each recorded run, evenly spread; and the largest seed
# kept (libFuzzer's input size follows its largest seed).
ROWS_PER_RUN = 12
MAX_SEED_BYTES = 64 * 1024


def read_text(path: Path) -> str:
    if path.suffix == ".gz":
        with gzip.open(path, "rt", encoding="utf-8") as f:
            return f.read()
    return path.read_text(encoding="utf-8")


def spread(items: list, count: int) -> list:
    """`count` items evenly spread over `items` (all of them if fewer)."""
    if len(items) <= count:
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def rules_text(rules: dict) -> str:
    values = []
    for key, value in rules.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        values.append(f"{key}={value}")
    return ",".join(values)


def runs():
    """(game line, experiment text, games.csv rows as dicts, header) of each run."""
    for toml_path in sorted(ROOT.glob("results/*/runs/*/experiment.toml")):
        text = toml_path.read_text(encoding="utf-8")
        experiment = tomllib.loads(text)
        game_line = f"{experiment['game']} {rules_text(experiment.get('rules', {}))}".strip()
        games = next(iter(sorted(toml_path.parent.glob("games.csv*"))), None)
        rows, header = [], []
        if games is not None:
            reader = csv.reader(io.StringIO(read_text(games)))
            header = next(reader, [])
            rows = spread(list(reader), ROWS_PER_RUN)
        yield game_line, text, header, rows


def opening_tables():
    """(game line, [(moves, position)]) of each opening table: the file
    name holds the game and its rules, `key_value` words joined by `-`."""
    for path in sorted(ROOT.glob("results/*/openings/*.tsv*")):
        name = path.name.split(".")[0]
        name = name.rsplit("-k", 1)[0]
        game, *words = name.split("-")
        rules: list[list[str]] = []
        for word in words:
            if "_" in word:
                key, value = word.rsplit("_", 1)
                rules.append([key, value])
            elif rules:
                rules[-1][1] += "-" + word
        line = f"{game} {','.join(f'{k}={v}' for k, v in rules)}".strip()
        lines = read_text(path).splitlines()
        pairs = [tuple(l.split("\t", 1)) for l in spread(lines, ROWS_PER_RUN * 2) if "\t" in l]
        yield line, pairs


def certificates():
    for path in sorted(ROOT.glob("results/*/certificates/*.txt*")):
        yield read_text(path)


class Seeds:
    def __init__(self, out: Path):
        self.out = out
        self.counts = {t: 0 for t in TARGETS}
        for target in TARGETS:
            (out / target).mkdir(parents=True, exist_ok=True)

    def add(self, target: str, text: str | bytes) -> None:
        data = text.encode("utf-8") if isinstance(text, str) else text
        if not data or len(data) > MAX_SEED_BYTES:
            return
        name = hashlib.sha1(data).hexdigest()
        path = self.out / target / name
        if not path.exists():
            path.write_bytes(data)
            self.counts[target] += 1


def games_csv(header: list, rows: list) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def record(game_line: str, moves: list, tags: dict) -> str:
    game, _, rules = game_line.partition(" ")
    lines = ["# a game record", f"game {game}"]
    lines += [f"rule {r}" for r in rules.split(",") if r]
    lines += [f"{k} {v}" for k, v in tags.items()]
    lines.append("moves")
    lines += [f"{m}  # ply {i + 1}" if i % 5 == 0 else m for i, m in enumerate(moves)]
    return "\n".join(lines) + "\n"


def ugi_session(game_line: str, moves: list) -> str:
    game, _, rules = game_line.partition(" ")
    lines = ["ugi", f"setoption name rules value {rules}", "isready", "uginewgame"]
    for k in range(0, min(len(moves), 12), 3):
        lines.append(f"position startpos moves {' '.join(moves[:k])}".rstrip())
        lines.append("go movetime 10")
    lines += ["query gameover", "query p1turn", "query result", "show"]
    lines.append(f"moves {' '.join(moves[12:16])}".rstrip())
    lines += ["go nodes 5", "stop", "quit"]
    return game_line + "\n" + "\n".join(lines) + "\n"


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    seeds = Seeds(Path(sys.argv[1]))
    for game_line, experiment, header, rows in runs():
        seeds.add("experiment", experiment)
        if not header:
            continue
        moves_at = header.index("moves") if "moves" in header else None
        # The run's openings as a suite (one opening's moves a line).
        if "opening" in header:
            at = header.index("opening")
            openings = sorted({row[at] for row in rows if row[at]})
            if openings:
                seeds.add("suite", game_line + "\n" + "\n".join(openings) + "\n")
                seeds.add("suite", game_line + " allow\n" + openings[0] + "\n")
        seeds.add("games_row", game_line + "\n" + games_csv(header, rows[:3]))
        for row in rows:
            seeds.add("games_row", game_line + "\n" + games_csv(header, [row]))
            if moves_at is None:
                continue
            moves = row[moves_at].split()
            seeds.add("moves", game_line + "\n" + " ".join(moves))
            tags = {"south": row[5], "north": row[6], "result": row[8]}
            seeds.add("record", record(game_line, moves, tags))
            seeds.add("ugi", ugi_session(game_line, moves))
    for path in sorted(ROOT.glob("experiments/*.toml")):
        seeds.add("experiment", path.read_text(encoding="utf-8"))
    for path in sorted(ROOT.glob("crates/*/tests/data/*.csv")):
        seeds.add("games_row", "kalah\n" + path.read_text(encoding="utf-8"))
    for game_line, pairs in opening_tables():
        seeds.add("suite", game_line + "\n" + "\n".join(m for m, _ in pairs) + "\n")
        seeds.add("suite", game_line + " allow\n" + "\n".join(p for _, p in pairs) + "\n")
        for moves, position in pairs:
            seeds.add("position", game_line + "\n" + position)
            seeds.add("moves", game_line + "\n" + moves)
    for text in certificates():
        seeds.add("certificate", text)
        header = text.split("\n", 1)[0]
        parts = header.split(" | ")
        if len(parts) != 3:
            continue
        words = parts[0].split(" ")
        game_line = f"{words[2]} {words[3]}" if len(words) == 4 else words[-1]
        seeds.add("position", game_line + "\n" + parts[1])
        for line in spread(text.splitlines()[1:], 8):
            seeds.add("position", game_line + "\n" + line.split("\t")[0])
    for target in TARGETS:
        for path in sorted((ROOT / "fuzz" / "regressions" / target).glob("*")):
            seeds.add(target, path.read_bytes())
    print(" ".join(f"{t}:{n}" for t, n in seeds.counts.items()))


if __name__ == "__main__":
    main()

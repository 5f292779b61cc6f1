#!/usr/bin/env python3
"""Writes results/solved/README.md and boards.csv from the CSV files of experiments/solved-study.sh.

    python3 experiments/solved-report.py [FOLDER]      # default results/solved

Every number in the report is read from FOLDER's CSV files (solved.csv,
lengths.csv, compare-4x6.csv, speed.csv, which the study writes, and
swap.csv, which experiments/swap-values.sh writes) and from the endgame
databases' runs beside it (../tablebase/runs/, ../tablebase/prove/).

boards.csv is the one table of every board judged, whatever judged it:
one row per board (game, rules, value or `open`, margin, method,
evidence, its SHA-256 or the database's identity, command). `ngola report`
reads it and nothing else.
"""

from __future__ import annotations

import csv
import hashlib
import re
import statistics
import sys
from pathlib import Path
from typing import Callable

# Published values this study can be compared with (first player's result
# and margin). Irving, Donkers and Uiterwijk (2000), "Solving Kalah", ICGA
# Journal 23(3), with their capture rule (`empty_capture=true`); the first
# five are the cells the project's CI already checks (tests/solve_kalah.rs).
PUBLISHED_KALAH = {
    (1, 1): "draw",
    (1, 2): "loss",
    (2, 1): "win +2",
    (3, 1): "draw",
    (3, 2): "win",
    (6, 4): "win +10",
    (6, 5): "win +12",
}



PROGRESS = re.compile(
    r"prove: \[(?P<question>[^\]]*)\] (?P<nodes>\d+) nodes .*? root pn (?P<pn>\d+) dn (?P<dn>\d+) "
    r"proven (?P<proven>\d+) disproven (?P<disproven>\d+)"
)


def last_progress(err: Path) -> dict[str, str] | None:
    """The last progress line of a run's stderr, as its fields."""
    if not err.exists():
        return None
    found = None
    for line in err.read_text(errors="replace").splitlines():
        m = PROGRESS.search(line)
        if m:
            found = m.groupdict()
    return found


def tag_of(row: dict[str, str]) -> str:
    """The run's file name stem, from the `--certificate TAG.txt.gz` of its command."""
    m = re.search(r"--certificate (\S+)\.txt\.gz", row["command"])
    return m.group(1) if m else ""


def length_tag(rules: str, cap: str) -> str:
    return "mangola-" + rules.replace(" ", "-").replace("=", "_") + f"-cap{cap}"


def open_run(folder: Path, what: str, stem: str, row: dict[str, str]) -> str:
    """One undecided run: where it stopped, and its checkpoint."""
    if row["value"] == "error":
        err = folder / "runs" / f"{stem}.txt.err"
        lines = err.read_text(errors="replace").splitlines() if err.exists() else []
        failed = next((x for x in reversed(lines) if x.startswith("ngola:")), "no message")
        text = f"- {what}: `{row['command']}` failed: `{failed}`"
    else:
        text = (
            f"- {what}: `{row['command']}` stopped after {seconds(row['seconds'])} s "
            f"at {int(row['nodes']):,} nodes"
        )
    if (folder / "runs" / f"{stem}.before-continue.txt").exists():
        text += (
            f" (continued from the checkpoint of an earlier run, `runs/{stem}.before-continue.txt`; "
            "nodes and seconds count both)"
        )
    p = last_progress(folder / "runs" / f"{stem}.txt.err")
    if p:
        text += (
            f"; last report (question `{p['question']}`, {int(p['nodes']):,} nodes): root proof number "
            f"{p['pn']}, disproof number {p['dn']}, {int(p['proven']):,} positions proven and "
            f"{int(p['disproven']):,} disproven in that run"
        )
    ckpt = folder / "checkpoints" / f"{stem}.ckpt"
    if ckpt.exists():
        text += f"; checkpoint `{ckpt}` ({ckpt.stat().st_size / 2**20:.0f} MiB, not committed)"
    return text + "."


def read(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def rules_of(text: str) -> dict[str, str]:
    return dict(r.split("=", 1) for r in text.split())


def value_text(row: dict[str, str]) -> str:
    value, margin = row["value"], row["margin"]
    text = value
    if value in ("win", "loss") and row["game"] != "mangola":
        text = f"{value} {int(margin):+d}"
    if row.get("decided_by"):
        text += " (over a database)"
    if row.get("uncapped"):
        text += f" (without the ply cap: {row['uncapped']})"
    return text


CHECKED = re.compile(r"certificate ok: (?P<game>\w+) (?P<rules>\S+) from .*: (?P<side>[SN]) margin>=")


def over_databases(folder: Path) -> list[dict[str, str]]:
    """The boards `ngola prove --tb` decided over an endgame database, from
    ../tablebase/prove/NAME.out (the value) and NAME.check (the certificate
    checked, with the board's rules): game, rules (a dict), value, margin,
    name, database (its identity), certificate."""
    proofs = []
    prove = folder.parent / "tablebase" / "prove"
    for check in sorted(prove.glob("*.check")):
        m = CHECKED.match(check.read_text(errors="replace").splitlines()[0])
        out = check.with_suffix(".out")
        if not m or not out.exists():
            continue
        lines = out.read_text(errors="replace").splitlines()
        word, margin = lines[0].split()[1:3]
        database = next((x.split()[1] for x in lines if x.startswith("tablebase ")), "")
        proofs.append(
            {
                "game": m["game"],
                "rules": dict(kv.split("=", 1) for kv in m["rules"].split(",")),
                "value": word,
                "margin": margin,
                "name": check.stem,
                "database": database,
                "certificate": f"../tablebase/prove/{check.stem}.cert.gz",
                "method": "prover over a database",
            }
        )
    return proofs


PROVE_CASE = re.compile(r'^(?P<name>[\w-]+)\) GAME=(?P<game>\w+) RULES="(?P<rules>[^"]*)"')


def open_over_databases(folder: Path) -> list[dict[str, str]]:
    """The boards `ngola prove --tb` ran on without deciding them (an
    output ../tablebase/prove/NAME.out whose value is `unknown`, and no
    checked certificate), with their rules from the folder's prove.sh."""
    prove = folder.parent / "tablebase" / "prove"
    script = prove / "prove.sh"
    if not script.exists():
        return []
    boards = {m["name"]: m for m in map(PROVE_CASE.match, script.read_text().splitlines()) if m}
    found = []
    for out in sorted(prove.glob("*.out")):
        first = (out.read_text(errors="replace").splitlines() or [""])[0].split()
        if first[:2] != ["value", "unknown"] or out.with_suffix(".check").exists():
            continue
        board = boards.get(out.stem)
        if board is None:
            continue
        lines = out.read_text(errors="replace").splitlines()
        database = next((x.split()[1] for x in lines if x.startswith("tablebase ")), "")
        found.append(
            {
                "game": board["game"],
                "rules": rules_of(board["rules"] + " max_plies=0"),
                "value": "open",
                "margin": "",
                "name": out.stem,
                "database": database,
                "certificate": "",
                "method": "prover over a database",
            }
        )
    return found


def probed_databases(folder: Path) -> list[dict[str, str]]:
    """The boards an endgame database decides at its start position, from
    the recorded `ngola tablebase info` and `probe` of
    ../tablebase/runs/NAME.txt (a probe whose value is `unknown`, as
    Oware's repetition rule can leave it, decides nothing)."""
    found = []
    runs = folder.parent / "tablebase" / "runs"
    for path in sorted(runs.glob("*.txt")):
        if path.name.endswith(".build.txt"):
            continue
        lines = path.read_text(errors="replace").splitlines()
        field = {x.split(" ", 1)[0]: x.split(" ", 1)[1] for x in lines if " " in x and not x.startswith("$")}
        value = field.get("value", "unknown 0").split()
        if value[0] not in ("win", "loss", "draw") or "game" not in field or "rules" not in field:
            continue
        found.append(
            {
                "game": field["game"],
                "rules": dict(kv.split("=", 1) for kv in field["rules"].split(",")),
                "value": value[0],
                "margin": value[1],
                "name": path.stem,
                "database": field.get("id", ""),
                "certificate": "",
                "method": "database",
            }
        )
    return found


def proof_of(row: dict[str, str], proofs: list[dict[str, str]]) -> tuple[dict[str, str] | None, bool]:
    """The database proof of `row`'s board, and whether it is the same board
    (every option the row gives agrees, the ply cap included) or the board
    without its ply cap (the row gives none, so plays under the game's
    default cap, and the proof is of `max_plies=0`)."""
    given = rules_of(row["rules"])
    for proof in proofs:
        if proof["game"] != row["game"]:
            continue
        if any(proof["rules"].get(k) != v for k, v in given.items()):
            continue
        if "max_plies" in given:
            return proof, True
        return proof, False
    return None, False


def evidence(proof: dict[str, str]) -> str:
    """What decides a board: the certificate, or the database's probe."""
    if proof["method"] == "database":
        return f"the endgame database's probe, `../tablebase/runs/{proof['name']}.txt`"
    return f"the prover over an endgame database, certificate `{proof['certificate']}`"


BOARDS_COLUMNS = ["game", "rules", "value", "margin", "method", "evidence", "sha256", "database", "command"]


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else ""


def board_rows(
    folder: Path, solved: list[dict[str, str]], proofs: list[dict[str, str]], open_proofs: list[dict[str, str]]
) -> list[dict[str, str]]:
    """boards.csv: one row per board. A board the prover alone left open
    and a database decides is the database's row; the rest of the
    prover's rows as they are (`open` where it stopped without a value)."""
    rows = []
    for r in solved:
        if r.get("decided_by"):
            continue
        decided = r["value"] in ("win", "loss", "draw")
        kept = r["certificate"] not in ("", "-", "not-kept")
        rows.append(
            {
                "game": r["game"],
                "rules": r["rules"],
                "value": r["value"] if decided else "open",
                "margin": r["margin"] if decided else "",
                "method": "prover",
                "evidence": r["certificate"] if kept else "",
                "sha256": r["cert_sha256"] if r["cert_sha256"] not in ("", "-") else "",
                "database": "",
                "command": r["command"],
            }
        )
    for p in proofs + open_proofs:
        over = p["method"] == "prover over a database"
        if over:
            evidence = p["certificate"]
            command = f"results/tablebase/prove/prove.sh {p['name']}"
        else:
            evidence = f"../tablebase/runs/{p['name']}.txt"
            command = "experiments/tablebase-study.sh"
        rows.append(
            {
                "game": p["game"],
                "rules": " ".join(f"{k}={v}" for k, v in p["rules"].items()),
                "value": p["value"],
                "margin": p["margin"],
                "method": p["method"],
                "evidence": evidence,
                "sha256": sha256_of(folder / evidence) if over and evidence else "",
                "database": p["database"],
                "command": command,
            }
        )
    return rows


def write_boards(folder: Path, rows: list[dict[str, str]]) -> None:
    with (folder / "boards.csv").open("w", newline="") as f:
        out = csv.DictWriter(f, fieldnames=BOARDS_COLUMNS, lineterminator="\n")
        out.writeheader()
        out.writerows(rows)


def proof_text(proof: dict[str, str]) -> str:
    """`North wins by 10` for a proof's value."""
    margin = int(proof["margin"])
    if proof["value"] == "win":
        return f"South wins by {margin}"
    if proof["value"] == "loss":
        return f"North wins by {-margin}"
    return "a draw"


def length_text(rules: str, row: dict[str, str], lengths: list[dict[str, str]]) -> str:
    """The exact length of the win (smallest cap keeping the value), or bounds."""
    if row["value"] not in ("win", "loss") or row["depth"] in ("", "-"):
        return "-"
    hi = int(row["depth"])
    lo = 0
    for r in lengths:
        if r["rules"] != rules:
            continue
        cap = int(r["cap"])
        if r["value"] == row["value"]:
            hi = min(hi, cap)
        elif r["value"] in ("win", "loss", "draw"):
            lo = max(lo, cap)
    return str(hi) if hi - lo == 1 else f"{lo + 1}..{hi}"


def count(text: str) -> str:
    return f"{int(text):,}" if text.isdigit() else text


def seconds(text: str) -> str:
    try:
        s = float(text)
    except ValueError:
        return text
    if s < 10:
        return f"{s:.2f}"
    if s < 3600:
        return f"{s:.0f}"
    return f"{s:.0f} ({s / 3600:.1f} h)"


def nodes_per_second(row: dict[str, str]) -> str:
    try:
        n, s = int(row["nodes"]), float(row["seconds"])
    except ValueError:
        return "-"
    return f"{n / s:,.0f}" if s >= 0.05 else "-"


def certificate(row: dict[str, str]) -> str:
    if row.get("decided_by"):
        name = row["decided_by"]
        return f"over an endgame database: [certificate](../tablebase/prove/{name}.cert.gz), checked"
    if row["certificate"] in ("", "-"):
        return "-"
    size = f"{row['cert_lines']} lines, {int(row['cert_bytes']):,} B gz"
    check = "checked" if row["check_seconds"] not in ("REJECTED", "-") else row["check_seconds"]
    if row["certificate"] == "not-kept":
        return f"{size}, {check}, not kept, SHA-256 `{row['cert_sha256']}`"
    return f"[{size}]({row['certificate']}), {check}"


def swap_section(swap: list[dict[str, str]], w: Callable[[str], None]) -> None:
    """The swap rule on the boards `ngola solve` or `ngola prove` decides (swap.csv)."""
    w("## The swap rule on decided boards")
    w("")
    w("Each board solved from the start by `ngola solve GAME --rule ... --rule swap=false")
    w("--moves` and again with `swap=true` (the pie rule: on his first turn North may")
    w("take over the position South made), or, where *method* is `prove` (boards the")
    w("solver does not finish within the script's limit under the swap rule), proved")
    w("by `ngola prove` from the start, by `experiments/swap-values.sh`, which writes")
    w("`swap.csv`; raw output in `runs/swap-*.txt`. Values are South's, result and")
    w("final margin (0 for Mangola, which has no score). *balanced first moves*:")
    w("South's first moves whose value under the swap rule is `draw 0`: whatever")
    w("North does, swap or move, perfect play draws. A board whose value under the")
    w("swap rule is not a draw has none (no first move does better than the best).")
    w("")
    w("| game | rules | without swap | with swap | balanced first moves | method |")
    w("|---|---|---|---|---|---|")
    for r in swap:
        balanced = " ".join(f"`{m}`" for m in r["balanced_first_moves"].split()) or "-"
        w(
            f"| {r['game']} | {r['rules']} | {r['value_without_swap']} "
            f"| {r['value_with_swap']} | {balanced} | {r.get('method') or 'solve'} |"
        )
    w("")
    result = {key: [r[key].split()[0] for r in swap] for key in ("value_without_swap", "value_with_swap")}

    def tally(key: str) -> str:
        return ", ".join(
            f"{word} {result[key].count(word)}" for word in ("win", "draw", "loss") if word in result[key]
        )

    changed = sum(a != b for a, b in zip(result["value_without_swap"], result["value_with_swap"]))
    balanced_boards = sum(bool(r["balanced_first_moves"].split()) for r in swap)
    w(
        f"Of the {len(swap)} boards, South's result without the swap rule: {tally('value_without_swap')}; "
        f"with it: {tally('value_with_swap')}. The swap rule changes South's result on {changed} "
        f"of them; {balanced_boards} have a balanced first move."
    )
    w("")


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "results/solved")
    solved = read(folder / "solved.csv")
    proofs = over_databases(folder) + probed_databases(folder)
    # Boards the prover alone left open but decided over a database, the
    # same board (the rows' rules name every option the proof's do).
    for row in solved:
        proof, same = proof_of(row, proofs)
        if row["value"] not in ("win", "loss", "draw") and proof and same:
            row["value"], row["margin"] = proof["value"], proof["margin"]
            row["decided_by"] = proof["name"]
        elif row["value"] not in ("win", "loss", "draw") and proof:
            row["uncapped"] = proof_text(proof)
    lengths = read(folder / "lengths.csv")
    compare = read(folder / "compare-4x6.csv")
    speed = read(folder / "speed.csv")
    swap = read(folder / "swap.csv")
    out: list[str] = []
    w = out.append

    w("<!-- Generated by experiments/solved-report.py from the CSV files of this folder,")
    w("     which experiments/solved-study.sh writes: edit those scripts, not this file. -->")
    w("# Solved boards")
    w("")
    w("Every board `ngola prove` (proof-number search; the book's page docs/src/prover.md) has")
    w("decided, with the exact command, from the start position under the rules")
    w("given (every other rule option at its default: for Mangola")
    w("`endless_sowing=illegal`, `lap_limit=10000` and the ply cap `max_plies=1000`,")
    w("at which the game is a draw). Values are from the first player's (South's)")
    w("view. Every decisive value comes with a certificate (the winner's strategy,")
    w("see docs/src/prover.md) that `ngola prove --check` verified with the per-seed")
    w("reference implementations; certificates up to 2 MB are in `certificates/`,")
    w("larger ones are given by size and SHA-256. The raw output of every command")
    w("is in `runs/`. Regenerate everything with `experiments/solved-study.sh`.")
    w("")
    w("`boards.csv` is the one table of every judged board, whatever judged it:")
    w("one row per board, with its value (or `open`), its method (`prover`,")
    w("`prover over a database`, `database`), evidence, checksum and command.")
    w("`ngola report` reads it; this script writes it with this page.")
    w("")
    w("Columns: *length*: plies to the end under best play on both sides (the")
    w("winner wins as fast as he can, the loser holds out as long as he can), found")
    w("as the smallest `max_plies` under which the same side still wins (`lengths.csv`);")
    w("a range where that search was not finished. *depth*: the longest line of the")
    w("proof found (its strategy's longest game). *nodes*: positions expanded.")
    w("*time*: wall-clock seconds on one thread of the shared 2-core machine")
    w("(other work running; read the times as orders of magnitude).")
    w("")


    # The frontier: what is decided, what is open and where it stopped.
    mangola_rows = [r for r in solved if r["game"] == "mangola"]
    if mangola_rows:
        w("## The frontier")
        w("")
        for capture in ("lap-start", "after-capture", "ludii"):
            rows = [r for r in mangola_rows if rules_of(r["rules"])["capture_sowing"] == capture]
            if not rows:
                continue
            parts = []
            for r in rows:
                cols = rules_of(r["rules"])["columns"]
                v = {"win": "South wins", "loss": "North wins", "draw": "draw"}.get(r["value"], "not decided")
                if r["value"] in ("win", "loss"):
                    v += f" (length {length_text(r['rules'], r, lengths)})"
                parts.append(f"4 x {cols}: {v}")
            label = "default" if capture == "lap-start" else "rule option"
            w(f"- Mangola, `capture_sowing={capture}` ({label}): " + "; ".join(parts) + ".")
        w("")
        w("*length*: plies to the end under best play on both sides; a range")
        w("`a..b` where the search for it stopped (see below).")
        w("")
        undecided = [r for r in solved if r["value"] not in ("win", "loss", "draw")]
        open_lengths = [r for r in lengths if r["value"] not in ("win", "loss", "draw")]
        if undecided or open_lengths:
            w("Open questions of the prover alone, with the state each run reached")
            w("(continue one by deleting its row from the CSV file and running the")
            w("study again: it starts from its checkpoint). Endgame databases settle")
            w("or bound most of them: `../tablebase/README.md` (the databases, their")
            w("values at the start or their bounds) and `../tablebase/prove/README.md`")
            w("(the prover over a database: Kalah and Um el-Bagara boards decided, with")
            w("checked certificates, and the frontier of those still open).")
            w("")
            for r in undecided:
                line = open_run(folder, f"{r['game']} {r['rules']}", tag_of(r), r)
                proof, _ = proof_of(r, proofs)
                if proof:
                    # Open under the game's default ply cap; the board
                    # without the cap is decided.
                    line = line.rstrip(".") + (
                        f"; without the ply cap (`max_plies=0`) the board is decided: "
                        f"{proof_text(proof)} ({evidence(proof)})."
                    )
                w(line)
            for r in open_lengths:
                w(
                    open_run(
                        folder,
                        f"the length of the win on mangola {r['rules']}: does it hold within {r['cap']} plies",
                        length_tag(r["rules"], r["cap"]),
                        r,
                    )
                )
            w("")

    if proofs:
        w("## Decided over endgame databases")
        w("")
        w("Boards decided by an endgame database (no ply cap: `max_plies=0`):")
        w("by `ngola prove --tb DIR`, whose leaves include every position the")
        w("database decides, each certificate checked by the reference")
        w("implementations with the same database (`../tablebase/prove/`, where")
        w("each board's script, output and check are), or by the database alone,")
        w("probed at the start (`../tablebase/runs/`). The databases are built,")
        w("verified and probed by `experiments/tablebase-study.sh`.")
        w("A row of the tables below with the same rules takes its value from")
        w("here (\"over a database\").")
        w("")
        w("| game | rules | value | method | database | evidence | command |")
        w("|---|---|---|---|---|---|---|")
        for p in proofs:
            rules = " ".join(f"{k}={v}" for k, v in p["rules"].items())
            if p["method"] == "database":
                shown = f"[probe](../tablebase/runs/{p['name']}.txt)"
                command = "`experiments/tablebase-study.sh` (its build, verify and probe)"
            else:
                shown = f"[{p['name']}.cert.gz]({p['certificate']}), checked"
                command = f"`results/tablebase/prove/{p['name']}.sh`"
            w(
                f"| {p['game']} | {rules} | {proof_text(p)} | {p['method']} "
                f"| `{p['database'][:16]}...` | {shown} | {command} |"
            )
        w("")

    mangola = [r for r in solved if r["game"] == "mangola"]
    if mangola:
        w("## Mangola, 4 x 2 to 4 x 8, the three capture readings")
        w("")
        w("| board | capture_sowing | value | length | depth | nodes | time s | nodes/s | certificate | command |")
        w("|---|---|---|---|---|---|---|---|---|---|")
        for r in mangola:
            rules = rules_of(r["rules"])
            w(
                f"| 4 x {rules['columns']} | {rules['capture_sowing']} | {value_text(r)} "
                f"| {length_text(r['rules'], r, lengths)} | {r['depth']} | {count(r['nodes'])} "
                f"| {seconds(r['seconds'])} | {nodes_per_second(r)} | {certificate(r)} | `{r['command']}` |"
            )
        w("")
        undecided = [r for r in mangola if r["value"] not in ("win", "loss", "draw")]
        if undecided:
            w("Not decided within the time limit: " + ", ".join(r["rules"] for r in undecided) + ".")
            w("")

    for game, title in (("umelbagara", "Um el-Bagara"), ("oware", "Oware"), ("kalah", "Kalah(m, n)")):
        rows = [r for r in solved if r["game"] == game]
        if not rows:
            continue
        w(f"## {title}")
        w("")
        if game == "kalah":
            w("Irving, Donkers and Uiterwijk's Kalah: `m` pits of `n` seeds,")
            w("`empty_capture=true` (their capture rule), no ply cap (`max_plies=0`:")
            w("every Kalah game ends). *published*: their value where this study")
            w("can cite it (the first five are also checked in CI by")
            w("`crates/ngola-agents/tests/solve_kalah.rs`); the margin is the")
            w("first player's final store difference.")
            w("")
            w("| m | n | value | published | nodes | time s | nodes/s | certificate | command |")
            w("|---|---|---|---|---|---|---|---|---|")
            for r in rows:
                rules = rules_of(r["rules"])
                m, n = int(rules["pits"]), int(rules["seeds"])
                w(
                    f"| {m} | {n} | {value_text(r)} | {PUBLISHED_KALAH.get((m, n), '')} "
                    f"| {count(r['nodes'])} | {seconds(r['seconds'])} | {nodes_per_second(r)} "
                    f"| {certificate(r)} | `{r['command']}` |"
                )
        else:
            w("Default rules otherwise (ply cap 1000). The margin is South's final")
            w("total minus North's. Each row of boards grows until a call runs out of")
            w("time (its row says `unknown`).")
            w("")
            w("| rules | value | depth | nodes | time s | nodes/s | certificate | command |")
            w("|---|---|---|---|---|---|---|---|")
            for r in rows:
                w(
                    f"| {r['rules']} | {value_text(r)} | {r['depth']} | {count(r['nodes'])} "
                    f"| {seconds(r['seconds'])} | {nodes_per_second(r)} | {certificate(r)} | `{r['command']}` |"
                )
        w("")

    if swap:
        swap_section(swap, w)

    if compare:
        w("## 4 x 6 Mangola: `ngola prove` against `ngola solve` under increasing caps")
        w("")
        w("The time to decide 4 x 6 Mangola (lap-start) from the start when the")
        w("game is a draw at ply `max_plies`; `ngola solve` is alpha-beta to the end")
        w("with a transposition table (docs/src/prover.md, \"The exact solver\"). One thread each;")
        w("`>N` means stopped after N seconds without an answer.")
        w("")
        w("| max_plies | solve: value | solve: nodes | solve: s | solve: nodes/s | prove: value | prove: nodes | prove: s | prove: nodes/s |")
        w("|---|---|---|---|---|---|---|---|---|")
        caps = sorted({int(r["cap"]) for r in compare})
        for cap in caps:
            cells = []
            for program in ("solve", "prove"):
                r = next((x for x in compare if int(x["cap"]) == cap and x["program"] == program), None)
                if r is None:
                    cells += ["-", "-", "-", "-"]
                else:
                    nodes = f"{int(r['nodes']):,}" if r["nodes"].isdigit() else r["nodes"]
                    cells += [r["value"], nodes, seconds(r["seconds"]), nodes_per_second(r)]
            w(f"| {cap} | " + " | ".join(cells) + " |")
        w("")
        w("Commands (with their limits): `compare-4x6.csv`; raw output:")
        w("`runs/compare-4x6-*.txt`. `max_plies=1000` is the default rule.")
        w("")

    if speed:
        w("## Speed: `ngola prove` against `ngola solve`")
        w("")
        w("Both programs on one position both decide (4 x 6 Mangola, draw at ply")
        w("28; the commands are in `speed.csv`), alternated in three rounds of one")
        w("run of the study. A *prove* node is an expansion (every child generated,")
        w("evaluated and looked up); a *solve* node is one alpha-beta visit. *wall s*")
        w("is the time each program reports (its search); *CPU s* is the whole")
        w("process's user + system time, table set-up and exit included (the machine")
        w("is shared, so wall-clock rates vary with the load).")
        w("")
        w("| round | program | value | nodes | wall s | CPU s | nodes/s (wall) | nodes per CPU s |")
        w("|---|---|---|---|---|---|---|---|")
        for r in speed:
            w(
                f"| {r['round']} | {r['program']} | {r['value']} | {int(r['nodes']):,} | {r['seconds']} "
                f"| {r['cpu_seconds']} | {int(r['nodes_per_second']):,} | {int(r['nodes_per_cpu_second']):,} |"
            )
        rates = {
            program: statistics.median(
                int(r["nodes_per_cpu_second"]) for r in speed if r["program"] == program
            )
            for program in ("solve", "prove")
            if any(r["program"] == program for r in speed)
        }
        times = {
            program: statistics.median(
                float(r["cpu_seconds"]) for r in speed if r["program"] == program
            )
            for program in ("solve", "prove")
            if any(r["program"] == program for r in speed)
        }
        if len(rates) == 2 and rates["prove"] > 0 and times["prove"] > 0:
            w("")
            w(
                f"Medians: solve {rates['solve']:,.0f} nodes per CPU second, prove "
                f"{rates['prove']:,.0f}: solve visits {rates['solve'] / rates['prove']:.1f} times "
                f"as many nodes per second, and prove decides the position in "
                f"{times['solve'] / times['prove']:.1f} times less CPU time."
            )
        w("")

    if solved:
        decided = [r for r in solved if r["cert_lines"] not in ("", "-")]
        if decided:
            w("## Proof sizes")
            w("")
            w("Certificate lines (positions with the winner to move that his strategy")
            w("reaches) against positions expanded to find the proof:")
            w("")
            w("| game | rules | nodes | certificate lines | lines per 1000 nodes |")
            w("|---|---|---|---|---|")
            for r in decided:
                n, lines = int(r["nodes"]), int(r["cert_lines"])
                w(f"| {r['game']} | {r['rules']} | {n:,} | {lines:,} | {1000 * lines / max(n, 1):.1f} |")
            w("")

    (folder / "README.md").write_text("\n".join(out) + "\n")
    write_boards(folder, board_rows(folder, solved, proofs, open_over_databases(folder)))


if __name__ == "__main__":
    main()

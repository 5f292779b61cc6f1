"""Tournaments from Python: :func:`tournament` runs the Rust arena and
:class:`Run` reads its output folder back (the CSV files as pandas
DataFrames, with the CSV's column names).
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional, Union

from ngola import _ngola
from ngola._errors import RuleError
from ngola._ngola import Game, State

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["AgentEntry", "Run", "load_run", "tournament"]

AgentEntry = Union[str, Callable[[State], Union[str, int]]]
"""An agent of a tournament: a spec string as on the command line
(``"alphabeta:depth=4"``), or a Python callable ``f(state) -> move`` that
answers a move in notation or an action id."""

# The text columns of games.csv that may be empty (kept as "" rather than NaN).
_TEXT_COLUMNS = ("south", "north", "opening", "moves", "fault")


def _pandas() -> Any:
    try:
        import pandas
    except ImportError as error:
        raise ImportError(
            "ngola: the tables of a run are pandas DataFrames; install pandas (pip install pandas)"
        ) from error
    return pandas


class Run:
    """A tournament's output folder. The tables are read from its CSV files
    on each access (so a resumed run shows its new rows): each frame has
    the CSV's columns, whose agents are the canonical specs, then the names
    the agents were given (:attr:`names`): ``name`` in :attr:`standings`,
    ``a_name`` and ``b_name`` in :attr:`pairs` and :attr:`first_player`,
    ``south_name`` and ``north_name`` in :attr:`games`."""

    def __init__(self, dir: Union[str, os.PathLike[str]]) -> None:
        self.dir: Path = Path(dir)
        """The output folder."""

    def __repr__(self) -> str:
        return f"Run({str(self.dir)!r})"

    def _csv(self, name: str, text_columns: tuple[str, ...] = ()) -> pandas.DataFrame:
        pd = _pandas()
        path = self.dir / name
        frame = pd.read_csv(path, dtype={c: str for c in text_columns})
        for column in text_columns:
            if column in frame.columns:
                frame[column] = frame[column].fillna("")
        return frame

    @property
    def names(self) -> list[str]:
        """The agents' names by id, as given (``{"ab2": "alphabeta:depth=2"}``
        names agent ``ab2``; an agent given without a name is named by its
        spec as written): the ``labels`` of ``experiment.toml``."""
        import tomllib

        experiment = tomllib.loads(self.experiment)
        return [str(name) for name in experiment["labels"]]

    def _named(self, frame: pandas.DataFrame, ids: dict[str, str]) -> pandas.DataFrame:
        """``frame`` with a column of names for each id column (``ids``:
        new column -> id column); empty where the id is (the overall line)."""
        names = self.names
        for column, id_column in ids.items():
            frame[column] = [
                names[int(i)] if _pandas().notna(i) and 0 <= int(i) < len(names) else ""
                for i in frame[id_column]
            ]
        return frame

    @property
    def games(self) -> pandas.DataFrame:
        """``games.csv``: one row per game, then ``south_name`` and ``north_name``."""
        return self._named(
            self._csv("games.csv", _TEXT_COLUMNS),
            {"south_name": "south_id", "north_name": "north_id"},
        )

    @property
    def standings(self) -> pandas.DataFrame:
        """``standings.csv``: per agent, score and Elo with 95% intervals, then ``name``."""
        return self._named(self._csv("standings.csv", ("agent",)), {"name": "id"})

    @property
    def pairs(self) -> pandas.DataFrame:
        """``pairs.csv``: per pairing, both colours, pentanomial counts, Elo,
        LOS, then ``a_name`` and ``b_name``."""
        return self._named(self._csv("pairs.csv", ("a", "b")), {"a_name": "a_id", "b_name": "b_id"})

    @property
    def first_player(self) -> pandas.DataFrame:
        """``first_player.csv``: South's results per pairing, then overall (the
        last line, whose ``pairing`` is NaN so that the column stays numeric),
        then ``a_name`` and ``b_name`` (the pairing's, from :attr:`pairs`;
        empty on the overall line)."""
        frame = self._csv("first_player.csv", ("a", "b"))
        pairs = self.pairs
        by_pairing = {
            int(p): (a, b) for p, a, b in zip(pairs["pairing"], pairs["a_name"], pairs["b_name"])
        }
        named = [
            by_pairing.get(int(p), ("", "")) if _pandas().notna(p) else ("", "")
            for p in frame["pairing"]
        ]
        frame["a_name"] = [a for a, _ in named]
        frame["b_name"] = [b for _, b in named]
        return frame

    @property
    def summary(self) -> str:
        """``summary.txt``: the summary table the command line prints."""
        return (self.dir / "summary.txt").read_text(encoding="utf-8")

    @property
    def experiment(self) -> str:
        """``experiment.toml``: the resolved experiment (read it with ``tomllib``)."""
        return (self.dir / "experiment.toml").read_text(encoding="utf-8")


def load_run(dir: Union[str, os.PathLike[str]]) -> Run:
    """The run in folder ``dir`` (written by :func:`tournament` or ``ngola
    tournament``); raises :class:`ngola.RunError` if it holds none."""
    _ngola.read_run(dir)
    return Run(dir)


def _default_out() -> Path:
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M%S")
    return Path("results") / "runs" / f"tournament-{stamp}"


def tournament(
    game: Union[Game, str],
    agents: Mapping[str, AgentEntry],
    games: int,
    *,
    rules: Optional[Mapping[str, Union[int, bool, str]]] = None,
    seed: int = 0,
    threads: Optional[int] = None,
    opening_plies: Optional[int] = None,
    out: Optional[Union[str, os.PathLike[str]]] = None,
    quiet: bool = True,
    format: str = "round-robin",
    resume: bool = False,
    allow_repeated_openings: bool = False,
) -> Run:
    """Plays a tournament in the Rust arena (GIL released) and returns its :class:`Run`.

    ``game`` is a :class:`Game` or a game name (then ``rules`` are its rule
    options); ``agents`` maps each agent's name (letters, digits, ``.``,
    ``_``, ``-``) to a spec string or a Python callable ``f(state) -> move``;
    ``games`` is the number of games per pairing (both colours, even).

    A callable gets a new :class:`State` at each of its turns (every move of
    the game in ``state.history``) and answers a move in notation or an
    action id; it runs on the arena's worker threads, holding the GIL only
    during the call, and is recorded as the agent ``engine:NAME``. For
    results that do not depend on the thread count it must be a function of
    the state (draw any randomness from it). An exception it raises loses
    that game (reason ``crash``, the exception in the ``fault`` column), so
    does an answer that is not a legal move (``illegal-move``) or a call of
    more than 60 s (``time-forfeit``); the run goes on. Only an exception
    that is not an ``Exception`` (``SystemExit``, ``KeyboardInterrupt``
    raised by the callable itself) stops the run, as an :class:`NgolaError`.

    As ``ngola tournament``: ``seed`` (master
    seed), ``threads`` (all cores by default; no result depends on it),
    ``opening_plies`` (random plies before each colour-swapped pair; by
    default chosen as the program chooses: none when every pairing has an
    agent that draws on its seed, else the fewest that give each pair of
    a pairing its own opening; 0 for none; a run needing more distinct
    openings than exist is refused unless ``allow_repeated_openings`` is
    true),
    ``format`` (``"round-robin"`` or ``"gauntlet"``), ``out`` (default
    ``results/runs/tournament-<UTC time>``, which must not hold a run unless
    ``resume`` is true: then the run there is finished, as ``--resume``
    does). ``quiet=False`` shows the progress bar on stderr and prints the
    summary. Ctrl-C stops the run cleanly (KeyboardInterrupt): the folder
    can be finished with ``resume=True`` and the same arguments.
    """
    if isinstance(game, Game):
        if rules:
            raise RuleError("give the rule options either in the Game or as rules=, not both")
    else:
        game = Game(game, **dict(rules or {}))
    if not isinstance(agents, Mapping):
        raise TypeError("agents: a dict of name -> spec string or callable")
    target = Path(out) if out is not None else _default_out()
    summary = _ngola.run_tournament(
        game,
        list(agents.items()),
        games,
        seed=seed,
        threads=threads,
        opening_plies=opening_plies,
        format=format,
        out=target,
        quiet=quiet,
        resume=resume,
        allow_repeated_openings=allow_repeated_openings,
    )
    if not quiet:
        print(summary, end="")
    return Run(target)

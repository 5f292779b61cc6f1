#!/usr/bin/env python3
"""A complete UGI engine playing uniformly random legal moves of Kalah (under all
of ngola's Kalah rule options), standard library only: the template to start your
own engine from (keep the protocol loop and the rules, replace `choose`). Other
games get `info error`, and ngola's arena stops before playing them.

    ngola tournament --game kalah --engine bot="python3 examples/engines/random_bot.py" \\
        --agent bot=engine:bot --agent random --games 20
"""
import random
import sys

RULES = {"pits": "6", "seeds": "4", "empty_capture": "false", "max_plies": "1000"}


class Position:
    """A Kalah position: `board` holds, in sowing order, South's pits a1..an, his
    store, North's pits bn..b1 and his store; `side` 0 (South, p1) or 1 moves."""

    def __init__(self, rules, text=None):
        n, self.empty_capture, self.side = int(rules["pits"]), rules["empty_capture"] == "true", 0
        self.board = ([int(rules["seeds"])] * n + [0]) * 2
        if text:  # e.g. "kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0": rows a/b in column order
            _, rows, side, _, stores = text.split()
            south, north = ([int(x) for x in row.split(",")] for row in rows.split("/"))
            (s, t), n, self.side = stores.split(","), len(south), "SN".index(side)
            self.board = south + [int(s)] + north[::-1] + [int(t)]
        self.n, self.names = n, {f"a{i + 1}": i for i in range(n)} | {f"b{n - i}": n + 1 + i for i in range(n)}

    def pits(self, side):
        return range(side * (self.n + 1), side * (self.n + 1) + self.n)

    def moves(self):
        """The mover's non-empty pits; none once either row is empty."""
        if not all(any(self.board[j] for j in self.pits(side)) for side in (0, 1)):
            return []
        return [i for i in self.pits(self.side) if self.board[i]]

    def play(self, i):
        n, seeds, self.board[i] = self.n, self.board[i], 0
        store, rival_store = (n, 2 * n + 1) if self.side == 0 else (2 * n + 1, n)
        while seeds:  # sow anticlockwise, the emptied pit included, skipping the rival's store
            i = (i + 1) % (2 * n + 2)
            if i != rival_store:
                self.board[i], seeds = self.board[i] + 1, seeds - 1
        if i == store:
            return  # the last seed in his store: he moves again
        if i in self.pits(self.side) and self.board[i] == 1 and (self.board[2 * n - i] or self.empty_capture):
            self.board[store] += 1 + self.board[2 * n - i]  # capture, with the facing pit's seeds
            self.board[i] = self.board[2 * n - i] = 0
        self.side = 1 - self.side

    def result(self):
        south, north = (sum(self.board[j] for j in self.pits(s)) + self.board[self.n + s * (self.n + 1)] for s in (0, 1))
        return "none" if self.moves() else ("draw", "p1win", "p2win")[(south > north) - (south < north)]


def choose(position, rng):
    """The engine's brain: here, a uniformly random legal move (its name)."""
    move = rng.choice(position.moves())
    return next(name for name, i in position.names.items() if i == move)


def main():
    rules, rng, position = dict(RULES), random.Random(1), Position(RULES)
    for line in sys.stdin:
        words, answer = line.split() or [""], None
        if words[0] == "quit":
            break
        if words[0] in ("ugi", "isready"):
            answer = "id name random_bot\nid author ngola examples\nugiok" if words[0] == "ugi" else "readyok"
        elif words[0] == "setoption" and "value" in words:
            name, value = words[2], " ".join(words[words.index("value") + 1:])
            given = dict(pair.split("=", 1) for pair in value.split(",") if "=" in pair)
            if name == "game" and value != "kalah" or name == "rules" and not given.keys() <= RULES.keys():
                answer = f"info error random_bot plays kalah under its rule options only, not {value}"
            elif name == "rules":
                rules = {**RULES, **given}
            elif name == "seed":
                rng = random.Random(int(value))
        elif words[0] in ("position", "uginewgame"):
            cut = words.index("moves") if "moves" in words else len(words)
            position = Position(rules, " ".join(words[2:cut]) if words[1:2] == ["fen"] else None)
            for move in words[cut + 1:]:
                position.play(position.names[move])
        elif words[0] == "go":
            answer = f"bestmove {choose(position, rng)}"
        elif words[0] == "query":
            replies = {"gameover": not position.moves(), "p1turn": position.side == 0}
            answer = f"response {str(replies.get(words[1], position.result())).lower()}"
        if answer:
            print(answer, flush=True)


if __name__ == "__main__":
    main()

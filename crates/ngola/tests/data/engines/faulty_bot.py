#!/usr/bin/env python3
"""A Kalah engine that plays like examples/engines/random_bot.py for its first
MOVES moves of each game, then commits FAULT on its next turn:

    faulty_bot.py crash MOVES     exits with status 3 (after a line on stderr)
    faulty_bot.py illegal MOVES   answers `bestmove z9`
    faulty_bot.py sleep MOVES     sleeps 30 s before answering
    faulty_bot.py silent          never answers `ugi` (a failed handshake)
    faulty_bot.py forkchild MOVES starts a child that keeps its output open
                                  for 25 s, then exits with status 5
    faulty_bot.py long MOVES      answers a `bestmove` of 1 MB
    faulty_bot.py slow MS         takes MS milliseconds over every move
"""
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "..", "examples", "engines"))
from random_bot import RULES, Position, choose  # noqa: E402

fault, moves = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0
rng, position, played = random.Random(1), Position(RULES), 0
for line in sys.stdin:
    words = line.split() or [""]
    if words[0] == "quit":
        break
    if words[0] == "ugi" and fault != "silent":
        print("id name faulty_bot\nugiok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "uginewgame":
        played = 0
    elif words[:3] == ["setoption", "name", "seed"]:
        rng = random.Random(int(words[-1]))
    elif words[0] == "position":
        position = Position(RULES)
        for move in words[3:]:
            position.play(position.names[move])
    elif words[0] == "go":
        if played == moves and fault == "crash":
            print("faulty_bot: crashing on purpose", file=sys.stderr, flush=True)
            sys.exit(3)
        if played == moves and fault == "sleep":
            time.sleep(30)
        if played == moves and fault == "forkchild":
            subprocess.Popen(["sleep", "25"], stdout=sys.stdout)
            sys.exit(5)
        if fault == "slow":
            time.sleep(moves / 1000)
        answer = "z9" if played == moves and fault == "illegal" else choose(position, rng)
        if played == moves and fault == "long":
            answer = "a" * 1_000_000
        played += 1
        print(f"bestmove {answer}", flush=True)

#!/usr/bin/python3
"""A random 1D Chess bot for the skirmish bridge (docs/bots.md):
    skirmish bot --cmd "/usr/bin/python3 bots/random_onedchess.py" onedchess
Each request: one of our pieces at random, LEFT or RIGHT at random."""
import json
import random
import sys


def choose(view, seat):
    own = "W" if seat == "white" else "B"
    positions = [i for i, cell in enumerate(view["board"]) if cell[0] == own and cell != "EMPTY"]
    return {"position": random.choice(positions), "direction": random.choice(["LEFT", "RIGHT"])}


def main():
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "act":
            print(json.dumps(choose(request["view"], request["seat"])), flush=True)


if __name__ == "__main__":
    main()

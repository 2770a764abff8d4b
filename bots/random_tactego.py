#!/usr/bin/python3
"""A random Tactego bot for the skirmish bridge (docs/bots.md):
    skirmish bot --cmd "/usr/bin/python3 bots/random_tactego.py" tactego
Each request: move a random piece of ours that can move to a random square one step away
that does not hold one of our own pieces."""
import json
import random
import sys

STILL = ("F", "M")  # flags and mines never move


def choose(view, seat):
    own = "R" if seat == "red" else "B"
    rows, cols, board = view["rows"], view["cols"], view["board"]
    moves = []
    for r in range(rows):
        for c in range(cols):
            cell = board[r][c]
            if cell is None or cell[0] != own or cell[1:] in STILL:
                continue
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    tr, tc = r + dr, c + dc
                    if (dr or dc) and 0 <= tr < rows and 0 <= tc < cols:
                        target = board[tr][tc]
                        if target is None or target[0] != own:
                            moves.append({"from": [r, c], "to": [tr, tc]})
    return random.choice(moves) if moves else {"resign": True}


def main():
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "act":
            print(json.dumps(choose(request["view"], request["seat"])), flush=True)


if __name__ == "__main__":
    main()

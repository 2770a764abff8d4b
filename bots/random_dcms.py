#!/usr/bin/python3
"""A random Dog-Cat-Mouse-cheeSe bot for the skirmish bridge (docs/bots.md):
    skirmish bot --cmd "/usr/bin/python3 bots/random_dcms.py" dcms
Setup: every piece on a random free square of our half. Each turn: a random direction for
every piece of ours still on the board except the cheeSe."""
import json
import random
import sys


def setup(view):
    cols, color = view["cols"], view["color"]
    half = cols // 2
    mine = (lambda c: c < half) if color == 0 else (lambda c: c >= cols - half)
    free = [[r, c] for r, row in enumerate(view["walls"]) for c, ch in enumerate(row)
            if ch == "." and mine(c)]
    return {"placement": [random.choice(free) for _ in view["pieces"]]}


def move(view):
    orders = []
    for letter in view["pieces"][1:]:
        letter = letter if view["color"] == 0 else letter.lower()
        if view["placement"].get(letter) is not None:
            orders.append(f"{letter} {random.randint(1, 9)}")
    cheese = "S" if view["color"] == 0 else "s"
    return {"move": " ".join(orders) or cheese + " 5"}


def main():
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "act":
            view = request["view"]
            reply = setup(view) if request["phase"] == "setup" else move(view)
            print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()

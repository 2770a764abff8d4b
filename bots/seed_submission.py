#!/usr/bin/python3
"""Runs a seed-style DCMS submission (one Python 3 file defining setup() and move()) as a
bot of the skirmish bridge, unchanged.

    skirmish bot --python-dcms team.py dcms
    (the bridge runs: python3 seed_submission.py team.py)

Line protocol: docs/bots.md. The submission sees exactly what the seed describes:
  setup(color, rows, cols, board) -> ((row, col), ...)  cheeSe first
  move(color, rows, cols, board, placement) -> "M 4"
with board an r-tuple of c-tuples of "WWWW" (wall) / "    " (free) and placement a dict
from piece letters to (row, col) tuples or None. An exception, or a result of the wrong
type, ends this program with status 1: the bridge reports a crash and the game is lost.
The clock is the bridge's: a call slower than the deadline becomes a null move.
"""
import importlib.machinery
import importlib.util
import json
import sys
import traceback

WALL = "WWWW"
FREE = "    "


def load_submission(path):
    # The loader named outright: spec_from_file_location() guesses it from the suffix and
    # finds none for TEAM.PY, a name a submission may well have.
    loader = importlib.machinery.SourceFileLoader("submission", path)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("submission", loader))
    loader.exec_module(module)
    for name in ("setup", "move"):
        if not callable(getattr(module, name, None)):
            raise SystemExit(f"{path}: the submission does not define {name}()")
    return module


def seed_board(walls):
    return tuple(tuple(WALL if ch == "#" else FREE for ch in row) for row in walls)


def seed_placement(placement):
    return {letter: (tuple(pos) if pos is not None else None) for letter, pos in placement.items()}


def answer(request, submission):
    view = request["view"]
    color, rows, cols = view["color"], view["rows"], view["cols"]
    board = seed_board(view["walls"])
    if request["phase"] == "setup":
        result = submission.setup(color, rows, cols, board)
        try:
            placement = [[int(row), int(col)] for row, col in result]
        except (TypeError, ValueError):
            raise TypeError(f"setup() returned {result!r}, not a tuple of (row, col) tuples")
        return {"placement": placement}
    result = submission.move(color, rows, cols, board, seed_placement(view["placement"]))
    if not isinstance(result, str):
        raise TypeError(f"move() returned {result!r}, not a string such as 'M 4'")
    return {"move": result}


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: seed_submission.py TEAM.py")
    protocol_out = sys.stdout
    sys.stdout = sys.stderr  # the submission's print() goes to the log, not to the bridge
    try:
        submission = load_submission(sys.argv[1])
    except Exception:
        traceback.print_exc()
        sys.exit(1)
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("type") != "act":
            continue  # "over": the game ended
        try:
            reply = answer(request, submission)
        except Exception:
            traceback.print_exc()
            sys.exit(1)
        protocol_out.write(json.dumps(reply) + "\n")
        protocol_out.flush()


if __name__ == "__main__":
    main()

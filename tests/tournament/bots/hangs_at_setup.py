"""A seed-style DCMS submission that never answers, not even its setup: it misses the
setup's deadline, so it loses at turn 0 with an illegal setup (no placement), one
deadline into the game, and that missed setup counts as its timeout."""
import time


def setup(color, rows, cols, board):
    time.sleep(60)  # well past any test's deadline; the bridge stops it when the game ends


def move(color, rows, cols, board, placement):
    time.sleep(60)

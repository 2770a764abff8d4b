"""A seed-style DCMS submission whose move() takes longer than the 300 ms the test allows:
every turn must become a null move."""
import time


def setup(color, rows, cols, board):
    return ((1, 1), (3, 1)) if color == 0 else ((1, cols - 2), (3, cols - 2))


def move(color, rows, cols, board, placement):
    time.sleep(0.6)
    return "M 6" if color == 0 else "m 4"

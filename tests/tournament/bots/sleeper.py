"""A seed-style DCMS submission that sets up at once but sleeps past the deadline on every
move: each of its turns is a null move. The cheeSe sits on the middle row at the far edge of
its half, where a greedy Mouse walks straight in; the Mouse waits in a top corner."""
import time


def setup(color, rows, cols, board):
    col = 1 if color == 0 else cols - 2
    return ((rows // 2, col), (1, col))


def move(color, rows, cols, board, placement):
    time.sleep(1.5)
    return ("M" if color == 0 else "m") + " 5"

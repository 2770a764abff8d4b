"""A seed-style DCMS submission that writes garbage to the real standard output on its third
move (a stray debugging print), which the bridge takes for a crash at once. Set up as
crash_third_move.py, so that the two fail in the same turn."""
import sys

calls = 0


def setup(color, rows, cols, board):
    col = 1 if color == 0 else cols - 2
    return ((1, col), (1, col))


def move(color, rows, cols, board, placement):
    global calls
    calls += 1
    if calls == 3:
        sys.__stdout__.write("debugging: my board is %r\n" % (board,))
        sys.__stdout__.flush()
    return ("M" if color == 0 else "m") + " 5"

"""A seed-style DCMS submission that crashes (raises) on its third move.
Setup: cheeSe and Mouse in the corner of its half farthest from the middle, so no enemy
piece can reach them before the crash; the first two moves stay put."""

calls = 0


def setup(color, rows, cols, board):
    col = 1 if color == 0 else cols - 2
    return ((1, col), (1, col))


def move(color, rows, cols, board, placement):
    global calls
    calls += 1
    if calls == 3:
        raise RuntimeError("crash_third_move: crashing on purpose on move 3")
    return ("M" if color == 0 else "m") + " 5"

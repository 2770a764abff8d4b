"""A seed-style DCMS submission that tries to allocate unbounded memory on its first move."""


def setup(color, rows, cols, board):
    col = 1 if color == 0 else cols - 2
    return ((1, col), (1, col))


def move(color, rows, cols, board, placement):
    hoard = []
    while True:
        hoard.append(bytearray(16 * 1024 * 1024))

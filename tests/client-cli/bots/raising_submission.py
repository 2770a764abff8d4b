"""A seed-style DCMS submission whose move() raises: the game must count as a crash."""


def setup(color, rows, cols, board):
    return ((1, 1), (3, 1)) if color == 0 else ((1, cols - 2), (3, cols - 2))


def move(color, rows, cols, board, placement):
    print("thinking...")  # a submission's print() must not disturb the bridge
    return 1 // 0

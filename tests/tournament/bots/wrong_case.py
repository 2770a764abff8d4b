"""A seed-style DCMS submission that writes its moves in the other colour's case ("m 5" for
blue): every move is refused, and the bridge gives its seat up after 50 refusals."""


def setup(color, rows, cols, board):
    col = 1 if color == 0 else cols - 2
    return ((1, col), (1, col))


def move(color, rows, cols, board, placement):
    return ("m" if color == 0 else "M") + " 5"

#!/usr/bin/env python3
"""Reference Tactego in the seeds' own style (random.seed + random.shuffle), used to produce
the expected placement and board text the C++ engine is tested against.

Usage: tactego_reference.py SEED PIECES_FILE_OR_PRESET LENGTH WIDTH [MOVE ...]
where each MOVE is "r1 c1 r2 c2". Prints the seed's transcript: the board, then for each
move the two prompts with their answers and the board again.
"""
import random
import sys

PRESETS = {
    'small_game': '5 1\n3 1\n2 2\n1 3\nF 1\n',
    'basic': '10 1\n9 1\n8 2\n7 3\n6 4\n5 4\n3 6\n2 8\n1 10\nF 1\n',
    'assassins': 'A 3\nF 1\n1 2\n',
}
SEAT_LETTERS = ['R', 'B']
LABEL_WIDTH = 2
MIN_CELL_WIDTH = 3


def load_pieces(text):
    """File order, each line expanded to COUNT copies, nothing sorted (as the seed says)."""
    pieces = []
    for line in text.splitlines():
        tokens = line.split()
        if tokens:
            kind, count = tokens[0], int(tokens[1])
            pieces += [kind] * count
    return pieces


def place(pieces, length, width):
    red = list(pieces)
    blue = list(pieces)
    random.shuffle(red)   # red first, then blue
    random.shuffle(blue)
    board = [[None] * width for _ in range(length)]
    for i, kind in enumerate(red):
        board[i // width][i % width] = ('R', kind)
    for i, kind in enumerate(blue):
        board[length - 1 - i // width][i % width] = ('B', kind)
    return board


def strength(kind):
    return int(kind) if kind.isdigit() else 0  # a sapper fights as 0


def attacker_wins(attacker, defender):
    if defender == 'F':
        return True
    if defender == 'M':
        return attacker == 'S'
    if attacker == 'A' or defender == 'A':
        return True
    return strength(attacker) >= strength(defender)


def move(board, r1, c1, r2, c2):
    piece, target = board[r1][c1], board[r2][c2]
    board[r1][c1] = None
    if target is None or attacker_wins(piece[1], target[1]):
        board[r2][c2] = piece


def draw(board, cell_width):
    width = len(board[0])
    header = ' ' * LABEL_WIDTH + ''.join(' ' + str(c).ljust(cell_width) for c in range(width))
    print(header.rstrip())
    for r, row in enumerate(board):
        cells = ''.join(' ' + ('' if cell is None else cell[0] + cell[1]).ljust(cell_width)
                        for cell in row)
        print(str(r).rjust(LABEL_WIDTH) + cells)


def main(argv):
    seed, pieces_name, length, width = argv[1], argv[2], int(argv[3]), int(argv[4])
    if pieces_name in PRESETS:
        text = PRESETS[pieces_name]
    else:
        with open(pieces_name) as f:
            text = f.read()
    random.seed(seed)
    pieces = load_pieces(text)
    board = place(pieces, length, width)
    cell_width = max([MIN_CELL_WIDTH] + [1 + len(kind) for kind in pieces])
    draw(board, cell_width)
    for text_move in argv[5:]:
        r1, c1, r2, c2 = (int(x) for x in text_move.split())
        print('Select Piece to Move by Position >> %d %d' % (r1, c1))
        print('Select Position to move Piece >> %d %d' % (r2, c2))
        move(board, r1, c1, r2, c2)
        draw(board, cell_width)


if __name__ == '__main__':
    main(sys.argv)

"""A greedy Dog-Cat-Mouse-cheeSe player written as a seed-style submission (seed 001):
one file with setup() and move(), nothing else. Run it with
    skirmish bot --python-dcms bots/greedy_dcms.py dcms

setup: the cheeSe in the free square of our half farthest from the middle, the Mouse
next to the middle (the seed's round 1: pieces SM; the seed's setup() is not told the set). move: every piece that can move steps to the free neighbour
closest to the enemy cheeSe (the Mouse eats it; bigger pieces escort), never onto a wall.
"""

WALL = "WWWW"
BLUE = 0
# numpad direction -> (row step, col step); 5 stays
DIRECTIONS = {"7": (-1, -1), "8": (-1, 0), "9": (-1, 1),
              "4": (0, -1), "5": (0, 0), "6": (0, 1),
              "1": (1, -1), "2": (1, 0), "3": (1, 1)}
PIECE_ORDER = "SMCD"


def in_my_half(color, cols, col):
    half = cols // 2
    if color == BLUE:
        return col < half
    return col >= cols - half


def setup(color, rows, cols, board):
    free = [(r, c) for r in range(rows) for c in range(cols)
            if board[r][c] != WALL and in_my_half(color, cols, c)]
    middle = (cols - 1) / 2
    # cheeSe far from the middle; the others close to it (towards the enemy)
    cheese = max(free, key=lambda p: (abs(p[1] - middle), -abs(p[0] - rows // 2)))
    front = min(free, key=lambda p: (abs(p[1] - middle), abs(p[0] - rows // 2)))
    return (cheese, front)  # round 1 (pieces SM): cheeSe, then Mouse


def distance(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def move(color, rows, cols, board, placement):
    enemy_cheese = placement.get("s" if color == BLUE else "S")
    orders = []
    for upper in PIECE_ORDER[1:]:
        letter = upper if color == BLUE else upper.lower()
        here = placement.get(letter)
        if here is None or enemy_cheese is None:
            continue
        best_direction, best_distance = "5", distance(here, enemy_cheese)
        for direction, (dr, dc) in DIRECTIONS.items():
            r, c = here[0] + dr, here[1] + dc
            if board[r][c] == WALL:
                continue
            if distance((r, c), enemy_cheese) < best_distance:
                best_direction, best_distance = direction, distance((r, c), enemy_cheese)
        orders.append(letter + " " + best_direction)
    if not orders:
        return ("M" if color == BLUE else "m") + " 5"
    return " ".join(orders)

#pragma once
// How pieces move, as the seed's functions (is_valid_move, move_king, move_knight, move),
// so the seed's examples read as tests word for word. The game state builds on these.
#include <optional>

#include "engine/common/game.h"
#include "engine/onedchess/board.h"
#include "engine/onedchess/move.h"

namespace skirmish::engine::onedchess {

// True when `position` is on the board and holds one of `player`'s pieces.
bool is_valid_move(const Board& board, int position, Seat player);

// Where the piece at `position` ends up when moved in `direction` (its own position when it
// cannot move). A king slides until the cell of the first piece in its way (of either
// colour) or the last cell before the edge; a knight lands exactly two cells away, or stays
// when that is off the board. Precondition: `position` is on the board and not empty.
int landing_cell(const Board& board, int position, Direction direction);

// Moves the piece at `position` to its landing cell, killing whatever stood there.
// Returns the killed piece (Cell::Empty if none). Same precondition; never allocates.
Cell move_piece(Board& board, int position, Direction direction);

// The seed's functions. Each throws std::invalid_argument naming the position when it does
// not hold the right kind of piece (a king, a knight, any piece).
void move_king(Board& board, int position, Direction direction);
void move_knight(Board& board, int position, Direction direction);
void move(Board& board, int position, Direction direction);

// The seed's is_game_over, without the printing: the winner when a king is missing
// (Black when the White king is gone, White when the Black king is gone), else nullopt.
std::optional<Seat> winner(const Board& board);
inline bool is_game_over(const Board& board) { return winner(board).has_value(); }

}  // namespace skirmish::engine::onedchess

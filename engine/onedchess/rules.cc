#include "engine/onedchess/rules.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace skirmish::engine::onedchess {
namespace {

void require_piece(const Board& board, int position, bool (*kind)(Cell), std::string_view what,
                   std::string_view function) {
  if (!on_board(position))
    throw std::invalid_argument(std::string(function) + ": position " + std::to_string(position) +
                                " is off the board (0.." + std::to_string(kBoardSize - 1) + ")");
  const Cell cell = board[static_cast<std::size_t>(position)];
  if (!kind(cell))
    throw std::invalid_argument(std::string(function) + ": position " + std::to_string(position) +
                                " holds " + std::string(cell_name(cell)) + ", not " +
                                std::string(what));
}

bool is_piece(Cell cell) { return cell != Cell::Empty; }

}  // namespace

bool is_valid_move(const Board& board, int position, Seat player) {
  return on_board(position) && owner(board[static_cast<std::size_t>(position)]) == player;
}

int landing_cell(const Board& board, int position, Direction direction) {
  const int delta = step(direction);
  if (is_knight(board[static_cast<std::size_t>(position)])) {
    const int target = position + 2 * delta;
    return on_board(target) ? target : position;
  }
  // King: slide over empty cells; stop on the first piece (to kill it) or at the edge.
  int target = position;
  while (on_board(target + delta)) {
    target += delta;
    if (board[static_cast<std::size_t>(target)] != Cell::Empty) break;
  }
  return target;
}

Cell move_piece(Board& board, int position, Direction direction) {
  const int target = landing_cell(board, position, direction);
  if (target == position) return Cell::Empty;
  auto& from = board[static_cast<std::size_t>(position)];
  auto& to = board[static_cast<std::size_t>(target)];
  const Cell killed = to;
  to = from;
  from = Cell::Empty;
  return killed;
}

void move_king(Board& board, int position, Direction direction) {
  require_piece(board, position, is_king, "a king", "move_king");
  move_piece(board, position, direction);
}

void move_knight(Board& board, int position, Direction direction) {
  require_piece(board, position, is_knight, "a knight", "move_knight");
  move_piece(board, position, direction);
}

void move(Board& board, int position, Direction direction) {
  require_piece(board, position, is_piece, "a piece", "move");
  if (is_king(board[static_cast<std::size_t>(position)]))
    move_king(board, position, direction);
  else
    move_knight(board, position, direction);
}

std::optional<Seat> winner(const Board& board) {
  if (std::find(board.begin(), board.end(), Cell::WhiteKing) == board.end()) return kBlack;
  if (std::find(board.begin(), board.end(), Cell::BlackKing) == board.end()) return kWhite;
  return std::nullopt;
}

}  // namespace skirmish::engine::onedchess

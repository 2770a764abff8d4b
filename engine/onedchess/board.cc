#include "engine/onedchess/board.h"

namespace skirmish::engine::onedchess {

std::string_view cell_name(Cell cell) {
  switch (cell) {
    case Cell::WhiteKing: return "WKi";
    case Cell::WhiteKnight: return "WKn";
    case Cell::BlackKing: return "BKi";
    case Cell::BlackKnight: return "BKn";
    case Cell::Empty: break;
  }
  return "EMPTY";
}

Board create_board() {
  return {Cell::WhiteKing, Cell::WhiteKnight, Cell::WhiteKnight,
          Cell::Empty,     Cell::Empty,       Cell::Empty,
          Cell::BlackKnight, Cell::BlackKnight, Cell::BlackKing};
}

std::string printable_board(const Board& board) {
  // Every cell is " XXX |", so the border is 9 * 6 - 1 = 53 dashes between two '+'.
  const std::string border = "+" + std::string(kBoardSize * 6 - 1, '-') + "+";
  std::string text;
  text.reserve(3 * border.size() + 2);
  text += border;
  text += "\n|";
  for (Cell cell : board) {
    text += ' ';
    text += cell == Cell::Empty ? std::string_view("   ") : cell_name(cell);
    text += " |";
  }
  text += '\n';
  text += border;
  return text;
}

}  // namespace skirmish::engine::onedchess

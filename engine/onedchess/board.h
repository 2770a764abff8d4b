#pragma once
// The 1 x 9 board of "110 1D chess": what stands on each cell, the starting position and
// the seed's exact text rendering.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/common/game.h"

namespace skirmish::engine::onedchess {

inline constexpr Seat kWhite = 0;  // moves first, starts on the left
inline constexpr Seat kBlack = 1;

enum class Cell : std::uint8_t { Empty, WhiteKing, WhiteKnight, BlackKing, BlackKnight };

inline constexpr int kBoardSize = 9;
using Board = std::array<Cell, kBoardSize>;

// The seed's names: "WKi", "WKn", "BKi", "BKn", "EMPTY".
std::string_view cell_name(Cell cell);

// The seat owning the piece on `cell`, or -1 for an empty cell.
constexpr Seat owner(Cell cell) {
  switch (cell) {
    case Cell::WhiteKing:
    case Cell::WhiteKnight: return kWhite;
    case Cell::BlackKing:
    case Cell::BlackKnight: return kBlack;
    case Cell::Empty: break;
  }
  return -1;
}

constexpr bool is_king(Cell cell) { return cell == Cell::WhiteKing || cell == Cell::BlackKing; }
constexpr bool is_knight(Cell cell) {
  return cell == Cell::WhiteKnight || cell == Cell::BlackKnight;
}
constexpr bool on_board(int position) { return position >= 0 && position < kBoardSize; }

// WKi WKn WKn EMPTY EMPTY EMPTY BKn BKn BKi
Board create_board();

// Three lines joined by "\n", no trailing newline:
// +-----------------------------------------------------+
// | WKi | WKn | WKn |     |     |     | BKn | BKn | BKi |
// +-----------------------------------------------------+
std::string printable_board(const Board& board);

}  // namespace skirmish::engine::onedchess

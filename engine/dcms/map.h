#pragma once
// DCMS boards: a grid of walls and free squares, read from the map text format
// ('#' wall, '.' free, rectangular, border all walls).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace skirmish::engine::dcms {

struct Pos {
  int row = 0;
  int col = 0;
  bool operator==(const Pos&) const = default;
};

// Blue's half is col < cols / 2, red's half col >= cols - cols / 2 (odd: middle is nobody's).
// Also for a client that has the board's width only.
inline bool in_seat_half(int seat, int c, int cols) { return seat == 0 ? c < cols / 2 : c >= cols - cols / 2; }

struct Map {
  std::string name;
  int rows = 0;
  int cols = 0;
  std::vector<std::uint8_t> walls;  // row-major, 1 = wall

  // Squares outside the grid count as walls, so nothing can ever step off the board.
  bool wall(int r, int c) const {
    if (r < 0 || c < 0 || r >= rows || c >= cols) return true;
    return walls[static_cast<std::size_t>(r * cols + c)] != 0;
  }
  bool on_board(int r, int c) const { return r >= 0 && c >= 0 && r < rows && c < cols; }
  bool in_half(int seat, int c) const { return in_seat_half(seat, c, cols); }
  bool operator==(const Map&) const = default;
};

// A bad map: where (1-based line and column) and what was wrong; what() names both. Line and
// column are 0 for a fault of the whole map (empty, too small, a half without a free
// square), and what() then names no place.
class MapError : public std::invalid_argument {
 public:
  MapError(const std::string& map_name, int line, int column, const std::string& problem);
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  int line_;
  int column_;
};

// The smallest playable board: one free square in each half needs 3 rows by 4 columns.
inline constexpr int kMinRows = 3;
inline constexpr int kMinCols = 4;

// Parses a map file. Accepts CRLF line ends and one trailing newline; throws MapError for
// any other character (a blank included), ragged rows, a gap in the border wall, a board
// smaller than 3x4, or a half without a free square.
Map parse_map(std::string_view text, std::string name);

}  // namespace skirmish::engine::dcms

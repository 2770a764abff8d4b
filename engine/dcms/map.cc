#include "engine/dcms/map.h"

#include <algorithm>
#include <cstdio>

namespace skirmish::engine::dcms {
namespace {

constexpr int kWholeMap = 0;  // line and column of a fault of the whole map

// A character as it follows "unexpected": "blank", "character 'x'", "byte 0x1b". Never
// the character itself when it is invisible or could act on a terminal.
std::string describe_char(char ch) {
  if (ch == ' ') return "blank";
  if (ch == '\t') return "tab";
  if (ch == '\r') return "carriage return";
  if (ch >= 0x21 && ch <= 0x7e) return std::string("character '") + ch + "'";
  char code[16];
  std::snprintf(code, sizeof code, "byte 0x%02x", static_cast<unsigned>(static_cast<unsigned char>(ch)));
  return code;
}

// Splits into lines: "\n" or "\r\n" ends a line; a final line end adds no empty line.
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r' && end != std::string_view::npos)
      line.remove_suffix(1);
    lines.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

// "map 'm', line 3, column 5: ..." for a place in the map; "map 'm': ..." for line 0, a
// fault of the whole map (no square to point at).
std::string map_error_text(const std::string& map_name, int line, int column,
                           const std::string& problem) {
  std::string text = "map '" + map_name + "'";
  if (line > 0)
    text += ", line " + std::to_string(line) + ", column " + std::to_string(column);
  return text + ": " + problem;
}

}  // namespace

MapError::MapError(const std::string& map_name, int line, int column, const std::string& problem)
    : std::invalid_argument(map_error_text(map_name, line, column, problem)),
      line_(line),
      column_(column) {}

Map parse_map(std::string_view text, std::string name) {
  const auto lines = split_lines(text);
  // Line ends alone ("\n") hold no square either: no place to point at.
  if (std::all_of(lines.begin(), lines.end(), [](std::string_view line) { return line.empty(); }))
    throw MapError(name, kWholeMap, kWholeMap, "the map is empty");

  Map map;
  map.rows = static_cast<int>(lines.size());
  map.cols = static_cast<int>(lines[0].size());
  for (int r = 0; r < map.rows; ++r) {
    const std::string_view line = lines[static_cast<std::size_t>(r)];
    for (std::size_t c = 0; c < line.size(); ++c) {
      if (line[c] != '#' && line[c] != '.')
        throw MapError(name, r + 1, static_cast<int>(c) + 1,
                       "unexpected " + describe_char(line[c]) +
                           " (a map uses only '#' for a wall and '.' for a free square)");
    }
    const int width = static_cast<int>(line.size());
    if (width == 0) throw MapError(name, r + 1, 1, "empty line (every row must be as wide as line 1)");
    if (width != map.cols)
      throw MapError(name, r + 1, std::min(width, map.cols) + 1,
                     "row has " + std::to_string(width) + " columns but line 1 has " +
                         std::to_string(map.cols) + " (the map must be rectangular)");
  }
  if (map.rows < kMinRows)
    throw MapError(name, kWholeMap, kWholeMap,
                   "the map has " + std::to_string(map.rows) + " rows; at least " +
                       std::to_string(kMinRows) + " are needed to play");
  if (map.cols < kMinCols)
    throw MapError(name, kWholeMap, kWholeMap,
                   "the map has " + std::to_string(map.cols) + " columns; at least " +
                       std::to_string(kMinCols) + " are needed to play");

  map.walls.resize(static_cast<std::size_t>(map.rows * map.cols));
  for (int r = 0; r < map.rows; ++r)
    for (int c = 0; c < map.cols; ++c)
      map.walls[static_cast<std::size_t>(r * map.cols + c)] =
          lines[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '#' ? 1 : 0;

  // The border, checked top row, bottom row, then left and right columns.
  for (int c = 0; c < map.cols; ++c) {
    if (!map.wall(0, c)) throw MapError(name, 1, c + 1, "the top row must be all walls '#'");
    if (!map.wall(map.rows - 1, c))
      throw MapError(name, map.rows, c + 1, "the bottom row must be all walls '#'");
  }
  for (int r = 0; r < map.rows; ++r) {
    if (!map.wall(r, 0)) throw MapError(name, r + 1, 1, "the left column must be all walls '#'");
    if (!map.wall(r, map.cols - 1))
      throw MapError(name, r + 1, map.cols, "the right column must be all walls '#'");
  }

  // Each player needs a free square in their half to place their pieces.
  for (int seat = 0; seat < 2; ++seat) {
    bool free_square = false;
    for (int c = 0; c < map.cols; ++c) {
      if (!map.in_half(seat, c)) continue;
      for (int r = 0; r < map.rows; ++r) free_square = free_square || !map.wall(r, c);
    }
    if (!free_square)
      throw MapError(name, kWholeMap, kWholeMap,
                     std::string(seat == 0 ? "blue's (left)" : "red's (right)") +
                         " half has no free square to place pieces on");
  }
  map.name = std::move(name);
  return map;
}

}  // namespace skirmish::engine::dcms

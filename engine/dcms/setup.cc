#include "engine/dcms/setup.h"

#include <charconv>
#include <vector>

namespace skirmish::engine::dcms {
namespace {

bool is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

std::string piece_label(Seat seat, int index) {
  return std::string(kPieceNames[static_cast<std::size_t>(index)]) + " (" +
         piece_letter(seat, index) + ")";
}

}  // namespace

SetupCheck check_setup(const Map& map, Seat seat, std::string_view pieces, std::string_view text) {
  SetupCheck result;
  std::vector<int> numbers;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_blank(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !is_blank(text[i])) ++i;
    if (i == start) break;
    const std::string_view token = text.substr(start, i - start);
    int value = 0;
    auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec == std::errc::result_out_of_range && end == token.data() + token.size()) {
      result.problem = "'" + std::string(token) + "' is off the board (far too large)";
      return result;
    }
    if (ec != std::errc{} || end != token.data() + token.size()) {
      result.problem = "malformed placement: '" + std::string(token) +
                       "' is not a whole number (write 'row col' for each piece, cheeSe first)";
      return result;
    }
    numbers.push_back(value);
  }
  const std::size_t wanted = 2 * pieces.size();
  if (numbers.size() != wanted) {
    result.problem = "wrong count: " + std::to_string(numbers.size()) + " numbers given, " +
                     std::to_string(wanted) + " needed (row and column for each of " +
                     std::string(pieces) + ")";
    return result;
  }
  for (int p = 0; p < static_cast<int>(pieces.size()); ++p) {
    const auto slot = static_cast<std::size_t>(p);
    const Pos pos{numbers[2 * slot], numbers[2 * slot + 1]};
    const std::string where = piece_label(seat, p) + " at (" + std::to_string(pos.row) + ", " +
                              std::to_string(pos.col) + ")";
    if (!map.on_board(pos.row, pos.col)) {
      result.problem = where + " is off the board (" + std::to_string(map.rows) + " rows, " +
                       std::to_string(map.cols) + " columns)";
      return result;
    }
    if (map.wall(pos.row, pos.col)) {
      result.problem = where + " is on a wall";
      return result;
    }
    if (!map.in_half(seat, pos.col)) {
      result.problem = where + " is outside " + std::string(seat_name(seat)) + "'s half (" +
                       (seat == kBlue ? "columns < " + std::to_string(map.cols / 2)
                                      : "columns >= " + std::to_string(map.cols - map.cols / 2)) +
                       ")";
      return result;
    }
    result.positions[slot] = pos;
  }
  return result;
}

std::string random_setup(const Map& map, Seat seat, std::string_view pieces, Rng& rng) {
  std::vector<Pos> free_squares;
  for (int r = 0; r < map.rows; ++r)
    for (int c = 0; c < map.cols; ++c)
      if (!map.wall(r, c) && map.in_half(seat, c)) free_squares.push_back({r, c});
  std::uniform_int_distribution<std::size_t> pick(0, free_squares.size() - 1);
  std::string text;
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    const Pos pos = free_squares[pick(rng)];
    if (!text.empty()) text += ' ';
    text += std::to_string(pos.row) + " " + std::to_string(pos.col);
  }
  return text;
}

}  // namespace skirmish::engine::dcms

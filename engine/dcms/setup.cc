#include "engine/dcms/setup.h"

#include <charconv>
#include <limits>
#include <vector>

#include "engine/dcms/blanks.h"

namespace skirmish::engine::dcms {
namespace {

std::string piece_label(Seat seat, int index) {
  return std::string(kPieceNames[static_cast<std::size_t>(index)]) + " (" +
         piece_letter(seat, index) + ")";
}

}  // namespace

SetupCheck check_setup(const Map& map, Seat seat, std::string_view pieces, std::string_view text) {
  SetupCheck result;
  const std::vector<std::string_view> tokens = split_blanks(text);
  std::vector<int> numbers;
  for (const std::string_view token : tokens) {
    int value = 0;
    auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec == std::errc::result_out_of_range && end == token.data() + token.size()) {
      // Off any board: named with its piece below, in the pieces' order, as it was written.
      numbers.push_back(token.front() == '-' ? std::numeric_limits<int>::min() : std::numeric_limits<int>::max());
      continue;
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
    // In positions too: a JSON placement is a list of [row, col] pairs.
    result.problem = "wrong count: " + std::to_string(numbers.size()) + " numbers given, " +
                     std::to_string(wanted) + " needed (a row and a column for each of " +
                     std::to_string(pieces.size()) + " pieces, " + std::string(pieces) + ": " +
                     std::to_string(pieces.size()) + " positions)";
    return result;
  }
  for (int p = 0; p < static_cast<int>(pieces.size()); ++p) {
    const auto slot = static_cast<std::size_t>(p);
    const Pos pos{numbers[2 * slot], numbers[2 * slot + 1]};
    const std::string where = piece_label(seat, p) + " at (" + std::string(tokens[2 * slot]) + ", " +
                              std::string(tokens[2 * slot + 1]) + ")";
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

#include "engine/onedchess/move.h"

#include <charconv>

namespace skirmish::engine::onedchess {

std::string_view direction_name(Direction direction) {
  return direction == Direction::Left ? "LEFT" : "RIGHT";
}

std::optional<Move> parse_move(std::string_view text) {
  const auto blank = text.find(' ');
  if (blank == std::string_view::npos) return std::nullopt;
  const std::string_view number = text.substr(0, blank);
  const std::string_view word = text.substr(blank + 1);

  // from_chars takes a leading '-' but no '+' and no blanks; "-" alone and "-0" are
  // refused so that every accepted text is canonical.
  if (number.empty() || number == "-0" || (number.size() > 1 && number[0] == '0') ||
      (number.size() > 2 && number[0] == '-' && number[1] == '0'))
    return std::nullopt;
  int position = 0;
  const char* end = number.data() + number.size();
  auto [ptr, ec] = std::from_chars(number.data(), end, position);
  if (ec != std::errc{} || ptr != end) return std::nullopt;

  if (word == "LEFT") return Move{position, Direction::Left};
  if (word == "RIGHT") return Move{position, Direction::Right};
  return std::nullopt;
}

std::string format_move(const Move& move) {
  std::string text = std::to_string(move.position);
  text += ' ';
  text += direction_name(move.direction);
  return text;
}

}  // namespace skirmish::engine::onedchess

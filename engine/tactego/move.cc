#include "engine/tactego/move.h"

#include <array>
#include <charconv>

namespace skirmish::engine::tactego {
namespace {
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
}  // namespace

std::optional<Move> parse_move(std::string_view text) {
  std::array<int, 4> numbers{};
  std::size_t i = 0;
  for (int& number : numbers) {
    while (i < text.size() && is_blank(text[i])) ++i;
    if (i == text.size()) return std::nullopt;
    const char* begin = text.data() + i;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(begin, end, number);
    if (ec != std::errc{} || ptr == begin) return std::nullopt;
    i = static_cast<std::size_t>(ptr - text.data());
    if (i < text.size() && !is_blank(text[i])) return std::nullopt;  // "1x", "1.5"
  }
  while (i < text.size() && is_blank(text[i])) ++i;
  if (i != text.size()) return std::nullopt;  // a fifth token
  return Move{{numbers[0], numbers[1]}, {numbers[2], numbers[3]}};
}

std::string format_move(const Move& move) {
  return std::to_string(move.from.row) + " " + std::to_string(move.from.col) + " " +
         std::to_string(move.to.row) + " " + std::to_string(move.to.col);
}

}  // namespace skirmish::engine::tactego

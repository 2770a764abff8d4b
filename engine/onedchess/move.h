#pragma once
// A move of 1D chess: the position (index) of one of the mover's pieces and a direction.
// Its text form, used across GameState, is "POSITION LEFT|RIGHT", e.g. "6 LEFT".
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace skirmish::engine::onedchess {

enum class Direction : std::uint8_t { Left, Right };

struct Move {
  int position = 0;
  Direction direction = Direction::Left;
  bool operator==(const Move&) const = default;
};

std::string_view direction_name(Direction direction);  // "LEFT" / "RIGHT"
constexpr int step(Direction direction) { return direction == Direction::Left ? -1 : 1; }

// Exactly one integer (a leading '-' allowed, so "-1 LEFT" parses and is refused later as
// off the board), one blank, and LEFT or RIGHT in capitals. Anything else: nullopt.
// Strict on purpose: every accepted text is the canonical text of its move.
std::optional<Move> parse_move(std::string_view text);
std::string format_move(const Move& move);

// The expected form, for error messages.
inline constexpr std::string_view kMoveForm = "POSITION LEFT|RIGHT";

}  // namespace skirmish::engine::onedchess

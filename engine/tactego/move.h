#pragma once
// Board positions and moves, and their text form "r1 c1 r2 c2" (what crosses GameState).
#include <optional>
#include <string>
#include <string_view>

namespace skirmish::engine::tactego {

struct Pos {
  int row = 0;
  int col = 0;
  bool operator==(const Pos&) const = default;
};

struct Move {
  Pos from;
  Pos to;
  bool operator==(const Move&) const = default;
};

// Four integers separated by blanks, e.g. "1 0 2 0"; surrounding blanks are ignored.
// Negative or off-board numbers parse (the rules then refuse them with a reason).
std::optional<Move> parse_move(std::string_view text);
std::string format_move(const Move& move);

inline constexpr std::string_view kMoveFormatHelp =
    "expected four integers 'row col row col' (from, then to), e.g. '1 0 2 0'";

}  // namespace skirmish::engine::tactego

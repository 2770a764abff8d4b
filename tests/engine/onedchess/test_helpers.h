#pragma once
// Test helpers: the seed's printed board written out cell by cell (the seed text collapses
// blanks), and a one-seat turn.
#include <string>

#include "engine/common/game.h"

namespace skirmish::test::onedchess {

inline const std::string kBorder = "+-----------------------------------------------------+";

// `row` is the middle line exactly, e.g. "| WKi | WKn | WKn |     |     |     | BKn | BKn | BKi |".
inline std::string framed(const std::string& row) { return kBorder + "\n" + row + "\n" + kBorder; }

inline const std::string kInitialBoard =
    framed("| WKi | WKn | WKn |     |     |     | BKn | BKn | BKi |");

// One turn of a turn-based game: `seat` plays `text`.
inline engine::JointMove by(engine::Seat seat, std::string text) {
  engine::JointMove moves;
  moves[static_cast<std::size_t>(seat)] = std::move(text);
  return moves;
}

}  // namespace skirmish::test::onedchess

#pragma once
// The setup phase: reading and checking a placement "r c r c ..." (cheeSe first), and
// drawing a random valid one.
#include <array>
#include <string>
#include <string_view>

#include "engine/dcms/map.h"
#include "engine/dcms/pieces.h"

namespace skirmish::engine::dcms {

struct SetupCheck {
  std::array<Pos, kMaxPieces> positions{};  // valid when `problem` is empty
  std::string problem;                      // why the placement is illegal; "" when legal
  bool legal() const { return problem.empty(); }
};

// Every kind of illegal placement (malformed, wrong count, off the board, on a wall,
// outside the seat's half) gives a problem; several pieces may share a square.
SetupCheck check_setup(const Map& map, Seat seat, std::string_view pieces, std::string_view text);

// A uniformly random legal placement: each piece on a free square of the seat's half.
std::string random_setup(const Map& map, Seat seat, std::string_view pieces, Rng& rng);

}  // namespace skirmish::engine::dcms

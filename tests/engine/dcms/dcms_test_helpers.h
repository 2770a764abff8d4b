#pragma once
// Small helpers for the DCMS tests: an open board and games started from given placements.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <string_view>

#include "engine/dcms/dcms.h"

namespace skirmish::test::dcms {

using namespace engine::dcms;  // NOLINT: test-only convenience

// 6 rows x 10 columns, no inner walls: blue places in columns 1..4, red in 5..8.
inline constexpr std::string_view kOpenMap =
    "##########\n"
    "#........#\n"
    "#........#\n"
    "#........#\n"
    "#........#\n"
    "##########\n";

inline DcmsState new_game(std::string_view pieces, int max_turns = 60,
                          std::string_view map_text = kOpenMap) {
  return DcmsState(parse_map(map_text, "test"), pieces, max_turns);
}

// A game past a legal setup ("r c r c ..." per seat, cheeSe first).
inline DcmsState started(std::string_view pieces, const std::string& blue, const std::string& red,
                         int max_turns = 60, std::string_view map_text = kOpenMap) {
  DcmsState state = new_game(pieces, max_turns, map_text);
  state.apply({blue, red});
  REQUIRE(state.phase() == Phase::Play);
  return state;
}

inline void play(DcmsState& state, std::optional<std::string> blue,
                 std::optional<std::string> red) {
  state.apply({std::move(blue), std::move(red)});
}

inline Pos at(int row, int col) { return Pos{row, col}; }

}  // namespace skirmish::test::dcms

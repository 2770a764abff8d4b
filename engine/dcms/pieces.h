#pragma once
// DCMS pieces and directions. A piece's index in the piece set is its rank
// (cheeSe 0, Mouse 1, Cat 2, Dog 3), because every set is a prefix of "SMCD".
#include <array>
#include <cstdint>
#include <string_view>

#include "engine/common/game.h"

namespace skirmish::engine::dcms {

inline constexpr int kMaxPieces = 4;
inline constexpr std::string_view kAllPieces = "SMCD";  // upper case: blue's letters
inline constexpr std::array<std::string_view, 3> kPieceSets{"SM", "SMC", "SMCD"};
inline constexpr std::array<std::string_view, kMaxPieces> kPieceNames{"cheeSe", "Mouse", "Cat",
                                                                      "Dog"};
inline constexpr Seat kBlue = 0;
inline constexpr Seat kRed = 1;
inline constexpr std::int8_t kStay = 5;

// True for "SM", "SMC" and "SMCD".
constexpr bool is_piece_set(std::string_view pieces) {
  for (auto set : kPieceSets)
    if (set == pieces) return true;
  return false;
}

// Blue writes its pieces in upper case, red in lower case.
constexpr char piece_letter(Seat seat, int index) {
  const char upper = kAllPieces[static_cast<std::size_t>(index)];
  return seat == kBlue ? upper : static_cast<char>(upper - 'A' + 'a');
}

constexpr std::string_view seat_name(Seat seat) { return seat == kBlue ? "blue" : "red"; }

// Numpad directions: index by digit 1..9 (0 unused). 8 is up (row - 1), 6 right (col + 1).
inline constexpr std::array<std::int8_t, 10> kDirRow{0, 1, 1, 1, 0, 0, 0, -1, -1, -1};
inline constexpr std::array<std::int8_t, 10> kDirCol{0, -1, 0, 1, -1, 0, 1, -1, 0, 1};

}  // namespace skirmish::engine::dcms

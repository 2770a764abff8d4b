#pragma once
// The values a DCMS game hands out: its phase, typed orders, what a turn did, and what a
// bot sees (the seed's setup()/move() inputs).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/common/game.h"
#include "engine/dcms/map.h"
#include "engine/dcms/pieces.h"

namespace skirmish::engine::dcms {

enum class Phase : std::uint8_t { Setup, Play, Over };

// One seat's orders for a turn: a numpad direction per piece index (cheeSe always 5).
struct Orders {
  std::array<std::int8_t, kMaxPieces> direction{kStay, kStay, kStay, kStay};
  bool operator==(const Orders&) const = default;
};

struct Capture {
  Seat owner = 0;   // whose piece was removed
  char letter = 0;  // its letter in its owner's case ('M' blue Mouse, 's' red cheeSe)
  Pos at;
  enum class Why : std::uint8_t { Fight, Eaten } why = Why::Fight;
  bool operator==(const Capture&) const = default;
};

struct TurnReport {
  std::array<std::optional<std::string>, 2> moves;  // as applied, nullopt = null move
  std::vector<Capture> captures;                    // by rank, blue before red
  std::array<bool, 2> illegal_setup{};
  std::array<std::string, 2> setup_problem;  // why a setup was illegal ("" when it was fine)
};

struct Observation {
  int color = 0;  // 0 blue, 1 red
  int rows = 0;
  int cols = 0;
  std::vector<std::vector<std::string>> board;  // "WWWW" wall, "    " (four blanks) free
  // Keyed "S","M",... for blue then "s","m",... for red; nullopt when off the board.
  std::vector<std::pair<std::string, std::optional<Pos>>> placement;
  int turn = 0;  // DcmsState::turn(): 0 during the setup, then the number of this move (1..)
};

}  // namespace skirmish::engine::dcms

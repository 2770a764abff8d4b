#pragma once
// Small helpers shared by Match's source files (match.cc, match_seats.cc, match_sending.cc).
#include <cstddef>

#include "engine/common/game.h"

namespace skirmish::server::match_detail {

inline std::size_t index(engine::Seat seat) { return static_cast<std::size_t>(seat); }
inline engine::Seat other(engine::Seat seat) { return 1 - seat; }  // every game has two seats

}  // namespace skirmish::server::match_detail

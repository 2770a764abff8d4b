#pragma once
// 1D Chess ("110 1D chess"): a 1 x 9 board, a king and two knights each. The public face
// of the game: its registry entry plus the board, move, rule and state headers.
#include "engine/onedchess/board.h"
#include "engine/onedchess/move.h"
#include "engine/onedchess/rules.h"
#include "engine/onedchess/state.h"
#include "engine/registry.h"

namespace skirmish::engine::onedchess {

inline constexpr std::string_view kMaxTurnsOption = "max_turns";

// name "onedchess", title "1D Chess", turn-based, seats {"white", "black"}; option
// max_turns (0..1000000, default 0 = no limit).
const GameInfo& game_info();

}  // namespace skirmish::engine::onedchess

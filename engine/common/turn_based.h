#pragma once
// What every turn-based game's apply() checks first: one seat moves, the other sends nothing.
#include <string>
#include <string_view>

#include "engine/common/game.h"

namespace skirmish::engine {

// The mover's move in `moves`, for `state` (not over) whose seat `mover` is to move. Throws
// IllegalMove when the other seat sent a move (with the reason check_move gives it) or the
// mover sent none; whether the move itself is legal is the game's to say.
const std::string& the_movers_move(const GameState& state, const JointMove& moves, Seat mover,
                                   std::string_view mover_name);

}  // namespace skirmish::engine

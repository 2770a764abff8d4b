#pragma once
// The engine's facts about a game named by the server or a record, asked by name: a game
// this client does not know (a newer server's) has neither.
#include <string_view>

#include "engine/registry.h"

namespace skirmish::client {

// Turn 0 is each seat's secret setup (DCMS): the moves proper are counted from turn 1.
inline bool has_setup_turn(std::string_view game) {
  const engine::GameInfo* info = engine::find_game(game);
  return info != nullptr && info->setup_turn;
}

// Both seats move at once (DCMS): a move not made in time is a null move, not a loss.
inline bool is_simultaneous(std::string_view game) {
  const engine::GameInfo* info = engine::find_game(game);
  return info != nullptr && info->simultaneous;
}

}  // namespace skirmish::client

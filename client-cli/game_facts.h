#pragma once
// The engine's facts about a game named by the server or a record, asked by name: a game
// this client does not know (a newer server's) has neither.
#include <string>
#include <string_view>

#include "engine/registry.h"

namespace skirmish::client {

// Turn 0 is each seat's secret setup (DCMS): the moves proper are counted from turn 1.
inline bool has_setup_turn(std::string_view game) {
  const engine::GameInfo* info = engine::find_game(game);
  return info != nullptr && info->setup_turn;
}

// The move that the server's turn counter `turn` asks for, named as `skirmish watch` and
// `skirmish replay` name it: a game with a setup turn (DCMS) has "the setup", then turns 1,
// 2, ... (the counter itself); the others number their moves from 1 (the counter counts the
// moves already made).
inline std::string turn_name(std::string_view game, long long turn) {
  if (has_setup_turn(game)) return turn == 0 ? "the setup" : "turn " + std::to_string(turn);
  return "turn " + std::to_string(turn + 1);
}

// Both seats move at once (DCMS): a move not made in time is a null move, not a loss.
inline bool is_simultaneous(std::string_view game) {
  const engine::GameInfo* info = engine::find_game(game);
  return info != nullptr && info->simultaneous;
}

}  // namespace skirmish::client

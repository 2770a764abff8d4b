#pragma once
// Property checks over random playouts, shared by every game's tests:
//  - every listed legal move is accepted by check_move;
//  - candidate illegal moves are refused, apply() throws IllegalMove and the state is unchanged;
//  - games end within max_steps (a game that could go on for ever gets a max_turns option
//    from make_options) and, once over, nobody acts;
//  - replaying the recorded turns from the options rebuilds the same state;
//  - a game-specific check of each transition (e.g. pieces only disappear through the rules).
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/common/game.h"
#include "engine/common/options.h"
#include "engine/registry.h"

namespace skirmish::test {

struct PlayoutConfig {
  const engine::GameInfo* game = nullptr;  // e.g. &tactego::game_info(); creates and replays
  int playouts = 1000;
  int max_steps = 10000;                  // a game still running after this many turns fails
  double null_move_chance = 0.0;          // simultaneous games: chance a seat sends nothing
  // For turn-based games whose legal_moves lists every accepted text: any candidate not in
  // the list must be refused.
  bool legal_list_is_complete = true;
  std::function<engine::Options(engine::Rng&)> make_options;  // unset: the game's defaults
  // Moves likely to be illegal in `state` for `seat` (wrong squares, garbage, ...).
  std::function<std::vector<std::string>(const engine::GameState&, engine::Seat, engine::Rng&)>
      illegal_candidates;
  // Called after each applied turn with the states before and after.
  std::function<void(const engine::GameState& before, const engine::GameState& after,
                     const engine::JointMove& moves)>
      check_transition;
};

struct PlayoutStats {
  int games = 0;
  long long turns = 0;
  long long legal_checked = 0;
  long long illegal_refused = 0;
  std::map<std::string, int> endings;  // "winner/reason" -> count
};

PlayoutStats run_playout_properties(const PlayoutConfig& config, std::uint64_t seed);

}  // namespace skirmish::test

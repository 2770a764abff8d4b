#pragma once
// A game as it is stored: the game, its resolved options (seed included) and every turn.
// Replaying the turns from the options rebuilds the exact state.
#include <memory>
#include <string>
#include <vector>

#include "engine/common/game.h"
#include "engine/common/options.h"

namespace skirmish::engine {

struct GameRecord {
  std::string game;
  Options options;
  std::vector<JointMove> turns;
};

// Throws OptionError for bad options, IllegalMove (naming the turn) for a refused move.
std::unique_ptr<GameState> replay(const GameRecord& record);

}  // namespace skirmish::engine

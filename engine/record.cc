#include "engine/record.h"

#include "engine/registry.h"

namespace skirmish::engine {

std::unique_ptr<GameState> replay(const GameRecord& record) {
  auto state = create_game(record.game, record.options);
  for (std::size_t i = 0; i < record.turns.size(); ++i) {
    try {
      state->apply(record.turns[i]);
    } catch (const IllegalMove& e) {
      throw IllegalMove("turn " + std::to_string(i + 1) + ": " + e.what());
    }
  }
  return state;
}

}  // namespace skirmish::engine

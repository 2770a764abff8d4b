#include "engine/registry.h"

#include "engine/dcms/dcms.h"
#include "engine/onedchess/onedchess.h"
#include "engine/tactego/tactego.h"

namespace skirmish::engine {

const std::vector<const GameInfo*>& all_games() {
  static const std::vector<const GameInfo*> games{
      &tactego::game_info(),
      &dcms::game_info(),
      &onedchess::game_info(),
  };
  return games;
}

const GameInfo* find_game(std::string_view name) {
  for (const GameInfo* game : all_games())
    if (game->name == name) return game;
  return nullptr;
}

std::unique_ptr<GameState> create_game(std::string_view name, const Options& given) {
  const GameInfo* game = find_game(name);
  if (!game) {
    std::string names;
    for (const GameInfo* g : all_games()) names += (names.empty() ? "" : ", ") + g->name;
    throw OptionError("unknown game '" + std::string(name) + "' (games: " + names + ")");
  }
  return game->create(resolve_options(game->options, given));
}

}  // namespace skirmish::engine

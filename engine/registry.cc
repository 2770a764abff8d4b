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

std::string game_names() {
  std::string names;
  for (const GameInfo* game : all_games()) names += (names.empty() ? "" : ", ") + game->name;
  return names;
}

std::optional<Seat> find_seat(const GameInfo& game, std::string_view wanted) {
  for (Seat s = 0; s < kSeatCount; ++s)
    if (game.seat_names[static_cast<std::size_t>(s)] == wanted || std::to_string(s) == wanted) return s;
  return std::nullopt;
}

std::string seat_choices(const GameInfo& game) {
  std::string choices;
  for (Seat s = 0; s < kSeatCount; ++s)
    choices += (choices.empty() ? "" : ", ") + game.seat_names[static_cast<std::size_t>(s)] + " or " +
               std::to_string(s);
  return choices;
}

std::unique_ptr<GameState> create_game(std::string_view name, const Options& given) {
  const GameInfo* game = find_game(name);
  if (!game) throw OptionError("unknown game '" + std::string(name) + "' (games: " + game_names() + ")");
  return game->create(resolve_options(game->options, given));
}

}  // namespace skirmish::engine

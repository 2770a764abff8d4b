#pragma once
// The games this server hosts. Adding a game: its folder under engine/, one line in
// registry.cc, and its encoding in protocol/.
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/common/game.h"
#include "engine/common/options.h"

namespace skirmish::engine {

struct GameInfo {
  std::string name;   // stable id used on the wire: "tactego", "dcms", "onedchess"
  std::string title;  // for people: "Tactego"
  bool simultaneous = false;
  std::array<std::string, kSeatCount> seat_names;  // e.g. {"red", "blue"}
  std::vector<OptionSpec> options;
  // Builds the initial state from options already checked by resolve_options.
  // Throws OptionError for values that are fine alone but not together (board too small).
  std::unique_ptr<GameState> (*create)(const Options& resolved) = nullptr;
};

const std::vector<const GameInfo*>& all_games();
const GameInfo* find_game(std::string_view name);  // nullptr when unknown
// "tactego, dcms, onedchess": for messages that name the games.
std::string game_names();

// A seat named by its name ("white") or its number ("0"); nullopt when the game has none.
std::optional<Seat> find_seat(const GameInfo& game, std::string_view wanted);
// "white or 0, black or 1": what find_seat accepts, for messages.
std::string seat_choices(const GameInfo& game);

// Resolves `given` against the game's options and builds the game. Throws OptionError
// (also for an unknown game name).
std::unique_ptr<GameState> create_game(std::string_view name, const Options& given);

}  // namespace skirmish::engine

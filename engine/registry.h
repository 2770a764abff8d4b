#pragma once
// The games this server hosts. Adding a game: docs/architecture.md, "Adding a game".
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
  // Stable id, used on the wire and kept in the store: never renamed.
  std::string name;
  std::string title;  // for people: "Tactego"
  bool simultaneous = false;
  // Turn 0 is each seat's secret setup (DCMS): the moves proper are counted from turn 1.
  bool setup_turn = false;
  // The time limit per move when a match's creator sets none (0: none). A bot game (DCMS)
  // has one; a game between people has none.
  long long default_move_time_ms = 0;
  // Most games end within about twenty turns (1D Chess: about seven between random bots).
  // The store holds such a match's writes back until it ends and writes it whole
  // (server/store/held_matches.h); a longer game is written as it goes.
  bool short_games = false;
  std::array<std::string, kSeatCount> seat_names;  // e.g. {"red", "blue"}
  std::vector<OptionSpec> options;  // may be empty
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

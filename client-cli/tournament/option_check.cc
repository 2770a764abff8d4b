#include "client-cli/tournament/option_check.h"

#include <chrono>
#include <stdexcept>

#include "engine/registry.h"
#include "protocol/game_codec.h"
#include "protocol/match_setup.h"

namespace skirmish::tournament {

namespace {

std::string option_text(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_number_integer()) return value.dump();
  throw std::invalid_argument(value.dump() + " is not a string, an integer or a boolean");
}

}  // namespace

void check_match_options(const std::string& game, const nlohmann::json& options) {
  const engine::GameInfo* info = engine::find_game(game);
  if (info == nullptr)
    throw std::invalid_argument("unknown game '" + game + "' (" + engine::game_names() + ")");
  try {
    engine::Options given;
    for (const auto& [name, value] : options.items()) {
      try {
        given.set(name, option_text(value));
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("option '" + name + "': " + e.what());
      }
    }
    // The lobby's own steps; the grace default and the seed do not matter here.
    if (const protocol::GameCodec* codec = protocol::find_codec(info->name))
      protocol::prepare_match(*info, *codec, given, std::chrono::milliseconds(60000), "0");
  } catch (const std::invalid_argument& e) {  // OptionError and the engines' own checks
    throw std::invalid_argument("-o options for " + game + ": " + e.what());
  }
}

}  // namespace skirmish::tournament

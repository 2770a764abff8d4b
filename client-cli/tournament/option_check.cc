#include "client-cli/tournament/option_check.h"

#include <chrono>
#include <stdexcept>

#include "client-cli/lobby_commands.h"
#include "client-cli/usage_error.h"
#include "engine/registry.h"
#include "protocol/client_message.h"
#include "protocol/error_code.h"
#include "protocol/game_codec.h"
#include "protocol/match_setup.h"

namespace skirmish::tournament {

void check_match_options(const std::string& game, const nlohmann::json& options) {
  client::check_game_name(game);
  const engine::GameInfo* info = engine::find_game(game);
  try {
    const engine::Options given = protocol::options_from_json(options);
    // The lobby's own steps; the grace default and the seed do not matter here.
    if (const protocol::GameCodec* codec = protocol::find_codec(info->name))
      protocol::prepare_match(*info, *codec, given, std::chrono::milliseconds(60000), "0");
  } catch (const protocol::ProtocolError& e) {  // a value of the wrong JSON type
    throw client::UsageError("-o options for " + game + ": " + e.what());
  } catch (const std::invalid_argument& e) {  // OptionError and the engines' own checks
    throw client::UsageError("-o options for " + game + ": " + e.what());
  }
}

}  // namespace skirmish::tournament

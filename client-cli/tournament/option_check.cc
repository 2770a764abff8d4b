#include "client-cli/tournament/option_check.h"

#include <chrono>
#include <filesystem>
#include <stdexcept>

#include "client-cli/invites.h"
#include "client-cli/lobby_commands.h"
#include "client-cli/usage_error.h"
#include "engine/registry.h"
#include "protocol/client_message.h"
#include "protocol/error_code.h"
#include "protocol/game_codec.h"
#include "protocol/match_setup.h"

namespace skirmish::tournament {

namespace {

// An inline file's option (map_text, pieces_text) takes the file's text: a file's name
// given there fails on its first character, and the engine's error cannot say why. For
// an error about such an option whose value is one line, the way to give the text.
std::string inline_file_hint(const engine::GameInfo& game, const nlohmann::json& options, const std::string& error) {
  for (const auto& [name, value] : options.items()) {
    if (!protocol::is_inline_file(game, name) || !value.is_string()) continue;
    const std::string text = value.get<std::string>();
    if (text.find('\n') != std::string::npos || error.find("option '" + name + "'") == std::string::npos) continue;
    std::error_code ignored;
    const std::string file = std::filesystem::is_regular_file(text, ignored) ? client::shell_word(text) : "FILE";
    return "; " + name + " takes the file's text, not its name: -o " + name + "=\"$(cat " + file + ")\"";
  }
  return "";
}

}  // namespace

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
    throw client::UsageError("-o options for " + game + ": " + e.what() + inline_file_hint(*info, options, e.what()));
  }
}

}  // namespace skirmish::tournament

#include "client-cli/match_terms.h"

#include "client-cli/json_field.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>

#include "client-cli/game_facts.h"
#include "engine/registry.h"
#include "protocol/client_message.h"
#include "protocol/game_codec.h"
#include "protocol/match_setup.h"
#include "protocol/match_setup.h"

namespace skirmish::client {

using nlohmann::json;

// Its rule (rules.md), as server/match.cc applies it.
std::string late_move_cost(const std::string& game) {
  if (!is_simultaneous(game)) return "the game is lost on time";
  return std::string("it is a null move (no piece moves)") +
         (has_setup_turn(game) ? "; a setup not placed in time loses" : "");
}

namespace {

std::set<std::string> creator_set(const json& listed) {
  std::set<std::string> names;
  for (const auto& name : listed.value("set_by_creator", json::array()))
    if (name.is_string()) names.insert(name.get<std::string>());
  return names;
}

std::string listed_option(const json& listed, const std::string& name) {
  const json& options = listed.contains("options") ? field(listed, "options") : json::object();
  return options.contains(name) && options[name].is_string() ? options[name].get<std::string>() : "";
}

bool fog_match(const json& listed) { return listed_option(listed, "fog") == "true"; }

std::string late_move_cost(const json& listed) {
  const json& named = field(listed, "game");
  return client::late_move_cost(named.is_string() ? named.get<std::string>() : "");  // not this overload
}

// The player's options in the server's words (booleans as true/false, numbers as digits),
// as the lobby would list them; nullopt when the server would refuse them anyway.
std::optional<protocol::MatchTerms> terms_asked(const std::string& game, const json& wanted) {
  const engine::GameInfo* info = engine::find_game(game);
  const protocol::GameCodec* codec = info ? protocol::find_codec(info->name) : nullptr;
  if (codec == nullptr) return std::nullopt;
  try {
    auto prepared = protocol::prepare_match(*info, *codec, protocol::options_from_json(wanted),
                                            std::chrono::milliseconds(60000), "x");
    return protocol::match_terms(*info, *codec, prepared.resolved, prepared.settings,
                                 prepared.set_by_creator);
  } catch (const std::exception&) {  // OptionError, ProtocolError: a bad -o
    return std::nullopt;
  }
}

}  // namespace

bool has_terms(const json& listed, const json& wanted) {
  if (!listed.contains("options") || !listed.contains("set_by_creator")) return false;  // unknown
  const auto mine = terms_asked(listed.value("game", ""), wanted);
  if (!mine) return false;
  const std::set<std::string> asked(mine->set_by_creator.begin(), mine->set_by_creator.end());
  if (asked != creator_set(listed)) return false;
  return std::all_of(asked.begin(), asked.end(), [&](const std::string& name) {
    // A hidden option (a fog match's seed) cannot be compared: its creator knows it.
    return mine->options.has(name) && field(listed, "options").contains(name) &&
           listed_option(listed, name) == mine->options.text(name);
  });
}

std::vector<std::string> term_warnings(const json& listed) {
  std::vector<std::string> warnings;
  const auto set = creator_set(listed);
  if (fog_match(listed) && set.count("seed") != 0)
    warnings.push_back("its creator chose the seed of this fog match, so they can know where your "
                       "pieces start");
  if (fog_match(listed) && listed_option(listed, "spectators") == "full")
    warnings.push_back("anyone watching this fog match, its creator too, sees your hidden pieces "
                       "(spectators: full)");
  const std::string move_time = listed_option(listed, "move_time_ms");
  if (set.count("move_time_ms") != 0 && !move_time.empty() && move_time != "0")
    warnings.push_back("each move must be made within " + move_time + " ms, or " +
                       late_move_cost(listed));
  return warnings;
}

std::string describe_terms(const json& listed) {
  std::string text;
  for (const auto& name : creator_set(listed)) {
    const json& options = listed.contains("options") ? field(listed, "options") : json::object();
    // Left out of the list: an inline file (up to 64 KiB), or what a fog match keeps secret.
    const engine::GameInfo* game = engine::find_game(listed.value("game", ""));
    const bool inline_file = game != nullptr && protocol::is_inline_file(*game, name);
    const std::string value = options.contains(name) ? listed_option(listed, name)
                              : inline_file           ? "(its own file)"
                                                      : "(hidden)";
    text += (text.empty() ? "" : ", ") + name + "=" + value;
  }
  return text.empty() ? "defaults" : text;
}

}  // namespace skirmish::client

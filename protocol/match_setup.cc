#include "protocol/match_setup.h"

#include <algorithm>
#include <utility>

namespace skirmish::protocol {

PreparedMatch prepare_match(const engine::GameInfo& game, const GameCodec& codec,
                            engine::Options given, std::chrono::milliseconds default_grace,
                            std::string_view random_text) {
  PreparedMatch prepared;
  for (const auto& [name, value] : given.values()) prepared.set_by_creator.push_back(name);
  check_given_options(game.name, game.options, given);
  prepared.settings = take_match_settings(game, given, default_grace);
  codec.choose_options(given, random_text);
  prepared.resolved = engine::resolve_options(game.options, given);
  prepared.state = game.create(prepared.resolved);
  return prepared;
}

engine::Options shown_options(const GameCodec& codec, const engine::Options& resolved) {
  engine::Options shown;
  for (const auto& [name, value] : resolved.values())
    if (!codec.hides_option(name, resolved) && codec.option_applies(name, resolved))
      shown.set(name, value);
  return shown;
}

bool has_hidden_information(const GameCodec& codec, const engine::Options& resolved) {
  const auto& values = resolved.values();
  return std::any_of(values.begin(), values.end(),
                     [&](const auto& option) { return codec.hides_option(option.first, resolved); });
}

bool is_inline_file(const engine::GameInfo& game, std::string_view option) {
  return std::any_of(game.options.begin(), game.options.end(), [&](const auto& spec) {
    return spec.name == option && spec.type == engine::OptionSpec::Type::Text;
  });
}

MatchTerms match_terms(const engine::GameInfo& game, const GameCodec& codec,
                       const engine::Options& resolved, const MatchSettings& settings,
                       std::vector<std::string> set_by_creator) {
  MatchTerms terms;
  // Inline files (pieces_text, map_text) can be 64 KiB each: a list of matches names them
  // in set_by_creator and leaves their text to match_created and the history.
  const engine::Options shown = shown_options(codec, resolved);
  for (const auto& [name, value] : shown.values())
    if (!is_inline_file(game, name)) terms.options.set(name, value);
  const engine::Options match_options = settings_as_text(settings);
  for (const auto& [name, value] : match_options.values()) terms.options.set(name, value);
  std::sort(set_by_creator.begin(), set_by_creator.end());
  terms.set_by_creator = std::move(set_by_creator);
  return terms;
}

}  // namespace skirmish::protocol

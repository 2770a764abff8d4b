#include "protocol/match_options.h"

#include <map>
#include <string>

namespace skirmish::protocol {
namespace {
constexpr long long kMaxMillis = 3'600'000;  // one hour
bool is_match_option(std::string_view name) {
  return name == kMoveTimeOption || name == kReconnectGraceOption || name == kSpectatorsOption ||
         name == kPrivateOption;
}

std::string lower_case(std::string text) {
  for (char& c : text)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return text;
}

[[noreturn]] void unknown_option(std::string_view game, const std::string& name,
                                 const std::vector<engine::OptionSpec>& game_options) {
  std::string names;
  for (const auto& spec : game_options) names += (names.empty() ? "" : ", ") + spec.name;
  throw engine::OptionError("unknown option '" + name + "' (" + std::string(game) + " takes: " +
                            names + "; every match also takes: " + std::string(kMoveTimeOption) +
                            ", " + std::string(kReconnectGraceOption) + ", " +
                            std::string(kSpectatorsOption) + ", " + std::string(kPrivateOption) + ")");
}

}  // namespace

void check_given_options(std::string_view game, const std::vector<engine::OptionSpec>& game_options,
                         engine::Options& given) {
  engine::Options checked;
  for (const auto& [name, value] : given.values()) {
    const engine::OptionSpec* spec = nullptr;
    for (const auto& candidate : game_options)
      if (candidate.name == name) spec = &candidate;
    if (!spec && !is_match_option(name)) unknown_option(game, name, game_options);
    if (!spec || spec->type != engine::OptionSpec::Type::Bool) {
      checked.set(name, value);
      continue;
    }
    // A boolean is kept in lower case, whatever case the client chose; a word that is not a
    // boolean stays as given, for the engine's check to name it.
    checked.set(name, engine::parse_bool(value) ? lower_case(value) : value);
  }
  given = std::move(checked);
}

std::string_view to_string(Spectators spectators) {
  switch (spectators) {
    case Spectators::None: return "none";
    case Spectators::Public: return "public";
    case Spectators::Full: return "full";
  }
  return "public";
}

std::vector<engine::OptionSpec> match_option_specs(const engine::GameInfo& game,
                                                   std::chrono::milliseconds default_grace) {
  using Type = engine::OptionSpec::Type;
  return {
      {std::string(kMoveTimeOption), Type::Int, std::to_string(game.default_move_time_ms), {}, 0, kMaxMillis,
       "time limit per move (and DCMS setup) in milliseconds; 0 = none"},
      {std::string(kReconnectGraceOption), Type::Int, std::to_string(default_grace.count()), {}, 0,
       kMaxMillis, "how long a dropped seat is held for `resume`, in milliseconds"},
      {std::string(kSpectatorsOption), Type::Choice, "public", {"none", "public", "full"}, 0, 0,
       "may spectators watch: none, public (the public view) or full (everything)"},
      {std::string(kPrivateOption), Type::Bool, "false", {}, 0, 0,
       "unlisted: joining or watching needs the invite code given to its creator"},
  };
}

MatchSettings take_match_settings(const engine::GameInfo& game, engine::Options& given,
                                  std::chrono::milliseconds default_grace) {
  engine::Options mine;
  engine::Options rest;
  for (const auto& [name, value] : given.values()) {
    if (is_match_option(name))
      mine.set(name, value);
    else
      rest.set(name, value);
  }
  const engine::Options resolved =
      engine::resolve_options(match_option_specs(game, default_grace), mine);
  given = std::move(rest);

  MatchSettings settings;
  settings.move_time = std::chrono::milliseconds(resolved.integer(kMoveTimeOption));
  settings.reconnect_grace = std::chrono::milliseconds(resolved.integer(kReconnectGraceOption));
  const std::string& who = resolved.text(kSpectatorsOption);
  settings.spectators = who == "none"   ? Spectators::None
                        : who == "full" ? Spectators::Full
                                        : Spectators::Public;
  settings.private_match = resolved.boolean(kPrivateOption);
  return settings;
}

engine::Options settings_as_text(const MatchSettings& settings) {
  engine::Options text;
  text.set(std::string(kMoveTimeOption), std::to_string(settings.move_time.count()));
  text.set(std::string(kReconnectGraceOption), std::to_string(settings.reconnect_grace.count()));
  text.set(std::string(kSpectatorsOption), std::string(to_string(settings.spectators)));
  text.set(std::string(kPrivateOption), settings.private_match ? "true" : "false");
  return text;
}

}  // namespace skirmish::protocol

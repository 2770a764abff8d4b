#include "protocol/match_options.h"

#include <map>
#include <string>

namespace skirmish::protocol {
namespace {
constexpr long long kMaxMillis = 3'600'000;  // one hour
constexpr long long kDcmsDefaultMoveTime = 5000;  // the seed's 5 seconds per move
}  // namespace

std::string_view to_string(Spectators spectators) {
  switch (spectators) {
    case Spectators::None: return "none";
    case Spectators::Public: return "public";
    case Spectators::Full: return "full";
  }
  return "public";
}

std::vector<engine::OptionSpec> match_option_specs(std::string_view game,
                                                   std::chrono::milliseconds default_grace) {
  using Type = engine::OptionSpec::Type;
  const long long move_time = game == "dcms" ? kDcmsDefaultMoveTime : 0;
  return {
      {std::string(kMoveTimeOption), Type::Int, std::to_string(move_time), {}, 0, kMaxMillis,
       "time limit per move (and DCMS setup) in milliseconds; 0 = none"},
      {std::string(kReconnectGraceOption), Type::Int, std::to_string(default_grace.count()), {}, 0,
       kMaxMillis, "how long a dropped seat is held for `resume`, in milliseconds"},
      {std::string(kSpectatorsOption), Type::Choice, "public", {"none", "public", "full"}, 0, 0,
       "may spectators watch: none, public (the public view) or full (everything)"},
  };
}

MatchSettings take_match_settings(std::string_view game, engine::Options& given,
                                  std::chrono::milliseconds default_grace) {
  engine::Options mine;
  engine::Options rest;
  for (const auto& [name, value] : given.values()) {
    if (name == kMoveTimeOption || name == kReconnectGraceOption || name == kSpectatorsOption)
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
  return settings;
}

}  // namespace skirmish::protocol

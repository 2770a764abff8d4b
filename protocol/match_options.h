#pragma once
// The options every match takes besides its game's own (docs/protocol.md "create_match"):
// the per-move time limit, the reconnect grace, who may watch, and whether it is private. They travel in the same
// `options` object as the game's options; the server takes them out before the engine
// sees the rest.
#include <chrono>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/common/options.h"
#include "engine/registry.h"

namespace skirmish::protocol {

enum class Spectators : std::uint8_t { None, Public, Full };
std::string_view to_string(Spectators spectators);

struct MatchSettings {
  std::chrono::milliseconds move_time{0};  // 0 = no limit
  std::chrono::milliseconds reconnect_grace{60000};
  Spectators spectators = Spectators::Public;
  // Unlisted; joining and watching need the invite code the creator was given.
  bool private_match = false;
};

inline constexpr std::string_view kMoveTimeOption = "move_time_ms";
inline constexpr std::string_view kReconnectGraceOption = "reconnect_grace_ms";
inline constexpr std::string_view kSpectatorsOption = "spectators";
inline constexpr std::string_view kPrivateOption = "private";

// The match options of `settings` as text ("move_time_ms": "5000", ...), as a client sees
// and the store keeps them.
engine::Options settings_as_text(const MatchSettings& settings);

// The specs of the match options for `game` (its default time limit: GameInfo).
std::vector<engine::OptionSpec> match_option_specs(const engine::GameInfo& game,
                                                   std::chrono::milliseconds default_grace);

// Checks a create_match's options before the engine sees them (`game_options`: the game's
// own specs): an unknown name is refused listing the game's options and the match options;
// a boolean is accepted in any case (True, YES, Off, ...) and refused listing the accepted
// words. Throws engine::OptionError naming the option.
void check_given_options(std::string_view game, const std::vector<engine::OptionSpec>& game_options,
                         engine::Options& given);

// Moves the match options out of `given` (leaving the game's own) and resolves them.
// Throws engine::OptionError naming the option.
MatchSettings take_match_settings(const engine::GameInfo& game, engine::Options& given,
                                  std::chrono::milliseconds default_grace);

}  // namespace skirmish::protocol

#include "protocol/match_setup.h"

#include <utility>

namespace skirmish::protocol {

PreparedMatch prepare_match(const engine::GameInfo& game, const GameCodec& codec,
                            engine::Options given, std::chrono::milliseconds default_grace,
                            std::string_view random_text) {
  PreparedMatch prepared;
  check_given_options(game.name, game.options, given);
  prepared.settings = take_match_settings(game.name, given, default_grace);
  codec.choose_options(given, random_text);
  prepared.resolved = engine::resolve_options(game.options, given);
  prepared.state = game.create(prepared.resolved);
  return prepared;
}

}  // namespace skirmish::protocol

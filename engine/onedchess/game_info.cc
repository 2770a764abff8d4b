#include "engine/onedchess/onedchess.h"

namespace skirmish::engine::onedchess {
namespace {

std::unique_ptr<GameState> create(const Options& resolved) {
  return std::make_unique<OneDChessState>(
      static_cast<int>(resolved.integer(kMaxTurnsOption)));
}

}  // namespace

const GameInfo& game_info() {
  static const GameInfo info{
      .name = "onedchess",
      .title = "1D Chess",
      .simultaneous = false,
      .setup_turn = false,
      .default_move_time_ms = 0,  // a game between people: no clock unless asked
      .short_games = true,
      .seat_names = {"white", "black"},
      .options = {OptionSpec{.name = std::string(kMaxTurnsOption),
                             .type = OptionSpec::Type::Int,
                             .default_value = "0",
                             .choices = {},
                             .min = 0,
                             .max = 1000000,
                             .help = "total moves of both players after which the game is a draw; 0 = no limit"}},
      .create = &create,
  };
  return info;
}

}  // namespace skirmish::engine::onedchess

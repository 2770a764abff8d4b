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
      "onedchess",
      "1D Chess",
      false,
      {"white", "black"},
      {OptionSpec{std::string(kMaxTurnsOption), OptionSpec::Type::Int, "0", {}, 0, 1000000,
                  "total moves of both players after which the game is a draw; 0 = no limit"}},
      &create,
  };
  return info;
}

}  // namespace skirmish::engine::onedchess

#include "engine/common/turn_based.h"

#include "engine/common/outcome.h"

namespace skirmish::engine {

const std::string& the_movers_move(const GameState& state, const JointMove& moves, Seat mover,
                                   std::string_view mover_name) {
  const Seat other = 1 - mover;
  if (const auto& early = moves[static_cast<std::size_t>(other)]) {
    auto reason = state.check_move(other, *early);
    throw IllegalMove(reason ? *reason : "it is not your turn: " + std::string(mover_name) + " to move");
  }
  const auto& move = moves[static_cast<std::size_t>(mover)];
  if (!move) throw IllegalMove(std::string(mover_name) + " must move");
  return *move;
}

}  // namespace skirmish::engine

#include "engine/tactego/combat.h"

namespace skirmish::engine::tactego {
namespace {
int combat_strength(const Piece& piece) {
  return piece.kind == Kind::Number ? piece.strength : 0;  // a sapper fights as 0
}
}  // namespace

CombatResult resolve_combat(const Piece& attacker, const Piece& defender) {
  if (defender.kind == Kind::Flag) return CombatResult::AttackerWon;
  if (defender.kind == Kind::Mine)
    return attacker.kind == Kind::Sapper ? CombatResult::AttackerWon
                                         : CombatResult::AttackerDestroyed;
  if (attacker.kind == Kind::Assassin) return CombatResult::AttackerWon;
  if (defender.kind == Kind::Assassin) return CombatResult::AttackerWon;
  return combat_strength(attacker) >= combat_strength(defender) ? CombatResult::AttackerWon
                                                                : CombatResult::AttackerDestroyed;
}

}  // namespace skirmish::engine::tactego

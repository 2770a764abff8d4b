#pragma once
// Who wins when a piece moves onto an enemy piece (rules.md §1 "Combat").
#include <cstdint>

#include "engine/common/game.h"
#include "engine/tactego/move.h"
#include "engine/tactego/pieces.h"

namespace skirmish::engine::tactego {

enum class CombatResult : std::uint8_t { AttackerWon, AttackerDestroyed };

struct Combat {
  Pos at;
  Piece attacker;
  Piece defender;
  CombatResult result = CombatResult::AttackerWon;
};

struct LastMove {
  Seat seat = 0;
  Move move;
  std::optional<Combat> combat;
};

// The five rules in their order: flag; mine (only a sapper defuses); assassin attacking;
// assassin defending; strengths (a sapper counts 0, equal goes to the attacker).
CombatResult resolve_combat(const Piece& attacker, const Piece& defender);

}  // namespace skirmish::engine::tactego

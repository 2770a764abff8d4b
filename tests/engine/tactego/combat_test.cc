// rules.md §1 "Combat", one scenario per rule, in the rules' order.
#include <catch2/catch.hpp>

#include "scenario.h"

using namespace skirmish::engine;
using namespace skirmish::test::tactego;

namespace {

struct Fight {
  std::string attacker;  // symbol of red's piece at (1 1)
  std::string defender;  // symbol of blue's piece at (2 1)
  CombatResult result;
};

// Red attacks from (1 1) down onto (2 1); both sides keep a flag and a spare piece elsewhere.
void check_fight(const Fight& fight) {
  INFO("R" << fight.attacker << " attacks B" << fight.defender);
  auto state = scenario({"RF . R1", ". R" + fight.attacker + " .", ". B" + fight.defender + " .",
                         "BF . B1"});
  const int red_before = state.pieces_left(0), blue_before = state.pieces_left(1);
  state.apply_move(mv(1, 1, 2, 1));
  REQUIRE(state.last_move().has_value());
  const LastMove& last = *state.last_move();
  CHECK(last.seat == 0);
  CHECK(last.move == mv(1, 1, 2, 1));
  REQUIRE(last.combat.has_value());
  CHECK(last.combat->at == Pos{2, 1});
  CHECK(symbol(last.combat->attacker) == fight.attacker);
  CHECK(symbol(last.combat->defender) == fight.defender);
  CHECK(last.combat->result == fight.result);
  CHECK(state.view(Viewer::full()).at(1, 1).owner == -1);  // the attacker left its square
  const BoardView board = state.view(Viewer::full());
  const CellView& square = board.at(2, 1);
  REQUIRE(square.piece.has_value());
  CHECK(square.revealed);  // whoever stays there was in the combat
  if (fight.result == CombatResult::AttackerWon) {
    CHECK(square.owner == 0);
    CHECK(symbol(*square.piece) == fight.attacker);
    CHECK(state.pieces_left(0) == red_before);
    CHECK(state.pieces_left(1) == blue_before - 1);
  } else {
    CHECK(square.owner == 1);
    CHECK(symbol(*square.piece) == fight.defender);
    CHECK(state.pieces_left(0) == red_before - 1);
    CHECK(state.pieces_left(1) == blue_before);
  }
}

}  // namespace

TEST_CASE("combat 1: any moving piece captures a flag", "[tactego][combat]") {
  for (const char* attacker : {"1", "S", "A", "10"}) {
    auto state = scenario({"RF . R1", ". R" + std::string(attacker) + " .", "BF BF .", ". . B1"});
    state.apply_move(mv(1, 1, 2, 1));
    CHECK(state.last_move()->combat->result == CombatResult::AttackerWon);
    CHECK(state.flags_left(1) == 1);
    CHECK_FALSE(state.outcome().over);  // blue still has a flag
  }
}

TEST_CASE("combat 2: a sapper defuses a mine, anything else dies on it", "[tactego][combat]") {
  check_fight({"S", "M", CombatResult::AttackerWon});
  check_fight({"999", "M", CombatResult::AttackerDestroyed});
  check_fight({"1", "M", CombatResult::AttackerDestroyed});
  check_fight({"A", "M", CombatResult::AttackerDestroyed});  // mine before assassin
}

TEST_CASE("combat 3: an attacking assassin wins", "[tactego][combat]") {
  check_fight({"A", "10", CombatResult::AttackerWon});
  check_fight({"A", "S", CombatResult::AttackerWon});
  check_fight({"A", "A", CombatResult::AttackerWon});
}

TEST_CASE("combat 4: a defending assassin loses", "[tactego][combat]") {
  check_fight({"1", "A", CombatResult::AttackerWon});
  check_fight({"S", "A", CombatResult::AttackerWon});
}

TEST_CASE("combat 5: strengths, a sapper counting 0, equal goes to the attacker",
          "[tactego][combat]") {
  check_fight({"7", "5", CombatResult::AttackerWon});   // higher
  check_fight({"5", "5", CombatResult::AttackerWon});   // equal
  check_fight({"4", "5", CombatResult::AttackerDestroyed});  // lower
  check_fight({"S", "1", CombatResult::AttackerDestroyed});  // sapper (0) vs a number
  check_fight({"1", "S", CombatResult::AttackerWon});
  check_fight({"S", "S", CombatResult::AttackerWon});   // 0 vs 0: equal
}

TEST_CASE("combat: resolve_combat agrees with the rules table", "[tactego][combat]") {
  const Piece flag{Kind::Flag, 0}, mine{Kind::Mine, 0}, sapper{Kind::Sapper, 0},
      assassin{Kind::Assassin, 0}, three{Kind::Number, 3}, nine{Kind::Number, 9};
  CHECK(resolve_combat(sapper, flag) == CombatResult::AttackerWon);
  CHECK(resolve_combat(sapper, mine) == CombatResult::AttackerWon);
  CHECK(resolve_combat(nine, mine) == CombatResult::AttackerDestroyed);
  CHECK(resolve_combat(assassin, nine) == CombatResult::AttackerWon);
  CHECK(resolve_combat(three, assassin) == CombatResult::AttackerWon);
  CHECK(resolve_combat(three, nine) == CombatResult::AttackerDestroyed);
  CHECK(resolve_combat(nine, three) == CombatResult::AttackerWon);
  CHECK(resolve_combat(three, three) == CombatResult::AttackerWon);
  CHECK(resolve_combat(sapper, three) == CombatResult::AttackerDestroyed);
}

TEST_CASE("combat: a plain move is not a combat", "[tactego][combat]") {
  auto state = scenario({"RF R3 .", ". . .", "BF . B1"});
  state.apply_move(mv(0, 1, 1, 1));
  CHECK_FALSE(state.last_move()->combat.has_value());
  CHECK_FALSE(state.view(Viewer::full()).at(1, 1).revealed);
}

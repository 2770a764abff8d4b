// The end of the game: cheeSe eaten, score after max_turns, and their order.
#include <catch2/catch.hpp>

#include "dcms_test_helpers.h"

using namespace skirmish::test::dcms;
using skirmish::engine::EndReason;
using skirmish::engine::IllegalMove;
using skirmish::engine::Outcome;

TEST_CASE("after max_turns the player with more pieces wins by score", "[dcms][end]") {
  // Blue M (1,4) C (2,4); red m (1,5) c (2,5). Red's Cat eats blue's Mouse on turn 1.
  DcmsState state = started("SMC", "4 1 1 4 2 4", "4 8 1 5 2 5", 2);
  play(state, "M 5", "c 7");
  CHECK_FALSE(state.outcome().over);
  CHECK(state.score() == std::array<int, 2>{2, 3});
  play(state, "C 4", "c 3");
  CHECK(state.outcome() == Outcome::win(kRed, EndReason::Score));
  CHECK(state.phase() == Phase::Over);
  CHECK(state.turn() == 3);  // the setup, then two play turns
  CHECK_THROWS_AS(play(state, "C 5", "c 5"), IllegalMove);
  CHECK(state.check_move(kRed, "c 5").has_value());
  CHECK(state.legal_moves(kRed).empty());
}

TEST_CASE("equal scores after max_turns are a draw, and null-move turns count", "[dcms][end]") {
  DcmsState state = started("SM", "1 1 2 2", "1 8 2 7", 3);
  play(state, std::nullopt, std::nullopt);
  play(state, "M 6", std::nullopt);
  CHECK_FALSE(state.outcome().over);
  play(state, std::nullopt, std::nullopt);
  CHECK(state.outcome() == Outcome::draw(EndReason::Score));
  CHECK(state.score() == std::array<int, 2>{2, 2});
}

TEST_CASE("a cheeSe eaten on the last turn decides before the score", "[dcms][end]") {
  // Blue's Mouse eats red's cheeSe at (2,5) and is eaten there by red's Cat: 2 pieces each,
  // which would be a draw by score, but the cheeSe decides.
  DcmsState state = started("SMC", "4 1 2 4 1 1", "2 5 1 8 3 5", 1);
  play(state, "M 6", "c 8");
  CHECK(state.score() == std::array<int, 2>{2, 2});
  CHECK(state.outcome() == Outcome::win(kBlue, EndReason::CheeseEaten));
}

TEST_CASE("max_turns of 1 ends right after the first play turn", "[dcms][end]") {
  DcmsState state = started("SMCD", "1 1 2 2 3 3 4 4", "1 8 2 7 3 6 4 5", 1);
  play(state, std::nullopt, "m 5");
  CHECK(state.outcome() == Outcome::draw(EndReason::Score));
}

TEST_CASE("the state's constructor refuses bad settings", "[dcms][end]") {
  const Map map = parse_map(kOpenMap, "open");
  CHECK_THROWS_AS(DcmsState(map, "SMD", 60), std::invalid_argument);
  CHECK_THROWS_AS(DcmsState(map, "SM", 0), std::invalid_argument);
}

// Play-phase move strings: what is accepted, and every reason for a refusal.
#include <catch2/catch.hpp>

#include "dcms_test_helpers.h"

using namespace skirmish::test::dcms;

namespace {

DcmsState smc_game() { return started("SMC", "1 1 2 2 3 3", "1 8 2 7 3 6"); }

std::string refusal(const DcmsState& state, skirmish::engine::Seat seat, const std::string& move) {
  auto reason = state.check_move(seat, move);
  INFO("move '" << move << "'");
  REQUIRE(reason.has_value());
  // apply() refuses it too and leaves the state as it was.
  const std::string before = state.state_key();
  DcmsState copy = state;
  skirmish::engine::JointMove moves;
  moves[static_cast<std::size_t>(seat)] = move;
  CHECK_THROWS_AS(copy.apply(moves), skirmish::engine::IllegalMove);
  CHECK(copy.state_key() == before);
  return *reason;
}

}  // namespace

TEST_CASE("moves parse into orders per piece, unnamed pieces stay", "[dcms][moves]") {
  const DcmsState state = smc_game();
  std::string reason;
  auto orders = state.parse_orders(kBlue, "M 4 C 6", &reason);
  REQUIRE(orders.has_value());
  CHECK(orders->direction == std::array<std::int8_t, 4>{5, 4, 6, 5});
  orders = state.parse_orders(kRed, "c 9", &reason);
  REQUIRE(orders.has_value());
  CHECK(orders->direction == std::array<std::int8_t, 4>{5, 5, 9, 5});
  orders = state.parse_orders(kBlue, "C 1 M 3 S 5", &reason);  // any order; cheeSe may say 5
  REQUIRE(orders.has_value());
  CHECK(orders->direction == std::array<std::int8_t, 4>{5, 3, 1, 5});
}

TEST_CASE("runs of blanks and leading or trailing blanks are fine", "[dcms][moves]") {
  const DcmsState state = smc_game();
  for (const std::string move : {"M 4", "  M 4", "M 4   ", "M    4", " M  4   C\t 6 ", "M 4\n", "M 4\r\n"}) {
    INFO("move '" << move << "'");
    CHECK_FALSE(state.check_move(kBlue, move).has_value());
    CHECK(state.parse_orders(kBlue, move, nullptr)->direction[1] == 4);
  }
}

TEST_CASE("every refusal says what was wrong", "[dcms][moves]") {
  const DcmsState state = smc_game();
  CHECK_THAT(refusal(state, kBlue, ""), Catch::Contains("empty move"));
  CHECK_THAT(refusal(state, kBlue, "   "), Catch::Contains("empty move"));
  CHECK_THAT(refusal(state, kBlue, "X 4"), Catch::Contains("'X' is not one of your pieces"));
  CHECK_THAT(refusal(state, kBlue, "D 4"), Catch::Contains("'D' is not one of your pieces"));
  CHECK_THAT(refusal(state, kBlue, "m 4"), Catch::Contains("'m' is red's Mouse"));
  CHECK_THAT(refusal(state, kRed, "C 4"), Catch::Contains("'C' is blue's Cat"));
  CHECK_THAT(refusal(state, kBlue, "M 4 M 6"), Catch::Contains("names the Mouse a second time"));
  CHECK_THAT(refusal(state, kBlue, "S 4"), Catch::Contains("cheeSe never moves"));
  CHECK_THAT(refusal(state, kBlue, "M 0"), Catch::Contains("'0' is not a direction"));
  CHECK_THAT(refusal(state, kBlue, "M x"), Catch::Contains("'x' is not a direction"));
  CHECK_THAT(refusal(state, kBlue, "M 44"), Catch::Contains("'44' is not a direction"));
  CHECK_THAT(refusal(state, kBlue, "M"), Catch::Contains("no direction"));
  CHECK_THAT(refusal(state, kBlue, "M 4 C"), Catch::Contains("no direction"));
  CHECK_THAT(refusal(state, kBlue, "M4"), Catch::Contains("'M4' is not a piece letter"));
  CHECK_THAT(refusal(state, kBlue, "M,4"), Catch::Contains("not a piece letter"));
  CHECK_THAT(refusal(state, kBlue, "hello world"), Catch::Contains("not a piece letter"));
}

TEST_CASE("a refused move can be followed by a valid one", "[dcms][moves]") {
  DcmsState state = smc_game();
  CHECK_THROWS_AS(play(state, "M 0", "m 5"), skirmish::engine::IllegalMove);
  CHECK(state.turn() == 1);
  play(state, "M 6", "m 5");
  CHECK(state.turn() == 2);
  CHECK(state.position(kBlue, 1) == at(2, 3));
}

TEST_CASE("the applied move is recorded in canonical form", "[dcms][moves]") {
  DcmsState state = smc_game();
  play(state, "  C 6   M 3 ", std::nullopt);
  REQUIRE(state.last_turn().has_value());
  CHECK(state.last_turn()->moves[0] == "M 3 C 6");
  CHECK_FALSE(state.last_turn()->moves[1].has_value());  // a null move
  CHECK(state.last_turn()->captures.empty());
}

// The move text "r1 c1 r2 c2" that crosses GameState.
#include <catch2/catch.hpp>

#include "scenario.h"

using namespace skirmish::engine;
using namespace skirmish::test::tactego;

TEST_CASE("move text: parse and format", "[tactego][move]") {
  CHECK(parse_move("1 0 2 0") == mv(1, 0, 2, 0));
  CHECK(parse_move("  12\t3  4 5 ") == mv(12, 3, 4, 5));
  CHECK(parse_move("-1 0 0 0") == mv(-1, 0, 0, 0));  // parses; the rules then refuse it
  CHECK(format_move(mv(1, 0, 2, 0)) == "1 0 2 0");
  for (const char* bad : {"", "1 0 2", "1 0 2 0 3", "a b c d", "1,0 2,0", "1.5 0 2 0",
                          "1 0 2 0x", "99999999999 0 0 0"}) {
    INFO("'" << bad << "'");
    CHECK_FALSE(parse_move(bad).has_value());
  }
}

TEST_CASE("move text: a malformed move is refused saying what form is expected",
          "[tactego][move]") {
  auto state = scenario({"RF R1 .", ". . .", ". BF B1"});
  const auto reason = state.check_move(0, "1 0 -> 2 0");
  REQUIRE(reason.has_value());
  CHECK_THAT(*reason, Catch::Contains("malformed move '1 0 -> 2 0'") &&
                          Catch::Contains("row col row col"));
  JointMove turn;
  turn[0] = "garbage";
  CHECK_THROWS_AS(state.apply(turn), IllegalMove);
}

// Moving: numpad directions, walls block, moves are simultaneous, null moves stand still.
#include <catch2/catch.hpp>

#include <algorithm>

#include "dcms_test_helpers.h"

using namespace skirmish::test::dcms;

TEST_CASE("each numpad digit moves one king step", "[dcms][movement]") {
  const std::array<Pos, 10> expected{Pos{}, at(3, 2), at(3, 3), at(3, 4), at(2, 2), at(2, 3),
                                     at(2, 4),  at(1, 2), at(1, 3), at(1, 4)};
  for (int digit = 1; digit <= 9; ++digit) {
    INFO("direction " << digit);
    DcmsState state = started("SM", "4 1 2 3", "4 8 2 6");
    play(state, "M " + std::to_string(digit), "m 5");
    CHECK(state.position(kBlue, 1) == expected[static_cast<std::size_t>(digit)]);
  }
}

TEST_CASE("a piece moving into a wall does not move", "[dcms][movement]") {
  // The border, and an inner wall at (2, 3).
  const std::string_view walled =
      "##########\n"
      "#........#\n"
      "#..#.....#\n"
      "#........#\n"
      "##########\n";
  DcmsState state = started("SMC", "3 1 1 1 2 2", "3 8 1 8 2 7", 60, walled);
  play(state, "M 7 C 6", "m 9 c 5");
  CHECK(state.position(kBlue, 1) == at(1, 1));  // corner: up-left is the border
  CHECK(state.position(kBlue, 2) == at(2, 2));  // right is the inner wall
  CHECK(state.position(kRed, 1) == at(1, 8));
  play(state, "M 8 C 3", "m 6 c 5");
  CHECK(state.position(kBlue, 1) == at(1, 1));
  CHECK(state.position(kBlue, 2) == at(3, 3));  // diagonal past the wall's corner is fine
  CHECK(state.position(kRed, 1) == at(1, 8));
}

TEST_CASE("both seats move at once and a null move stands still", "[dcms][movement]") {
  DcmsState state = started("SM", "4 1 2 3", "4 8 2 6");
  play(state, "M 6", "m 4");  // (2,4) and (2,5): next to each other, nothing happens
  CHECK(state.position(kBlue, 1) == at(2, 4));
  CHECK(state.position(kRed, 1) == at(2, 5));
  play(state, std::nullopt, "m 8");
  CHECK(state.position(kBlue, 1) == at(2, 4));
  CHECK(state.position(kRed, 1) == at(1, 5));
  CHECK(state.turn() == 3);
  CHECK(state.last_turn()->moves[0] == std::nullopt);
  CHECK(state.last_turn()->moves[1] == "m 8");
}

TEST_CASE("the cheeSe never moves and pieces may stack", "[dcms][movement]") {
  DcmsState state = started("SMCD", "2 2 2 3 3 3 1 3", "2 7 2 8 3 8 1 8");
  play(state, "S 5 M 4 C 7 D 1", "m 5");
  CHECK(state.position(kBlue, 0) == at(2, 2));
  CHECK(state.position(kBlue, 1) == at(2, 2));
  CHECK(state.position(kBlue, 2) == at(2, 2));
  CHECK(state.position(kBlue, 3) == at(2, 2));
  CHECK(state.score() == std::array<int, 2>{4, 4});
}

TEST_CASE("naming a piece that is off the board is allowed and has no effect", "[dcms][movement]") {
  // Blue's Mouse dies fighting red's Mouse; afterwards "M 6" is still a valid move.
  DcmsState state = started("SMC", "1 1 2 4 4 1", "1 8 2 5 4 8");
  play(state, "M 6", "m 5");
  REQUIRE_FALSE(state.position(kBlue, 1).has_value());
  REQUIRE_FALSE(state.position(kRed, 1).has_value());
  CHECK_FALSE(state.check_move(kBlue, "M 6").has_value());
  play(state, "M 6", "m 2 c 5");
  CHECK_FALSE(state.position(kBlue, 1).has_value());
  CHECK(state.position(kBlue, 2) == at(4, 1));
  CHECK(state.last_turn()->moves[0] == "C 5");  // as applied: the Cat stayed
  CHECK(state.last_turn()->moves[1] == "c 5");
}

TEST_CASE("legal moves list every combination of the movable pieces", "[dcms][movement]") {
  DcmsState state = started("SMC", "1 1 2 4 4 1", "1 8 2 5 4 8");
  auto moves = state.legal_moves(kBlue);
  CHECK(moves.size() == 81);
  CHECK(moves.front() == "M 1 C 1");
  CHECK(moves.back() == "M 9 C 9");
  CHECK(std::find(moves.begin(), moves.end(), "M 5 C 5") != moves.end());
  play(state, "M 6", "m 5");  // both Mice gone
  moves = state.legal_moves(kBlue);
  CHECK(moves.size() == 9);
  CHECK(moves.front() == "C 1");
  const DcmsState sm = started("SM", "1 1 2 2", "1 8 2 7");
  CHECK(sm.legal_moves(kRed).size() == 9);
  CHECK(sm.legal_moves(kRed)[4] == "m 5");
  CHECK(new_game("SM").legal_moves(kBlue).empty());  // setup: too many to list
}

TEST_CASE("with only the cheeSe left, the one legal move is to stay", "[dcms][movement]") {
  DcmsState state = started("SM", "1 1 2 4", "4 8 2 5");
  play(state, "M 6", "m 5");  // the Mice fight; the cheeSes remain
  REQUIRE(state.phase() == Phase::Play);
  CHECK(state.legal_moves(kBlue) == std::vector<std::string>{"S 5"});
  skirmish::engine::Rng rng(1);
  CHECK(state.random_move(kRed, rng) == "s 5");
  CHECK_FALSE(state.check_move(kBlue, "M 5").has_value());
}

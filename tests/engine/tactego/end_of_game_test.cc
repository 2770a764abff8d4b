// rules.md §1 "End of the game" and §4: the end checks after each move, in order, and before
// the first move.
#include <catch2/catch.hpp>

#include "scenario.h"

using namespace skirmish::engine;
using namespace skirmish::test::tactego;

TEST_CASE("end: capturing the last flag wins", "[tactego][end]") {
  auto state = scenario({"RF R3 .", ". BF .", ". . B1"});
  state.apply_move(mv(0, 1, 1, 1));
  CHECK(state.outcome() == Outcome::win(0, EndReason::FlagCaptured));
  CHECK(state.to_act().empty());
}

TEST_CASE("end: capturing one of two flags does not", "[tactego][end]") {
  auto state = scenario({"RF R3 .", ". BF .", "BF . B1"});
  state.apply_move(mv(0, 1, 1, 1));
  CHECK_FALSE(state.outcome().over);
  CHECK(state.flags_left(1) == 1);
  CHECK(state.to_act() == SeatSet::only(1));
}

TEST_CASE("end: blue can win by capturing red's flag", "[tactego][end]") {
  auto state = scenario({"RF . .", "B2 . R1", ". . BF"}, 1);
  state.apply_move(mv(1, 0, 0, 0));
  CHECK(state.outcome() == Outcome::win(1, EndReason::FlagCaptured));
}

TEST_CASE("end: the next player with no legal move loses", "[tactego][end]") {
  // Blue's only mover is a 1 next to red's 5; after red takes it blue has only a flag.
  auto state = scenario({"RF . . .", ". R5 . .", ". B1 . .", ". . . BF"});
  state.apply_move(mv(1, 1, 2, 1));
  CHECK(state.outcome() == Outcome::win(0, EndReason::NoLegalMove));
}

TEST_CASE("end: no legal move because every piece is boxed in", "[tactego][end]") {
  // Blue's 4 in the corner is walled in by its own mines and flag.
  auto boxed = scenario({"RF R1 . .", ". . . .", ". . BM BF", ". . BM B4"});
  boxed.apply_move(mv(0, 1, 1, 1));
  CHECK(boxed.outcome() == Outcome::win(0, EndReason::NoLegalMove));
}

TEST_CASE("end: red with no legal move before the first move loses", "[tactego][end]") {
  auto state = scenario({"RF RM .", ". . .", "BF . B1"});
  CHECK(state.outcome() == Outcome::win(1, EndReason::NoLegalMove));
  CHECK(state.to_act().empty());
  CHECK(state.legal_moves(0).empty());
  // Through the options too: a set of only a flag leaves red unable to move.
  auto created = game_info().create(resolve_options(
      game_info().options, {{"pieces_text", "F 1"}, {"length", "2"}, {"width", "1"}}));
  CHECK(created->outcome() == Outcome::win(1, EndReason::NoLegalMove));
}

TEST_CASE("end: max_turns reached is a draw", "[tactego][end]") {
  auto state = scenario({"RF R1 . .", ". . . .", ". . . .", ". . B1 BF"}, 0, false, 3);
  state.apply_move(mv(0, 1, 1, 1));
  state.apply_move(mv(3, 2, 2, 2));
  CHECK_FALSE(state.outcome().over);
  CHECK(state.turn() == 2);
  state.apply_move(mv(1, 1, 1, 0));
  CHECK(state.outcome() == Outcome::draw(EndReason::MaxTurns));
  CHECK(state.turn() == 3);
}

TEST_CASE("end: capturing the last flag on the max_turns move wins", "[tactego][end]") {
  auto state = scenario({"RF R1 .", ". BF .", ". . B1"}, 0, false, 1);
  state.apply_move(mv(0, 1, 1, 1));
  CHECK(state.outcome() == Outcome::win(0, EndReason::FlagCaptured));
}

TEST_CASE("end: max_turns comes before no legal move", "[tactego][end]") {
  auto state = scenario({"RF . . .", ". R5 . .", ". B1 . .", ". . . BF"}, 0, false, 1);
  state.apply_move(mv(1, 1, 2, 1));
  CHECK(state.outcome() == Outcome::draw(EndReason::MaxTurns));
}

TEST_CASE("end: max_turns through the options counts both players' moves", "[tactego][end]") {
  auto state = game_info().create(resolve_options(
      game_info().options, {{"seed", "asdf"}, {"pieces", "small_game"}, {"length", "6"},
                            {"width", "4"}, {"max_turns", "2"}}));
  JointMove red, blue;
  red[0] = "1 0 2 0";
  blue[1] = "4 1 3 1";
  state->apply(red);
  CHECK_FALSE(state->outcome().over);
  state->apply(blue);
  CHECK(state->outcome() == Outcome::draw(EndReason::MaxTurns));
}

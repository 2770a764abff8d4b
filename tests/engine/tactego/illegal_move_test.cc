// rules.md §1 "Turns and moves" and §4: each reason, and the first broken rule is the one named.
#include <catch2/catch.hpp>

#include <map>

#include "scenario.h"

using namespace skirmish::engine;
using namespace skirmish::test::tactego;

namespace {

// Red: flag (0 0), mine (0 1), a 3 at (1 1), a 2 at (1 2). Blue: 5 at (2 1), flag (3 3).
TactegoState position() {
  return scenario({"RF RM . .", ". R3 R2 .", ". B5 . .", ". . . BF"});
}

std::string reason_for(const TactegoState& state, const std::string& text, Seat seat = 0) {
  auto reason = state.check_move(seat, text);
  REQUIRE(reason.has_value());
  // The same reason from the typed path, and apply refuses without changing anything.
  if (auto move = parse_move(text); move && seat == state.current())
    CHECK(state.check(seat, *move) == reason);
  auto copy = state;
  JointMove turn;
  turn[static_cast<std::size_t>(seat)] = text;
  const std::string key = copy.state_key();
  CHECK_THROWS_WITH(copy.apply(turn), *reason);
  CHECK(copy.state_key() == key);
  return *reason;
}

}  // namespace

TEST_CASE("illegal: each rule has its own reason", "[tactego][illegal]") {
  const auto state = position();
  CHECK_THAT(reason_for(state, "4 0 3 0"), Catch::Contains("start (row 4, col 0) is off the board"));
  CHECK_THAT(reason_for(state, "0 -1 0 0"), Catch::Contains("start (row 0, col -1) is off the board"));
  CHECK_THAT(reason_for(state, "1 1 1 -1"), Catch::Contains("end (row 1, col -1) is off the board"));
  CHECK_THAT(reason_for(state, "1 2 1 4"), Catch::Contains("end (row 1, col 4) is off the board"));
  CHECK_THAT(reason_for(state, "1 0 2 0"), Catch::Contains("start (row 1, col 0) is empty"));
  CHECK_THAT(reason_for(state, "2 1 1 0"), Catch::Contains("holds an enemy piece"));
  CHECK_THAT(reason_for(state, "0 0 1 0"), Catch::Contains("flag at (row 0, col 0) cannot move"));
  CHECK_THAT(reason_for(state, "0 1 0 2"), Catch::Contains("mine at (row 0, col 1) cannot move"));
  CHECK_THAT(reason_for(state, "1 1 3 1"), Catch::Contains("not one step"));
  CHECK_THAT(reason_for(state, "1 1 1 3"), Catch::Contains("not one step"));
  CHECK_THAT(reason_for(state, "1 1 1 1"), Catch::Contains("is the start: a piece must move one square"));
  CHECK_THAT(reason_for(state, "1 1 1 2"), Catch::Contains("holds one of your own pieces"));
  CHECK_THAT(reason_for(state, "1 1 0 1"), Catch::Contains("holds one of your own pieces"));
  CHECK_THAT(reason_for(state, "2 1 1 1", 1), Catch::Contains("not your turn: red moves now"));
}

TEST_CASE("illegal: the first broken rule is the one given", "[tactego][illegal]") {
  const auto state = position();
  // Off board start beats everything else; off board end beats an empty start.
  CHECK_THAT(reason_for(state, "9 9 9 9"), Catch::Contains("start (row 9, col 9) is off"));
  CHECK_THAT(reason_for(state, "1 0 9 9"), Catch::Contains("end (row 9, col 9) is off"));
  // Not your piece beats too far; a flag beats too far and own destination.
  CHECK_THAT(reason_for(state, "2 2 0 0"), Catch::Contains("is empty"));
  CHECK_THAT(reason_for(state, "0 0 3 3"), Catch::Contains("flag"));
  CHECK_THAT(reason_for(state, "0 1 1 1"), Catch::Contains("mine"));
  // A one-step move onto your own piece; a two-step one names the distance first.
  CHECK_THAT(reason_for(state, "1 1 0 0"), Catch::Contains("holds one of your own"));
  auto wide = scenario({"RF . R3 . R2", ". . . . .", ". . . . BF"});
  CHECK_THAT(reason_for(wide, "0 2 0 4"), Catch::Contains("not one step"));
}

TEST_CASE("illegal: nothing is legal once the game is over", "[tactego][illegal]") {
  auto state = scenario({"RF R3 .", ". BF .", ". . B1"});
  state.apply_move(mv(0, 1, 1, 1));
  REQUIRE(state.outcome().over);
  CHECK(*state.check_move(1, "2 2 1 2") == "the game is over");
  CHECK(*state.check(1, mv(2, 2, 1, 2)) == "the game is over");
  CHECK(state.legal_moves(0).empty());
  CHECK(state.legal_moves(1).empty());
  CHECK(state.to_act().empty());
}

TEST_CASE("legal moves: every step to an empty or enemy square, row-major", "[tactego][illegal]") {
  const auto state = position();
  std::vector<Move> moves;
  state.legal_moves(moves);
  const std::vector<Move> expected{
      mv(1, 1, 0, 2), mv(1, 1, 1, 0), mv(1, 1, 2, 0), mv(1, 1, 2, 1), mv(1, 1, 2, 2),
      mv(1, 2, 0, 2), mv(1, 2, 0, 3), mv(1, 2, 1, 3), mv(1, 2, 2, 1), mv(1, 2, 2, 2),
      mv(1, 2, 2, 3)};
  CHECK(moves == expected);
  const auto texts = state.legal_moves(0);
  REQUIRE(texts.size() == expected.size());
  CHECK(texts.front() == "1 1 0 2");
  CHECK(state.legal_moves(1).empty());  // not blue's turn
}

TEST_CASE("random_move: uniform over the legal moves", "[tactego][illegal]") {
  const auto state = position();
  const auto legal = state.legal_moves(0);
  std::map<std::string, int> seen;
  Rng rng(7);
  const int draws = 1100 * static_cast<int>(legal.size());
  for (int i = 0; i < draws; ++i) ++seen[state.random_move(0, rng)];
  REQUIRE(seen.size() == legal.size());
  for (const auto& move : legal) {
    INFO(move);
    CHECK(seen[move] > 900);  // expected 1100 each; 900..1300 is far outside chance
    CHECK(seen[move] < 1300);
  }
  CHECK_THROWS_AS(state.random_move(1, rng), std::logic_error);
}

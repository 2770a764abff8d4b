// The setup phase: every kind of illegal placement loses, both illegal is a draw, and any
// setup text is accepted by check_move (the rules, not a refusal, punish it).
#include <catch2/catch.hpp>

#include "dcms_test_helpers.h"

using namespace skirmish::test::dcms;
using skirmish::engine::EndReason;
using skirmish::engine::Outcome;

namespace {

// Blue submits `blue_text` against a legal red setup; returns the game after the setup.
DcmsState after_blue_setup(const std::string& blue_text, std::string_view pieces = "SM") {
  DcmsState state = new_game(pieces);
  CHECK_FALSE(state.check_move(kBlue, blue_text).has_value());
  const std::string red_numbers = "2 7 3 8 1 5 4 6";  // legal for red, cheeSe first
  state.apply({blue_text, red_numbers.substr(0, 4 * pieces.size() - 1)});
  return state;
}

void require_blue_lost(const std::string& blue_text, const std::string& words,
                       std::string_view pieces = "SM") {
  INFO("blue setup '" << blue_text << "'");
  const DcmsState state = after_blue_setup(blue_text, pieces);
  CHECK(state.phase() == Phase::Over);
  CHECK(state.outcome() == Outcome::win(kRed, EndReason::IllegalSetup));
  REQUIRE(state.last_turn().has_value());
  CHECK(state.last_turn()->illegal_setup == std::array<bool, 2>{true, false});
  CHECK_THAT(state.last_turn()->setup_problem[0], Catch::Contains(words));
  CHECK(state.last_turn()->setup_problem[1].empty());
  CHECK(state.to_act().empty());
  CHECK(state.check_move(kBlue, "M 5").has_value());
}

}  // namespace

TEST_CASE("a legal setup places the pieces and starts play at turn 1", "[dcms][setup]") {
  DcmsState state = new_game("SMC");
  CHECK(state.phase() == Phase::Setup);
  CHECK(state.turn() == 0);
  CHECK(state.to_act() == skirmish::engine::SeatSet::both());
  CHECK_FALSE(state.last_turn().has_value());
  state.apply({"1 1  2 2\t3 4", " 4 8 1 5 2 6 "});
  CHECK(state.phase() == Phase::Play);
  CHECK(state.turn() == 1);
  CHECK_FALSE(state.outcome().over);
  CHECK(state.position(kBlue, 0) == at(1, 1));
  CHECK(state.position(kBlue, 1) == at(2, 2));
  CHECK(state.position(kBlue, 2) == at(3, 4));
  CHECK(state.position(kRed, 0) == at(4, 8));
  CHECK(state.position(kRed, 1) == at(1, 5));
  CHECK(state.position(kRed, 2) == at(2, 6));
  CHECK(state.score() == std::array<int, 2>{3, 3});
  CHECK(state.last_turn()->moves[0] == "1 1  2 2\t3 4");
  CHECK(state.last_turn()->illegal_setup == std::array<bool, 2>{false, false});
}

TEST_CASE("an illegal setup sent again does not replace a legal one", "[dcms][setup]") {
  DcmsState state = new_game("SM");
  const auto refused = state.check_replacement(kBlue, "1 1 2 2", "1 1");
  REQUIRE(refused.has_value());
  CHECK_THAT(*refused, Catch::Contains("2 numbers given, 4 needed") &&
                           Catch::EndsWith("your earlier placement, which is legal, stands"));
  CHECK(state.check_replacement(kBlue, "1 1 2 2", "1 1 3 3") == std::nullopt);  // legal for legal
  CHECK(state.check_replacement(kBlue, "1 1", "1 1 2 2") == std::nullopt);      // legal for illegal
  CHECK(state.check_replacement(kBlue, "1 1", "x") == std::nullopt);            // illegal for illegal
  // In play, check_move refuses an invalid move first: any valid one replaces another.
  state.apply({"1 1 2 2", "2 7 3 8"});
  CHECK(state.check_replacement(kBlue, "M 6", "M 4") == std::nullopt);
}

TEST_CASE("several of a player's pieces may share a square", "[dcms][setup]") {
  const DcmsState state = started("SMCD", "2 2 2 2 2 2 2 2", "3 7 3 7 3 7 3 7");
  CHECK(state.position(kBlue, 3) == at(2, 2));
  CHECK(state.position(kRed, 0) == at(3, 7));
  CHECK(state.score() == std::array<int, 2>{4, 4});
}

TEST_CASE("each kind of illegal placement loses the game", "[dcms][setup]") {
  require_blue_lost("0 2 2 2", "on a wall");          // top border
  require_blue_lost("2 2 3 0", "on a wall");          // left border
  require_blue_lost("-1 2 2 2", "off the board");
  require_blue_lost("2 2 6 2", "off the board");
  require_blue_lost("2 2 2 10", "off the board");
  require_blue_lost("2 2 99999999999 2", "off the board");
  // A number too large for any board is named with its piece, after the pieces before it.
  require_blue_lost("2 2 3 99999999999", "Mouse (M) at (3, 99999999999) is off the board");
  require_blue_lost("-1 2 3 99999999999", "cheeSe (S) at (-1, 2) is off the board");
  require_blue_lost("2 2", "2 numbers given, 4 needed (a row and a column for each of 2 pieces, SM: 2 positions)");
  require_blue_lost("2 2 2 5", "outside blue's half");  // red's half starts at column 5
  require_blue_lost("2 2", "wrong count");
  require_blue_lost("2 2 3 3 4", "wrong count");
  require_blue_lost("2 2 3 3 1 1", "wrong count");
  require_blue_lost("", "wrong count");
  require_blue_lost("2 2 3 x", "malformed");
  require_blue_lost("(2, 2), (3, 3)", "malformed");
  require_blue_lost("2 2 3 3.0", "malformed");
  require_blue_lost("2 2 3 3", "wrong count", "SMC");  // SMC needs 6 numbers
}

TEST_CASE("red placing in blue's half loses", "[dcms][setup]") {
  DcmsState state = new_game("SM");
  state.apply({"2 2 3 3", "2 7 3 4"});
  CHECK(state.outcome() == Outcome::win(kBlue, EndReason::IllegalSetup));
  CHECK_THAT(state.last_turn()->setup_problem[1], Catch::Contains("outside red's half"));
  CHECK(state.position(kBlue, 0) == at(2, 2));  // the legal side is placed
  CHECK_FALSE(state.position(kRed, 0).has_value());
}

TEST_CASE("no setup submitted counts as an illegal placement", "[dcms][setup]") {
  DcmsState state = new_game("SM");
  state.apply({std::nullopt, std::string("2 7 3 8")});
  CHECK(state.outcome() == Outcome::win(kRed, EndReason::IllegalSetup));
  CHECK_THAT(state.last_turn()->setup_problem[0], Catch::Contains("no placement"));
}

TEST_CASE("both setups illegal is a draw", "[dcms][setup]") {
  DcmsState state = new_game("SM");
  state.apply({"2 2 2 9", "garbage"});
  CHECK(state.outcome() == Outcome::draw(EndReason::IllegalSetup));
  CHECK(state.last_turn()->illegal_setup == std::array<bool, 2>{true, true});
  CHECK(state.phase() == Phase::Over);
  CHECK_THROWS_AS(state.apply({"M 5", "m 5"}), skirmish::engine::IllegalMove);
}

TEST_CASE("odd widths: the middle column belongs to nobody", "[dcms][setup]") {
  const std::string_view odd = "#########\n#.......#\n#.......#\n#########\n";  // 9 columns
  DcmsState blue_middle = new_game("SM", 60, odd);
  blue_middle.apply({"1 1 1 4", "1 7 2 5"});
  CHECK(blue_middle.outcome() == Outcome::win(kRed, EndReason::IllegalSetup));
  DcmsState red_middle = new_game("SM", 60, odd);
  red_middle.apply({"1 1 1 3", "1 7 2 4"});
  CHECK(red_middle.outcome() == Outcome::win(kBlue, EndReason::IllegalSetup));
  DcmsState fine = new_game("SM", 60, odd);
  fine.apply({"1 1 2 3", "1 7 2 5"});
  CHECK(fine.phase() == Phase::Play);
}

TEST_CASE("a random setup is always legal", "[dcms][setup]") {
  skirmish::engine::Rng rng(7);
  for (const auto& name : map_names())
    for (auto pieces : kPieceSets)
      for (int i = 0; i < 50; ++i) {
        DcmsState state(*shipped_map(name), pieces, 60);
        state.apply({state.random_move(kBlue, rng), state.random_move(kRed, rng)});
        REQUIRE(state.phase() == Phase::Play);
      }
}

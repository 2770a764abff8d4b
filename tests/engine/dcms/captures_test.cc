// Captures, rank by rank: fights at equal rank, eaten by the rank above, nothing else.
#include <catch2/catch.hpp>

#include "dcms_test_helpers.h"

using namespace skirmish::test::dcms;
using skirmish::engine::EndReason;
using skirmish::engine::Outcome;
using Why = Capture::Why;

namespace {

// SMCD with the cheeSes out of the way in the bottom corners and every other piece of both
// sides lined up next to the middle: blue's at column 4, red's at column 5, rows 1..3.
// Blue M (1,4) C (2,4) D (3,4); red m (1,5) c (2,5) d (3,5).
DcmsState lined_up() { return started("SMCD", "4 1 1 4 2 4 3 4", "4 8 1 5 2 5 3 5"); }

}  // namespace

TEST_CASE("the seed's case: a Mouse eats the cheeSe, then dies fighting the Mouse",
          "[dcms][captures]") {
  // Red's cheeSe at (2,5) with red's Mouse beside it at (2,6); blue's Mouse comes from (2,4).
  DcmsState state = started("SM", "1 1 2 4", "2 5 2 6");
  play(state, "M 6", "m 4");  // both Mice land on the red cheeSe's square
  REQUIRE(state.last_turn().has_value());
  const auto& captures = state.last_turn()->captures;
  REQUIRE(captures.size() == 3);
  CHECK(captures[0] == Capture{kRed, 's', at(2, 5), Why::Eaten});  // rank 0 first
  CHECK(captures[1] == Capture{kBlue, 'M', at(2, 5), Why::Fight});
  CHECK(captures[2] == Capture{kRed, 'm', at(2, 5), Why::Fight});
  CHECK_FALSE(state.position(kBlue, 1).has_value());
  CHECK_FALSE(state.position(kRed, 1).has_value());
  CHECK(state.position(kBlue, 0) == at(1, 1));
  // The cheeSe's owner loses, though blue's Mouse died too.
  CHECK(state.outcome() == Outcome::win(kBlue, EndReason::CheeseEaten));
  CHECK(state.phase() == Phase::Over);
  CHECK(state.to_act().empty());
}

TEST_CASE("both cheeSes eaten in the same turn is a draw", "[dcms][captures]") {
  DcmsState state = started("SM", "1 4 3 4", "3 5 1 5");
  play(state, "M 6", "m 4");  // blue's Mouse onto (3,5), red's onto (1,4)
  CHECK(state.outcome() == Outcome::draw(EndReason::CheeseEaten));
  const auto& captures = state.last_turn()->captures;
  REQUIRE(captures.size() == 2);
  CHECK(captures[0] == Capture{kBlue, 'S', at(1, 4), Why::Eaten});
  CHECK(captures[1] == Capture{kRed, 's', at(3, 5), Why::Eaten});
  CHECK(state.position(kBlue, 1) == at(3, 5));  // both Mice survive
  CHECK(state.position(kRed, 1) == at(1, 4));
}

TEST_CASE("equal ranks on one square fight and both go", "[dcms][captures]") {
  const char* blue_moves[] = {"M 6", "C 6", "D 6"};
  for (int rank = 1; rank <= 3; ++rank) {
    INFO("rank " << rank);
    DcmsState state = lined_up();
    play(state, blue_moves[rank - 1], "m 5");
    const Pos square = at(rank, 5);
    const char upper = kAllPieces[static_cast<std::size_t>(rank)];
    const auto& captures = state.last_turn()->captures;
    REQUIRE(captures.size() == 2);
    CHECK(captures[0] == Capture{kBlue, upper, square, Why::Fight});
    CHECK(captures[1] == Capture{kRed, static_cast<char>(upper - 'A' + 'a'), square, Why::Fight});
    CHECK(state.score() == std::array<int, 2>{3, 3});
    CHECK_FALSE(state.outcome().over);
  }
}

TEST_CASE("the rank above eats the rank below, for each rank", "[dcms][captures]") {
  SECTION("a Mouse eats a cheeSe") {
    DcmsState state = started("SMCD", "2 4 1 1 3 1 4 1", "4 8 2 5 3 8 1 8");
    play(state, "M 5", "m 4");
    CHECK(state.last_turn()->captures ==
          std::vector<Capture>{{kBlue, 'S', at(2, 4), Why::Eaten}});
    CHECK(state.outcome() == Outcome::win(kRed, EndReason::CheeseEaten));
  }
  SECTION("a Cat eats a Mouse") {
    DcmsState state = lined_up();
    play(state, "M 3", "m 5");  // blue's Mouse steps onto red's Cat at (2,5)
    CHECK(state.last_turn()->captures ==
          std::vector<Capture>{{kBlue, 'M', at(2, 5), Why::Eaten}});
    CHECK(state.position(kRed, 2) == at(2, 5));
    CHECK(state.score() == std::array<int, 2>{3, 4});
  }
  SECTION("a Dog eats a Cat") {
    DcmsState state = lined_up();
    play(state, "D 5", "c 1");  // red's Cat steps onto blue's Dog at (3,4)
    CHECK(state.last_turn()->captures ==
          std::vector<Capture>{{kRed, 'c', at(3, 4), Why::Eaten}});
    CHECK(state.score() == std::array<int, 2>{4, 3});
  }
}

TEST_CASE("a Cat never eats a cheeSe and a Dog never eats a Mouse", "[dcms][captures]") {
  SECTION("Cat on the cheeSe") {
    DcmsState state = started("SMC", "2 4 1 1 3 1", "4 8 1 8 2 5");
    play(state, "C 5", "c 4");
    CHECK(state.position(kRed, 2) == at(2, 4));
    CHECK(state.last_turn()->captures.empty());
    CHECK_FALSE(state.outcome().over);
  }
  SECTION("Dog on the Mouse") {
    DcmsState direct = started("SMCD", "4 1 2 4 1 1 3 1", "4 8 1 8 2 8 2 5");
    play(direct, "M 6", "d 5");  // blue's Mouse onto red's Dog
    CHECK(direct.last_turn()->captures.empty());
    CHECK(direct.position(kBlue, 1) == at(2, 5));
  }
}

TEST_CASE("two Dogs remove each other", "[dcms][captures]") {
  DcmsState state = started("SMCD", "4 1 1 1 2 1 2 4", "4 8 1 8 3 8 2 5");
  play(state, "D 6", "d 5");
  CHECK(state.last_turn()->captures ==
        std::vector<Capture>{{kBlue, 'D', at(2, 5), Why::Fight},
                             {kRed, 'd', at(2, 5), Why::Fight}});
}

TEST_CASE("pieces that swap squares pass each other", "[dcms][captures]") {
  DcmsState state = lined_up();
  play(state, "M 6 C 6 D 6", "m 4 c 4 d 4");
  CHECK(state.last_turn()->captures.empty());
  CHECK(state.position(kBlue, 3) == at(3, 5));
  CHECK(state.position(kRed, 3) == at(3, 4));
  CHECK(state.score() == std::array<int, 2>{4, 4});
}

TEST_CASE("each rank sees the board as it is when the rank starts", "[dcms][captures]") {
  SECTION("a Cat eats a Mouse, then a Dog eats that Cat") {
    DcmsState state = lined_up();
    play(state, "M 3 D 9", "c 5");  // blue's Mouse and Dog both land on red's Cat at (2,5)
    CHECK(state.last_turn()->captures ==
          std::vector<Capture>{{kBlue, 'M', at(2, 5), Why::Eaten},
                               {kRed, 'c', at(2, 5), Why::Eaten}});
    CHECK(state.position(kBlue, 3) == at(2, 5));
  }
  SECTION("a piece fighting its equal and eaten at once is removed once") {
    DcmsState state = lined_up();
    play(state, "C 6", "c 5 d 8");  // blue's Cat meets red's Cat and red's Dog at (2,5)
    CHECK(state.last_turn()->captures ==
          std::vector<Capture>{{kBlue, 'C', at(2, 5), Why::Fight},
                               {kRed, 'c', at(2, 5), Why::Fight}});
    CHECK(state.position(kRed, 3) == at(2, 5));  // the Dog stays
  }
  SECTION("an own piece on the square does not protect") {
    DcmsState state = lined_up();
    play(state, "M 3 C 6", "m 5 c 5");  // blue's Mouse and Cat on red's Cat at (2,5)
    CHECK(state.last_turn()->captures ==
          std::vector<Capture>{{kBlue, 'M', at(2, 5), Why::Eaten},
                               {kBlue, 'C', at(2, 5), Why::Fight},
                               {kRed, 'c', at(2, 5), Why::Fight}});
  }
}

// rules.md §1 "Hidden information" and §4: who sees which kinds, and the board text with fog.
#include <catch2/catch.hpp>

#include "scenario.h"

using namespace skirmish::engine;
using namespace skirmish::test::tactego;

namespace {

const std::vector<Viewer> kViewers{Viewer::of_seat(0), Viewer::of_seat(1), Viewer::spectator(),
                                   Viewer::full()};

// Every piece a viewer sees is the real piece; every hidden one is allowed to be hidden.
void check_view_is_honest(const TactegoState& state) {
  const BoardView truth = state.view(Viewer::full());
  for (const Viewer& viewer : kViewers) {
    const BoardView seen = state.view(viewer);
    REQUIRE(seen.rows == truth.rows);
    REQUIRE(seen.cols == truth.cols);
    for (int r = 0; r < truth.rows; ++r)
      for (int c = 0; c < truth.cols; ++c) {
        const CellView& real = truth.at(r, c);
        const CellView& cell = seen.at(r, c);
        CHECK(cell.owner == real.owner);
        CHECK(cell.revealed == real.revealed);
        if (cell.piece) CHECK(*cell.piece == *real.piece);
        const bool may_see = !state.fog() || viewer.kind == Viewer::Kind::Full || real.revealed ||
                             (viewer.kind == Viewer::Kind::Player && viewer.seat == real.owner);
        if (real.owner >= 0) CHECK(cell.piece.has_value() == may_see);
      }
  }
}

}  // namespace

TEST_CASE("fog off: everyone sees everything", "[tactego][fog]") {
  auto state = scenario({"RF R3 .", ". . .", "BF B5 ."});
  for (const Viewer& viewer : kViewers) {
    CHECK(state.view(viewer).at(0, 1).piece == Piece{Kind::Number, 3});
    CHECK(state.view(viewer).at(2, 1).piece == Piece{Kind::Number, 5});
  }
  check_view_is_honest(state);
}

TEST_CASE("fog: own kinds, enemy colours, spectators fogged, full view sees all",
          "[tactego][fog]") {
  auto state = scenario({"RF R3 .", ". . .", "BF B5 ."}, 0, true);
  CHECK(state.fog());
  const BoardView red = state.view(Viewer::of_seat(0));
  CHECK(red.at(0, 1).piece == Piece{Kind::Number, 3});
  CHECK(red.at(0, 0).piece == Piece{Kind::Flag, 0});
  CHECK(red.at(2, 1).owner == 1);
  CHECK_FALSE(red.at(2, 1).piece.has_value());
  CHECK_FALSE(red.at(2, 0).piece.has_value());
  const BoardView blue = state.view(Viewer::of_seat(1));
  CHECK(blue.at(2, 1).piece == Piece{Kind::Number, 5});
  CHECK_FALSE(blue.at(0, 1).piece.has_value());
  const BoardView spectator = state.view(Viewer::spectator());
  for (const CellView& cell : spectator.cells) CHECK_FALSE(cell.piece.has_value());
  const BoardView full = state.view(Viewer::full());
  CHECK(full.at(2, 1).piece == Piece{Kind::Number, 5});
  check_view_is_honest(state);
}

TEST_CASE("fog: a board reused for the next viewer keeps nothing of the last one's view",
          "[tactego][fog]") {
  // The server draws every view into one board kept per thread; what the full view (or the
  // other seat) saw must not survive into a fogged view drawn after it.
  auto state = scenario({"RF R3 .", ". . .", "BF B5 ."}, 0, true);
  const auto bigger = scenario({"RF R3 . R4", ". . . .", "BF B5 . B6", ". . . ."}, 0, true);
  for (const Viewer& viewer : kViewers) {
    BoardView reused;
    bigger.view_into(Viewer::full(), reused);
    state.view_into(viewer, reused);
    const BoardView fresh = state.view(viewer);
    REQUIRE(reused.rows == fresh.rows);
    REQUIRE(reused.cols == fresh.cols);
    REQUIRE(reused.cells.size() == fresh.cells.size());
    for (std::size_t i = 0; i < fresh.cells.size(); ++i) {
      CHECK(reused.cells[i].owner == fresh.cells[i].owner);
      CHECK(reused.cells[i].piece == fresh.cells[i].piece);
      CHECK(reused.cells[i].revealed == fresh.cells[i].revealed);
    }
  }
}

TEST_CASE("fog: both pieces of a combat are revealed for good, to everyone", "[tactego][fog]") {
  // Blue's 5 attacks red's 3 and wins: both are revealed; the 5 stays revealed as it moves on.
  auto state = scenario({"RF R3 . .", ". . . R9", ". B5 . .", "BF . . B1"}, 0, true);
  state.apply_move(mv(0, 1, 1, 1));
  state.apply_move(mv(2, 1, 1, 1));
  REQUIRE(state.last_move()->combat.has_value());
  CHECK(state.last_move()->combat->defender == Piece{Kind::Number, 3});  // combats are public
  for (const Viewer& viewer : kViewers) {
    INFO("viewer kind " << static_cast<int>(viewer.kind) << " seat " << viewer.seat);
    CHECK(state.view(viewer).at(1, 1).piece == Piece{Kind::Number, 5});
    CHECK(state.view(viewer).at(1, 1).revealed);
  }
  state.apply_move(mv(1, 3, 0, 3));
  state.apply_move(mv(1, 1, 2, 2));  // the revealed 5 moves on
  CHECK(state.view(Viewer::of_seat(0)).at(2, 2).piece == Piece{Kind::Number, 5});
  CHECK(state.view(Viewer::spectator()).at(2, 2).revealed);
  CHECK_FALSE(state.view(Viewer::of_seat(0)).at(3, 3).piece.has_value());  // B1 never fought
  CHECK_FALSE(state.view(Viewer::of_seat(1)).at(0, 3).piece.has_value());  // R9 never fought
  check_view_is_honest(state);
}

TEST_CASE("fog: a mine that destroys an attacker stays revealed, and a captured flag is shown",
          "[tactego][fog]") {
  auto state = scenario({"RF R3 .", ". BM .", "BF . B1", ". . BF"}, 0, true);
  state.apply_move(mv(0, 1, 1, 1));
  CHECK(state.view(Viewer::spectator()).at(1, 1).piece == Piece{Kind::Mine, 0});
  CHECK(state.view(Viewer::of_seat(0)).at(1, 1).piece == Piece{Kind::Mine, 0});
  auto flag = scenario({"RF R3 .", ". BF .", "BF . B1"}, 0, true);
  flag.apply_move(mv(0, 1, 1, 1));
  const Combat& combat = *flag.last_move()->combat;
  CHECK(combat.defender == Piece{Kind::Flag, 0});
  CHECK(flag.view(Viewer::of_seat(1)).at(1, 1).piece == Piece{Kind::Number, 3});
  check_view_is_honest(flag);
}

TEST_CASE("fog: render hides kinds as R?/B? and never leaks one", "[tactego][fog]") {
  auto state = scenario({"RF R10 .", ". . .", "BF B5 ."}, 0, true);
  CHECK(state.render(Viewer::of_seat(0)) ==
        "   0   1   2\n"
        " 0 RF  R10    \n"
        " 1            \n"
        " 2 B?  B?     \n");
  CHECK(state.render(Viewer::of_seat(1)) ==
        "   0   1   2\n"
        " 0 R?  R?     \n"
        " 1            \n"
        " 2 BF  B5     \n");
  CHECK(state.render(Viewer::spectator()) ==
        "   0   1   2\n"
        " 0 R?  R?     \n"
        " 1            \n"
        " 2 B?  B?     \n");
  CHECK(state.render(Viewer::full()) ==
        "   0   1   2\n"
        " 0 RF  R10    \n"
        " 1            \n"
        " 2 BF  B5     \n");
}

TEST_CASE("render: wide strengths widen every column", "[tactego][fog]") {
  auto state = scenario({"RF R100", ". .", "BF B7"});
  CHECK(state.render(Viewer::full()) ==
        "   0    1\n"
        " 0 RF   R100\n"
        " 1          \n"
        " 2 BF   B7  \n");
}

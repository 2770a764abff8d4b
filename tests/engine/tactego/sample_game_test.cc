// The seeds' sample game and other transcripts, checked against the text that
// scripts/tactego_reference.py (python3's random.seed/random.shuffle) really prints.
#include <catch2/catch.hpp>

#include "engine/common/test_data.h"
#include "engine/tactego/tactego.h"

namespace {

using namespace skirmish::engine;
using namespace skirmish::engine::tactego;

std::string transcript(const Options& given, const std::vector<std::string>& moves) {
  auto state = game_info().create(resolve_options(game_info().options, given));
  std::string text = state->render(Viewer::full());
  for (const std::string& move_text : moves) {
    const auto move = parse_move(move_text);
    REQUIRE(move.has_value());
    text += "Select Piece to Move by Position >> " + std::to_string(move->from.row) + " " +
            std::to_string(move->from.col) + "\n";
    text += "Select Position to move Piece >> " + std::to_string(move->to.row) + " " +
            std::to_string(move->to.col) + "\n";
    JointMove turn;
    turn[static_cast<std::size_t>(state->to_act().contains(0) ? 0 : 1)] = move_text;
    state->apply(turn);
    text += state->render(Viewer::full());
  }
  return text;
}

}  // namespace

TEST_CASE("seed sample: asdf, small_game, 6 x 4, two moves, as python3 prints it",
          "[tactego][sample]") {
  const std::string expected =
      skirmish::test::read_source_file("tests/engine/tactego/data/asdf_small_game_6x4.txt");
  CHECK(transcript({{"seed", "asdf"}, {"pieces", "small_game"}, {"length", "6"}, {"width", "4"}},
                   {"1 0 2 0", "4 1 3 1"}) == expected);
}

TEST_CASE("seed sample: the placement matches the seed's printed board cell by cell",
          "[tactego][sample]") {
  auto state = game_info().create(resolve_options(
      game_info().options,
      {{"seed", "asdf"}, {"pieces", "small_game"}, {"length", "6"}, {"width", "4"}}));
  const auto& tactego = dynamic_cast<const TactegoState&>(*state);
  const BoardView board = tactego.view(Viewer::full());
  // The seed's sample output: red rows 0-1, blue rows 5 (filled first) and 4.
  const std::vector<std::pair<Pos, std::string>> expected{
      {{0, 0}, "F"}, {{0, 1}, "1"}, {{0, 2}, "2"}, {{0, 3}, "2"},
      {{1, 0}, "1"}, {{1, 1}, "1"}, {{1, 2}, "3"}, {{1, 3}, "5"},
      {{4, 0}, "1"}, {{4, 1}, "2"}, {{4, 2}, "1"}, {{4, 3}, "3"},
      {{5, 0}, "1"}, {{5, 1}, "2"}, {{5, 2}, "F"}, {{5, 3}, "5"}};
  for (const auto& [pos, sym] : expected) {
    const CellView& cell = board.at(pos.row, pos.col);
    INFO("cell " << pos.row << " " << pos.col);
    CHECK(cell.owner == (pos.row < 2 ? 0 : 1));
    REQUIRE(cell.piece.has_value());
    CHECK(symbol(*cell.piece) == sym);
  }
  for (int r = 2; r <= 3; ++r)
    for (int c = 0; c < 4; ++c) CHECK(board.at(r, c).owner == -1);
}

TEST_CASE("basic 10 x 10 with a combat matches python3", "[tactego][sample]") {
  const std::string expected =
      skirmish::test::read_source_file("tests/engine/tactego/data/skirmish_basic_10x10.txt");
  CHECK(transcript({{"seed", "skirmish"}}, {"3 4 4 4", "6 4 5 4", "4 4 5 4"}) == expected);
}

TEST_CASE("assassins with the empty seed string matches python3", "[tactego][sample]") {
  const std::string expected =
      skirmish::test::read_source_file("tests/engine/tactego/data/empty_seed_assassins_4x3.txt");
  CHECK(transcript({{"pieces", "assassins"}, {"length", "4"}, {"width", "3"}},
                   {"1 1 2 1", "2 0 1 1"}) == expected);
}

// Every test case of the seed (003_78f0643f6cc5cf69.txt), word for word, with the board
// text exactly as rules.md gives it (the seed's copy collapses runs of blanks).
#include <catch2/catch.hpp>

#include "engine/onedchess/onedchess.h"
#include "test_helpers.h"

namespace oc = skirmish::engine::onedchess;
using oc::Cell;
using oc::Direction;
using skirmish::test::onedchess::framed;
using skirmish::test::onedchess::kInitialBoard;

TEST_CASE("seed create_board: the starting list", "[onedchess][seed]") {
  const oc::Board board = oc::create_board();
  const std::vector<std::string> expected{"WKi", "WKn",   "WKn", "EMPTY", "EMPTY",
                                          "EMPTY", "BKn", "BKn", "BKi"};
  REQUIRE(board.size() == expected.size());
  for (std::size_t i = 0; i < board.size(); ++i) CHECK(oc::cell_name(board[i]) == expected[i]);
}

TEST_CASE("seed printable_board: the initial board", "[onedchess][seed]") {
  const std::string text = oc::printable_board(oc::create_board());
  CHECK(text ==
        "+-----------------------------------------------------+\n"
        "| WKi | WKn | WKn |     |     |     | BKn | BKn | BKi |\n"
        "+-----------------------------------------------------+");
  CHECK(text == kInitialBoard);
  CHECK(text.back() != '\n');
}

TEST_CASE("seed is_valid_move: the five asserts", "[onedchess][seed]") {
  const oc::Board board = oc::create_board();
  CHECK(oc::printable_board(board) == kInitialBoard);
  CHECK(oc::is_valid_move(board, 1, oc::kBlack) == false);
  CHECK(oc::is_valid_move(board, 9, oc::kBlack) == false);
  CHECK(oc::is_valid_move(board, -1, oc::kBlack) == false);
  CHECK(oc::is_valid_move(board, 6, oc::kBlack) == true);
  CHECK(oc::is_valid_move(board, 2, oc::kWhite) == true);
}

TEST_CASE("seed move_king: 0 LEFT stays, 8 LEFT kills its own knight", "[onedchess][seed]") {
  oc::Board board = oc::create_board();
  CHECK(oc::printable_board(board) == kInitialBoard);
  oc::move_king(board, 0, Direction::Left);
  CHECK(oc::printable_board(board) == kInitialBoard);
  oc::move_king(board, 8, Direction::Left);
  CHECK(oc::printable_board(board) == framed("| WKi | WKn | WKn |     |     |     | BKn | BKi |     |"));
}

TEST_CASE("seed move_knight: 6 LEFT then 2 RIGHT", "[onedchess][seed]") {
  oc::Board board = oc::create_board();
  CHECK(oc::printable_board(board) == kInitialBoard);
  oc::move_knight(board, 6, Direction::Left);
  CHECK(oc::printable_board(board) == framed("| WKi | WKn | WKn |     | BKn |     |     | BKn | BKi |"));
  oc::move_knight(board, 2, Direction::Right);
  CHECK(oc::printable_board(board) == framed("| WKi | WKn |     |     | WKn |     |     | BKn | BKi |"));
}

TEST_CASE("seed move: dispatches to the king", "[onedchess][seed]") {
  oc::Board board = oc::create_board();
  CHECK(oc::printable_board(board) == kInitialBoard);
  oc::move(board, 0, Direction::Left);
  CHECK(oc::printable_board(board) == kInitialBoard);
  oc::move(board, 8, Direction::Left);
  CHECK(oc::printable_board(board) == framed("| WKi | WKn | WKn |     |     |     | BKn | BKi |     |"));
}

namespace {

struct SeedStep {
  int position;
  Direction direction;
  const char* row;  // the middle line printed after the move
};

// The seed's is_game_over game: nine moves, White and Black alternating, White wins.
const std::vector<SeedStep> kSeedGame{
    {2, Direction::Right, "| WKi | WKn |     |     | WKn |     | BKn | BKn | BKi |"},
    {6, Direction::Left, "| WKi | WKn |     |     | BKn |     |     | BKn | BKi |"},
    {1, Direction::Right, "| WKi |     |     | WKn | BKn |     |     | BKn | BKi |"},
    {4, Direction::Left, "| WKi |     | BKn | WKn |     |     |     | BKn | BKi |"},
    {0, Direction::Right, "|     |     | WKi | WKn |     |     |     | BKn | BKi |"},
    {7, Direction::Left, "|     |     | WKi | WKn |     | BKn |     |     | BKi |"},
    {3, Direction::Right, "|     |     | WKi |     |     | WKn |     |     | BKi |"},
    {8, Direction::Left, "|     |     | WKi |     |     | BKi |     |     |     |"},
    {2, Direction::Right, "|     |     |     |     |     | WKi |     |     |     |"},
};

}  // namespace

TEST_CASE("seed is_game_over: the whole game on the free functions", "[onedchess][seed]") {
  oc::Board board = oc::create_board();
  CHECK(oc::printable_board(board) == kInitialBoard);
  CHECK(oc::is_game_over(board) == false);
  for (std::size_t i = 0; i < kSeedGame.size(); ++i) {
    const auto& step = kSeedGame[i];
    INFO("move " << i + 1 << ": " << oc::format_move({step.position, step.direction}));
    oc::move(board, step.position, step.direction);
    CHECK(oc::printable_board(board) == framed(step.row));
    const bool last = i + 1 == kSeedGame.size();
    CHECK(oc::is_game_over(board) == last);
  }
  CHECK(oc::winner(board) == oc::kWhite);  // "White wins!"
}

TEST_CASE("seed is_game_over: the same game through the game state", "[onedchess][seed]") {
  oc::OneDChessState state;
  CHECK(state.render(skirmish::engine::Viewer::spectator()) == kInitialBoard);
  for (std::size_t i = 0; i < kSeedGame.size(); ++i) {
    const auto& step = kSeedGame[i];
    const std::string text = oc::format_move({step.position, step.direction});
    // No INFO here: GCC 12.2 at -O2 miscompiles this loop with one (the JointMove built by
    // by() reads as engaged and the test crashes); the boards differ at every step anyway.
    const skirmish::engine::Seat mover = i % 2 == 0 ? oc::kWhite : oc::kBlack;  // White first
    REQUIRE(state.current() == mover);
    REQUIRE_FALSE(state.outcome().over);
    state.apply(skirmish::test::onedchess::by(mover, text));
    CHECK(state.render(skirmish::engine::Viewer::of_seat(mover)) == framed(step.row));
    CHECK(state.turn() == static_cast<int>(i + 1));
  }
  CHECK(state.outcome() ==
        skirmish::engine::Outcome::win(oc::kWhite, skirmish::engine::EndReason::KingTaken));
  CHECK(state.to_act().empty());
  REQUIRE(state.last_move().has_value());
  CHECK(state.last_move()->from == 2);
  CHECK(state.last_move()->to == 5);
  CHECK(state.last_move()->killed == Cell::BlackKing);
}

TEST_CASE("a game Black wins: White's king kills its own knight, a black knight takes it",
          "[onedchess][seed]") {
  oc::Board board = oc::create_board();
  const std::vector<SeedStep> game{
      {1, Direction::Right, "| WKi |     | WKn | WKn |     |     | BKn | BKn | BKi |"},
      {6, Direction::Left, "| WKi |     | WKn | WKn | BKn |     |     | BKn | BKi |"},
      {2, Direction::Right, "| WKi |     |     | WKn | WKn |     |     | BKn | BKi |"},
      {7, Direction::Left, "| WKi |     |     | WKn | WKn | BKn |     |     | BKi |"},
      {0, Direction::Right, "|     |     |     | WKi | WKn | BKn |     |     | BKi |"},
      {5, Direction::Left, "|     |     |     | BKn | WKn |     |     |     | BKi |"},
  };
  oc::OneDChessState state;
  for (std::size_t i = 0; i < game.size(); ++i) {
    const auto& step = game[i];
    INFO("move " << i + 1);
    REQUIRE_FALSE(oc::is_game_over(board));
    oc::move(board, step.position, step.direction);
    CHECK(oc::printable_board(board) == framed(step.row));
    REQUIRE(state.check(state.current(), {step.position, step.direction}) == std::nullopt);
    state.apply_move({step.position, step.direction});
    CHECK(state.board() == board);
  }
  CHECK(oc::winner(board) == oc::kBlack);  // "Black wins!"
  CHECK(state.outcome() ==
        skirmish::engine::Outcome::win(oc::kBlack, skirmish::engine::EndReason::KingTaken));
}

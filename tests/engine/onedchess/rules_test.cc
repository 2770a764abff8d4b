// One scenario per rule of rules.md §3 / §4 (1D Chess), on hand-made positions.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "engine/onedchess/onedchess.h"

namespace oc = skirmish::engine::onedchess;
using oc::Board;
using oc::Cell;
using oc::Direction;

namespace {
constexpr Cell E = Cell::Empty, WKi = Cell::WhiteKing, WKn = Cell::WhiteKnight,
               BKi = Cell::BlackKing, BKn = Cell::BlackKnight;
}  // namespace

TEST_CASE("a king slides to the edge and stops there", "[onedchess][rules]") {
  Board board{E, E, WKi, E, E, E, E, E, BKi};
  oc::move_king(board, 2, Direction::Left);
  CHECK(board == Board{WKi, E, E, E, E, E, E, E, BKi});
  oc::move_king(board, 0, Direction::Left);  // already at the edge: nothing changes
  CHECK(board == Board{WKi, E, E, E, E, E, E, E, BKi});
  Board right{WKi, E, E, E, E, BKi, E, E, E};
  oc::move_king(right, 5, Direction::Right);
  CHECK(right == Board{WKi, E, E, E, E, E, E, E, BKi});
}

TEST_CASE("a king kills the first piece in its way, its own included", "[onedchess][rules]") {
  Board board{WKi, E, E, WKn, E, BKn, E, E, BKi};
  CHECK(oc::landing_cell(board, 0, Direction::Right) == 3);
  CHECK(oc::move_piece(board, 0, Direction::Right) == WKn);
  CHECK(board == Board{E, E, E, WKi, E, BKn, E, E, BKi});
  CHECK(oc::move_piece(board, 8, Direction::Left) == BKn);  // stops at the first piece
  CHECK(board == Board{E, E, E, WKi, E, BKi, E, E, E});
}

TEST_CASE("a king next to a piece kills it", "[onedchess][rules]") {
  Board board{WKi, WKn, E, E, E, E, E, BKn, BKi};
  CHECK(oc::move_piece(board, 8, Direction::Left) == BKn);
  CHECK(board == Board{WKi, WKn, E, E, E, E, E, BKi, E});
}

TEST_CASE("a knight jumps exactly two cells, over anything", "[onedchess][rules]") {
  Board board{WKi, WKn, BKn, E, E, E, E, E, BKi};
  oc::move_knight(board, 1, Direction::Right);  // over the black knight, onto an empty cell
  CHECK(board == Board{WKi, E, BKn, WKn, E, E, E, E, BKi});
  CHECK(oc::move_piece(board, 2, Direction::Right) == Cell::Empty);  // lands on 4
  CHECK(board == Board{WKi, E, E, WKn, BKn, E, E, E, BKi});
}

TEST_CASE("a knight landing on a piece kills it, its own included", "[onedchess][rules]") {
  Board board{WKi, E, WKn, E, WKn, E, BKn, E, BKi};
  CHECK(oc::move_piece(board, 2, Direction::Right) == WKn);
  CHECK(board == Board{WKi, E, E, E, WKn, E, BKn, E, BKi});
  CHECK(oc::move_piece(board, 4, Direction::Right) == BKn);
  CHECK(board == Board{WKi, E, E, E, E, E, WKn, E, BKi});
}

TEST_CASE("a knight whose landing cell is off the board stays", "[onedchess][rules]") {
  Board board{WKi, WKn, E, E, E, E, E, BKn, BKi};
  const Board before = board;
  CHECK(oc::landing_cell(board, 1, Direction::Left) == 1);   // would land on -1
  CHECK(oc::landing_cell(board, 7, Direction::Right) == 7);  // would land on 9
  oc::move_knight(board, 1, Direction::Left);
  oc::move_knight(board, 7, Direction::Right);
  CHECK(board == before);
  CHECK(oc::landing_cell(board, 7, Direction::Left) == 5);
}

TEST_CASE("is_valid_move: on the board and the player's own piece", "[onedchess][rules]") {
  const Board board = oc::create_board();
  for (int position = -3; position < oc::kBoardSize + 3; ++position) {
    INFO("position " << position);
    const bool white = position >= 0 && position <= 2;
    const bool black = position >= 6 && position <= 8;
    CHECK(oc::is_valid_move(board, position, oc::kWhite) == white);
    CHECK(oc::is_valid_move(board, position, oc::kBlack) == black);
  }
}

TEST_CASE("the seed functions refuse the wrong kind of piece with the position",
          "[onedchess][rules]") {
  Board board = oc::create_board();
  CHECK_THROWS_WITH(oc::move_king(board, 1, Direction::Left),
                    "move_king: position 1 holds WKn, not a king");
  CHECK_THROWS_WITH(oc::move_knight(board, 8, Direction::Left),
                    "move_knight: position 8 holds BKi, not a knight");
  CHECK_THROWS_WITH(oc::move(board, 4, Direction::Left), "move: position 4 holds EMPTY, not a piece");
  CHECK_THROWS_WITH(oc::move(board, 9, Direction::Left),
                    "move: position 9 is off the board (0..8)");
  CHECK(board == oc::create_board());
}

TEST_CASE("is_game_over and winner", "[onedchess][rules]") {
  CHECK_FALSE(oc::is_game_over(oc::create_board()));
  CHECK(oc::winner(Board{E, WKn, E, E, E, E, E, E, BKi}) == oc::kBlack);
  CHECK(oc::winner(Board{WKi, E, E, E, E, E, E, BKn, E}) == oc::kWhite);
}

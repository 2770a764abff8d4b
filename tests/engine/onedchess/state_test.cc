// The game state: turn order, move text, refusals with reasons, and the end of the game.
#include <catch2/catch.hpp>

#include <map>

#include "engine/onedchess/onedchess.h"
#include "test_helpers.h"

namespace oc = skirmish::engine::onedchess;
using oc::Board;
using oc::Cell;
using oc::Direction;
using skirmish::engine::EndReason;
using skirmish::engine::IllegalMove;
using skirmish::engine::JointMove;
using skirmish::engine::Outcome;
using skirmish::test::onedchess::by;

namespace {
constexpr Cell E = Cell::Empty, WKi = Cell::WhiteKing, WKn = Cell::WhiteKnight,
               BKi = Cell::BlackKing, BKn = Cell::BlackKnight;

}  // namespace

TEST_CASE("move text: parse and format", "[onedchess][state]") {
  CHECK(oc::parse_move("3 LEFT") == oc::Move{3, Direction::Left});
  CHECK(oc::parse_move("6 RIGHT") == oc::Move{6, Direction::Right});
  CHECK(oc::parse_move("-1 LEFT") == oc::Move{-1, Direction::Left});
  CHECK(oc::parse_move("12 RIGHT") == oc::Move{12, Direction::Right});
  CHECK(oc::format_move({3, Direction::Left}) == "3 LEFT");
  CHECK(oc::format_move({6, Direction::Right}) == "6 RIGHT");
  for (const char* bad : {"", "3", "LEFT", "3 left", "3  LEFT", " 3 LEFT", "3 LEFT ", "+3 LEFT",
                          "03 LEFT", "-0 LEFT", "- LEFT", "3 UP", "x RIGHT", "3\tLEFT",
                          "99999999999 LEFT", "3 RIGHTS", "LEFT 3"}) {
    INFO("'" << bad << "'");
    CHECK_FALSE(oc::parse_move(bad).has_value());
  }
}

TEST_CASE("game info: name, seats and the max_turns option", "[onedchess][state]") {
  const auto& info = oc::game_info();
  CHECK(info.name == "onedchess");
  CHECK(info.title == "1D Chess");
  CHECK_FALSE(info.simultaneous);
  CHECK(info.seat_names[0] == "white");
  CHECK(info.seat_names[1] == "black");
  REQUIRE(info.options.size() == 1);
  CHECK(info.options[0].name == "max_turns");
  CHECK(info.options[0].default_value == "0");
  CHECK(info.options[0].min == 0);
  CHECK(info.options[0].max == 1000000);
  auto state = info.create(skirmish::engine::resolve_options(info.options, {{"max_turns", "7"}}));
  CHECK(state->game_name() == "onedchess");
  CHECK(dynamic_cast<const oc::OneDChessState&>(*state).max_turns() == 7);
  CHECK_THROWS_AS(skirmish::engine::resolve_options(info.options, {{"max_turns", "-1"}}),
                  skirmish::engine::OptionError);
}

TEST_CASE("White moves first, then the players alternate", "[onedchess][state]") {
  oc::OneDChessState state;
  CHECK(state.current() == oc::kWhite);
  CHECK(state.to_act() == skirmish::engine::SeatSet::only(oc::kWhite));
  CHECK(state.check_move(oc::kBlack, "6 LEFT") == "it is not your turn: white to move");
  CHECK(state.legal_moves(oc::kBlack).empty());
  CHECK_THROWS_AS(state.apply(by(oc::kBlack, "6 LEFT")), IllegalMove);
  state.apply(by(oc::kWhite, "2 RIGHT"));
  CHECK(state.current() == oc::kBlack);
  CHECK(state.check_move(oc::kWhite, "4 LEFT") == "it is not your turn: black to move");
  CHECK_THROWS_WITH(state.apply(JointMove{}), "black must move");
}

TEST_CASE("legal moves: both directions for every own piece", "[onedchess][state]") {
  oc::OneDChessState state;
  const std::vector<std::string> expected{"0 LEFT", "0 RIGHT", "1 LEFT", "1 RIGHT",
                                          "2 LEFT", "2 RIGHT"};
  CHECK(state.legal_moves(oc::kWhite) == expected);
  // The king at the edge and the knight whose landing is off the board may still "move".
  state.apply(by(oc::kWhite, "0 LEFT"));
  CHECK(state.board() == oc::create_board());
  CHECK(state.current() == oc::kBlack);
  CHECK(state.turn() == 1);
  REQUIRE(state.last_move().has_value());
  CHECK(*state.last_move() == oc::LastMove{oc::kWhite, {0, Direction::Left}, 0, 0, Cell::Empty});
  state.apply(by(oc::kBlack, "7 RIGHT"));
  CHECK(state.board() == oc::create_board());
  CHECK(state.turn() == 2);
}

TEST_CASE("refusals name what was wrong", "[onedchess][state]") {
  oc::OneDChessState state;
  const std::string key = state.state_key();
  CHECK(state.check_move(oc::kWhite, "9 LEFT") == "position 9 is off the board (0..8)");
  CHECK(state.check_move(oc::kWhite, "-1 RIGHT") == "position -1 is off the board (0..8)");
  CHECK(state.check_move(oc::kWhite, "4 LEFT") == "position 4 is empty");
  CHECK(state.check_move(oc::kWhite, "6 LEFT") ==
        "position 6 holds BKn, a piece of black; you play white");
  const auto malformed = state.check_move(oc::kWhite, "six left");
  REQUIRE(malformed.has_value());
  CHECK(malformed->find("POSITION LEFT|RIGHT") != std::string::npos);
  CHECK(malformed->find("'six left'") != std::string::npos);
  for (const char* bad : {"9 LEFT", "4 LEFT", "6 LEFT", "six left", ""}) {
    INFO(bad);
    CHECK_THROWS_AS(state.apply(by(oc::kWhite, bad)), IllegalMove);
  }
  CHECK_THROWS_WITH(state.apply(by(oc::kWhite, "6 LEFT")),
                    "position 6 holds BKn, a piece of black; you play white");
  CHECK(state.state_key() == key);
  CHECK(state.check(oc::kWhite, {7, Direction::Left}).has_value());
  CHECK_FALSE(state.check(oc::kWhite, {1, Direction::Left}).has_value());
}

TEST_CASE("killing your own king loses at once", "[onedchess][state]") {
  oc::OneDChessState state;
  state.apply(by(oc::kWhite, "2 LEFT"));  // the knight lands on its own king
  CHECK(state.board() == Board{WKn, WKn, E, E, E, E, BKn, BKn, BKi});
  CHECK(state.outcome() == Outcome::win(oc::kBlack, EndReason::KingTaken));
  CHECK(state.last_move()->killed == WKi);
  CHECK(state.to_act().empty());
  CHECK(state.legal_moves(oc::kBlack).empty());
  CHECK(state.check_move(oc::kBlack, "6 LEFT") == "the game is over");
  CHECK_THROWS_WITH(state.apply(by(oc::kBlack, "6 LEFT")), "the game is over");

  oc::OneDChessState black_king({WKi, E, E, E, E, E, BKn, E, BKi}, oc::kBlack);
  black_king.apply(by(oc::kBlack, "8 LEFT"));  // the king slides into its own knight: fine
  CHECK_FALSE(black_king.outcome().over);
  oc::OneDChessState suicide({WKi, E, E, E, E, E, BKi, E, BKn}, oc::kBlack);
  suicide.apply(by(oc::kBlack, "8 LEFT"));  // the knight lands on its own king
  CHECK(suicide.outcome() == Outcome::win(oc::kWhite, EndReason::KingTaken));
}

TEST_CASE("max_turns: a draw after that many moves of both players", "[onedchess][state]") {
  oc::OneDChessState state(3);
  state.apply(by(oc::kWhite, "0 LEFT"));
  state.apply(by(oc::kBlack, "8 RIGHT"));
  CHECK_FALSE(state.outcome().over);
  state.apply(by(oc::kWhite, "1 LEFT"));
  CHECK(state.outcome() == Outcome::draw(EndReason::MaxTurns));
  CHECK(state.to_act().empty());
  CHECK(state.check_move(oc::kBlack, "8 RIGHT") == "the game is over");
}

TEST_CASE("max_turns: a king taken on the last move wins rather than draws", "[onedchess][state]") {
  // The seed game's position before its last move: 8 moves played, the 9th is the last.
  oc::OneDChessState state({E, E, WKi, E, E, BKi, E, E, E}, oc::kWhite, 9, 8);
  CHECK_FALSE(state.outcome().over);
  state.apply(by(oc::kWhite, "2 RIGHT"));
  CHECK(state.outcome() == Outcome::win(oc::kWhite, EndReason::KingTaken));
  oc::OneDChessState quiet({E, E, WKi, E, E, BKi, E, E, E}, oc::kWhite, 9, 8);
  quiet.apply(by(oc::kWhite, "2 LEFT"));
  CHECK(quiet.outcome() == Outcome::draw(EndReason::MaxTurns));
}

TEST_CASE("positions: checked when built, keyed canonically, cloned whole", "[onedchess][state]") {
  CHECK_THROWS_WITH(oc::OneDChessState(Board{E, E, E, E, E, E, E, E, BKi}, oc::kWhite),
                    "a 1D chess position needs exactly one WKi, the board has 0");
  CHECK_THROWS_AS(oc::OneDChessState(Board{WKi, WKi, E, E, E, E, E, E, BKi}, oc::kWhite),
                  std::invalid_argument);
  CHECK_THROWS_AS(oc::OneDChessState(oc::create_board(), 2), std::invalid_argument);

  oc::OneDChessState a, b;
  CHECK(a.state_key() == b.state_key());
  a.apply(by(oc::kWhite, "1 LEFT"));  // a knight that cannot move: same board, other turn
  CHECK(a.board() == b.board());
  CHECK(a.state_key() != b.state_key());
  auto copy = a.clone();
  CHECK(copy->state_key() == a.state_key());
  copy->apply(by(oc::kBlack, "6 LEFT"));
  CHECK(copy->state_key() != a.state_key());
  CHECK(a.render(skirmish::engine::Viewer::full()) ==
        skirmish::test::onedchess::kInitialBoard);
}

TEST_CASE("random_move is uniform over the legal moves", "[onedchess][state]") {
  oc::OneDChessState state;
  skirmish::engine::Rng rng(12345);
  const auto legal = state.legal_moves(oc::kWhite);
  std::map<std::string, int> counts;
  const int draws = 6000;
  for (int i = 0; i < draws; ++i) ++counts[state.random_move(oc::kWhite, rng)];
  REQUIRE(counts.size() == legal.size());
  for (const auto& move : legal) {
    INFO(move);
    CHECK(counts[move] > draws / 6 - 200);  // expected 1000 each; 200 is > 6 sigma
    CHECK(counts[move] < draws / 6 + 200);
  }
  CHECK_THROWS_AS(state.random_move(oc::kBlack, rng), std::logic_error);
}

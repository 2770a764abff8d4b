// rules.md §4: red and blue overlap exactly when 2*ceil(N/width) > length or N > length*width.
#include <catch2/catch.hpp>

#include "engine/tactego/tactego.h"

using namespace skirmish::engine;
using namespace skirmish::engine::tactego;

namespace {
std::unique_ptr<GameState> create(const Options& given) {
  return game_info().create(resolve_options(game_info().options, given));
}
// N pieces per side: one flag and N-1 ones.
std::string pieces_of(int n) { return "F 1\n1 " + std::to_string(n - 1) + "\n"; }
}  // namespace

TEST_CASE("board size: the exact boundary of the overlap check", "[tactego][board]") {
  // 8 pieces, width 4: 2 rows each -> fits in 4 rows, not in 3.
  CHECK_FALSE(board_too_small(8, 4, 4).has_value());
  CHECK(board_too_small(8, 3, 4).has_value());
  // 9 pieces, width 4: 3 rows each (the third partial) -> needs 6 rows.
  CHECK_FALSE(board_too_small(9, 6, 4).has_value());
  CHECK(board_too_small(9, 5, 4).has_value());
  // 2N <= length*width (18 <= 20) yet both partial rows start at column 0 and overlap.
  CHECK(2 * 9 <= 5 * 4);
  CHECK(board_too_small(9, 5, 4).has_value());
  // One row: a single piece each fits in 2 rows of width 1, not in 1.
  CHECK_FALSE(board_too_small(1, 2, 1).has_value());
  CHECK(board_too_small(1, 1, 1).has_value());
  CHECK(board_too_small(1, 1, 5).has_value());
  // N > length * width.
  CHECK(board_too_small(101, 100, 1).has_value());
  CHECK_FALSE(board_too_small(50, 100, 1).has_value());
  CHECK(board_too_small(51, 100, 1).has_value());
}

TEST_CASE("board size: create refuses an overlapping board with a clear error",
          "[tactego][board]") {
  CHECK_THROWS_AS(create({{"pieces_text", pieces_of(9)}, {"length", "5"}, {"width", "4"}}),
                  OptionError);
  CHECK_THROWS_WITH(create({{"pieces_text", pieces_of(9)}, {"length", "5"}, {"width", "4"}}),
                    Catch::Contains("too small for the pieces"));
  CHECK_NOTHROW(create({{"pieces_text", pieces_of(9)}, {"length", "6"}, {"width", "4"}}));
  // basic has 40 pieces: 4 rows each on a 10-wide board.
  CHECK_NOTHROW(create({{"length", "8"}}));
  CHECK_THROWS_WITH(create({{"length", "7"}}), Catch::Contains("too small"));
  // The seed's sample board is exactly big enough for small_game... and one row less is not.
  CHECK_NOTHROW(create({{"pieces", "small_game"}, {"length", "4"}, {"width", "4"}}));
  CHECK_THROWS_AS(create({{"pieces", "small_game"}, {"length", "3"}, {"width", "4"}}),
                  OptionError);
}

TEST_CASE("create: bad pieces texts become OptionErrors naming the line", "[tactego][board]") {
  CHECK_THROWS_WITH(create({{"pieces_text", "F 1\nQ 2\n"}}),
                    Catch::Contains("pieces_text") && Catch::Contains("line 2") &&
                        Catch::Contains("unknown kind 'Q'"));
  CHECK_THROWS_AS(create({{"pieces_text", "5 3\n"}}), OptionError);
  CHECK_THROWS_WITH(create({{"pieces_text", "5 3\n"}}), Catch::Contains("no flag"));
  // An inline text replaces the preset.
  auto state = create({{"pieces", "assassins"}, {"pieces_text", "F 1\n4 1\n"}, {"length", "2"},
                       {"width", "2"}});
  CHECK(state->state_key().find('A') == std::string::npos);
  CHECK_THROWS_AS(create({{"pieces", "nope"}}), OptionError);
}

TEST_CASE("game_info: name, seats and options", "[tactego][board]") {
  const GameInfo& info = game_info();
  CHECK(info.name == "tactego");
  CHECK(info.title == "Tactego");
  CHECK_FALSE(info.simultaneous);
  CHECK(info.seat_names[0] == "red");
  CHECK(info.seat_names[1] == "blue");
  const Options defaults = resolve_options(info.options, {});
  CHECK(defaults.text("pieces") == "basic");
  CHECK(defaults.text("pieces_text").empty());
  CHECK(defaults.integer("length") == 10);
  CHECK(defaults.integer("width") == 10);
  CHECK(defaults.text("seed").empty());
  CHECK_FALSE(defaults.boolean("fog"));
  CHECK(defaults.integer("max_turns") == 0);
  CHECK_THROWS_AS(resolve_options(info.options, {{"length", "101"}}), OptionError);
  CHECK_THROWS_AS(resolve_options(info.options, {{"max_turns", "1000001"}}), OptionError);
  auto state = info.create(defaults);
  CHECK(state->to_act() == SeatSet::only(0));  // red moves first
  CHECK(state->game_name() == "tactego");
}

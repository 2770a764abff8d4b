// A map file parses to a board that reads back the same when written out, on which a game
// can be played; or to an error that names a place in the file (or none, for the whole map).
#include <algorithm>
#include <string>

#include "engine/dcms/dcms.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_entries.h"

namespace skirmish::fuzz {

namespace dc = engine::dcms;

namespace {

std::string map_text(const dc::Map& map) {
  std::string text;
  for (int r = 0; r < map.rows; ++r) {
    for (int c = 0; c < map.cols; ++c) text += map.wall(r, c) ? '#' : '.';
    text += '\n';
  }
  return text;
}

// A few turns of random play on `map` with every piece set: the map's squares are what the
// moves index.
void play_on(const dc::Map& map) {
  engine::Rng rng(static_cast<engine::Rng::result_type>(map.rows * 131 + map.cols));
  for (const std::string_view pieces : dc::kPieceSets) {
    dc::DcmsState state(map, pieces, 5);
    while (!state.outcome().over) {
      engine::JointMove turn;
      for (engine::Seat seat = 0; seat < engine::kSeatCount; ++seat) {
        std::string move = state.random_move(seat, rng);
        expect(!state.check_move(seat, move), "a random move passes check_move");
        turn[static_cast<std::size_t>(seat)] = std::move(move);
      }
      state.apply(turn);
      expect(!state.render(engine::Viewer::full()).empty(), "a game draws its board");
    }
    expect(state.outcome().reason != engine::EndReason::IllegalSetup, "a random setup is legal");
  }
}

}  // namespace

void fuzz_one_dcms_map(std::string_view input) {
  dc::Map map;
  try {
    map = dc::parse_map(input, "fuzz");
  } catch (const dc::MapError& error) {
    expect_message(error.what(), "parse_map");
    expect((error.line() == 0) == (error.column() == 0), "a map error names a line and a column, or neither");
    const auto lines = 1 + std::count(input.begin(), input.end(), '\n');
    expect(error.line() >= 0 && error.line() <= lines, "a map error names a line the file has");
    expect(error.column() >= 0 && static_cast<std::size_t>(error.column()) <= input.size() + 1,
           "a map error names a column the line has");
    return;
  }
  expect(map.rows >= dc::kMinRows && map.cols >= dc::kMinCols, "a map is at least 3 x 4");
  expect(map.walls.size() == static_cast<std::size_t>(map.rows) * static_cast<std::size_t>(map.cols),
         "a map has a square for each row and column");
  expect(dc::parse_map(map_text(map), "fuzz") == map, "a map written out reads back the same");
  play_on(map);
}

}  // namespace skirmish::fuzz

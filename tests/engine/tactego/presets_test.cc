// The presets are the seeds' sample files, exactly.
#include <catch2/catch.hpp>

#include "engine/tactego/tactego.h"

using namespace skirmish::engine::tactego;

namespace {
std::vector<Piece> expand(const std::vector<std::pair<Piece, int>>& lines) {
  std::vector<Piece> pieces;
  for (const auto& [piece, count] : lines) pieces.insert(pieces.end(), static_cast<std::size_t>(count), piece);
  return pieces;
}
Piece n(int strength) { return {Kind::Number, strength}; }
const Piece kFlag{Kind::Flag, 0};
const Piece kAssassin{Kind::Assassin, 0};
}  // namespace

TEST_CASE("presets: names", "[tactego][presets]") {
  CHECK(preset_names() == std::vector<std::string>{"small_game", "basic", "assassins"});
  CHECK_FALSE(preset_pieces("huge").has_value());
}

TEST_CASE("presets: the seed's files, line for line", "[tactego][presets]") {
  CHECK(*preset_pieces("small_game") == "5 1\n3 1\n2 2\n1 3\nF 1\n");
  CHECK(*preset_pieces("basic") == "10 1\n9 1\n8 2\n7 3\n6 4\n5 4\n3 6\n2 8\n1 10\nF 1\n");
  CHECK(*preset_pieces("assassins") == "A 3\nF 1\n1 2\n");
}

TEST_CASE("presets: parse to the seed's contents", "[tactego][presets]") {
  CHECK(parse_pieces(*preset_pieces("small_game")) ==
        expand({{n(5), 1}, {n(3), 1}, {n(2), 2}, {n(1), 3}, {kFlag, 1}}));
  CHECK(parse_pieces(*preset_pieces("basic")) ==
        expand({{n(10), 1}, {n(9), 1}, {n(8), 2}, {n(7), 3}, {n(6), 4}, {n(5), 4}, {n(3), 6},
                {n(2), 8}, {n(1), 10}, {kFlag, 1}}));
  CHECK(parse_pieces(*preset_pieces("assassins")) ==
        expand({{kAssassin, 3}, {kFlag, 1}, {n(1), 2}}));
  CHECK(parse_pieces(*preset_pieces("basic")).size() == 40);
}

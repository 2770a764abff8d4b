// The map file format: every fault is refused with its own message, and with its line and
// column when it has a place (a fault of the whole map has none).
#include <catch2/catch.hpp>

#include "engine/dcms/map.h"

using skirmish::engine::dcms::MapError;
using skirmish::engine::dcms::parse_map;

namespace {

struct Fault {
  int line;
  int column;
  std::string message;
};

Fault fault_of(const std::string& text) {
  try {
    parse_map(text, "t");
  } catch (const MapError& e) {
    return {e.line(), e.column(), e.what()};
  }
  FAIL("map was accepted: " << text);
  return {};
}

void require_fault(const std::string& text, int line, int column, const std::string& words) {
  const Fault f = fault_of(text);
  INFO(f.message);
  CHECK(f.line == line);
  CHECK(f.column == column);
  CHECK_THAT(f.message, Catch::Contains("line " + std::to_string(line) + ", column " +
                                        std::to_string(column)));
  CHECK_THAT(f.message, Catch::Contains(words));
  CHECK_THAT(f.message, Catch::Contains("map 't'"));
}

void require_whole_map_fault(const std::string& text, const std::string& words) {
  const Fault f = fault_of(text);
  INFO(f.message);
  CHECK(f.line == 0);
  CHECK(f.column == 0);
  CHECK_THAT(f.message, Catch::StartsWith("map 't': "));
  CHECK_THAT(f.message, !Catch::Contains(", line") && !Catch::Contains(", column"));
  CHECK_THAT(f.message, Catch::Contains(words));
}

const std::string kGood = "######\n#..#.#\n#....#\n######\n";

}  // namespace

TEST_CASE("a good map parses into rows, columns and walls", "[dcms][map]") {
  const auto map = parse_map(kGood, "good");
  CHECK(map.name == "good");
  CHECK(map.rows == 4);
  CHECK(map.cols == 6);
  REQUIRE(map.walls.size() == 24);
  CHECK(map.wall(0, 0));
  CHECK_FALSE(map.wall(1, 1));
  CHECK(map.wall(1, 3));  // inner wall
  CHECK_FALSE(map.wall(2, 3));
  CHECK(map.wall(-1, 2));  // off the grid counts as wall
  CHECK(map.wall(2, 6));
}

TEST_CASE("CRLF line ends and a missing or present trailing newline are accepted", "[dcms][map]") {
  const auto lf = parse_map(kGood, "x");
  const auto crlf = parse_map("######\r\n#..#.#\r\n#....#\r\n######\r\n", "x");
  const auto bare = parse_map("######\n#..#.#\n#....#\n######", "x");
  CHECK(crlf == lf);
  CHECK(bare == lf);
}

TEST_CASE("a character other than # and . is refused where it stands", "[dcms][map]") {
  require_fault("######\n#..x.#\n#....#\n######\n", 2, 4, "unexpected character 'x' (a map");
  // Invisible and terminal-control bytes are named by their code, never written out.
  require_fault("######\n#..\x1b.#\n#....#\n######\n", 2, 4, "unexpected byte 0x1b (a map");
}

TEST_CASE("a blank is refused like any other character", "[dcms][map]") {
  require_fault("######\n#.. .#\n#....#\n######\n", 2, 4, "unexpected blank (a map");
  require_fault("######\n#....#\n#....#\n######\n\n", 5, 1, "empty line");
  require_fault("######\n#....#\n#....#\n###### \n", 4, 7, "unexpected blank (a map");
}

TEST_CASE("a tab or a lone carriage return reads naturally", "[dcms][map]") {
  require_fault("######\n#..\t.#\n#....#\n######\n", 2, 4, "unexpected tab (a map");
  require_fault("######\n#..\r.#\n#....#\n######\n", 2, 4, "unexpected carriage return (a map");
  CHECK_THAT(fault_of("######\n#.. .#\n#....#\n######\n").message,
             !Catch::Contains("unexpected a "));
}

TEST_CASE("a ragged row is refused", "[dcms][map]") {
  require_fault("######\n#...#\n#....#\n######\n", 2, 6, "rectangular");
  require_fault("######\n#.....#\n#....#\n######\n", 2, 7, "rectangular");
}

TEST_CASE("a gap in the border is refused on each side", "[dcms][map]") {
  require_fault("###.##\n#....#\n#....#\n######\n", 1, 4, "top row");
  require_fault("######\n#....#\n#....#\n##.###\n", 4, 3, "bottom row");
  require_fault("######\n#....#\n.....#\n######\n", 3, 1, "left column");
  require_fault("######\n#....#\n#.....\n######\n", 3, 6, "right column");
}

TEST_CASE("empty text is refused as a fault of the whole map", "[dcms][map]") {
  require_whole_map_fault("", "the map is empty");
  require_whole_map_fault("\n", "the map is empty");
  require_whole_map_fault("\r\n\n", "the map is empty");
}

TEST_CASE("maps smaller than 3 rows by 4 columns are refused as a whole", "[dcms][map]") {
  require_whole_map_fault("####\n####\n", "the map has 2 rows; at least 3");
  require_whole_map_fault("###\n#.#\n###\n", "the map has 3 columns; at least 4");
  CHECK_NOTHROW(parse_map("####\n#..#\n####\n", "tiny"));  // the smallest playable board
}

TEST_CASE("a half without a free square is a fault of the whole map, with no line or column",
          "[dcms][map]") {
  require_whole_map_fault("######\n###..#\n###..#\n######\n",
                          "blue's (left) half has no free square");
  require_whole_map_fault("######\n#..###\n#..###\n######\n",
                          "red's (right) half has no free square");
  // Odd width: the middle column belongs to nobody, so free squares there do not count.
  require_whole_map_fault("#######\n###.#.#\n###.###\n#######\n", "blue's (left) half");
}

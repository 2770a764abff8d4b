// The maps compiled into the server: each one parses and equals its file in the source tree.
#include <catch2/catch.hpp>

#include <set>

#include "engine/common/test_data.h"
#include "engine/dcms/dcms.h"

using namespace skirmish::engine::dcms;

TEST_CASE("at least three shipped maps of different sizes, classic first", "[dcms][maps]") {
  const auto& names = map_names();
  REQUIRE(names.size() >= 3);
  CHECK(names.front() == "classic");
  std::set<int> sizes;
  for (const auto& name : names) {
    const Map* map = shipped_map(name);
    REQUIRE(map != nullptr);
    CHECK(map->name == name);
    sizes.insert(map->rows * 1000 + map->cols);
  }
  CHECK(sizes.size() == names.size());
  CHECK(shipped_map("no such map") == nullptr);
  const Map* classic = shipped_map("classic");
  CHECK(classic->rows == 8);
  CHECK(classic->cols == 12);
}

TEST_CASE("each shipped map equals its file and has inner walls", "[dcms][maps]") {
  for (const auto& name : map_names()) {
    INFO("map " << name);
    const std::string text = skirmish::test::read_source_file("engine/dcms/maps/" + name + ".map");
    const Map from_file = parse_map(text, name);
    CHECK(from_file == *shipped_map(name));
    int inner_walls = 0;
    for (int r = 1; r + 1 < from_file.rows; ++r)
      for (int c = 1; c + 1 < from_file.cols; ++c) inner_walls += from_file.wall(r, c) ? 1 : 0;
    CHECK(inner_walls > 0);
  }
}

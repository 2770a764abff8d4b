#pragma once
// The shipped map files' text, compiled in (generated from maps/*.map by embed_maps.cmake).
#include <string_view>
#include <vector>

namespace skirmish::engine::dcms {

struct EmbeddedMap {
  std::string_view name;  // the file name without ".map"
  std::string_view text;
};

// In the order listed in engine/dcms/CMakeLists.txt; the first is the default map.
const std::vector<EmbeddedMap>& embedded_maps();

}  // namespace skirmish::engine::dcms

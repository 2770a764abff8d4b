#include "engine/dcms/shipped_maps.h"

#include "engine/dcms/embedded_maps.h"

namespace skirmish::engine::dcms {
namespace {

// Parsed on first use; a broken shipped map throws MapError here (the tests parse each one).
const std::vector<Map>& parsed_maps() {
  static const std::vector<Map> maps = [] {
    std::vector<Map> out;
    for (const auto& embedded : embedded_maps())
      out.push_back(parse_map(embedded.text, std::string(embedded.name)));
    return out;
  }();
  return maps;
}

}  // namespace

const std::vector<std::string>& map_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& map : parsed_maps()) out.push_back(map.name);
    return out;
  }();
  return names;
}

const Map* shipped_map(std::string_view name) {
  for (const auto& map : parsed_maps())
    if (map.name == name) return &map;
  return nullptr;
}

}  // namespace skirmish::engine::dcms

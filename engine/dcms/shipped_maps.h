#pragma once
// The maps that ship with the server, parsed once from the embedded map files.
#include <string>
#include <string_view>
#include <vector>

#include "engine/dcms/map.h"

namespace skirmish::engine::dcms {

inline constexpr std::string_view kDefaultMap = "classic";

// Names of the shipped maps, the default ("classic") first.
const std::vector<std::string>& map_names();
// nullptr when no shipped map has that name.
const Map* shipped_map(std::string_view name);

}  // namespace skirmish::engine::dcms

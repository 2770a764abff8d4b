#pragma once
// The pieces files from the seeds, shipped inside the binary as named presets.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace skirmish::engine::tactego {

// The text of a preset pieces file ("small_game", "basic", "assassins"), nullopt if unknown.
std::optional<std::string_view> preset_pieces(std::string_view name);
const std::vector<std::string>& preset_names();

}  // namespace skirmish::engine::tactego

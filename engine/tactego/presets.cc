#include "engine/tactego/presets.h"

#include <array>
#include <utility>

namespace skirmish::engine::tactego {
namespace {

// Exactly the seeds' sample files (seed 000: small_game.pieces, basic.pieces, assassins.pieces).
constexpr std::array<std::pair<std::string_view, std::string_view>, 3> kPresets{{
    {"small_game", "5 1\n3 1\n2 2\n1 3\nF 1\n"},
    {"basic", "10 1\n9 1\n8 2\n7 3\n6 4\n5 4\n3 6\n2 8\n1 10\nF 1\n"},
    {"assassins", "A 3\nF 1\n1 2\n"},
}};

}  // namespace

std::optional<std::string_view> preset_pieces(std::string_view name) {
  for (const auto& [preset, text] : kPresets)
    if (preset == name) return text;
  return std::nullopt;
}

const std::vector<std::string>& preset_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list;
    for (const auto& preset : kPresets) list.emplace_back(preset.first);
    return list;
  }();
  return names;
}

}  // namespace skirmish::engine::tactego

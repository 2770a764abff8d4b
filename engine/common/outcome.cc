#include "engine/common/outcome.h"

#include <array>
#include <utility>

namespace skirmish::engine {
namespace {
constexpr auto kNames = std::to_array<std::pair<EndReason, std::string_view>>({
    {EndReason::FlagCaptured, "flag_captured"},
    {EndReason::KingTaken, "king_taken"},
    {EndReason::CheeseEaten, "cheese_eaten"},
    {EndReason::Score, "score"},
    {EndReason::NoLegalMove, "no_legal_move"},
    {EndReason::MaxTurns, "max_turns"},
    {EndReason::IllegalSetup, "illegal_setup"},
    {EndReason::Resignation, "resignation"},
    {EndReason::Timeout, "timeout"},
    {EndReason::Forfeit, "forfeit"},
    {EndReason::Crash, "crash"},
});
}  // namespace

std::string_view to_string(EndReason reason) {
  for (const auto& [r, name] : kNames)
    if (r == reason) return name;
  return "unknown";
}

std::vector<std::string_view> end_reason_names() {
  std::vector<std::string_view> names;
  for (const auto& entry : kNames) names.push_back(entry.second);
  return names;
}

std::optional<EndReason> end_reason_from_string(std::string_view text) {
  for (const auto& [r, name] : kNames)
    if (name == text) return r;
  return std::nullopt;
}

}  // namespace skirmish::engine

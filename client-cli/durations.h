#pragma once
// Durations as the client prints them.
#include <chrono>
#include <string>

namespace skirmish::client {

// "20 s", or "500 ms" for what is not whole seconds.
inline std::string describe_duration(std::chrono::milliseconds duration) {
  if (duration.count() % 1000 == 0) return std::to_string(duration.count() / 1000) + " s";
  return std::to_string(duration.count()) + " ms";
}

}  // namespace skirmish::client

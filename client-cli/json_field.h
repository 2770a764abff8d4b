#pragma once
// Reading what the server (or a bot) sent: a message may lack a field or have another shape
// than expected. nlohmann's const operator[] on a missing key is undefined behaviour (an
// assertion in debug builds), so every read of a field that may be missing goes through here.
#include <string_view>

#include <nlohmann/json.hpp>

namespace skirmish::client {

// `object[key]`, or null when `object` is not an object or has no such key.
inline const nlohmann::json& field(const nlohmann::json& object, std::string_view key) {
  static const nlohmann::json null_value;
  if (!object.is_object()) return null_value;
  const auto it = object.find(key);
  return it == object.end() ? null_value : *it;
}

}  // namespace skirmish::client

#include "server/store/options_json.h"

#include <nlohmann/json.hpp>

#include "protocol/json_writer.h"
#include "server/store/sqlite_db.h"

namespace skirmish::store {

std::string options_json(const engine::Options& options) {
  std::string text;
  protocol::JsonWriter json(text);
  json.begin_object();
  for (const auto& [name, value] : options.values()) json.key(name).string(value);
  json.end_object();
  return text;
}

engine::Options read_options_json(const nlohmann::json& object) {
  if (!object.is_object()) throw StoreError("options are not a JSON object");
  engine::Options options;
  for (const auto& [name, value] : object.items()) {
    if (!value.is_string()) throw StoreError("option " + name + " is not text");
    options.set(name, value.get<std::string>());
  }
  return options;
}

}  // namespace skirmish::store

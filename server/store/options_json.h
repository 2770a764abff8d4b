#pragma once
// A match's options (engine::Options: name -> text) as a JSON object of text values, the
// form both the database's options and settings columns and the journal's lines hold.
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "engine/common/options.h"
#include "protocol/json_writer.h"

namespace skirmish::store {

void write_options_json(protocol::JsonWriter& json, const engine::Options& options);
std::string options_json(const engine::Options& options);
// Throws StoreError saying what is wrong with `object`.
engine::Options read_options_json(const nlohmann::json& object);

}  // namespace skirmish::store

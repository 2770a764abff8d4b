#pragma once
// A match's options (engine::Options: name -> text) as a JSON object of text values, the
// form both the database's options and settings columns and the journal's lines hold.
#include <initializer_list>
#include <string>
#include <utility>

#include <nlohmann/json_fwd.hpp>

#include "engine/common/options.h"

namespace skirmish::store {

std::string options_json(const engine::Options& options);
// Throws StoreError saying what is wrong with `object`.
engine::Options read_options_json(const nlohmann::json& object);

// A match's options as that JSON text, made once where the match is created: the journal
// and the database take it as it is, and a match the store thread holds back keeps one
// string instead of a map (hundreds of bytes in several allocations, each then freed on
// the store thread: the network thread's malloc paid for those frees).
struct OptionsText {
  OptionsText() = default;
  // Implicit: wherever a write takes a match's options, their text is what it keeps.
  OptionsText(const engine::Options& options) : json(options_json(options)) {}  // NOLINT(google-explicit-constructor)
  OptionsText(std::initializer_list<std::pair<const std::string, std::string>> values)
      : OptionsText(engine::Options(values)) {}
  std::string json = "{}";
};

}  // namespace skirmish::store

#pragma once
// Checks a tournament's -o options before anything runs, with the same steps the server's
// lobby takes for create_match (protocol/match_setup.h), so a typo is one
// clear error instead of a run of refused games.
#include <string>

#include <nlohmann/json.hpp>

namespace skirmish::tournament {

// `options`: the create_match options object (values as text, numbers or booleans).
// Throws std::invalid_argument naming the bad option and what the game takes.
void check_match_options(const std::string& game, const nlohmann::json& options);

}  // namespace skirmish::tournament

#pragma once
// Random legal moves read off the views the server sends (docs/protocol.md), as the JSON
// body of a `move` request. The load generator's bots think no further than this.
#include <random>
#include <string>

#include <nlohmann/json.hpp>

namespace skirmish::loadgen {

// A move (or DCMS setup) for `seat` (0 or 1) given its latest `state` message, as the text
// of a complete `move` request with `id`. Empty when the view offers no move.
std::string pick_move(const nlohmann::json& state, int seat, long long id, std::mt19937_64& rng);

}  // namespace skirmish::loadgen

#pragma once
// A match's terms as list_matches shows them (`options`, `set_by_creator`), judged for a
// player about to join a match somebody else made: does it have the terms the player
// asked for, and what in it could be unfair to them.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace skirmish::client {

// True when `listed` (one entry of a `matches` reply) was made with exactly the options the
// player gives in `wanted` (the -o options; none = every default and the server's seed):
// the same option names set by its creator, with the same values, none of them hidden.
bool has_terms(const nlohmann::json& listed, const nlohmann::json& wanted);

// Why joining `listed` could be unfair to its joiner: a fog match whose creator chose the
// seed, or whose spectators see everything; a per-move time limit its creator set.
std::vector<std::string> term_warnings(const nlohmann::json& listed);

// What a move not made in time costs in `game` ("the game is lost on time", ...).
std::string late_move_cost(const std::string& game);

// The options its creator set, as "fog=true, move_time_ms=2000" ("defaults" when none;
// a hidden one as "seed=(hidden)").
std::string describe_terms(const nlohmann::json& listed);

}  // namespace skirmish::client
